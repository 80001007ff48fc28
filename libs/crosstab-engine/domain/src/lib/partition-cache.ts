import { decodePartition, partitionId, type AttributeDictionary, type DecodedPartition, type PartitionKey } from '@aas/respondent-store-domain';
import type { CrosstabData } from './crosstab.types';

/**
 * Where partitions come from: the service implements it over Postgres (one bytea row per
 * partition); `InMemoryPartitionSource` serves tests and benchmarks.
 */
export interface PartitionSource {
  /** Changes whenever any partition or dictionary changes (e.g. an import's id or timestamp). */
  dataVersion(): Promise<string>;
  /**
   * The rest read the data as of a version `dataVersion()` answered (the cache pins one), so a
   * query never mixes two versions while a new one is being written.
   */
  listPartitions(version: string): Promise<PartitionKey[]>;
  /** The requested partitions, decoded or as encoded blobs, in any order. */
  loadPartitions(keys: readonly PartitionKey[], version: string): AsyncIterable<DecodedPartition | Uint8Array>;
  dictionary(dataset: string, version: string): Promise<AttributeDictionary>;
}

/** A source over partitions held in memory (blobs or decoded); `setVersion` simulates an import. */
export class InMemoryPartitionSource implements PartitionSource {
  private version = '1';
  loadCalls = 0;

  constructor(
    private partitions: (DecodedPartition | Uint8Array)[],
    private dictionaries: Record<string, AttributeDictionary>,
  ) {}

  replace(partitions: (DecodedPartition | Uint8Array)[], dictionaries: Record<string, AttributeDictionary>, version: string): void {
    this.partitions = partitions;
    this.dictionaries = dictionaries;
    this.version = version;
  }

  async dataVersion(): Promise<string> {
    return this.version;
  }

  async listPartitions(): Promise<PartitionKey[]> {
    return this.partitions.map((p) => ({ ...keyOf(p) }));
  }

  async *loadPartitions(keys: readonly PartitionKey[]): AsyncIterable<DecodedPartition | Uint8Array> {
    this.loadCalls++;
    const wanted = new Set(keys.map(partitionId));
    for (const p of this.partitions) if (wanted.has(partitionId(keyOf(p)))) yield p;
  }

  async dictionary(dataset: string): Promise<AttributeDictionary> {
    const dictionary = this.dictionaries[dataset];
    if (dictionary === undefined) throw new Error(`no dictionary for dataset ${dataset}`);
    return dictionary;
  }
}

/** Bytes of a decoded partition's arrays: weights, universe, every attribute bitset and record of who was asked. */
export function partitionBytes(p: DecodedPartition): number {
  let bytes = p.weights.byteLength + p.universe.byteLength;
  for (const bits of p.attributes.values()) bytes += bits.byteLength;
  for (const bits of p.asked?.values() ?? []) if (bits !== p.universe) bytes += bits.byteLength;
  return bytes;
}

function keyOf(p: DecodedPartition | Uint8Array): PartitionKey {
  return p instanceof Uint8Array ? decodePartition(p).key : p.key;
}

export interface PartitionCacheOptions {
  /** Ask the source for its data version at most this often (ms); default 30 s. */
  readonly checkIntervalMs?: number;
  /** Clock, for tests. */
  readonly now?: () => number;
  /**
   * Called after a batch of partitions has loaded, with how many and their decoded bytes, on a
   * later turn of the event loop, when nothing of the load holds its blobs any more. Loading
   * leaves the buffers the blobs were read into behind as garbage; a process that can collect it
   * at once does so here (the worker: a full collection).
   */
  readonly afterLoad?: (loaded: { readonly partitions: number; readonly bytes: number }) => void;
}

/** What a query needs: which waves, locations and datasets (all datasets when absent), and of those only `partitions` when given. */
export interface PartitionSelection {
  readonly waves: readonly string[];
  readonly locations: readonly string[];
  readonly datasets?: readonly string[];
  readonly partitions?: readonly PartitionKey[];
}

/** A consistent view of one data version: the selected decoded partitions and their dictionaries. */
export interface DataSnapshot extends CrosstabData {
  readonly version: string;
}

/**
 * Loads partitions lazily (only those a query selects), keeps them decoded, and drops everything
 * when the source's data version changes. The version is checked at most every `checkIntervalMs`;
 * `refresh()` forces a check. Concurrent requests for the same partition share one load.
 */
export class PartitionCache {
  private readonly checkIntervalMs: number;
  private readonly now: () => number;
  private readonly afterLoad: PartitionCacheOptions['afterLoad'];
  private version: string | undefined;
  private checkedAt = -Infinity;
  private keys: PartitionKey[] = [];
  private readonly partitions = new Map<string, Promise<DecodedPartition>>();
  /** Bytes of each loaded partition's arrays, by key (what `bytes` adds up). */
  private readonly sizes = new Map<string, number>();
  private readonly dictionaries = new Map<string, Promise<AttributeDictionary>>();
  private versionCheck: Promise<void> | undefined;

