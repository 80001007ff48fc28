import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { CommonConfig, Metrics } from '@aas/shared-infra';
import { CrosstabEngine, DEFAULT_ARENA_BYTES, DEFAULT_LEAF_CACHE_BYTES, PAGE_BYTES } from '@aas/crosstab-engine-domain';
import { PgPartitionSource, STORE_POOL, StoreVersion } from '@aas/respondent-store-data-access';
import { partitionId, type PartitionKey } from '@aas/respondent-store-domain';

/**
 * The engine's memory settings. The worker's config declares (and validates) them; a gateway that
 * runs jobs inline has none and gets the engine's defaults.
 */
export interface EngineMemoryConfig {
  /** MiB of the engine's shared memory for packed audiences and per-pass scratch (`arenaBytes`). */
  readonly ENGINE_ARENA_MB?: number;
  /** MiB of evaluated leaf bitsets kept across queries (`leafCacheBytes`). */
  readonly ENGINE_LEAF_CACHE_MB?: number;
  /** Threads of the cell kernel (`threads`; 0: the calling thread). Unset: available parallelism. */
  readonly ENGINE_THREADS?: number;
}

const MIB = 2 ** 20;
/** A load of at least this many decoded bytes is followed by a full collection, where the process allows one. */
const COLLECT_AFTER_LOAD_BYTES = 16 * MIB;

/**
 * A full garbage collection, when the process runs with `--expose-gc` (the worker does, see
 * tools/lib/process-settings.ts). Loading partitions leaves garbage outside V8's heap: the buffer
 * their blobs were read into (as large as the largest, 34 MiB at 4M respondents) and the
 * protocol's buffers. V8 sees little pressure to collect it, so without this it stays resident:
 * one shard's load at 4M respondents, 391 MiB resident after it without the collection, 340 MiB
 * with it. (When blobs arrived as hex text, 100+ MiB stayed.)
 */
export function collectLoadGarbage({ bytes }: { readonly partitions: number; readonly bytes: number }): void {
  if (bytes < COLLECT_AFTER_LOAD_BYTES) return;
  (globalThis as { gc?: () => void }).gc?.();
}

/**
 * The process's one crosstab engine: its partition cache (loaded on first use, switched when the
 * process's data-version signal moves), its packed-audience store (bounded by ENGINE_ARENA_MB and
 * ENGINE_LEAF_CACHE_MB) and its worker-thread pool, so the kernel never blocks the event loop
 * that serves HTTP or renews BullMQ locks. It reads the respondent store through the store's pool.
 */
@Injectable()
export class EngineHost implements OnApplicationShutdown {
  private instance?: CrosstabEngine;
  /** Partitions jobs of each shard queue asked for (by key), so a shard handed back drops exactly its data. */
  private readonly held = new Map<string, Map<string, PartitionKey>>();

  constructor(
    @Inject(STORE_POOL) private readonly pool: Pool,
    private readonly version: StoreVersion,
    private readonly config: CommonConfig,
    private readonly metrics: Metrics,
  ) {}

  /** Created on first use: a gateway that hands every computation to workers never loads data or starts threads. */
  get engine(): CrosstabEngine {
    if (this.instance === undefined) {
      const memory = this.config as CommonConfig & EngineMemoryConfig;
      // The signal rate-limits the version query (StoreVersion), so the cache may ask it every query.
      this.instance = new CrosstabEngine(new PgPartitionSource(this.pool, this.version), {
        checkIntervalMs: 0,
        arenaBytes: memory.ENGINE_ARENA_MB === undefined ? DEFAULT_ARENA_BYTES : memory.ENGINE_ARENA_MB * MIB,
        leafCacheBytes: memory.ENGINE_LEAF_CACHE_MB === undefined ? DEFAULT_LEAF_CACHE_BYTES : memory.ENGINE_LEAF_CACHE_MB * MIB,
        threads: memory.ENGINE_THREADS,
        afterLoad: collectLoadGarbage,
      });
      registerEngineMetrics(this.metrics, this.instance);
    }
    return this.instance;
  }

  /** Records that jobs of `queue` (a shard's engine queue) use these partitions. */
  holdFor(queue: string, partitions: readonly PartitionKey[]): void {
    let keys = this.held.get(queue);
    if (keys === undefined) this.held.set(queue, (keys = new Map()));
    for (const p of partitions) keys.set(partitionId(p), p);
  }

  /**
   * Drops the partitions that only jobs of `queue` used (this process stopped serving that
   * shard), and what was packed from them. Returns how many partitions were dropped.
   */
  release(queue: string): number {
    const keys = this.held.get(queue);
    this.held.delete(queue);
    if (keys === undefined || this.instance === undefined) return 0;
    for (const other of this.held.values()) for (const id of other.keys()) keys.delete(id);
    return this.instance.evict(keys.values());
  }

  async onApplicationShutdown(): Promise<void> {
    await this.instance?.close();
  }
}

/**
 * The engine's caches as gauges, read at scrape time from the engine's own counters (nothing is
 * computed for them). Registered when the engine starts: a gateway that hands every computation to
 * workers has no engine, and shows none of these series rather than zeros.
 */
function registerEngineMetrics(metrics: Metrics, engine: CrosstabEngine): void {
  const reading = <L extends string>(
    name: string,
    help: string,
    read: (set: (value: number, labels?: Partial<Record<L, string>>) => void) => void,
    labelNames: L[] = [],
  ) => {
    const gauge = metrics.gauge<L>({
      name,
      help,
      labelNames,
      collect: () => {
        gauge.reset();
        read((value, labels) => (labels ? gauge.set(labels, value) : gauge.set(value)));
      },
    });
  };
  reading('aas_engine_arena_bytes', 'Size of the engine arena (ENGINE_ARENA_MB once reserved at first use; 0 before)', (set) => set(engine.stats().arenaBytes));
  reading('aas_engine_arena_used_bytes', 'Bytes of arena pages holding cached packed audiences or in use by a running pass', (set) => {
    const stats = engine.stats();
    set((stats.pageCount - stats.freePages) * PAGE_BYTES);
  });
  reading('aas_engine_cached_blocks', 'Packed audience blocks cached in the arena for the current data version', (set) => set(engine.stats().cachedBlocks));
  reading('aas_engine_leaf_cache_bytes', 'Bytes of evaluated leaf bitsets cached for the current data version (bounded by ENGINE_LEAF_CACHE_MB)', (set) =>
    set(engine.stats().leafBytes),
  );
  reading('aas_engine_partitions_loaded', 'Survey partitions decoded and held in memory by the engine', (set) => set(engine.cache.size));
  reading('aas_engine_partition_bytes', 'Bytes of the decoded survey partitions the engine holds (bitsets and weights)', (set) => set(engine.cache.bytes));
  reading(
    'aas_engine_data_version_info',
    'The survey data version the engine serves (1, labelled with the version; absent before the first computation)',
    (set) => {
      const version = engine.cache.currentVersion;
      if (version !== undefined) set(1, { version });
    },
    ['version'],
  );
}
