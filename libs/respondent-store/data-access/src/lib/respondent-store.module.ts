import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import type { Pool } from 'pg';
import { CommonConfig } from '@aas/shared-infra';
import { PartitionReader } from './partition-reader';
import { StoreVersion } from './store-version';
import { createStorePool } from './store-pool';

/** The injection token of the store's pool. */
export const STORE_POOL = Symbol('respondent-store-pool');

/** Ends the pool with the application (no open handles after shutdown). */
@Injectable()
class StorePoolCloser implements OnApplicationShutdown {
  constructor(@Inject(STORE_POOL) private readonly pool: Pool) {}

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}

/**
 * The respondent store for a Nest process: one small pool (connections open on first use), the
 * reader over it and the process's data-version signal. Global: the engine, the catalogue and the
 * assistant read through it.
 */
@Global()
@Module({
  providers: [
    { provide: STORE_POOL, inject: [CommonConfig], useFactory: (config: CommonConfig) => createStorePool(config.DATABASE_URL) },
    { provide: PartitionReader, inject: [STORE_POOL], useFactory: (pool: Pool) => new PartitionReader(pool) },
    { provide: StoreVersion, inject: [PartitionReader], useFactory: (reader: PartitionReader) => new StoreVersion(reader) },
    StorePoolCloser,
  ],
  exports: [STORE_POOL, PartitionReader, StoreVersion],
})
export class RespondentStoreModule {}