  constructor(
    private readonly source: PartitionSource,
    options: PartitionCacheOptions = {},
  ) {
    this.checkIntervalMs = options.checkIntervalMs ?? 30_000;
    this.now = options.now ?? Date.now;
    this.afterLoad = options.afterLoad;
  }

  /** The data version of the cached content (after the last check). */
  get currentVersion(): string | undefined {
    return this.version;
  }

  /** Number of decoded partitions held. */
  get size(): number {
    return this.partitions.size;
  }

  /** Bytes of the decoded partitions held: their bitsets and weights (what grows with the data a process serves). */
  get bytes(): number {
    let total = 0;
    for (const bytes of this.sizes.values()) total += bytes;
    return total;
  }

  /** Checks the data version now; a change drops every cached partition and dictionary. */
  async refresh(): Promise<void> {
    this.versionCheck ??= (async () => {
      try {
        const version = await this.source.dataVersion();
        if (version !== this.version) {
          this.partitions.clear();
          this.sizes.clear();
          this.dictionaries.clear();
          this.keys = await this.source.listPartitions(version);
          this.version = version;
        }
        this.checkedAt = this.now();
      } finally {
        this.versionCheck = undefined;
      }
    })();
    return this.versionCheck;
  }

  /** The selected partitions, loading the missing ones, from the current data version. */
  async snapshot(selection: PartitionSelection): Promise<DataSnapshot> {
    if (this.version === undefined || this.now() - this.checkedAt >= this.checkIntervalMs) await this.refresh();
    const waves = new Set(selection.waves);
    const locations = new Set(selection.locations);
    const datasets = selection.datasets === undefined ? undefined : new Set(selection.datasets);
    const only = selection.partitions === undefined ? undefined : new Set(selection.partitions.map(partitionId));
    const wanted = this.keys.filter(
      (k) =>
        waves.has(k.wave) &&
        locations.has(k.location) &&
        (datasets === undefined || datasets.has(k.dataset)) &&
        (only === undefined || only.has(partitionId(k))),
    );
    const missing = wanted.filter((k) => !this.partitions.has(partitionId(k)));
    if (missing.length > 0) this.load(missing);
    const partitions = await Promise.all(wanted.map((k) => this.partitions.get(partitionId(k)) as Promise<DecodedPartition>));
    const dictionaryList = await Promise.all(
      [...new Set(wanted.map((k) => k.dataset))].map(async (dataset) => [dataset, await this.dictionary(dataset)] as const),
    );
    const dictionaries = new Map(dictionaryList);
    return { version: this.version ?? '', partitions, dictionary: (dataset) => dictionaries.get(dataset) };
  }

  /**
   * Drops these partitions (a shard this process no longer serves): the memory goes back once no
   * running query holds them, and a later query that selects one loads it again.
   */
  evict(keys: Iterable<PartitionKey>): number {
    let dropped = 0;
    for (const key of keys) {
      this.sizes.delete(partitionId(key));
      if (this.partitions.delete(partitionId(key))) dropped++;
    }
    return dropped;
  }

  private dictionary(dataset: string): Promise<AttributeDictionary> {
    let pending = this.dictionaries.get(dataset);
    if (pending === undefined) {
      pending = this.source.dictionary(dataset, this.version ?? '');
      pending.catch(() => this.dictionaries.delete(dataset));
      this.dictionaries.set(dataset, pending);
    }
    return pending;
  }

  private load(keys: PartitionKey[]): void {
    const version = this.version ?? '';
    const waiting = new Map<string, { resolve: (p: DecodedPartition) => void; reject: (e: unknown) => void }>();
    for (const key of keys) {
      const id = partitionId(key);
      const promise = new Promise<DecodedPartition>((resolve, reject) => waiting.set(id, { resolve, reject }));
      // A failed load is forgotten, so the next query tries again.
      promise.catch(() => this.partitions.get(id) === promise && this.partitions.delete(id));
      this.partitions.set(id, promise);
    }
    void (async () => {
      try {
        let loaded = 0;
        let bytes = 0;
        for await (const item of this.source.loadPartitions(keys, version)) {
          const partition = item instanceof Uint8Array ? decodePartition(item) : item;
          const id = partitionId(partition.key);
          const size = partitionBytes(partition);
          loaded++;
          bytes += size;
          // Counted only while its entry is still the one this load filled (not evicted or replaced meanwhile).
          if (waiting.has(id) && version === this.version) this.sizes.set(id, size);
          waiting.get(id)?.resolve(partition);
          waiting.delete(id);
        }
        // On a later turn of the event loop: until this function returns, its frame still holds
        // the last blob it read, and a collection run from here would leave that one resident.
        const afterLoad = this.afterLoad;
        if (loaded > 0 && afterLoad !== undefined) {
          const report = { partitions: loaded, bytes };
          setImmediate(() => {
            try {
              afterLoad(report);
            } catch {
              // A hook's failure is not the load's: the partitions are in.
            }
          });
        }
        for (const [id, pending] of waiting) pending.reject(new Error(`the source did not return partition ${id.split('\u0000').join('/')}`));
      } catch (error) {
        for (const pending of waiting.values()) pending.reject(error);
      }
    })();
  }
}
