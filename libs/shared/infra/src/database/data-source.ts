import { Client } from 'pg';
import { DataSource, MigrationInterface } from 'typeorm';
import { dataSourceOptions } from './data-source-options';

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
