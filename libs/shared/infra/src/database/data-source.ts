import { Client } from 'pg';
import type { ClientBase } from 'pg';
import { DataSource, DataSourceOptions, MigrationInterface } from 'typeorm';
import { SafeTypeOrmLogger } from './typeorm-logger';

/**
 * Connection options shared by the apps, the CLIs and tests. `synchronize` is never on; migrations run
 * only through `runMigrations`. The logger never prints query parameters (SafeTypeOrmLogger).
 */
export function dataSourceOptions(url: string, extra: Partial<DataSourceOptions> = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrationsTableName: 'migrations',
    logging: ['error'],
    logger: new SafeTypeOrmLogger(),
    extra: { max: 10, connectionTimeoutMillis: 5000, statement_timeout: 60000, onConnect: keepErrorsFromCrashing },
    ...extra,
  } as DataSourceOptions;
}

/**
 * Gives every pooled client an 'error' listener for its whole life. pg-pool hands a new client to
 * TypeORM synchronously, and TypeORM attaches its own listener a microtask later; a backend
 * terminated as it finishes starting up (a failover, an administrator's pg_terminate_backend)
 * sends its FATAL in that gap, and an 'error' event without a listener ends the process. The
 * error itself still reaches whoever uses the client: its next query fails, and
 * checkThenWrite runs the write again on another connection.
 */
function keepErrorsFromCrashing(client: ClientBase): void {
  client.on('error', () => undefined);
}

/** A migration class as each table owner exports it (every lib exports its list, oldest first). */
export type MigrationClass = new () => MigrationInterface;

/** The advisory lock every migration run takes: the same number in every process of every version. */
export const MIGRATION_LOCK_KEY = 7_304_211_907;

/**
 * Applies the pending migrations of `migrations` (each owner's, in timestamp order), one
 * transaction each, under a Postgres advisory lock: processes started together on an empty
 * database (compose starts a gateway and workers at once) run them once, the others wait and then
 * find nothing to do. Returns the names of those applied. The wait is bounded by `lockTimeoutMs`.
 */
export async function runMigrations(url: string, migrations: readonly MigrationClass[], options: { lockTimeoutMs?: number } = {}): Promise<string[]> {
  const lock = new Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await lock.connect();
  try {
    await lock.query(`SET lock_timeout = ${Math.max(1, Math.floor(options.lockTimeoutMs ?? 120_000))}`);
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const ds = new DataSource(
      dataSourceOptions(url, { migrations: [...migrations], migrationsTransactionMode: 'each', extra: { max: 1, connectionTimeoutMillis: 5_000 } }),
    );
    await ds.initialize();
    try {
      return (await ds.runMigrations({ transaction: 'each' })).map((m) => m.name);
    } finally {
      await ds.destroy();
    }
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.end();
  }
}
