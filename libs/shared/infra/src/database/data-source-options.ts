import type { ClientBase } from 'pg';
import type { DataSourceOptions } from 'typeorm';
import { SafeTypeOrmLogger } from './typeorm-logger';

// Only types come from TypeORM here, so a process can build the options without loading the ORM
// (the worker loads it at its first survey import).

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
