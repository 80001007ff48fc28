import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@aas/shared-infra';
import { createTestDatabase, TestDatabase } from '@aas/shared-infra/testing';
import {
  attributeDictionaryFromList,
  decodePartition,
  encodePartition,
  PARTITION_FORMAT_VERSION,
  type DecodedPartition,
  type PartitionKey,
} from '@aas/respondent-store-domain';
import { BLOB_CHUNK_BYTES, PartitionReader } from './partition-reader';
import { PgPartitionSource } from './pg-partition-source';
import { RESPONDENT_STORE_MIGRATIONS } from './store-migrations';
import { createStorePool } from './store-pool';
import { SurveyDataVersion } from './survey-data-writer';

const dictionary = attributeDictionaryFromList('core', [
  { question: 'gender', datapoint: 'f', suffix: null },
  { question: 'gender', datapoint: 'm', suffix: null },
]);
const otherDictionary = attributeDictionaryFromList('core', [{ question: 'age', datapoint: 'a1', suffix: null }]);

/** A one-class partition of `count` respondents of weight `weight`, so a blob says which write it came from. */
function blob(key: PartitionKey, count: number, weight: number, dictionaryHash = dictionary.hash): Buffer {
  const bitLength = Math.max(64, Math.ceil(count / 64) * 64);
  return encodePartition({
    key,
    dictionaryHash,
    firstRespondentId: 1,
    respondentCount: count,
    bitLength,
    weightClasses: [{ weight, startBit: 0, count }],
    attributes: new Map(),
  });
}

const key = (wave: string, location = 'gb', dataset = 'core'): PartitionKey => ({ dataset, wave, location });

