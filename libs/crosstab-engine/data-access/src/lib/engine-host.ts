import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { CrosstabEngine } from '@aas/crosstab-engine';
import { PgPartitionSource, STORE_POOL, StoreVersion } from '@aas/respondent-store-data';

/**
 * The process's one crosstab engine: its partition cache (loaded on first use, switched when the
 * process's data-version signal moves) and its worker-thread pool, so the kernel never blocks the
 * event loop that serves HTTP or renews BullMQ locks. It reads the respondent store through the
 * store's pool.
 */
@Injectable()
export class EngineHost implements OnApplicationShutdown {
  private instance?: CrosstabEngine;

  constructor(
    @Inject(STORE_POOL) private readonly pool: Pool,
    private readonly version: StoreVersion,
  ) {}

  /** Created on first use: a gateway that hands every computation to workers never loads data or starts threads. */
  get engine(): CrosstabEngine {
    // The signal rate-limits the version query (StoreVersion), so the cache may ask it every query.
    this.instance ??= new CrosstabEngine(new PgPartitionSource(this.pool, this.version), { checkIntervalMs: 0 });
    return this.instance;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.instance?.close();
  }
}
