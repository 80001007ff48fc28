import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { encodePartition, type PartitionKey } from '@aas/respondent-store-domain';
import { CrosstabEngine } from './crosstab-engine';
import { InMemoryPartitionSource, PartitionCache, partitionBytes } from './partition-cache';
import { partitionsOf, randomRecords, testDictionary, TEST_LOCATIONS, TEST_WAVES } from './testing/random-data';

const dictionaries = { core: testDictionary('core'), gaming: testDictionary('gaming') };

describe('PartitionCache', () => {
  const { partitions } = partitionsOf(randomRecords(5, 500));

  it('loads only the selected partitions, once, from blobs or decoded partitions', async () => {
    const blobs = partitions.map((p, i) => (i % 2 === 0 ? encodePartition(p) : p));
    const source = new InMemoryPartitionSource(blobs, dictionaries);
    const cache = new PartitionCache(source);
    const first = await cache.snapshot({ waves: ['w1'], locations: ['l1'], datasets: ['core'] });
    expect(first.partitions.map((p) => p.key)).toEqual([{ dataset: 'core', wave: 'w1', location: 'l1' }]);
    expect(first.dictionary('core')).toBe(dictionaries.core);
    expect(cache.size).toBe(1);
    const [again, other] = await Promise.all([
      cache.snapshot({ waves: ['w1'], locations: ['l1'], datasets: ['core'] }),
      cache.snapshot({ waves: ['w1'], locations: ['l1', 'l2'] }),
    ]);
    expect(again.partitions[0]).toBe(first.partitions[0]);
    expect(other.partitions).toHaveLength(4);
    expect(source.loadCalls).toBe(2);
  });

  it('loads only the named partitions of a selection (a shard), and loads an evicted one again when asked', async () => {
    const source = new InMemoryPartitionSource(partitions, dictionaries);
    const cache = new PartitionCache(source);
    const shard = [
      { dataset: 'core', wave: 'w1', location: 'l2' },
      { dataset: 'core', wave: 'w2', location: 'l1' },
    ];
    const snapshot = await cache.snapshot({ waves: ['w1', 'w2'], locations: ['l1', 'l2'], partitions: shard });
    expect(snapshot.partitions.map((p) => p.key)).toEqual(expect.arrayContaining(shard));
    expect(snapshot.partitions).toHaveLength(2);
    expect(cache.size).toBe(2);
    const bytes = snapshot.partitions.map(partitionBytes);
    expect(bytes.every((b) => b > 0)).toBe(true);
    expect(cache.bytes).toBe(bytes[0] + bytes[1]);
    const evicted = snapshot.partitions.findIndex((p) => p.key.wave === 'w1');
    expect(cache.evict([shard[0], { dataset: 'core', wave: 'w9', location: 'l1' }])).toBe(1);
    expect(cache.size).toBe(1);
    expect(cache.bytes).toBe(bytes[1 - evicted]);
    const again = await cache.snapshot({ waves: ['w1'], locations: ['l2'], partitions: shard });
    expect(again.partitions.map((p) => p.key)).toEqual([shard[0]]);
    expect(source.loadCalls).toBe(2);
  });

  it('reports each finished load (partitions and decoded bytes) to afterLoad, and a failing hook fails nothing', async () => {
    const source = new InMemoryPartitionSource(
      partitions.map((p) => encodePartition(p)),
      dictionaries,
    );
    const loads: { partitions: number; bytes: number }[] = [];
    const cache = new PartitionCache(source, {
      afterLoad: (loaded) => {
        loads.push(loaded);
        throw new Error('hook failed');
      },
    });
    const first = await cache.snapshot({ waves: ['w1'], locations: ['l1', 'l2'], datasets: ['core'] });
    await cache.snapshot({ waves: ['w1'], locations: ['l1', 'l2'], datasets: ['core'] }); // held: no load
    const second = await cache.snapshot({ waves: ['w2'], locations: ['l1'], datasets: ['core'] });
    await new Promise((resolve) => setImmediate(resolve)); // the hook runs on a later turn
    expect(loads).toEqual([
      { partitions: 2, bytes: first.partitions.map(partitionBytes).reduce((a, b) => a + b, 0) },
      { partitions: 1, bytes: partitionBytes(second.partitions[0]) },
    ]);
    expect(cache.bytes).toBe(loads[0].bytes + loads[1].bytes);
  });

  it('calls afterLoad once the blobs of the load are garbage, the last one too', async () => {
    // A full collection, as the worker runs with --expose-gc (the flag exposes gc to new contexts).
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const blobs = partitions.map((p) => encodePartition(p));
    let read = 0;
    const finalized: number[] = [];
    const registry = new FinalizationRegistry<number>((n) => finalized.push(n));
    const source = new InMemoryPartitionSource(blobs, dictionaries);
    // Each blob is a copy made as it is yielded, the way a database read hands over new buffers.
    const load = source.loadPartitions.bind(source);
    source.loadPartitions = async function* (keys: readonly PartitionKey[]) {
      for await (const item of load(keys)) {
        const copy = (item as Uint8Array).slice();
        registry.register(copy, read++);
        yield copy;
      }
    };
    let collected!: () => void;
    const hooked = new Promise<void>((resolve) => (collected = resolve));
    // Only what is garbage when the hook's collection runs is finalized (nothing collects it again
    // here); finalizers run on later turns, so the wait below is bounded at 50 of them.
    const cache = new PartitionCache(source, { afterLoad: () => (gc(), collected()) });
    await cache.snapshot({ waves: ['w1', 'w2'], locations: ['l1', 'l2'], datasets: ['core'] });
    await hooked;
    for (let turn = 0; turn < 50 && finalized.length < read; turn++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(read).toBe(4);
    expect(finalized.sort()).toEqual([0, 1, 2, 3]);
  });

  it('reloads when the data version changes, checking at most every interval (or when forced)', async () => {
    let now = 0;
    const source = new InMemoryPartitionSource(partitions, dictionaries);
    const cache = new PartitionCache(source, { checkIntervalMs: 1000, now: () => now });
    const before = await cache.snapshot({ waves: ['w1'], locations: ['l1'] });
    const changed = partitionsOf(randomRecords(6, 500)).partitions;
    source.replace(changed, dictionaries, '2');
    now = 500;
    expect((await cache.snapshot({ waves: ['w1'], locations: ['l1'] })).partitions[0]).toBe(before.partitions[0]);
    now = 1000;
    const after = await cache.snapshot({ waves: ['w1'], locations: ['l1'] });
    expect(after.version).toBe('2');
    expect(after.partitions.every((p) => changed.includes(p))).toBe(true);
    source.replace(partitions, dictionaries, '3');
    await cache.refresh();
    expect(cache.currentVersion).toBe('3');
    expect(cache.size).toBe(0);
  });

  it('rejects a query whose partition the source fails to deliver, and retries later', async () => {
    const source = new InMemoryPartitionSource(partitions, dictionaries);
    const cache = new PartitionCache(source);
    await cache.refresh();
    source.replace([], dictionaries, '1');
    await expect(cache.snapshot({ waves: ['w1'], locations: ['l1'] })).rejects.toThrow(/did not return partition/);
    source.replace(partitions, dictionaries, '1');
    await expect(cache.snapshot({ waves: ['w1'], locations: ['l1'] })).resolves.toBeDefined();
  });
});

describe('CrosstabEngine', () => {
  it('runs a crosstab and a segmented crosstab over a source, then closes its pool', async () => {
    const records = randomRecords(9, 800);
    const engine = new CrosstabEngine(new InMemoryPartitionSource(partitionsOf(records).partitions, dictionaries), { threads: 2 });
    try {
      const query = {
        rows: [{ kind: 'leaf' as const, question: 'gender', datapoints: ['f'] }],
        columns: [{ kind: 'all' as const }],
        waves: [...TEST_WAVES],
        locations: [...TEST_LOCATIONS],
        datasets: ['core'],
      };
      const result = await engine.crosstab(query);
      const women = records.filter((r) => r.dataset === 'core' && r.answers.some((a) => a.question === 'gender' && a.datapoint === 'f'));
      expect(result.cells[0].intersect.sample).toBe(women.length);
      const byWave = await engine.segmentedCrosstab(query, 'wave');
      expect(byWave.map((s) => s.segment)).toEqual([...TEST_WAVES]);
      expect(byWave.reduce((n, s) => n + s.result.cells[0].intersect.sample, 0)).toBe(women.length);
      // size = mean of the per-wave sums
      expect(byWave.reduce((n, s) => n + s.result.cells[0].intersect.size, 0) / 3).toBeCloseTo(result.cells[0].intersect.size, 9);
    } finally {
      await engine.close();
    }
  });
});
