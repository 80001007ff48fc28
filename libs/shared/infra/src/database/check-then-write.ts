import { Logger } from '@nestjs/common';
import { DataSource, QueryRunner } from 'typeorm';
import { ProblemException } from '../errors/problem.exception';

/** The statements a write runs inside its transaction (see checkThenWrite). */
export interface WriteTransaction {
  /** Runs one statement and answers its rows: for INSERT, UPDATE and DELETE those of its RETURNING clause. */
  rows<T = Record<string, unknown>>(sql: string, parameters?: readonly unknown[]): Promise<T[]>;
}

export interface CheckThenWriteOptions {
  /** How long the transaction waits for a row lock before answering 503 (ms). */
  readonly lockTimeoutMs?: number;
  /** Transactions run at most this often when a lost connection rolled the previous one back. */
  readonly attempts?: number;
  /** How long to find out whether a COMMIT whose answer was lost took effect (ms). */
  readonly outcomeTimeoutMs?: number;
}

const DEFAULTS = { lockTimeoutMs: 5_000, attempts: 3, outcomeTimeoutMs: 5_000 } as const;

const logger = new Logger('checkThenWrite');

/** What a client is told when the write certainly did not happen: retrying is safe. */
export const WRITE_NOT_COMMITTED = 'The database connection was lost or the database is busy; nothing was written. Retry the request.';
/** What a client is told in the one case where the outcome could not be established. */
export const WRITE_OUTCOME_UNKNOWN = 'The database could not confirm whether the write took effect; read the resource before retrying.';

/**
 * Runs one write of a stored resource in the one shape every feature uses, so that a burst of
 * writes on one row cannot exhaust the connection pool and a committed write is never answered
 * with an error:
 *
 * 1. `check()` runs first, outside any transaction: everything that needs other services or
 *    pooled connections (the catalogue, a snapshot read for the answer's precedence). It throws
 *    the client's answer (4xx). A connection lost here answers 503: nothing was written.
 * 2. `write(tx, checked)` runs in one short transaction: it locks the row (`SELECT … FOR UPDATE`),
 *    re-checks what the lock protects (existence, ownership, `updated_at`), writes with
 *    `RETURNING` and answers from what was written. It must not wait for anything but `tx`: a
 *    transaction that waits for a second pooled connection while holding a row lock is how a
 *    burst of PUTs used to exhaust the pool. Row locks wait at most `lockTimeoutMs` (then 503).
 * 3. COMMIT. When the connection is lost before the COMMIT is answered, the transaction's id
 *    tells the outcome (`pg_xact_status`): committed answers what `write` returned, rolled back
 *    runs `write` again on a fresh connection (up to `attempts` in all, then 503).
 *
 * The contract for clients: a 2xx means committed, and every 5xx from here means "not
 * committed, safe to retry", except the 503 of WRITE_OUTCOME_UNKNOWN, answered only when the
 * database stays unreachable for the whole `outcomeTimeoutMs` after a lost COMMIT.
 */
export async function checkThenWrite<Checked, Result>(
  dataSource: DataSource,
  check: () => Promise<Checked>,
  write: (tx: WriteTransaction, checked: Checked) => Promise<Result>,
  options: CheckThenWriteOptions = {},
): Promise<Result> {
  const settings = { ...DEFAULTS, ...options };
  let checked: Checked;
  try {
    checked = await check();
  } catch (error) {
    throw failureOf(error) === 'other' ? error : ProblemException.unavailable(WRITE_NOT_COMMITTED);
  }
  for (let attempt = 1; ; attempt++) {
    const outcome = await attemptWrite(dataSource, (tx) => write(tx, checked), settings);
    if (outcome.kind === 'done') return outcome.result;
    if (outcome.kind === 'unknown') throw ProblemException.unavailable(WRITE_OUTCOME_UNKNOWN);
    // Rolled back. After a lost connection another transaction may well succeed; a database that is
    // busy or down is not waited for twice; anything else (a 4xx from `write`, a bug) is the answer.
    const failure = failureOf(outcome.error);
    if (failure === 'other') throw outcome.error;
    if (failure === 'busy' || attempt >= settings.attempts) throw ProblemException.unavailable(WRITE_NOT_COMMITTED);
  }
}

type Outcome<R> = { kind: 'done'; result: R } | { kind: 'rolled-back'; error: unknown } | { kind: 'unknown' };

