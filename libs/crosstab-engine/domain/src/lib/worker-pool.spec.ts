import { columnChunks } from './pass-plan';
import { computeCrosstab, computeRawSums, computeRawSumsInBands, computeSegmentedCrosstab } from './crosstab';
import { InlineExecutor, type CellExecutor, type CellTask } from './cell-executor';
import { AudienceStore } from './packed-store';
import { WorkerPool } from './worker-pool';
import { partitionsOf, randomRecords, testDictionary, TEST_LOCATIONS, TEST_WAVES } from './testing/random-data';
import type { Expression } from '@aas/audience-expression-domain';
import type { CrosstabQuery } from './crosstab.types';

const dictionaries = { core: testDictionary('core'), gaming: testDictionary('gaming') };
const data = (seed: number, count: number) => ({
  partitions: partitionsOf(randomRecords(seed, count)).partitions,
  dictionary: (d: string) => (d === 'core' ? dictionaries.core : dictionaries.gaming),
});
const audiences: Expression[] = [
  { kind: 'leaf', question: 'gender', datapoints: ['f'] },
  { kind: 'leaf', question: 'platforms', minCount: 2 },
  { kind: 'leaf', question: 'freq', suffixes: ['1'] },
  {
    kind: 'or',
    children: [
      { kind: 'leaf', question: 'brand', datapoints: ['b1'] },
      { kind: 'leaf', question: 'games', not: true },
    ],
  },
  { kind: 'all' },
  { kind: 'leaf', question: 'age', datapoints: ['a1', 'a2'], not: true },
];
const query: CrosstabQuery = {
  rows: audiences,
  columns: [...audiences].reverse(),
  base: { kind: 'leaf', question: 'gender' },
  waves: [...TEST_WAVES],
  locations: [...TEST_LOCATIONS],
};

describe('columnChunks', () => {
  it('splits a pass with fewer rows than columns into one column chunk per thread, and leaves the others whole', () => {
    expect(columnChunks(13, 100, 2)).toEqual([0, 50, 100]);
    expect(columnChunks(1, 5, 4)).toEqual([0, 1, 3, 4, 5]);
    expect(columnChunks(2, 3, 8)).toEqual([0, 1, 2, 3]);
    expect(columnChunks(100, 100, 2)).toEqual([0, 100]);
    expect(columnChunks(5, 100, 1)).toEqual([0, 100]);
  });
});