describe('respondent store (real Postgres): versioned writes, as-of reads', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let pool: Pool;
  let reader: PartitionReader;

  beforeAll(async () => {
    db = await createTestDatabase('store', RESPONDENT_STORE_MIGRATIONS);
    ds = new DataSource(dataSourceOptions(db.url));
    await ds.initialize();
    pool = createStorePool(db.url);
    reader = new PartitionReader(pool);
  });
  afterAll(async () => {
    await pool?.end();
    await ds?.destroy();
    await db?.drop();
  });

  /** Writes one version: partitions as [key, respondents, weight]; `retire` replaces the named datasets wholesale. */
  async function write(parts: [PartitionKey, number, number][], options: { retire?: string[]; hash?: number } = {}): Promise<string> {
    return ds.transaction(async (tx) => {
      const version = await SurveyDataVersion.begin(tx);
      await version.putDictionary(options.hash === otherDictionary.hash ? otherDictionary : dictionary);
      for (const [k, count, weight] of parts) {
        await version.putPartition({
          key: k,
          respondentCount: count,
          formatVersion: PARTITION_FORMAT_VERSION,
          dictionaryHash: options.hash ?? dictionary.hash,
          blob: blob(k, count, weight, options.hash),
        });
      }
      if (options.retire) await version.retireOthers(options.retire);
      await version.commit({ test: true });
      return version.version;
    });
  }

  async function weights(version?: string): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for await (const stored of reader.read({}, version)) {
      out[`${stored.wave}/${stored.location}`] = decodePartition(stored.blob).weightClasses[0].weight;
    }
    return out;
  }

  it('starts empty, then serves what a committed version wrote', async () => {
    expect(await reader.currentVersion()).toBe('none');
    expect(await reader.list()).toEqual([]);
    const v1 = await write([
      [key('w1'), 10, 1.5],
      [key('w2'), 20, 2.5],
    ]);
    expect(await reader.currentVersion()).toBe(v1);
    expect(await weights()).toEqual({ 'w1/gb': 1.5, 'w2/gb': 2.5 });
  });

  it('appends a wave without rewriting the others, and keeps the previous version readable', async () => {
    const before = await reader.currentVersion();
    const rowsBefore: { version: string }[] = (await ds.query(`SELECT version::text AS version FROM respondent_partitions WHERE wave_code = 'w2'`)) as {
      version: string;
    }[];
    const v2 = await write([
      [key('w3'), 30, 3.5],
      [key('w1'), 11, 1.75],
    ]);
    expect(BigInt(v2)).toBeGreaterThan(BigInt(before));
    expect(await weights()).toEqual({ 'w1/gb': 1.75, 'w2/gb': 2.5, 'w3/gb': 3.5 });
    // The untouched wave is the same row as before: not rewritten.
    expect(await ds.query(`SELECT version::text AS version FROM respondent_partitions WHERE wave_code = 'w2'`)).toEqual(rowsBefore);
    // A query pinned to the previous version still reads it, blobs included.
    expect(await weights(before)).toEqual({ 'w1/gb': 1.5, 'w2/gb': 2.5 });
  });

  it('reads exactly the partitions named (a shard), not every partition of their waves and locations', async () => {
    const named = [key('w1'), key('w3')];
    const read: string[] = [];
    for await (const stored of reader.read({ keys: named })) read.push(stored.wave);
    expect(read).toEqual(['w1', 'w3']);
    const none: string[] = [];
    for await (const stored of reader.read({ keys: [] })) none.push(stored.wave);
    expect(none).toEqual([]);
  });

  it('shows nothing of a version before it commits, and nothing at all of one that fails', async () => {
    const current = await reader.currentVersion();
    const seen = await weights();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const midway = new Promise<void>((resolve) => (reached = resolve));
    const failing = ds.transaction(async (tx) => {
      const version = await SurveyDataVersion.begin(tx);
      await version.putPartition({
        key: key('w1'),
        respondentCount: 1,
        formatVersion: PARTITION_FORMAT_VERSION,
        dictionaryHash: dictionary.hash,
        blob: blob(key('w1'), 1, 99),
      });
      await version.commit({});
      reached();
      await held;
      throw new Error('the import failed after writing');
    });
    await midway;
    expect(await reader.currentVersion()).toBe(current);
    expect(await weights()).toEqual(seen);
    release();
    await expect(failing).rejects.toThrow('the import failed after writing');
    expect(await reader.currentVersion()).toBe(current);
    expect(await weights()).toEqual(seen);
  });

  it('replaces a dataset wholesale when asked, and drops what no reader can need any more', async () => {
    const v3 = await write([[key('w9', 'us'), 5, 9.5]], { retire: ['core'] });
    expect(await weights()).toEqual({ 'w9/us': 9.5 });
    // Rows replaced by the version before the previous one are gone; the previous version's are kept.
    const v4 = await write([[key('w9', 'us'), 6, 9.75]]);
    const rows = (await ds.query(`SELECT wave_code, version::text AS version, replaced_at::text AS replaced FROM respondent_partitions ORDER BY version`)) as {
      wave_code: string;
      version: string;
      replaced: string | null;
    }[];
    expect(rows.every((r) => r.replaced === null || BigInt(r.replaced) >= BigInt(v3))).toBe(true);
    expect(rows.filter((r) => r.replaced === null)).toEqual([{ wave_code: 'w9', version: v4, replaced: null }]);
    expect(await weights(v3)).toEqual({ 'w9/us': 9.5 });
  });

  it('serialises concurrent writers: versions strictly increase and both writes land', async () => {
    const [a, b] = await Promise.all([write([[key('c1', 'fr'), 1, 1]]), write([[key('c2', 'fr'), 1, 2]])]);
    expect(a).not.toBe(b);
    expect(await reader.currentVersion()).toBe(BigInt(a) > BigInt(b) ? a : b);
    expect(Object.keys(await weights()).sort()).toEqual(['c1/fr', 'c2/fr', 'w9/us']);
  });

  it('serves the dictionary the visible partitions were encoded with, and refuses two at once', async () => {
    const version = await reader.currentVersion();
    expect((await reader.dictionary('core', version)).hash).toBe(dictionary.hash);
    await write([[key('x1', 'de'), 1, 1]], { hash: otherDictionary.hash });
    await expect(reader.dictionary('core', await reader.currentVersion())).rejects.toThrow(/two dictionaries/);
    await write([[key('x1', 'de'), 1, 1]], { retire: ['core'], hash: otherDictionary.hash });
    expect((await reader.dictionary('core', await reader.currentVersion())).hash).toBe(otherDictionary.hash);
  });

  it('feeds the engine as of a pinned version (PgPartitionSource)', async () => {
    const source = new PgPartitionSource(pool);
    const pinned = await source.dataVersion();
    const keys = await source.listPartitions(pinned);
    await write([[key('late', 'de'), 1, 1]]);
    expect(await source.listPartitions(pinned)).toEqual(keys);
    const loaded: DecodedPartition[] = [];
    for await (const p of source.loadPartitions(keys, pinned)) loaded.push(p);
    expect(loaded.map((p) => p.key)).toEqual(keys);
    expect((await source.listPartitions(await source.dataVersion())).length).toBe(keys.length + 1);
  });
});

