import fc from 'fast-check';
import type { CrosstabCell } from '@aas/crosstab-engine-domain';
import type { StandardWire } from '@aas/audience-expression-domain';
import { toWireCell } from './crosstab-cell.mapper';
import { CrosstabCellSerializer } from './crosstab-cell.serializer';
import { MAX_JSON_NUMBER_BYTES } from './json-number';
import type { PreparedAudience } from './prepare-crosstab';

/** Any double JSON can meet here, the awkward ones included. */
const metric = fc.oneof(
  fc.double(),
  fc.constantFrom(0, -0, NaN, Infinity, -Infinity, 1e21, 1e-7, 5e-324, Number.MAX_VALUE, 0.1 + 0.2),
  fc.integer({ min: 0, max: 10_000_000 }),
);
const sizeSample = { size: metric, sample: metric };
const text = fc.oneof(fc.string(), fc.constantFrom('', '"quoted"', 'back\\slash', 'line\nbreak', '\u2028', '\ud800', 'Gen Z 🎮', '\u0000'));

const audience = (index: number) =>
  fc
    .record({ id: text, name: text, wire: fc.jsonValue(), avg: fc.option(fc.jsonValue(), { nil: undefined }) })
    .map(({ id, name, wire, avg }): PreparedAudience => ({
      id,
      name,
      wire: wire as unknown as StandardWire,
      expression: { kind: 'all' },
      index,
      ...(avg === undefined ? {} : { avg: avg as unknown as PreparedAudience['avg'] }),
    }));

const level = fc.constantFrom(0.9 as const, 0.95 as const, 0.99 as const);
const reason = fc.constantFrom('empty-base' as const, 'no-variance' as const, undefined);
/** The test a cell may carry: against the base, between columns, against the rest of the base. */
const significance = fc.oneof(
  fc.record(
    { z: metric, level, significant: fc.boolean(), direction: fc.constantFrom('over' as const, 'under' as const, null), reason },
    { requiredKeys: ['z', 'level', 'significant', 'direction'] },
  ),
  fc.record(
    { test: fc.constant('columns' as const), level, higherThan: fc.array(fc.constantFrom('A', 'B', 'AA')), stdError: metric, critical: metric, reason },
    { requiredKeys: ['test', 'level', 'higherThan', 'stdError', 'critical'] },
  ),
  fc.record(
    {
      test: fc.constant('complement' as const),
      level,
      z: metric,
      significant: fc.boolean(),
      direction: fc.constantFrom('over' as const, 'under' as const, null),
      stdError: metric,
      reason,
    },
    { requiredKeys: ['test', 'level', 'z', 'significant', 'direction', 'stdError'] },
  ),
);

const cellAt = (rowIndex: number, columnIndex: number) =>
  fc.record(
    {
      rowIndex: fc.constant(rowIndex),
      columnIndex: fc.constant(columnIndex),
      base: fc.record(sizeSample),
      row: fc.record({ ...sizeSample, percentage: metric, intersectPercentage: metric }),
      column: fc.record({ ...sizeSample, percentage: metric, intersectPercentage: metric }),
      intersect: fc.record({ ...sizeSample, percentage: metric, index: metric }),
      flags: fc.record({ lowBase: fc.boolean(), unreliable: fc.boolean() }),
      reasons: fc.array(fc.constantFrom('empty-base', 'empty-row', 'empty-column', 'no-variance'), { maxLength: 3 }),
      effectiveBase: fc.record({ base: metric, row: metric, column: metric, intersect: metric }),
      significance,
      average: fc.record(
        { value: metric, stdDev: metric, stdError: metric, size: metric, sample: metric, reason: fc.constantFrom('no-answers' as const, undefined) },
        { requiredKeys: ['value', 'stdDev', 'stdError', 'size', 'sample'] },
      ),
      wave: fc.constantFrom('q1_2026', 'w2'),
      trend: fc.record(
        {
          previous: fc.constantFrom('q4_2025'),
          level,
          z: metric,
          significant: fc.boolean(),
          direction: fc.constantFrom('up' as const, 'down' as const, null),
          reason,
        },
        { requiredKeys: ['previous', 'level', 'z', 'significant', 'direction'] },
      ),
    },
    { requiredKeys: ['rowIndex', 'columnIndex', 'base', 'row', 'column', 'intersect', 'flags', 'reasons'] },
  ) as fc.Arbitrary<CrosstabCell>;

/** A request's sides (index 0: the base standing in for a side) and cells anywhere in it. */
const crosstab = fc
  .record({ rows: fc.integer({ min: 1, max: 4 }), columns: fc.integer({ min: 1, max: 4 }), baseSide: fc.boolean() })
  .chain(({ rows, columns, baseSide }) =>
    fc.record({
      rows: fc.tuple(...Array.from({ length: rows }, (_, i) => audience(baseSide && rows === 1 ? 0 : i + 1))),
      columns: fc.tuple(...Array.from({ length: columns }, (_, i) => audience(i + 1))),
      cells: fc.array(
        fc.tuple(fc.nat(rows - 1), fc.nat(columns - 1)).chain(([r, c]) => cellAt(r, c)),
        { minLength: 1, maxLength: 8 },
      ),
      letters: fc.option(fc.constant(Array.from({ length: columns }, (_, i) => String.fromCharCode(65 + i))), { nil: undefined }),
    }),
  );

