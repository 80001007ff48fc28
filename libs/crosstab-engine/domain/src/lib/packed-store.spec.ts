import type { Expression } from '@aas/audience-expression-domain';
import { Arena } from './arena';
import { InlineExecutor } from './cell-executor';
import { computeRawSums } from './crosstab';
import { CrosstabEngine } from './crosstab-engine';
import type { CrosstabQuery } from './crosstab.types';
import { PAGE_BYTES, RUN_FLAG } from './kernel';
import { LeafCache } from './leaf-cache';
import { AudienceStore } from './packed-store';
import { gather, planPartition } from './partition-layout';
import { InMemoryPartitionSource } from './partition-cache';
import { partitionsOf, randomRecords, testDictionary, TEST_LOCATIONS, TEST_WAVES } from './testing/random-data';

const dictionaries = { core: testDictionary('core'), gaming: testDictionary('gaming') };
const dictionary = (dataset: string) => (dataset === 'core' ? dictionaries.core : dictionaries.gaming);
const leaf = (question: string, datapoints: string[]): Expression => ({ kind: 'leaf', question, datapoints });
const SCRATCH = 64 * 1024;

describe('AudienceStore', () => {
  // One partition (core, w1, l1): every block is one page.
  const records = randomRecords(3, 600).filter((r) => r.dataset === 'core' && r.wave === 'w1' && r.location === 'l1');
  const { partitions } = partitionsOf(records);
  const data = { partitions, dictionary };
  const query = (rows: Expression[], columns: Expression[] = []): CrosstabQuery => ({ rows, columns, waves: ['w1'], locations: ['l1'] });
  const run = (store: AudienceStore, q: CrosstabQuery, version = '1') =>
    computeRawSums(data, q, 'none', { audiences: store.forVersion(version), executor: new InlineExecutor() });

  it('answers a repeated query from its blocks: no evaluation, the same sums', async () => {
    const store = new AudienceStore({ arenaBytes: SCRATCH + 64 * PAGE_BYTES, scratchBytes: SCRATCH, layout: 'native' });
    const q = query(
      [leaf('gender', ['f']), leaf('platforms', ['fb', 'tt'])],
      [leaf('age', ['a1']), { kind: 'and', children: [leaf('age', ['a2']), leaf('gender', ['m'])] }],
    );
    const first = await run(store, q);
    const after = store.stats();
    expect(after.blockMisses).toBe(5); // base + 2 rows + 2 columns, one partition
    expect(after.blockHits).toBe(0);
    const second = await run(store, q);
    const again = store.stats();
    expect(again.blockMisses).toBe(5);
    expect(again.blockHits).toBe(5);
    expect(again.leafMisses).toBe(after.leafMisses);
    expect(second.cells).toEqual(first.cells);
    expect(second.singles).toEqual(first.singles);
    // The same audiences written differently (datapoints in another order, repeated) are the same blocks.
    await run(store, query([leaf('platforms', ['tt', 'fb', 'tt'])]));
    expect(store.stats().blockMisses).toBe(5);
  });

  it('evicts the least recently used unpinned blocks when the arena is full, and never more pages than it has', async () => {
    // 8 pages: a pass may pin 4; the base block is used by every query, so it stays.
    const store = new AudienceStore({ arenaBytes: SCRATCH + 8 * PAGE_BYTES, scratchBytes: SCRATCH, layout: 'native' });
    const audiences = ['a1', 'a2', 'a3', 'a4'].map((a) => leaf('age', [a]));
    const extra = [leaf('gender', ['f']), leaf('gender', ['m']), leaf('platforms', ['fb']), leaf('platforms', ['tt']), leaf('platforms', ['ig'])];
    for (const a of audiences) await run(store, query([a]));
    await run(store, query([audiences[0]])); // a1 is now more recent than a2..a4
    expect(store.stats().freePages).toBe(3);
    for (const e of extra) await run(store, query([e]));
    const version = store.forVersion('1');
    const plan = version.plan(partitions[0]);
    const cached = (e: Expression) => version.peek(`${keyOf(e)}\u0000*`, plan) !== undefined;
    expect(cached({ kind: 'all' })).toBe(true);
    expect(audiences.map(cached)).toEqual([true, false, false, true]);
    expect(extra.map(cached)).toEqual([true, true, true, true, true]);
    const stats = store.stats();
    expect(stats.cachedPages).toBe(stats.pageCount);
    expect(stats.freePages).toBe(0);
    expect(stats.evictedBlocks).toBe(2);
    expect(stats.pinnedBlocks).toBe(0);
  });

  it('drops every block and leaf when the data version changes (pages back to the arena)', async () => {
    const store = new AudienceStore({ arenaBytes: SCRATCH + 32 * PAGE_BYTES, scratchBytes: SCRATCH, layout: 'native' });
    await run(store, query([leaf('gender', ['f']), leaf('platforms', ['fb', 'ig'])]));
    expect(store.stats().cachedBlocks).toBe(3);
    expect(store.stats().leafEntries).toBeGreaterThan(0);
    store.forVersion('2');
    expect(store.stats()).toMatchObject({ cachedBlocks: 0, cachedPages: 0, freePages: 32, leafEntries: 0, leafBytes: 0 });
  });

  it('runs a crosstab larger than the arena in passes, with the sums of one pass', async () => {
    const many = ['a1', 'a2', 'a3', 'a4'].flatMap((a) => [leaf('age', [a]), { kind: 'and' as const, children: [leaf('age', [a]), leaf('gender', ['f'])] }]);
    const q: CrosstabQuery = { rows: many, columns: [...many].reverse(), waves: [...TEST_WAVES], locations: [...TEST_LOCATIONS] };
    const all = { partitions: partitionsOf(randomRecords(4, 900)).partitions, dictionary };
    const whole = await computeRawSums(all, q, 'none');
    // 6 pages: a pass pins at most 3, so 17 audiences over 12 partitions need many passes.
    for (const layout of ['native', 'dense'] as const) {
      // 6 pages (8 dense, where run weights take pages too): a pass pins at most half, so 17 audiences over 12 partitions need many passes.
      const small = new AudienceStore({ arenaBytes: SCRATCH + (layout === 'native' ? 6 : 8) * PAGE_BYTES, scratchBytes: SCRATCH, layout });
      const inPasses = await computeRawSums(all, q, 'none', { audiences: small.forVersion('1') });
      inPasses.cells.forEach((v, i) => expect(Math.abs(v - whole.cells[i])).toBeLessThanOrEqual(1e-9 * Math.abs(whole.cells[i])));
      inPasses.singles.forEach((v, i) => expect(Math.abs(v - whole.singles[i])).toBeLessThanOrEqual(1e-9 * Math.abs(whole.singles[i])));
      expect(small.stats().evictedBlocks).toBeGreaterThan(0);
    }
    expect(whole.cells.some((v) => v > 0)).toBe(true);
  });

  it('forgets the blocks of a query that fails, and answers the next one', async () => {
    const store = new AudienceStore({ arenaBytes: SCRATCH + 32 * PAGE_BYTES, scratchBytes: SCRATCH });
    const q = query([leaf('gender', ['f'])], [leaf('age', ['a1'])]);
    const broken = computeRawSums({ partitions, dictionary: () => undefined }, q, 'none', { audiences: store.forVersion('1') });
    await expect(broken).rejects.toThrow(/no attribute dictionary for dataset core/);
    expect(store.stats()).toMatchObject({ pinnedBlocks: 0, cachedBlocks: 0, freePages: 32 });
    const fine = await run(store, q);
    const women = records.filter((r) => r.answers.some((a) => a.question === 'gender' && a.datapoint === 'f')).length;
    expect(fine.singles[1 * 3 + 2]).toBe(women);
  });

  it('refuses a crosstab whose one partition with one row and one column cannot fit, with a message that says so', async () => {
    const tiny = new AudienceStore({ arenaBytes: SCRATCH + 2 * PAGE_BYTES, scratchBytes: SCRATCH, layout: 'native' });
    await expect(run(tiny, query([leaf('gender', ['f'])], [leaf('age', ['a1'])]))).rejects.toThrow(
      /memory is too small for this crosstab.*raise the arena size/,
    );
    expect(tiny.stats().pinnedBlocks).toBe(0);
  });
});