describe('WorkerPool', () => {
  let pool: WorkerPool;
  beforeAll(() => {
    pool = new WorkerPool({ threads: 2, rowsPerMessage: 1 });
  });
  afterAll(() => pool.close());

  it('gives results identical to the single-thread path', async () => {
    const d = data(11, 3000);
    const inline = await computeCrosstab(d, query, { significance: 0.9, effectiveBase: true }, { executor: new InlineExecutor() });
    const pooled = await computeCrosstab(d, query, { significance: 0.9, effectiveBase: true }, { executor: pool });
    expect(pooled).toEqual(inline);
    // Many class tiles (one per class here) add up to the same sums.
    const tiled = await computeCrosstab(d, query, { significance: 0.9, effectiveBase: true }, { executor: pool, tileBytes: 1 });
    const tiledInline = await computeCrosstab(d, query, { significance: 0.9, effectiveBase: true }, { executor: new InlineExecutor(), tileBytes: 1 });
    expect(tiledInline).toEqual(tiled);
    tiled.cells.forEach((cell, i) => {
      expect(cell.intersect.sample).toBe(inline.cells[i].intersect.sample);
      expect(Math.abs(cell.intersect.size - inline.cells[i].intersect.size)).toBeLessThanOrEqual(1e-9 * inline.cells[i].intersect.size);
    });
    expect(inline.cells.some((c) => c.intersect.sample > 0)).toBe(true);
    const segInline = await computeSegmentedCrosstab(d, query, 'location', {}, { executor: new InlineExecutor() });
    const segPooled = await computeSegmentedCrosstab(d, query, 'location', {}, { executor: pool });
    expect(segPooled).toEqual(segInline);
  });

  it('gives the single-thread figures when a short, wide pass is split by columns', async () => {
    const d = data(14, 3000);
    for (const shape of [
      { rows: audiences.slice(0, 1), columns: audiences },
      { rows: audiences.slice(2, 4), columns: [...audiences, ...audiences] },
    ]) {
      const q = { ...query, ...shape };
      expect(columnChunks(q.rows.length, q.columns.length, pool.threads)).toHaveLength(3);
      const inline = await computeCrosstab(d, q, { significance: 0.95, effectiveBase: true }, { executor: new InlineExecutor() });
      expect(await computeCrosstab(d, q, { significance: 0.95, effectiveBase: true }, { executor: pool })).toEqual(inline);
      const segInline = await computeSegmentedCrosstab(d, q, 'wave', {}, { executor: new InlineExecutor() });
      expect(await computeSegmentedCrosstab(d, q, 'wave', {}, { executor: pool })).toEqual(segInline);
    }
  });

  it('hands a square pass to the pool as one task it cuts by rows, and a short wide one as column chunks', async () => {
    const tasks: CellTask[] = [];
    const recording: CellExecutor = { threads: pool.threads, run: (task) => (tasks.push(task), pool.run(task)) };
    const d = data(15, 1000);
    await computeCrosstab(d, query, {}, { executor: recording });
    // One task of every row (the base's row included), which the pool splits over its threads.
    expect(tasks.map((t) => [t.aTo - t.aFrom, t.bCount, t.whole ?? false])).toEqual([[query.rows.length + 1, query.columns.length, false]]);
    tasks.length = 0;
    await computeCrosstab(d, { ...query, rows: audiences.slice(0, 2) }, {}, { executor: recording });
    expect(tasks.map((t) => [t.aTo - t.aFrom, t.bCount, t.whole ?? false])).toEqual([
      [3, 3, true],
      [3, 3, true],
    ]);
  });

  it('keeps the event loop free while it computes', async () => {
    const d = data(12, 20_000);
    // Long enough (tens of ms) that this thread waits on the pool across many 1 ms ticks. With an
    // 18 x 12 crosstab (a few ms) the test failed about one run in five on a busy machine, before
    // and after bands came to share a pass; most likely this thread, descheduled during its one
    // short wait, woke with the pool's answer ready and finished in the same turn of the event
    // loop, before its timer phase came round.
    const many = Array.from({ length: 72 }, (_, i) => audiences[i % audiences.length]);
    const big: CrosstabQuery = { ...query, rows: many, columns: many };
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    await computeCrosstab(d, big, {}, { executor: pool, sliceMs: 5 });
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(0);
  });

  it('rejects the call (no hang) when a worker dies, and recovers', async () => {
    // A pool of its own: a task another test left running must not be the one that takes the crash.
    const crashing = new WorkerPool({ threads: 2, rowsPerMessage: 1 });
    try {
      const d = data(13, 2000);
      crashing.crashNextTaskForTesting(7);
      const running = computeCrosstab(d, { ...query, rows: Array.from({ length: 40 }, () => audiences[1]) }, {}, { executor: crashing });
      await expect(running).rejects.toThrow(/exited with code 7|crashed/);
      const after = await computeCrosstab(d, query, {}, { executor: crashing });
      const inline = await computeCrosstab(d, query, {}, { executor: new InlineExecutor() });
      expect(after).toEqual(inline);
    } finally {
      await crashing.close();
    }
  });

  it('a banded computation whose worker dies: rejects once every band handed over has settled, pins nothing, and the next one is right', async () => {
    const crashing = new WorkerPool({ threads: 2 });
    // Counts the tasks handed to the pool and not yet settled.
    let outstanding = 0;
    const counted: CellExecutor = {
      threads: crashing.threads,
      ordered: crashing.ordered,
      run: (task) => {
        outstanding++;
        return crashing.run(task).finally(() => outstanding--);
      },
    };
    try {
      const d = data(14, 3000);
      const store = new AudienceStore({});
      // Bands of two rows (fewer than the six columns): each band is two column chunks, twelve tasks queued at once.
      const banded: CrosstabQuery = { ...query, rows: Array.from({ length: 12 }, (_, i) => audiences[i % audiences.length]) };
      const compute = { executor: counted, audiences: store.forVersion('1') };
      crashing.crashNextTaskForTesting(7);
      let outstandingAtFailure = -1;
      const running = computeRawSumsInBands(d, banded, 'none', [2, 4, 6, 8, 10], () => undefined, compute).catch((error: unknown) => {
        outstandingAtFailure = outstanding;
        throw error;
      });
      await expect(running).rejects.toThrow(/exited with code 7|crashed/);
      // The pass gives its memory back only after the kernel threads are done with it.
      expect(outstandingAtFailure).toBe(0);
      expect(store.stats().pinnedBlocks).toBe(0);
      const bands: number[][] = [];
      const after = await computeRawSumsInBands(d, banded, 'none', [2, 4, 6, 8, 10], (_, from, to) => bands.push([from, to]), compute);
      expect(bands).toEqual([
        [0, 2],
        [2, 4],
        [4, 6],
        [6, 8],
        [8, 10],
        [10, 12],
      ]);
      expect(after).toEqual(await computeRawSums(d, banded, 'none', { executor: new InlineExecutor() }));
    } finally {
      await crashing.close();
    }
  });

  it('rejects work after close', async () => {
    const closed = new WorkerPool({ threads: 1 });
    await closed.close();
    await expect(computeCrosstab(data(1, 100), query, {}, { executor: closed })).rejects.toThrow(/closed/);
  });
});