async function attemptWrite<R>(
  dataSource: DataSource,
  write: (tx: WriteTransaction) => Promise<R>,
  settings: Required<CheckThenWriteOptions>,
): Promise<Outcome<R>> {
  const runner = dataSource.createQueryRunner();
  const tx: WriteTransaction = {
    rows: async <T>(sql: string, parameters?: readonly unknown[]) => (await runner.query(sql, parameters ? [...parameters] : undefined, true)).records as T[],
  };
  let xid: string | undefined;
  let result: R;
  try {
    await runner.startTransaction();
    // The transaction's id, taken before anything is written, is what tells a lost COMMIT's outcome.
    const [started] = await tx.rows<{ xid: string }>(`SELECT pg_current_xact_id()::text AS xid, set_config('lock_timeout', $1, true)`, [
      `${settings.lockTimeoutMs}ms`,
    ]);
    xid = started.xid;
    result = await write(tx);
  } catch (error) {
    await rollBack(runner);
    await runner.release();
    return { kind: 'rolled-back', error };
  }
  try {
    await runner.commitTransaction();
    return { kind: 'done', result };
  } catch (error) {
    const status = await commitOutcome(dataSource, xid, settings.outcomeTimeoutMs);
    // Rare and worth seeing: the answer to a COMMIT was lost, and this is what it turned out to be.
    logger.warn({ xid, outcome: status, err: error }, `COMMIT answer lost; the transaction ${status === 'unknown' ? 'has an unknown outcome' : status}`);
    if (status === 'committed') return { kind: 'done', result };
    if (status === 'aborted') return { kind: 'rolled-back', error };
    return { kind: 'unknown' };
  } finally {
    await runner.release();
  }
}

async function rollBack(runner: QueryRunner): Promise<void> {
  // On a lost connection there is nothing to roll back: the server already did.
  if (runner.isTransactionActive && !runner.isReleased) await runner.rollbackTransaction().catch(() => undefined);
}

/**
 * Whether the transaction `xid` committed, asked on another connection. A backend that is still
 * "in progress" after a COMMIT whose answer was lost (a network failure rather than a killed
 * backend: the server has not noticed yet) is terminated, which settles the outcome.
 */
async function commitOutcome(dataSource: DataSource, xid: string | undefined, timeoutMs: number): Promise<'committed' | 'aborted' | 'unknown'> {
  if (xid === undefined) return 'aborted';
  const until = Date.now() + timeoutMs;
  const settleAfter = Date.now() + Math.min(1_000, timeoutMs / 2);
  let terminated = false;
  while (Date.now() < until) {
    try {
      const [row] = (await dataSource.query(`SELECT pg_xact_status($1::xid8) AS status`, [xid])) as { status: string | null }[];
      if (row.status === 'committed') return 'committed';
      if (row.status === 'aborted') return 'aborted';
      if (!terminated && Date.now() >= settleAfter) {
        await dataSource.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE backend_xid::text = $1`, [xid]);
        terminated = true;
      }
    } catch {
      // The database is not reachable yet: ask again until the bound.
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return 'unknown';
}

/** A connection the server ended (a killed backend, a restart, a network failure): what ran on it was rolled back. */
const LOST_STATES = /^(08|57P0[1-3])/;
const LOST_MESSAGES = /Connection terminated|not queryable|Connection ended|ECONNRESET|EPIPE|Query runner already released/i;
/** No connection or no lock within its bound: the database is down or busy. */
const BUSY_STATES = /^(55P03|53300|57P03)$/;
const BUSY_MESSAGES = /ECONNREFUSED|timeout exceeded when trying to connect/i;

type Failure = 'lost' | 'busy' | 'other';

/** Why a statement failed: a lost connection (worth another transaction), no connection or lock in time, or the request itself. */
function failureOf(error: unknown): Failure {
  if (error instanceof ProblemException) return 'other';
  const e = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = [e?.driverError?.code, e?.code].find((c): c is string => typeof c === 'string');
  const messages = [error, e?.driverError].map((x) => (x instanceof Error ? x.message : '')).join('\n');
  if (code !== undefined && BUSY_STATES.test(code)) return 'busy';
  if ((code !== undefined && LOST_STATES.test(code)) || LOST_MESSAGES.test(messages)) return 'lost';
  if (BUSY_MESSAGES.test(messages)) return 'busy';
  return 'other';
}
