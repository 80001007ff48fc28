import { DataSource, DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from './migrations';

/** Connection options shared by the apps, the migrate CLI and tests. `synchronize` is never on. */
export function dataSourceOptions(url: string, extra: Partial<DataSourceOptions> = {}): DataSourceOptions {
  return {
    type: 'postgres',
    url,
    synchronize: false,
    migrationsRun: false,
    migrations: MIGRATIONS,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    logging: ['error', 'migration'],
    extra: { max: 10, connectionTimeoutMillis: 5000, statement_timeout: 60000 },
    ...extra,
  } as DataSourceOptions;
}

/** Runs pending migrations on a fresh connection; returns the names of those applied. */
export async function migrate(url: string): Promise<string[]> {
  const ds = new DataSource(dataSourceOptions(url, { logging: ['error'] }));
  await ds.initialize();
  try {
    const applied = await ds.runMigrations({ transaction: 'each' });
    return applied.map((m) => m.name);
  } finally {
    await ds.destroy();
  }
}
