import { Pool } from 'pg';

/**
 * A pool for reading the respondent store, with the service's bounds: no connection attempt or
 * query waits forever. Few connections: partitions are read in batches by one snapshot at a time.
 */
export function createStorePool(databaseUrl: string, max = 4): Pool {
  const pool = new Pool({
    connectionString: databaseUrl,
    max,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 5_000,
    statement_timeout: 60_000,
    query_timeout: 70_000,
  });
  // An idle client whose server went away must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}