/** The framed text of each cell as the serializer writes it, into one buffer (small at first, so cells also meet a full one). */
function written(serializer: CrosstabCellSerializer, cells: readonly CrosstabCell[]): string[] {
  let out = Buffer.alloc(64);
  return cells.map((cell) => {
    let end = serializer.write(cell, out, 0);
    if (end < 0) {
      // The answer bounds the room the cell needs: the cell fits in it (a short bound would cut it off, and the text would differ).
      out = Buffer.alloc(-end);
      end = serializer.write(cell, out, 0);
      expect(end).toBeGreaterThan(0);
      expect(end).toBeLessThanOrEqual(out.length);
    }
    return out.subarray(0, end).toString('utf8');
  });
}

const FRAMINGS = [
  { open: '', close: '' },
  { open: '\u001e', close: '\n' },
];

describe('CrosstabCellSerializer', () => {
  it('writes exactly the UTF-8 bytes of the text JSON.stringify gives for the wire cell, framed', () => {
    fc.assert(
      fc.property(crosstab, fc.constantFrom(...FRAMINGS), ({ rows, columns, cells, letters }, framing) => {
        const serializer = new CrosstabCellSerializer(rows, columns, framing, letters);
        expect(written(serializer, cells)).toEqual(
          cells.map((cell) => framing.open + JSON.stringify(toWireCell(cell, rows, columns, letters)) + framing.close),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('writes cells one after another into the room left, and nothing into too little', () => {
    fc.assert(
      fc.property(crosstab, ({ rows, columns, cells }) => {
        const serializer = new CrosstabCellSerializer(rows, columns, FRAMINGS[1]);
        const expected = Buffer.from(cells.map((cell) => `\u001e${JSON.stringify(toWireCell(cell, rows, columns))}\n`).join(''));
        // Room for the last cell's bound: it asks for up to six numbers of the longest kind.
        const slack = 6 * MAX_JSON_NUMBER_BYTES + 8;
        const out = Buffer.alloc(expected.length + slack, 0xaa);
        let at = 0;
        for (const cell of cells) {
          const short = serializer.write(cell, out.subarray(0, at + 1), at);
          expect(short).toBeLessThan(0);
          expect(out.subarray(at).equals(Buffer.alloc(out.length - at, 0xaa))).toBe(true);
          at = serializer.write(cell, out, at);
        }
        expect(out.subarray(0, at).toString('utf8')).toBe(expected.toString('utf8'));
        expect(out.subarray(at).equals(Buffer.alloc(slack, 0xaa))).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('reuses the text of repeated side and base figures only while they are the same numbers', () => {
    // Few distinct figures, so cells of one row, column or base meet both equal and changed ones.
    const few = fc.constantFrom(0, -0, NaN, 1.5, 2, 1 / 3);
    const figures = fc.record({ size: few, sample: few, percentage: few, intersectPercentage: few });
    fc.assert(
      fc.property(
        crosstab.chain(({ rows, columns }) =>
          fc.record({
            rows: fc.constant(rows),
            columns: fc.constant(columns),
            cells: fc.array(
              fc
                .tuple(fc.nat(rows.length - 1), fc.nat(columns.length - 1))
                .chain(([r, c]) =>
                  fc
                    .tuple(cellAt(r, c), figures, figures, fc.record({ size: few, sample: few }))
                    .map(([cell, row, column, base]) => ({ ...cell, row, column, base })),
                ),
              { minLength: 1, maxLength: 20 },
            ),
          }),
        ),
        ({ rows, columns, cells }) => {
          const serializer = new CrosstabCellSerializer(rows, columns);
          expect(written(serializer, cells)).toEqual(cells.map((cell) => JSON.stringify(toWireCell(cell, rows, columns))));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('writes parseable JSON with the numbers as they were, and non-finite ones as null', () => {
    const side = (id: string, index: number): PreparedAudience => ({
      id,
      name: `${id} "name"`,
      wire: { question: 'q', datapoints: ['a'] } as unknown as StandardWire,
      expression: { kind: 'all' },
      index,
    });
    const serializer = new CrosstabCellSerializer([side('r1', 1)], [side('c1', 1), side('c2', 2)]);
    const cell: CrosstabCell = {
      rowIndex: 0,
      columnIndex: 1,
      base: { size: 1234.5, sample: 100 },
      row: { size: 0.1 + 0.2, sample: 3, percentage: NaN, intersectPercentage: -0 },
      column: { size: 1e21, sample: 7, percentage: Infinity, intersectPercentage: 12.5 },
      intersect: { size: 2, sample: 1, percentage: 0.5, index: 150 },
      flags: { lowBase: true, unreliable: false },
      reasons: [],
    };
    const parsed = JSON.parse(written(serializer, [cell])[0]);
    expect(parsed.column).toEqual({ id: 'c2', name: 'c2 "name"', expression: { question: 'q', datapoints: ['a'] } });
    expect(parsed.column_index).toBe(2);
    expect(parsed.audiences.row).toEqual({ audience: 'r1', size: 0.30000000000000004, sample: 3, percentage: null, intersect_percentage: 0 });
    expect(parsed.audiences.column.size).toBe(1e21);
    expect(parsed.audiences.column.percentage).toBeNull();
    expect(parsed).not.toHaveProperty('effective_base');
    expect(parsed).not.toHaveProperty('significance');
  });

  it('refuses a cell outside the request as the generic mapper does', () => {
    const serializer = new CrosstabCellSerializer([], []);
    const cell = { rowIndex: 3, columnIndex: 0 } as CrosstabCell;
    expect(() => serializer.write(cell, Buffer.alloc(1024), 0)).toThrow(TypeError);
  });
});
