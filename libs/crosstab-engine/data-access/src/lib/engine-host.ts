import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { CommonConfig } from '@aas/infra';
import { CrosstabEngine } from '@aas/crosstab-engine';
import { createStorePool, PgPartitionSource } from '@aas/respondent-store-data';

/**
 * The process's one crosstab engine: its partition cache (loaded on first use, reloaded
 * when the data version moves) and its worker-thread pool, so the kernel never blocks
 * the event loop that serves HTTP or renews BullMQ locks.
 */
@Injectable()
export class EngineHost implements OnApplicationShutdown {
  private instance?: CrosstabEngine;
  private pool?: Pool;

  constructor(private readonly config: CommonConfig) {}

  /** Created on first use: a gateway that hands every computation to workers never loads data or starts threads. */
  get engine(): CrosstabEngine {
    this.pool ??= createStorePool(this.config.DATABASE_URL);
    this.instance ??= new CrosstabEngine(new PgPartitionSource(this.pool), { checkIntervalMs: 5_000 });
    return this.instance;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.instance?.close();
    await this.pool?.end();
  }
}