describe('CrosstabEngine with its store', () => {
  it('keeps packed audiences across queries and drops them when the source has a new data version', async () => {
    const records = randomRecords(21, 700);
    const source = new InMemoryPartitionSource(partitionsOf(records).partitions, dictionaries);
    const engine = new CrosstabEngine(source, { threads: 0, arenaBytes: 8 * 2 ** 20, leafCacheBytes: 2 ** 20, checkIntervalMs: 0 });
    try {
      const q: CrosstabQuery = {
        rows: [leaf('gender', ['f']), leaf('platforms', ['fb'])],
        columns: [leaf('age', ['a1', 'a2'])],
        waves: [...TEST_WAVES],
        locations: [...TEST_LOCATIONS],
        datasets: ['core'],
      };
      const first = await engine.rawSums(q, 'none');
      const misses = engine.stats().blockMisses;
      expect(misses).toBeGreaterThan(0);
      expect(await engine.rawSums(q, 'wave')).toBeDefined();
      expect(engine.stats().blockMisses).toBe(misses);
      const other = randomRecords(22, 700);
      source.replace(partitionsOf(other).partitions, dictionaries, '2');
      const second = await engine.rawSums(q, 'none');
      expect(engine.stats().blockHits).toBe(0);
      const women = (rs: typeof records) =>
        rs.filter((r) => r.dataset === 'core' && r.answers.some((a) => a.question === 'gender' && a.datapoint === 'f')).length;
      expect(first.singles[1 * 3 + 2]).toBe(women(records));
      expect(second.singles[1 * 3 + 2]).toBe(women(other));
    } finally {
      await engine.close();
    }
  });
});