/** Deterministic pseudo-random 32-bit words (mulberry32), so a failure can be replayed. */
function randomWords(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/**
 * A partition of 65,536 respondents whose blob is about `attributes` x 8 KiB: most attributes are
 * dense bitsets of random bits (bytes of every value, most of them not valid UTF-8), every fifth a
 * sparse one of a few bits, so the blob's length is no round number.
 */
function randomBlob(key: PartitionKey, attributes: number, seed: number): Buffer {
  const next = randomWords(seed);
  const bitLength = 65_536;
  const map = new Map<number, Uint32Array>();
  for (let id = 0; id < attributes; id++) {
    const words = new Uint32Array(bitLength / 32);
    if (id % 5 === 4) for (let k = 0; k < 3 + (id % 7); k++) words[next() % words.length] |= 1 << (next() % 32);
    else for (let w = 0; w < words.length; w++) words[w] = next();
    map.set(id, words);
  }
  return encodePartition({
    key,
    dictionaryHash: dictionary.hash,
    firstRespondentId: 1 + seed * bitLength,
    respondentCount: bitLength,
    bitLength,
    weightClasses: [{ weight: 1 + seed / 8, startBit: 0, count: bitLength }],
    attributes: map,
  });
}

describe('respondent store (real Postgres): blobs read in bounded chunks', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let pool: Pool;
  let reader: PartitionReader;
  /** What was written, by wave: two blobs larger than a chunk, two far smaller (one under a wave code that needs quoting). */
  const written = new Map<string, Buffer>();

  beforeAll(async () => {
    db = await createTestDatabase('store_chunks', RESPONDENT_STORE_MIGRATIONS);
    ds = new DataSource(dataSourceOptions(db.url));
    await ds.initialize();
    pool = createStorePool(db.url);
    reader = new PartitionReader(pool);
    written.set('big1', randomBlob(key('big1'), 330, 1));
    written.set('big2', randomBlob(key('big2'), 290, 2));
    written.set('small', randomBlob(key('small'), 3, 3));
    // A COPY takes no parameters: the codes reach it as quoted literals.
    written.set("it's\\", randomBlob(key("it's\\"), 5, 4));
    await ds.transaction(async (tx) => {
      const version = await SurveyDataVersion.begin(tx);
      await version.putDictionary(dictionary);
      for (const [wave, bytes] of written) {
        await version.putPartition({
          key: key(wave),
          respondentCount: 65_536,
          formatVersion: PARTITION_FORMAT_VERSION,
          dictionaryHash: dictionary.hash,
          blob: bytes,
        });
      }
      await version.commit({ test: true });
    });
  });
  afterAll(async () => {
    await pool?.end();
    await ds?.destroy();
    await db?.drop();
  });

  it('returns every blob byte for byte, larger than a chunk or not, whatever the chunk size', async () => {
    expect(written.get('big1')?.length).toBeGreaterThan(2 * BLOB_CHUNK_BYTES);
    expect(written.get('big2')?.length).toBeGreaterThan(BLOB_CHUNK_BYTES);
    expect(written.get('small')?.length).toBeLessThan(BLOB_CHUNK_BYTES);
    // The default; one that divides no blob's length; one larger than every blob; a tiny one on the small blob alone.
    for (const [chunkBytes, waves] of [
      [undefined, ['big1', 'big2', "it's\\", 'small']],
      [65_537, ['big1', 'big2', "it's\\", 'small']],
      [4 * 2 ** 20, ['big1', 'big2', "it's\\", 'small']],
      [7, ["it's\\", 'small']],
    ] as const) {
      const read = new Map<string, Buffer>();
      for await (const stored of reader.read({ waves }, undefined, { chunkBytes })) read.set(stored.wave, stored.blob);
      expect([...read.keys()]).toEqual([...waves]);
      for (const wave of waves)
        expect({ chunkBytes, wave, same: read.get(wave)?.equals(written.get(wave) as Buffer) }).toEqual({ chunkBytes, wave, same: true });
    }
  });

  it('with a reused buffer, yields each blob whole in the one buffer', async () => {
    const buffers = new Set<ArrayBufferLike>();
    const waves: string[] = [];
    for await (const stored of reader.read({}, undefined, { reuseBuffer: true, chunkBytes: 100_003 })) {
      waves.push(stored.wave);
      buffers.add(stored.blob.buffer);
      expect(stored.blob.equals(written.get(stored.wave) as Buffer)).toBe(true);
    }
    expect(waves).toEqual(['big1', 'big2', "it's\\", 'small']);
    expect(buffers.size).toBe(1);
  });

  it('feeds the engine partitions decoded from their own blobs, although they shared one buffer (PgPartitionSource)', async () => {
    const source = new PgPartitionSource(pool);
    const version = await source.dataVersion();
    const keys = await source.listPartitions(version);
    const loaded: DecodedPartition[] = [];
    for await (const p of source.loadPartitions(keys, version)) loaded.push(p);
    expect(loaded.map((p) => p.key.wave)).toEqual(['big1', 'big2', "it's\\", 'small']);
    // Encoding is a pure function of the partition: a decoded partition that still looked into the
    // shared buffer would now re-encode as the last blob read, not as its own.
    for (const p of loaded)
      expect({ wave: p.key.wave, same: encodePartition(p).equals(written.get(p.key.wave) as Buffer) }).toEqual({ wave: p.key.wave, same: true });
  });
});
