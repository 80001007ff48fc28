import fc from 'fast-check';
import { matches, type Expression } from '@aas/audience-expression-domain';
import { computeRawSums, computeRawSumsInBands, groupLabels } from './crosstab';
import type { RawSums } from './raw-sums';
import { BlockFold, BlockLayout, SpecSumsBuilder, type CrosstabItem, type CrosstabSpec } from './crosstab-spec';
import type { CrosstabCell } from './crosstab.types';
import { CRITICAL_Z, index, percentage } from './metrics';
import { specCells, type ColumnTestResult, type ComplementTestResult, type TestKind } from './spec-cells';
import { columnLetter, criticalZ } from './statistics';
import { checkProperty, expressionArbitrary } from './testing/arbitraries';
import { partitionsOf, randomRecords, testDictionary, TEST_LOCATIONS, TEST_WAVES, withPlainQuestions, type TestRecord } from './testing/random-data';
import { close } from './testing/reference-check';

const dictionaries = { core: testDictionary('core'), gaming: testDictionary('gaming') };
const dictionary = (dataset: string) => (dataset === 'core' ? dictionaries.core : dataset === 'gaming' ? dictionaries.gaming : undefined);
const ALL: Expression = { kind: 'all' };
const leaf = (question: string, datapoints?: string[], suffixes?: string[]): Expression => ({
  kind: 'leaf',
  question,
  ...(datapoints ? { datapoints } : {}),
  ...(suffixes ? { suffixes } : {}),
});

/** Average items over the test catalogue: a single question's answers, and a grid row's scale, each with values. */
const AVERAGES = [
  {
    answered: leaf('age', ['a1', 'a2', 'a3', 'a4']),
    parts: ['a1', 'a2', 'a3', 'a4'].map((d, i) => ({ expression: leaf('age', [d]), value: [18, 30.5, 45, 60][i] })),
  },
  {
    answered: leaf('freq', ['fb'], ['1', '2', '3', '4']),
    parts: ['1', '2', '3', '4'].map((s, i) => ({ expression: leaf('freq', ['fb'], [s]), value: [1, 2.5, 4, 10][i] })),
  },
];
/** Valid bases: who answered age, who answered the grid's fb row, who gave any platform. */
const VALID_BASES = [leaf('age'), leaf('freq', ['fb']), leaf('platforms')];

/** Expressions for items: random ones, and answers of the averages (so a layout meets audiences it shares). */
const itemExpression = fc.oneof(
  { weight: 3, arbitrary: expressionArbitrary },
  { weight: 1, arbitrary: fc.constantFrom(...AVERAGES.flatMap((a) => [a.answered, ...a.parts.map((p) => p.expression)])) },
);

const itemArbitrary = (rows: boolean) =>
  fc
    .record({
      expression: itemExpression,
      average: fc.option(fc.constantFrom(0, 1), { nil: undefined, freq: 2 }),
      withExpression: fc.boolean(),
      validBase: fc.option(fc.constantFrom(0, 1, 2), { nil: undefined, freq: 2 }),
    })
    .map(({ expression, average, withExpression, validBase }): { item: CrosstabItem<Expression>; own: Expression } => {
      const own = average !== undefined && !withExpression ? AVERAGES[average].answered : expression;
      const vb = rows ? validBase : undefined;
      // Within the row's base: its audience, and its answers (as the service gives them, within the base of the avg question).
      const within = (e: Expression): Expression => (vb === undefined ? e : { kind: 'and', children: [e, VALID_BASES[vb]] });
      return {
        own,
        item: {
          expression: within(own),
          ...(average !== undefined ? { average: AVERAGES[average].parts.map((p) => ({ ...p, expression: within(p.expression) })) } : {}),
          ...(vb !== undefined ? { validBase: vb } : {}),
        },
      };
    });

interface Reference {
  base: { w: number; n: number };
  row: { w: number; n: number };
  column: { w: number; n: number };
  intersect: { w: number; n: number };
  average?: { mean: number; w: number; n: number; stdDev: number; se: number };
  estimate?: { value: number; variance: number };
  rest?: { value: number; variance: number };
}