describe('LeafCache', () => {
  it('keeps computed leaves within its byte budget, least recently used out first; shared bitsets cost only their entry', () => {
    const { partitions } = partitionsOf(randomRecords(5, 100));
    const words = partitions[0].wordCount;
    const budget = 3 * (words * 4 + 160);
    const cache = new LeafCache(budget);
    const memo = cache.forPartition(partitions[0]);
    for (const key of ['a', 'b', 'c']) memo.set(key, new Uint32Array(words), false);
    memo.get('a');
    memo.set('d', new Uint32Array(words), false);
    expect(['a', 'b', 'c', 'd'].map((k) => memo.get(k) !== undefined)).toEqual([true, false, true, true]);
    expect(cache.bytes).toBeLessThanOrEqual(budget);
    memo.set('own', partitions[0].universe, true);
    expect(cache.bytes).toBeLessThanOrEqual(budget);
    expect(memo.get('own')).toBe(partitions[0].universe);
  });
});

describe('Arena', () => {
  it('hands out the lowest free pages first and reuses freed ones first', () => {
    const arena = new Arena(SCRATCH + 4 * PAGE_BYTES, SCRATCH);
    const first = arena.takePages(2);
    expect([...first]).toEqual([SCRATCH, SCRATCH + PAGE_BYTES]);
    arena.givePages(first);
    expect([...arena.takePages(3)]).toEqual([SCRATCH, SCRATCH + PAGE_BYTES, SCRATCH + 2 * PAGE_BYTES]);
    expect(arena.freePages).toBe(1);
    expect(() => arena.takePages(2)).toThrow(/2 pages asked, 1 free/);
  });

  it('allocates scratch first-fit and coalesces freed ranges', () => {
    const arena = new Arena(SCRATCH + PAGE_BYTES, SCRATCH);
    const a = arena.takeScratch(1000) as number;
    const b = arena.takeScratch(30_000) as number;
    const c = arena.takeScratch(30_000) as number;
    expect([a, b % 64, c % 64]).toEqual([0, 0, 0]);
    expect(arena.takeScratch(10_000)).toBeUndefined();
    arena.giveScratch(a, 1000);
    arena.giveScratch(b, 30_000);
    expect(arena.largestScratch()).toBeGreaterThanOrEqual(31_000);
    arena.giveScratch(c, 30_000);
    expect(arena.largestScratch()).toBe(SCRATCH);
    expect(arena.scratchInUse).toBe(0);
  });
});

