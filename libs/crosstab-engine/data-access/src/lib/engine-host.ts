import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { CommonConfig } from '@aas/infra';
import { CrosstabEngine, DEFAULT_ARENA_BYTES, DEFAULT_LEAF_CACHE_BYTES } from '@aas/crosstab-engine';
import { PgPartitionSource, STORE_POOL, StoreVersion } from '@aas/respondent-store-data';

/**
 * The engine's memory settings. The worker's config declares (and validates) them; a gateway that
 * runs jobs inline has none and gets the engine's defaults.
 */
export interface EngineMemoryConfig {
  /** MiB of the engine's shared memory for packed audiences and per-pass scratch (`arenaBytes`). */
  readonly ENGINE_ARENA_MB?: number;
  /** MiB of evaluated leaf bitsets kept across queries (`leafCacheBytes`). */
  readonly ENGINE_LEAF_CACHE_MB?: number;
}

const MIB = 2 ** 20;

/**
 * The process's one crosstab engine: its partition cache (loaded on first use, switched when the
 * process's data-version signal moves), its packed-audience store (bounded by ENGINE_ARENA_MB and
 * ENGINE_LEAF_CACHE_MB) and its worker-thread pool, so the kernel never blocks the event loop
 * that serves HTTP or renews BullMQ locks. It reads the respondent store through the store's pool.
 */
@Injectable()
export class EngineHost implements OnApplicationShutdown {
  private instance?: CrosstabEngine;

  constructor(
    @Inject(STORE_POOL) private readonly pool: Pool,
    private readonly version: StoreVersion,
    private readonly config: CommonConfig,
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
      });
    }
    return this.instance;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.instance?.close();
  }
}
