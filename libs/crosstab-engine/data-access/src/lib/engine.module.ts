import { Global, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { CommonConfig } from '@aas/infra';
import { CrosstabEngine } from '@aas/crosstab-engine';
import { PgPartitionSource } from './pg-partition-source';

/**
 * The process's one crosstab engine: its partition cache (loaded on first use, reloaded
 * when the data version moves) and its worker-thread pool, so the kernel never blocks
 * the event loop that serves HTTP or renews BullMQ locks.
 */
@Injectable()
export class EngineHost implements OnApplicationShutdown {
  readonly engine: CrosstabEngine;

  constructor(config: CommonConfig) {
    this.engine = new CrosstabEngine(new PgPartitionSource(config.DATABASE_URL), { checkIntervalMs: 5_000 });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.engine.close();
  }
}

@Global()
@Module({ providers: [EngineHost], exports: [EngineHost] })
export class EngineModule {}