describe('planPartition', () => {
  const { partitions } = partitionsOf(randomRecords(8, 50));
  const base = partitions[0];

  it('cuts classes at page boundaries into bit-range pieces, and refuses a misaligned class', () => {
    // One class of 40,000 respondents from bit 0: 40,000 bits over three pages of 16,384.
    const big = { ...base, bitLength: 40_000, wordCount: 1250, weightClasses: [{ weight: 2, startBit: 0, count: 40_000 }] };
    const plan = planPartition(big, 0);
    expect([plan.dense, plan.pageCount]).toEqual([false, 3]);
    expect([...plan.piecePage]).toEqual([0, 1, 2]);
    expect([...plan.pieceRange].map((r) => [r & 0xffff, r >>> 16])).toEqual([
      [0, 16_384],
      [0, 16_384],
      [0, 40_000 - 32_768],
    ]);
    expect(() => planPartition({ ...base, weightClasses: [{ weight: 1, startBit: 32, count: 3 }] }, 0)).toThrow(/not 64-bit aligned/);
  });

  it('packs many small classes densely: runs of one-respondent classes (cut every 256), class pieces for the others', () => {
    // 300 one-respondent classes, one of 3, then 2 more single ones: 64 bits each natively.
    const counts = [...Array.from({ length: 300 }, () => 1), 3, 1, 1];
    const weightClasses = counts.map((count, k) => ({ weight: 1 + k / 7, startBit: 64 * k, count }));
    const many = { ...base, bitLength: 64 * counts.length, wordCount: 2 * counts.length, weightClasses };
    const plan = planPartition(many, 0);
    expect([plan.dense, plan.words, plan.pageCount, plan.weightPageCount]).toEqual([true, 2 * Math.ceil(305 / 64), 1, 2]);
    const pieces = [...plan.pieceRange].map((r, j) => ({ from: r & 0xffff, to: r >>> 16, run: (plan.piecePage[j] & RUN_FLAG) !== 0 }));
    expect(pieces).toEqual([
      { from: 0, to: 256, run: true },
      { from: 256, to: 300, run: true },
      { from: 300, to: 303, run: false },
      { from: 303, to: 305, run: true },
    ]);
    expect(plan.pieceWeight[2]).toBe(1 + 300 / 7);
    expect([plan.runWeights?.[0], plan.runWeights?.[299], plan.runWeights?.[304]]).toEqual([1, 1 + 299 / 7, 1 + 302 / 7]);
    // Gathering a bitset moves each respondent's bit to its dense place.
    const native = new Uint32Array(many.wordCount);
    const set = [0, 5, 299, 300, 302, 303, 304];
    const bitOf = (dense: number) => (dense < 300 ? 64 * dense : dense < 303 ? 64 * 300 + (dense - 300) : 64 * (301 + dense - 303));
    for (const d of set) native[bitOf(d) >>> 5] |= 1 << (bitOf(d) & 31);
    const dense = gather(native, plan);
    const got: number[] = [];
    for (let i = 0; i < 305; i++) if ((dense[i >>> 5] >>> (i & 31)) & 1) got.push(i);
    expect(got).toEqual(set);
    expect(planPartition(many, 0, 'native').dense).toBe(false);
  });
});

function keyOf(expression: Expression): string {
  if (expression.kind === 'all') return '*';
  if (expression.kind !== 'leaf') throw new Error('leaves only');
  return JSON.stringify([expression.question, [...new Set(expression.datapoints)].sort(), [], 1]);
}