/** One cell figured respondent by respondent, straight from the definitions of docs/metrics.md. */
function reference(
  records: readonly TestRecord[],
  spec: CrosstabSpec<Expression>,
  owns: { rows: Expression[]; columns: Expression[] },
  base: Expression,
  scope: { waves: string[]; locations: string[]; datasets?: string[] },
  r: number,
  c: number,
  inGroup: (x: TestRecord) => boolean,
): Reference {
  const plain = withPlainQuestions;
  const selected = records.filter(
    (x) =>
      scope.waves.includes(x.wave) &&
      scope.locations.includes(x.location) &&
      (scope.datasets === undefined || scope.datasets.includes(x.dataset)) &&
      matches(plain(base), x),
  );
  const design = selected.length;
  const factor = design > 1 ? design / (design - 1) : 0;
  const row = spec.rows[r];
  const vb = row.validBase === undefined ? ALL : VALID_BASES[row.validBase];
  const own = (x: TestRecord) => inGroup(x);
  const sum = (pick: (x: TestRecord) => boolean) => {
    let w = 0;
    let n = 0;
    for (const x of selected) {
      if (!own(x) || !pick(x)) continue;
      w += x.weight;
      n++;
    }
    return { w, n };
  };
  const inB = (x: TestRecord) => matches(plain(vb), x);
  const inR = (x: TestRecord) => inB(x) && matches(plain(owns.rows[r]), x);
  const inC = (x: TestRecord) => inB(x) && matches(plain(owns.columns[c]), x);
  const out: Reference = { base: sum(inB), row: sum(inR), column: sum(inC), intersect: sum((x) => inR(x) && inC(x)) };
  /** Linearised variance of a domain's mean of y (y undefined: outside the domain). */
  const estimate = (y: (x: TestRecord) => number | undefined) => {
    let w = 0;
    let wy = 0;
    let n = 0;
    for (const x of selected) {
      const v = own(x) ? y(x) : undefined;
      if (v === undefined) continue;
      w += x.weight;
      wy += x.weight * v;
      n++;
    }
    if (!(w > 0)) return undefined;
    const mean = wy / w;
    let spread = 0;
    let squares = 0;
    for (const x of selected) {
      const v = own(x) ? y(x) : undefined;
      if (v === undefined) continue;
      spread += x.weight * x.weight * (v - mean) ** 2;
      squares += x.weight * (v - mean) ** 2;
    }
    return { mean, w, n, variance: (factor * spread) / (w * w), stdDev: w > 1 ? Math.sqrt(squares / (w - 1)) : 0 };
  };
  // Everything of a row is within the row's base: an average over the other side's respondents in it.
  const average = row.average ?? spec.columns[c].average;
  const valueOf = (x: TestRecord) => average?.find((p) => matches(plain(p.expression), x))?.value;
  if (average !== undefined) {
    const other = row.average !== undefined ? inC : inR;
    const m = estimate((x) => (other(x) ? valueOf(x) : undefined));
    if (m) out.average = { mean: m.mean, w: m.w, n: m.n, stdDev: m.stdDev, se: Math.sqrt(m.variance) };
  }
  if (row.average !== undefined) {
    const m = estimate((x) => (inC(x) ? valueOf(x) : undefined));
    const rest = estimate((x) => (inB(x) && !inC(x) ? valueOf(x) : undefined));
    out.estimate = m && { value: m.mean, variance: m.variance };
    out.rest = rest && { value: rest.mean, variance: rest.variance };
  } else {
    const p = estimate((x) => (inC(x) ? (inR(x) ? 1 : 0) : undefined));
    const rest = estimate((x) => (inB(x) && !inC(x) ? (inR(x) ? 1 : 0) : undefined));
    out.estimate = p && { value: p.mean, variance: p.variance };
    out.rest = rest && { value: rest.mean, variance: rest.variance };
  }
  return out;
}

/** The difference's z; no variance (below 1e-20 of the estimates' squares: rounding, as differenceZ reads it) gives none. */
const zOf = (a?: { value: number; variance: number }, b?: { value: number; variance: number }) =>
  a && b && a.variance + b.variance > 1e-20 * (a.value * a.value + b.value * b.value) ? (a.value - b.value) / Math.sqrt(a.variance + b.variance) : undefined;

