import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { CommonConfig, dataSourceOptions } from '@aas/shared-infra';

/** How long one statement of an import may run (a large partition's INSERT takes seconds, not minutes). */
const IMPORT_STATEMENT_TIMEOUT_MS = 10 * 60_000;

/**
 * The import job's own small pool (3 connections: the import's transaction, its progress, and
 * reading the staged file back), opened at the first import: the worker has no ORM otherwise, and a
 * gateway in inline mode keeps its request pool for requests.
 *
 * TypeORM itself is loaded then too, not when the worker starts: most worker processes never run an
 * import, and the ORM is some 20 MiB of a process's memory.
 */
@Injectable()
export class ImportDatabase implements OnApplicationShutdown {
  private pending?: Promise<DataSource>;

  constructor(private readonly config: CommonConfig) {}

  dataSource(): Promise<DataSource> {
    if (!this.pending) {
      // require, not import(): a dynamic import would load TypeORM through Node's ES module loader,
      // a second copy beside the CommonJS one the rest of a gateway uses.
      const { DataSource } = require('typeorm') as typeof import('typeorm');
      const options = dataSourceOptions(this.config.DATABASE_URL);
      const ds = new DataSource({ ...options, extra: { ...(options.extra as object), max: 3, statement_timeout: IMPORT_STATEMENT_TIMEOUT_MS } });
      const pending = ds.initialize();
      // A failed start is forgotten, so the next import tries again.
      pending.catch(() => this.pending === pending && (this.pending = undefined));
      this.pending = pending;
    }
    return this.pending;
  }

  async onApplicationShutdown(): Promise<void> {
    const ds = await this.pending?.catch(() => undefined);
    if (ds?.isInitialized) await ds.destroy();
  }
}
