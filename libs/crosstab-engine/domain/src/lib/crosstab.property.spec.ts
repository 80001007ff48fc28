import fc from 'fast-check';
import { matches } from '@aas/audience-expression-domain';
import { computeCrosstab, computeRawSums, computeRawSumsInBands, computeSegmentedCrosstab, selectPartitions } from './crosstab';
import { buildCrosstabResult, crosstabCells, crosstabCellViews } from './crosstab-result';
import { addRawSums, collapseGroups, emptyRawSums, rowsOfRawSums, type RawSums } from './raw-sums';
import { InlineExecutor } from './cell-executor';
import { expressionKey, PartitionEvaluator } from './evaluate';
import { PAGE_BYTES } from './kernel';
import { AudienceStore } from './packed-store';
import { WorkerPool } from './worker-pool';
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
    'sides left unmeasured (query.singles) have sums of 0; the base, the measured sides and every cell are unchanged',
    fc.asyncProperty(
      fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      fc.array(expressionArbitrary, { minLength: 1, maxLength: 3 }),
      fc.array(expressionArbitrary, { minLength: 1, maxLength: 3 }),
      selectionArbitrary,
      fc.record({ rows: fc.boolean(), columns: fc.boolean() }),
      fc.constantFrom('none' as const, 'wave' as const),
      async (seed, rows, columns, selection, singles, groupBy) => {
        const { partitions } = partitionsOf(randomRecords(seed, 150));
        const query: CrosstabQuery = { rows, columns, ...selection };
        const whole = await computeRawSums({ partitions, dictionary }, query, groupBy);
        const part = await computeRawSums({ partitions, dictionary }, { ...query, singles }, groupBy);
        const width = whole.groups * 3;
        const measured = (a: number) => a === 0 || (a <= rows.length ? singles.rows : singles.columns);
        whole.singles.forEach((v, i) => expect(part.singles[i]).toBe(measured(Math.floor(i / width)) ? v : 0));
        expect(part.cells).toEqual(whole.cells);
      },
    ),
    40,
  );

  checkProperty(
    "a block's cells made one at a time (crosstabCells), or filled into one object (crosstabCellViews), are the built result's cells, moved by the block's offset",
    fc.asyncProperty(
      fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      fc.array(expressionArbitrary, { minLength: 1, maxLength: 3 }),
      fc.array(expressionArbitrary, { minLength: 1, maxLength: 3 }),
      selectionArbitrary,
      fc.record({ row: fc.nat(500), column: fc.nat(500) }),
      fc.record({ significance: fc.constantFrom(undefined, true, 0.9 as const), effectiveBase: fc.boolean() }),
      async (seed, rows, columns, selection, offset, options) => {
        const { partitions } = partitionsOf(randomRecords(seed, 150));
        const query: CrosstabQuery = { rows, columns, ...selection };
        const raw = await computeRawSums({ partitions, dictionary }, query, 'none');
        const waves = new Set(query.waves).size;
        const built = buildCrosstabResult(raw, 0, waves, options).cells;
        const streamed = [...crosstabCells(raw, 0, waves, options, offset)];
        expect(streamed).toEqual(built.map((cell) => ({ ...cell, rowIndex: cell.rowIndex + offset.row, columnIndex: cell.columnIndex + offset.column })));
        expect([...crosstabCells(raw, 0, waves, options)]).toEqual(built);
        // The views: each read (copied) before the next, the same cells; and one object throughout.
        const seen = new Set<object>();
        const views = [];
        for (const view of crosstabCellViews(raw, 0, waves, options, offset)) {
          seen.add(view);
          views.push(structuredClone(view));
        }
        expect(views).toEqual(streamed);
        expect(seen.size).toBe(1);
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

describe('through a store kept across queries (a tiny arena: passes, eviction, concurrent queries, new data versions)', () => {
  const queryArbitrary = fc.record({
    rows: fc.array(expressionArbitrary, { minLength: 0, maxLength: 4 }),
    columns: fc.array(expressionArbitrary, { minLength: 0, maxLength: 4 }),
    base: fc.option(expressionArbitrary, { nil: undefined, freq: 2 }),
    selection: selectionArbitrary,
    // Repeat an earlier query's audiences (the case the store is for), or not.
    repeat: fc.boolean(),
  });

  checkProperty(
    'every metric of every cell of every query equals the reference, whatever was cached, evicted or computed at the same time',
    fc.asyncProperty(
      fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      fc.integer({ min: 0, max: 400 }),
      fc.array(queryArbitrary, { minLength: 1, maxLength: 6 }),
      fc.constantFrom(12, 24, 64, 4096),
      fc.constantFrom(8 * 1024, 32 * 1024, 1024 * 1024),
      fc.boolean(),
      fc.constantFrom('auto' as const, 'native' as const, 'dense' as const),
      async (seed, count, queries, pages, scratchBytes, concurrent, layout) => {
        // Two data versions: the second half of the queries run on other respondents.
        const versions = [randomRecords(seed, count), randomRecords(seed + 1, count)];
        const data = versions.map((records) => ({ records, partitions: partitionsOf(records).partitions }));
        const store = new AudienceStore({ arenaBytes: scratchBytes + pages * PAGE_BYTES, scratchBytes, leafCacheBytes: 4096, layout });
        const built = queries.map((q, i) => {
          const previous = i > 0 && q.repeat ? queries[i - 1] : q;
          const query: CrosstabQuery = { rows: previous.rows, columns: previous.columns, base: previous.base, ...q.selection };
          return { query, version: i < queries.length / 2 ? 0 : 1 };
        });
        const run = async ({ query, version }: (typeof built)[number]) => {
          const { records, partitions } = data[version];
          const raw = await computeRawSums({ partitions, dictionary }, query, 'none', {
            audiences: store.forVersion(String(version)),
            executor: new InlineExecutor(0),
            sliceMs: 0,
          });
          checkAgainstReference(buildCrosstabResult(raw, 0, new Set(query.waves).size, { significance: true, effectiveBase: true }), records, query);
        };
        if (concurrent) {
          // Queries of one version side by side (they share blocks, wait for each other's evaluation and for room).
          await Promise.all(built.filter((b) => b.version === 0).map(run));
          await Promise.all(built.filter((b) => b.version === 1).map(run));
        } else {
          for (const b of built) await run(b);
        }
        const stats = store.stats();
        if (stats.pinnedBlocks !== 0) throw new Error(`${stats.pinnedBlocks} blocks still pinned`);
        if (stats.cachedPages > stats.pageCount || stats.freePages + stats.cachedPages !== stats.pageCount) {
          throw new Error(`pages: ${stats.cachedPages} cached + ${stats.freePages} free of ${stats.pageCount}`);
        }
        if (stats.leafBytes > 4096) throw new Error(`leaf cache over budget: ${stats.leafBytes}`);
      },
    ),
    40,
  );

  checkProperty(
    'a data version that changes while a query runs: both queries equal the reference of their own data',
    fc.asyncProperty(
      fc.integer({ min: 1, max: 2 ** 31 - 1 }),
      fc.array(expressionArbitrary, { minLength: 1, maxLength: 3 }),
      fc.array(expressionArbitrary, { minLength: 1, maxLength: 3 }),
      selectionArbitrary,
      fc.constantFrom(16, 512),
      async (seed, rows, columns, selection, pages) => {
        const store = new AudienceStore({ arenaBytes: 64 * 1024 + pages * PAGE_BYTES, scratchBytes: 64 * 1024, leafCacheBytes: 1 << 20 });
        const first = randomRecords(seed, 300);
        const second = randomRecords(seed + 7, 300);
        const query: CrosstabQuery = { rows, columns, ...selection };
        const compute = (records: typeof first, version: string) =>
          computeRawSums({ partitions: partitionsOf(records).partitions, dictionary }, query, 'none', {
            audiences: store.forVersion(version),
            executor: new InlineExecutor(0),
            sliceMs: 0,
          });
        // Warm version 1, then start it again and switch to version 2 while it runs.
        await compute(first, '1');
        const running = compute(first, '1');
        const switched = compute(second, '2');
        const [a, b] = await Promise.all([running, switched]);
        const waves = new Set(query.waves).size;
        checkAgainstReference(buildCrosstabResult(a, 0, waves, {}), first, query);
        checkAgainstReference(buildCrosstabResult(b, 0, waves, {}), second, query);
        const stats = store.stats();
        if (stats.pinnedBlocks !== 0) throw new Error('blocks still pinned');
        // Only the new version's blocks stay: at most one per audience (and one of run weights) and selected partition.
        const selected = selectPartitions(partitionsOf(second).partitions, query).length;
        const audiences = new Set([query.base ?? { kind: 'all' }, ...rows, ...columns].map((e) => expressionKey(e))).size + 1;
        if (stats.cachedBlocks > audiences * selected)
          throw new Error(`${stats.cachedBlocks} blocks cached, more than the new version's ${audiences} x ${selected}`);
        if (stats.freePages + stats.cachedPages !== stats.pageCount) throw new Error('pages lost');
      },
    ),
    25,
  );

  describe('row bands', () => {
    let pool: WorkerPool;
    beforeAll(() => {
      pool = new WorkerPool({ threads: 2 });
    });
    afterAll(() => pool.close());

    checkProperty(
      "in one pass or band by band (small arenas), on threads or on the calling thread, sides measured or not: every band in order, as the whole's rows, and the whole equals the reference",
      fc.asyncProperty(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 300 }),
        fc.array(expressionArbitrary, { minLength: 2, maxLength: 7 }),
        fc.array(expressionArbitrary, { minLength: 1, maxLength: 3 }),
        fc.option(expressionArbitrary, { nil: undefined, freq: 2 }),
        selectionArbitrary,
        fc.constantFrom(12, 24, 4096),
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        async (seed, count, rows, columns, base, selection, pages, onThreads, measureRows, measureColumns) => {
          const records = randomRecords(seed, count);
          const { partitions } = partitionsOf(records);
          const query: CrosstabQuery = { rows, columns, base, ...selection, singles: { rows: measureRows, columns: measureColumns } };
          const starts = rows.map((_, i) => i).filter((i) => i > 0 && (seed >> i) % 2 === 1);
          const store = new AudienceStore({ arenaBytes: 64 * 1024 + pages * PAGE_BYTES, scratchBytes: 64 * 1024, leafCacheBytes: 4096 });
          const bands: { band: RawSums; rowStart: number; rowEnd: number }[] = [];
          const whole = await computeRawSumsInBands(
            { partitions, dictionary },
            query,
            'none',
            starts,
            (band, rowStart, rowEnd) => bands.push({ band, rowStart, rowEnd }),
            { audiences: store.forVersion('1'), executor: onThreads ? pool : new InlineExecutor(0), sliceMs: 0 },
          );
          const cuts = [0, ...starts, rows.length];
          expect(bands.map((b) => [b.rowStart, b.rowEnd])).toEqual(cuts.slice(0, -1).map((cut, k) => [cut, cuts[k + 1]]));
          bands.forEach(({ band, rowStart, rowEnd }, k) => {
            const expected = rowsOfRawSums(whole, rowStart, rowEnd, k === 0);
            // Computed band by band, each band measures the base again, in passes grouped for its own
            // rows: the same sum, added in another order when the arena needs several passes.
            for (let x = 0; x < 3; x++) close(band.singles[x], expected.singles[x], `base sum ${x} of band ${k}`);
            expect({ ...band, singles: band.singles.subarray(3) }).toEqual({ ...expected, singles: expected.singles.subarray(3) });
          });
          const result = buildCrosstabResult(whole, 0, new Set(query.waves).size, { significance: true, effectiveBase: true });
          if (measureRows && measureColumns) checkAgainstReference(result, records, query);
          else {
            // The cells still equal those of the same crosstab measuring both sides.
            const full = await computeRawSums({ partitions, dictionary }, { ...query, singles: undefined }, 'none', {
              audiences: store.forVersion('1'),
              executor: new InlineExecutor(0),
              sliceMs: 0,
            });
            whole.cells.forEach((x, i) => close(x, full.cells[i], `cell sum ${i}`));
          }
          // A side not measured (another block of the crosstab measures it) is left at zero.
          if (!measureRows) expect(whole.singles.subarray(3, (1 + rows.length) * 3).every((x) => x === 0)).toBe(true);
          if (!measureColumns) expect(whole.singles.subarray((1 + rows.length) * 3).every((x) => x === 0)).toBe(true);
          expect(store.stats().pinnedBlocks).toBe(0);
        },
      ),
      40,
    );
  });
});