describe('crosstab specs (averages, valid bases, tests, waves) vs a respondent-by-respondent reference', () => {
  checkProperty(
    'every cell of random specs cut into random blocks and bands',
    fc.asyncProperty(
      fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      fc.integer({ min: 0, max: 300 }),
      fc.array(itemArbitrary(true), { minLength: 1, maxLength: 4 }),
      fc.array(itemArbitrary(false), { minLength: 1, maxLength: 4 }),
      fc.option(expressionArbitrary, { nil: undefined, freq: 3 }),
      fc.record({
        waves: fc.subarray([...TEST_WAVES], { minLength: 1 }),
        locations: fc.subarray([...TEST_LOCATIONS], { minLength: 1 }),
        datasets: fc.option(fc.subarray(['core', 'gaming'], { minLength: 1 }), { nil: undefined }),
      }),
      fc.constantFrom<TestKind>('base', 'columns', 'complement'),
      fc.boolean(),
      fc.boolean(),
      fc.boolean(),
      fc.nat(),
      async (seed, count, rowItems, columnItems, base, selection, test, split, bonferroni, banded, cutSeed) => {
        const records = randomRecords(seed, count);
        const { partitions } = partitionsOf(records);
        const spec: CrosstabSpec<Expression> = { rows: rowItems.map((x) => x.item), columns: columnItems.map((x) => x.item), validBases: VALID_BASES };
        const owns = { rows: rowItems.map((x) => x.own), columns: columnItems.map((x) => x.own) };
        const groupBy = split ? 'wave' : 'none';
        const waves = groupLabels(selection, groupBy);
        const groups = waves.length;
        const builder = new SpecSumsBuilder(spec, split ? groups : 1);
        // Blocks: rows cut once at a random place, columns whole (a column test needs whole rows).
        const rowCut = 1 + (cutSeed % spec.rows.length);
        for (const [rowStart, rowEnd] of rowCut < spec.rows.length
          ? [
              [0, rowCut],
              [rowCut, spec.rows.length],
            ]
          : [[0, spec.rows.length]]) {
          const layout = new BlockLayout(spec, { rowStart, rowEnd, columnStart: 0, columnEnd: spec.columns.length });
          const fold = new BlockFold(layout);
          const query = { rows: layout.rows, columns: layout.columns, base, ...selection };
          // As BandSingles completes them in the client: later bands carry the first band's column sums.
          let columnSums: Float64Array | undefined;
          const place = (band: RawSums, from: number) => {
            const columnsAt = (1 + band.rowCount) * band.groups * 3;
            if (columnSums === undefined) columnSums = band.singles.slice(columnsAt);
            else band.singles.set(columnSums, columnsAt);
            const { rowStart: visible, sums } = fold.fold(band, from);
            if (sums.raw.rowCount > 0) builder.place(sums, rowStart + visible, 0);
          };
          const visibleBands = rowEnd - rowStart > 1 && banded ? [1] : [];
          if (visibleBands.length > 0) {
            await computeRawSumsInBands({ partitions, dictionary }, query, groupBy, layout.bandStarts(visibleBands), (band, from) => place(band, from));
          } else {
            place(await computeRawSums({ partitions, dictionary }, query, groupBy), 0);
          }
        }
        const waveCount = new Set(selection.waves).size;
        const cells = [
          ...specCells(builder.sums, waveCount, {
            level: 0.95,
            test,
            bonferroni,
            effectiveBase: true,
            columnCount: spec.columns.length,
            ...(split ? { waves } : {}),
          }),
        ];
        expect(cells).toHaveLength(spec.rows.length * spec.columns.length * (split ? groups : 1));
        const baseExpression = base ?? ALL;
        const critical = criticalZ(0.95, bonferroni ? (spec.columns.length * (spec.columns.length - 1)) / 2 : 1);
        const refs = new Map<string, Reference>();
        const refOf = (r: number, c: number, g: number) => {
          const key = `${r},${c},${g}`;
          let ref = refs.get(key);
          if (ref === undefined) {
            ref = reference(records, spec, owns, baseExpression, selection, r, c, split ? (x) => x.wave === waves[g] : () => true);
            refs.set(key, ref);
          }
          return ref;
        };
        for (const cell of cells) {
          const g = split ? waves.indexOf(cell.wave as string) : 0;
          checkCell(
            cell,
            refOf(cell.rowIndex, cell.columnIndex, g),
            split ? 1 : waveCount,
            `cell ${cell.rowIndex},${cell.columnIndex} [${cell.wave ?? 'all'}]`,
          );
          const ref = refOf(cell.rowIndex, cell.columnIndex, g);
          if (test === 'columns') {
            const expected = spec.columns
              .map((_, b) => b)
              .filter((b) => b !== cell.columnIndex && (zOf(ref.estimate, refOf(cell.rowIndex, b, g).estimate) ?? 0) > critical)
              .map(columnLetter);
            expect((cell.significance as ColumnTestResult).higherThan).toEqual(expected);
            near((cell.significance as ColumnTestResult).stdError, Math.sqrt(ref.estimate?.variance ?? 0), ref.estimate?.value ?? 0, 'stdError');
          }
          // The rest of the base is the base's sums less the column's: a difference of sums, so a few more digits go than
          // respondent by respondent (weights of 0.01 to 1,000 here; 2e-9 relative seen).
          if (test === 'complement')
            near((cell.significance as ComplementTestResult).z, zOf(ref.estimate, ref.rest) ?? 0, 1e2 * (zOf(ref.estimate, ref.rest) ?? 0), 'complement z');
          if (split && g > 0) {
            const z = zOf(ref.estimate, refOf(cell.rowIndex, cell.columnIndex, g - 1).estimate);
            close(cell.trend?.z as number, z ?? 0, 'trend z');
            expect(cell.trend?.significant).toBe(z !== undefined && Math.abs(z) > CRITICAL_Z[0.95]);
          } else {
            expect(cell.trend).toBeUndefined();
          }
        }
      },
    ),
    40,
  );
});

