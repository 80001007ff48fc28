import { Client } from 'pg';

/** The gateway's pool size (dataSourceOptions: max 10). */
export const GATEWAY_POOL_SIZE = 10;

/**
 * Locks rows from outside the gateway (`lockSql`, a SELECT ... FOR UPDATE), starts `requests`,
 * waits until `waiters` of the database's other connections wait on a lock (by default the
 * gateway's whole pool), then lets go and answers what the requests resolved to, and how long
 * they took after the lock was let go.
 *
 * A write that needed a second pooled connection while holding the row lock (a check run inside
 * the transaction) would then wait for a connection no one can give back. The wait is bounded
 * (10 s); when it fails, the message says how many were waiting.
 */
export async function whileRowLocked<T>(
  databaseUrl: string,
  lock: { sql: string; params: unknown[] },
  requests: () => Promise<T>,
  waiters = GATEWAY_POOL_SIZE,
): Promise<{ result: T; msAfterRelease: number }> {
  const locker = new Client({ connectionString: databaseUrl });
  await locker.connect();
  try {
    await locker.query('BEGIN');
    await locker.query(lock.sql, lock.params);
    const running = requests();
    // The statistics snapshot is per transaction: cleared before each look.
    const waiting = async () => {
      await locker.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await locker.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
      );
      return rows[0].n as number;
    };
    const until = Date.now() + 10_000;
    let seen = await waiting();
    while (seen < waiters && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 30));
      seen = await waiting();
    }
    await locker.query('COMMIT');
    const released = Date.now();
    if (seen < waiters) {
      await running.catch(() => undefined);
      throw new Error(`only ${seen} of ${waiters} connections waited on the row lock within 10 s`);
    }
    const result = await running;
    return { result, msAfterRelease: Date.now() - released };
  } finally {
    await locker.end();
  }
}
