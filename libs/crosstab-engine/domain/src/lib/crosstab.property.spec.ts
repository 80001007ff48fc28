import fc from 'fast-check';
import { matches, referenceMetric, type Expression } from '@aas/audience-expression';
import { computeCrosstab, computeSegmentedCrosstab } from './crosstab';
import { PartitionEvaluator } from './evaluate';
import { index, percentage } from './metrics';
import { checkProperty, expressionArbitrary } from './testing/arbitraries';
import { partitionsOf, randomRecords, testDictionary, TEST_LOCATIONS, TEST_WAVES, withPlainQuestions, type TestRecord } from './testing/random-data';
import type { CrosstabQuery, CrosstabResult } from './crosstab.types';

const dictionaries = { core: testDictionary('core'), gaming: testDictionary('gaming') };
const dictionary = (dataset: string) => (dataset === 'core' ? dictionaries.core : dataset === 'gaming' ? dictionaries.gaming : undefined);
const ALL: Expression = { kind: 'all' };

function close(actual: number, expected: number, what: string): void {
  const scale = Math.max(Math.abs(actual), Math.abs(expected));
  if (!(Math.abs(actual - expected) <= 1e-9 * scale) && !(scale === 0 && actual === expected)) {
    throw new Error(`${what}: engine ${actual}, reference ${expected}`);
  }
}

/** Every metric of every cell against the reference evaluator, with the metrics.md formulas. */
function checkAgainstReference(result: CrosstabResult, records: readonly TestRecord[], query: CrosstabQuery): void {
  const selection = { waves: query.waves, locations: query.locations };
  const datasets = query.datasets;
  const scope = datasets === undefined ? records : records.filter((r) => datasets.includes(r.dataset));
  const plain = (e: Expression) => withPlainQuestions(e);
  const base = plain(query.base ?? ALL);
  const baseRef = referenceMetric(scope, base, ALL, selection);
  close(result.base.size, baseRef.size, 'base.size');
  close(result.base.sample, baseRef.sample, 'base.sample');
  const rowRefs = query.rows.map((row) => referenceMetric(scope, plain(row), base, selection));
  const columnRefs = query.columns.map((column) => referenceMetric(scope, plain(column), base, selection));
  query.rows.forEach((row, r) => {
    query.columns.forEach((column, c) => {
      const cell = result.cells[r * query.columns.length + c];
      const at = `cell ${r},${c}`;
      const inter = referenceMetric(scope, { kind: 'and', children: [plain(row), plain(column)] }, base, selection);
      const rowRef = rowRefs[r];
      const columnRef = columnRefs[c];
      close(cell.base.size, baseRef.size, `${at} base.size`);
      close(cell.row.size, rowRef.size, `${at} row.size`);
      close(cell.row.sample, rowRef.sample, `${at} row.sample`);
      close(cell.column.size, columnRef.size, `${at} column.size`);
      close(cell.column.sample, columnRef.sample, `${at} column.sample`);
      close(cell.intersect.size, inter.size, `${at} intersect.size`);
      close(cell.intersect.sample, inter.sample, `${at} intersect.sample`);
      close(cell.row.percentage, percentage(rowRef.size, baseRef.size), `${at} row.percentage`);
      close(cell.column.percentage, percentage(columnRef.size, baseRef.size), `${at} column.percentage`);
      close(cell.row.intersectPercentage, percentage(inter.size, rowRef.size), `${at} row.intersectPercentage`);
      close(cell.column.intersectPercentage, percentage(inter.size, columnRef.size), `${at} column.intersectPercentage`);
      close(cell.intersect.percentage, percentage(inter.size, baseRef.size), `${at} intersect.percentage`);
      close(cell.intersect.index, index(inter.size, rowRef.size, columnRef.size, baseRef.size), `${at} intersect.index`);
      for (const value of [cell.row.percentage, cell.column.percentage, cell.intersect.index, cell.row.intersectPercentage]) {
        if (!Number.isFinite(value)) throw new Error(`${at}: non-finite metric ${value}`);
      }
      if (cell.flags.lowBase !== inter.sample < 50 || cell.flags.unreliable !== inter.sample < 30) throw new Error(`${at}: flags`);
    });
  });
}

const selectionArbitrary = fc.record({
  waves: fc.subarray([...TEST_WAVES, 'w_empty'], { minLength: 1 }),
  locations: fc.subarray([...TEST_LOCATIONS], { minLength: 1 }),
  datasets: fc.option(fc.subarray(['core', 'gaming'], { minLength: 1 }), { nil: undefined }),
});

describe('crosstab engine vs the reference evaluator (relative difference <= 1e-9)', () => {
  checkProperty(
    'every metric of every cell, random data and expressions',
    fc.asyncProperty(
      fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      fc.integer({ min: 0, max: 400 }),
      fc.array(expressionArbitrary, { minLength: 1, maxLength: 3 }),
      fc.array(expressionArbitrary, { minLength: 1, maxLength: 3 }),
      fc.option(expressionArbitrary, { nil: undefined, freq: 2 }),
      selectionArbitrary,
      async (seed, count, rows, columns, base, selection) => {
        const records = randomRecords(seed, count);
        const { partitions } = partitionsOf(records);
        const query: CrosstabQuery = { rows, columns, base, ...selection };
        const result = await computeCrosstab({ partitions, dictionary }, query, { significance: true, effectiveBase: true });
        checkAgainstReference(result, records, query);
      },
    ),
    60,
  );

  checkProperty(
    'evaluate() sets exactly the bits of the respondents `matches` accepts, padding 0',
    fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 300 }), expressionArbitrary, (seed, count, expression) => {
      const records = randomRecords(seed, count);
      const { partitions, bitOf } = partitionsOf(records);
      const plain = withPlainQuestions(expression);
      for (const partition of partitions) {
        const bits = new PartitionEvaluator(partition, testDictionary(partition.key.dataset)).evaluate(expression);
        const inPartition = records.filter(
          (r) => r.dataset === partition.key.dataset && r.wave === partition.key.wave && r.location === partition.key.location,
        );
        let expectedCount = 0;
        for (const r of inPartition) {
          const b = bitOf.get(r.id) as number;
          const set = (bits[b >>> 5] >>> (b & 31)) & 1;
          const expected = matches(plain, r);
          if ((set === 1) !== expected) throw new Error(`respondent ${r.id}: engine ${set}, reference ${expected}`);
          if (expected) expectedCount++;
        }
        let total = 0;
        for (const word of bits) for (let x = word; x !== 0; x &= x - 1) total++;
        if (total !== expectedCount) throw new Error(`bits outside respondents: ${total} vs ${expectedCount}`);
      }
    }),
    150,
  );

  checkProperty(
    'segments by wave and by location equal separate crosstabs',
    fc.asyncProperty(
      fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      fc.array(expressionArbitrary, { minLength: 1, maxLength: 2 }),
      fc.array(expressionArbitrary, { minLength: 1, maxLength: 2 }),
      selectionArbitrary,
      async (seed, rows, columns, selection) => {
        const records = randomRecords(seed, 250);
        const { partitions } = partitionsOf(records);
        const query: CrosstabQuery = { rows, columns, ...selection };
        for (const segmentBy of ['wave', 'location'] as const) {
          const segments = await computeSegmentedCrosstab({ partitions, dictionary }, query, segmentBy);
          for (const segment of segments) {
            const one: CrosstabQuery = { ...query, waves: segment.waves, locations: segment.locations };
            checkAgainstReference(segment.result, records, one);
          }
        }
      },
    ),
    25,
  );
});