/** |actual - expected| within 1e-9 of the larger of the two and `scale`. */
function near(actual: number, expected: number, scale: number, what: string): void {
  if (!(Math.abs(actual - expected) <= 1e-9 * Math.max(Math.abs(actual), Math.abs(expected), Math.abs(scale)))) {
    throw new Error(`${what}: engine ${actual}, reference ${expected}`);
  }
}

function checkCell(cell: CrosstabCell, ref: Reference, waveCount: number, at: string): void {
  const size = (s: { w: number }) => (waveCount === 0 ? 0 : s.w / waveCount);
  close(cell.base.size, size(ref.base), `${at} base.size`);
  close(cell.base.sample, ref.base.n, `${at} base.sample`);
  close(cell.row.size, size(ref.row), `${at} row.size`);
  close(cell.row.sample, ref.row.n, `${at} row.sample`);
  close(cell.column.size, size(ref.column), `${at} column.size`);
  close(cell.column.sample, ref.column.n, `${at} column.sample`);
  close(cell.intersect.size, size(ref.intersect), `${at} intersect.size`);
  close(cell.intersect.sample, ref.intersect.n, `${at} intersect.sample`);
  close(cell.column.intersectPercentage, percentage(ref.intersect.w, ref.column.w), `${at} column %`);
  close(cell.row.intersectPercentage, percentage(ref.intersect.w, ref.row.w), `${at} row %`);
  close(cell.intersect.index, index(ref.intersect.w, ref.row.w, ref.column.w, ref.base.w), `${at} index`);
  if (ref.average === undefined) {
    if (cell.average !== undefined) expect(cell.average).toMatchObject({ value: 0, sample: 0, reason: 'no-answers' });
    return;
  }
  close(cell.average?.value as number, ref.average.mean, `${at} average`);
  close(cell.average?.sample as number, ref.average.n, `${at} average sample`);
  close(cell.average?.size as number, size(ref.average), `${at} average size`);
  // Spreads of equal values are 0 from the parts and a rounding error respondent by respondent: compared on the mean's scale.
  near(cell.average?.stdDev as number, ref.average.stdDev, ref.average.mean, `${at} std dev`);
  near(cell.average?.stdError as number, ref.average.se, ref.average.mean, `${at} std error`);
}
