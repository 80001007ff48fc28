import type { Expression } from '@aas/audience-expression-domain';
import { joinRowBands, rowsOfRawSums, type RawSums } from './raw-sums';
import { bandStarts, CrosstabEngine, MIN_BANDED_CELLS } from './crosstab-engine';
import type { CrosstabQuery } from './crosstab.types';
import { InMemoryPartitionSource } from './partition-cache';
import { partitionsOf, randomRecords, testDictionary, TEST_LOCATIONS, TEST_WAVES } from './testing/random-data';

const dictionaries = { core: testDictionary('core'), gaming: testDictionary('gaming') };
const leaf = (question: string, datapoints?: string[], not?: boolean): Expression => ({ kind: 'leaf', question, datapoints, not });

const audiences: Expression[] = [
  leaf('gender', ['f']),
  leaf('platforms', ['fb', 'ig']),
  leaf('age', ['a1', 'a2'], true),
  { kind: 'leaf', question: 'platforms', minCount: 2 },
  { kind: 'or', children: [leaf('brand', ['b1']), leaf('games', undefined, true)] },
  { kind: 'all' },
  leaf('freq'),
];

/** Eleven rows and seven columns over every wave and location. */
const query = (groupBy: 'none' | 'wave'): { query: CrosstabQuery; groupBy: 'none' | 'wave' } => ({
  query: {
    rows: Array.from({ length: 11 }, (_, i) => audiences[(i * 3) % audiences.length]),
    columns: audiences,
    base: leaf('gender'),
    waves: [...TEST_WAVES],
    locations: [...TEST_LOCATIONS],
    datasets: ['core'],
  },
  groupBy,
});

describe('row bands', () => {
  let engine: CrosstabEngine;
  beforeAll(() => {
    engine = new CrosstabEngine(new InMemoryPartitionSource(partitionsOf(randomRecords(31, 2500)).partitions, dictionaries), {
      threads: 2,
      checkIntervalMs: 0,
    });
  });
  afterAll(() => engine.close());

  it.each(['none', 'wave'] as const)('computes the same sums band by band as at once, and hands each band over as it is done (%s)', async (groupBy) => {
    const { query: q } = query(groupBy);
    const whole = await engine.rawSums(q, groupBy);
    const seen: { band: RawSums; rowStart: number; rowEnd: number }[] = [];
    const joined = await engine.rawSumsInBands(q, groupBy, [1, 4, 10], (band, rowStart, rowEnd) => seen.push({ band, rowStart, rowEnd }));
    expect(joined).toEqual(whole);
    expect(seen.map((s) => [s.rowStart, s.rowEnd])).toEqual([
      [0, 1],
      [1, 4],
      [4, 10],
      [10, 11],
    ]);
    // Each band is the whole's rows, bit for bit; only the first band carries the columns' sums.
    for (const [k, { band, rowStart, rowEnd }] of seen.entries()) {
      const expected = rowsOfRawSums(whole, rowStart, rowEnd);
      expect(band.cells).toEqual(expected.cells);
      const columnsAt = (1 + band.rowCount) * band.groups * 3;
      expect(band.singles.subarray(0, columnsAt)).toEqual(expected.singles.subarray(0, columnsAt));
      if (k === 0) expect(band.singles.subarray(columnsAt)).toEqual(expected.singles.subarray(columnsAt));
      else expect(band.singles.subarray(columnsAt).every((x) => x === 0)).toBe(true);
    }
    expect(whole.cells.some((x) => x > 0)).toBe(true);
  });

  it('measures no column in any band when the query measures none', async () => {
    const { query: q } = query('none');
    const withoutColumns = { ...q, singles: { rows: true, columns: false } };
    const joined = await engine.rawSumsInBands(withoutColumns, 'none', [5], () => undefined);
    expect(joined).toEqual(await engine.rawSums(withoutColumns, 'none'));
  });

  it('refuses bands that do not start at increasing rows within the query', async () => {
    const { query: q } = query('none');
    for (const starts of [[0], [3, 3], [5, 2], [11], [2.5]]) {
      await expect(engine.rawSumsInBands(q, 'none', starts, () => undefined)).rejects.toThrow(/row bands must start/);
    }
  });
});

describe('bandStarts', () => {
  it('cuts a first band of about an eighth of the rows, then about a quarter each', () => {
    expect(bandStarts(100, 100)).toEqual([13, 38, 63, 88]);
    expect(bandStarts(8, 1000)).toEqual([1, 3, 5, 7]);
    expect(bandStarts(2, 1000)).toEqual([1]);
    for (const [rows, columns] of [
      [100, 100],
      [7, 500],
      [1000, 10],
    ]) {
      const starts = bandStarts(rows, columns);
      expect(starts.every((s, i) => s > (i === 0 ? 0 : starts[i - 1]) && s < rows)).toBe(true);
    }
  });

  it('cuts no block smaller than MIN_BANDED_CELLS, nor one of a single row', () => {
    expect(bandStarts(40, 10)).toEqual([]);
    expect(40 * 10).toBeLessThan(MIN_BANDED_CELLS);
    expect(bandStarts(1, 5000)).toEqual([]);
  });
});

describe('rowsOfRawSums and joinRowBands', () => {
  const sums = (rows: number, columns: number, groups: number): RawSums => ({
    groups,
    rowCount: rows,
    columnCount: columns,
    singles: Float64Array.from({ length: (1 + rows + columns) * groups * 3 }, (_, i) => i + 0.5),
    cells: Float64Array.from({ length: rows * columns * groups * 3 }, (_, i) => i * 1.25),
  });

  it('cut a whole into bands and join them back to the same sums', () => {
    const whole = sums(9, 4, 2);
    expect(joinRowBands([rowsOfRawSums(whole, 0, 2), rowsOfRawSums(whole, 2, 3), rowsOfRawSums(whole, 3, 9)])).toEqual(whole);
    expect(joinRowBands([rowsOfRawSums(whole, 0, 9)])).toEqual(whole);
  });

  it('refuse rows outside the sums and bands of other shapes', () => {
    expect(() => rowsOfRawSums(sums(3, 2, 1), 2, 4)).toThrow(/not within/);
    expect(() => rowsOfRawSums(sums(3, 2, 1), 2, 2)).toThrow(/not within/);
    expect(() => joinRowBands([sums(2, 2, 1), sums(2, 3, 1)])).toThrow(/different columns/);
    expect(() => joinRowBands([])).toThrow(/no bands/);
  });
});
