import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { CommonConfig } from '@aas/infra';
import { CrosstabEngine, DEFAULT_ARENA_BYTES, DEFAULT_LEAF_CACHE_BYTES } from '@aas/crosstab-engine';
import { PgPartitionSource } from './pg-partition-source';

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
 * The process's one crosstab engine: its partition cache (loaded on first use, reloaded
 * when the data version moves), its packed-audience store (bounded by ENGINE_ARENA_MB and
 * ENGINE_LEAF_CACHE_MB) and its worker-thread pool, so the kernel never blocks the event loop
 * that serves HTTP or renews BullMQ locks.
 */
@Injectable()
export class EngineHost implements OnApplicationShutdown {
  private instance?: CrosstabEngine;

  constructor(private readonly config: CommonConfig) {}

  /** Created on first use: a gateway that hands every computation to workers never loads data or starts threads. */
  get engine(): CrosstabEngine {
    if (this.instance === undefined) {
      const memory = this.config as CommonConfig & EngineMemoryConfig;
      this.instance = new CrosstabEngine(new PgPartitionSource(this.config.DATABASE_URL), {
        checkIntervalMs: 5_000,
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
