import fc from 'fast-check';
import { matches } from '@aas/audience-expression';
import { addRawSums, buildCrosstabResult, collapseGroups, computeCrosstab, computeRawSums, computeSegmentedCrosstab, emptyRawSums } from './crosstab';
import { PartitionEvaluator } from './evaluate';
import { checkProperty, expressionArbitrary } from './testing/arbitraries';
import { partitionsOf, randomRecords, testDictionary, TEST_LOCATIONS, TEST_WAVES, withPlainQuestions } from './testing/random-data';
import { checkAgainstReference, close } from './testing/reference-check';
import type { CrosstabQuery } from './crosstab.types';

const dictionaries = { core: testDictionary('core'), gaming: testDictionary('gaming') };
const dictionary = (dataset: string) => (dataset === 'core' ? dictionaries.core : dataset === 'gaming' ? dictionaries.gaming : undefined);

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

describe('raw sums: what crosses the job boundary', () => {
  checkProperty(
    'sums over disjoint partition sets, added, build the crosstab of all of them (exact merge of shards)',
    fc.asyncProperty(
      fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      fc.integer({ min: 0, max: 300 }),
      fc.array(expressionArbitrary, { minLength: 1, maxLength: 3 }),
      fc.array(expressionArbitrary, { minLength: 1, maxLength: 3 }),
      fc.option(expressionArbitrary, { nil: undefined, freq: 2 }),
      selectionArbitrary,
      fc.integer({ min: 1, max: 4 }),
      async (seed, count, rows, columns, base, selection, shards) => {
        const records = randomRecords(seed, count);
        const { partitions } = partitionsOf(records);
        const query: CrosstabQuery = { rows, columns, base, ...selection };
        const merged = emptyRawSums(rows.length, columns.length, 1);
        for (let shard = 0; shard < shards; shard++) {
          const own = partitions.filter((_, i) => i % shards === shard);
          addRawSums(merged, await computeRawSums({ partitions: own, dictionary }, query, 'none'));
        }
        const result = buildCrosstabResult(merged, 0, new Set(query.waves).size, { significance: true, effectiveBase: true });
        checkAgainstReference(result, records, query);
      },
    ),
    40,
  );

  checkProperty(
    'sums grouped by wave or location, collapsed, equal the ungrouped sums',
    fc.asyncProperty(
      fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      fc.array(expressionArbitrary, { minLength: 1, maxLength: 2 }),
      fc.array(expressionArbitrary, { minLength: 1, maxLength: 2 }),
      selectionArbitrary,
      fc.constantFrom('wave' as const, 'location' as const),
      async (seed, rows, columns, selection, groupBy) => {
        const { partitions } = partitionsOf(randomRecords(seed, 200));
        const query: CrosstabQuery = { rows, columns, ...selection };
        const whole = await computeRawSums({ partitions, dictionary }, query, 'none');
        const collapsed = collapseGroups(await computeRawSums({ partitions, dictionary }, query, groupBy));
        collapsed.singles.forEach((v, i) => close(v, whole.singles[i], `single ${i}`));
        collapsed.cells.forEach((v, i) => close(v, whole.cells[i], `cell ${i}`));
      },
    ),
    40,
  );
});
