import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { ProblemException } from '../errors/problem.exception';
import { CommitCuttingProxy } from '../testing/commit-cutting-proxy';
import { createTestDatabase, TestDatabase } from '../testing/test-database';
import { checkThenWrite, WRITE_NOT_COMMITTED, WriteTransaction } from './check-then-write';
import { dataSourceOptions } from './data-source-options';

const ROW = 1;

/** A client of its own (not the pool under test), for locks held and backends killed from outside. */
async function outsideClient(url: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  await client.connect();
  return client;
}

/** The write every test runs: lock the counter row, re-check it exists, bump it, answer what was written. */
async function bump(tx: WriteTransaction, by = 1): Promise<{ n: number }> {
  const [locked] = await tx.rows<{ n: number }>(`SELECT n FROM counters WHERE id = $1 FOR UPDATE`, [ROW]);
  if (locked === undefined) throw ProblemException.notFound('no such counter');
  const [written] = await tx.rows<{ n: number }>(`UPDATE counters SET n = n + $2 WHERE id = $1 RETURNING n`, [ROW, by]);
  return written;
}

/** Polls until `predicate` holds, at most `ms`; the failure says what was last seen. */
async function waitFor<T>(what: string, read: () => Promise<T>, predicate: (value: T) => boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  let last: T | undefined;
  while (Date.now() < until) {
    last = await read();
    if (predicate(last)) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`${what} not reached within ${ms} ms; last seen: ${JSON.stringify(last)}`);
}

describe('checkThenWrite (real Postgres)', () => {
  let db: TestDatabase;
  let outside: Client;

  beforeAll(async () => {
    db = await createTestDatabase('checkthenwrite');
    outside = await outsideClient(db.url);
    await outside.query(`CREATE TABLE counters (id integer PRIMARY KEY, n integer NOT NULL)`);
  });
  afterAll(async () => {
    await outside?.end();
    await db?.drop();
  });
  beforeEach(async () => {
    await outside.query(`DELETE FROM counters`);
    await outside.query(`INSERT INTO counters VALUES ($1, 0)`, [ROW]);
  });

  const count = async () => Number((await outside.query(`SELECT n FROM counters WHERE id = $1`, [ROW])).rows[0].n);
  /** Backends of this database (but `outside`'s) waiting on a lock. */
  const lockWaiters = async () => {
    await outside.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await outside.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
    );
    return rows[0].n as number;
  };

  async function withPool<T>(extra: object, use: (ds: DataSource) => Promise<T>, url = db.url): Promise<T> {
    const ds = new DataSource(dataSourceOptions(url, { logging: false, extra: { connectionTimeoutMillis: 5_000, ...extra } }));
    await ds.initialize();
    try {
      return await use(ds);
    } finally {
      await ds.destroy();
    }
  }

  describe('a burst on one locked row with a pool of 2', () => {
    it('completes every write: the checks, which need pooled connections, run before any lock is taken', async () => {
      await withPool({ max: 2 }, async (ds) => {
        await outside.query('BEGIN');
        await outside.query('SELECT n FROM counters WHERE id = $1 FOR UPDATE', [ROW]);
        const writes = Array.from({ length: 10 }, () =>
          checkThenWrite(
            ds,
            // What a catalogue check does: read through the pool.
            async () => (await ds.query(`SELECT 1 AS one`))[0].one as number,
            (tx, by) => bump(tx, by),
          ).then(
            (r) => ({ ok: true as const, n: r.n }),
            (e: Error) => ({ ok: false as const, error: e.message }),
          ),
        );
        // The whole pool now waits on the row lock held outside; then it is let go.
        await waitFor('2 transactions waiting on the lock', lockWaiters, (n) => n === 2);
        await outside.query('COMMIT');
        const results = await Promise.all(writes);
        expect(results.filter((r) => !r.ok)).toEqual([]);
        expect(results.map((r) => (r.ok ? r.n : 0)).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
      });
      expect(await count()).toBe(10);
    });

    it('(the shape it replaces, a check that needs the pool while the row is locked, fails on the same burst)', async () => {
      // This is the bug checkThenWrite exists for; kept as a test so the burst above is known to be able to fail.
      const failures = await withPool({ max: 2, connectionTimeoutMillis: 1_000 }, async (ds) => {
        await outside.query('BEGIN');
        await outside.query('SELECT n FROM counters WHERE id = $1 FOR UPDATE', [ROW]);
        const writes = Array.from({ length: 4 }, () =>
          ds
            .transaction(async (m) => {
              await m.query(`SELECT n FROM counters WHERE id = $1 FOR UPDATE`, [ROW]);
              await ds.query(`SELECT 1`); // the check, inside the lock
              await m.query(`UPDATE counters SET n = n + 1 WHERE id = $1`, [ROW]);
            })
            .then(
              () => null,
              (e: Error) => e.message,
            ),
        );
        await waitFor('2 transactions waiting on the lock', lockWaiters, (n) => n === 2);
        await outside.query('COMMIT');
        return (await Promise.all(writes)).filter((m) => m !== null);
      });
      expect(failures.length).toBeGreaterThan(0);
      expect(failures[0]).toMatch(/timeout exceeded when trying to connect/);
    });
  });

  describe('a connection killed before the COMMIT', () => {
    it('is rolled back by the server, and the write runs again on a fresh connection: one effect, answered 2xx', async () => {
      let attempts = 0;
      const result = await withPool({ max: 3 }, (ds) =>
        checkThenWrite(
          ds,
          async () => 5,
          async (tx, by) => {
            attempts++;
            const written = await bump(tx, by);
            if (attempts === 1) {
              const [{ pid }] = await tx.rows<{ pid: number }>('SELECT pg_backend_pid() AS pid');
              await outside.query('SELECT pg_terminate_backend($1)', [pid]);
              // The next statement finds the connection gone.
              await tx.rows('SELECT 1');
            }
            return written;
          },
        ),
      );
      expect(attempts).toBe(2);
      expect(result).toEqual({ n: 5 });
      expect(await count()).toBe(5);
    });

    it('answers 503 "nothing was written" once the attempts are used up, and nothing was written', async () => {
      const error = await withPool({ max: 3 }, (ds) =>
        checkThenWrite(
          ds,
          async () => 1,
          async (tx, by) => {
            const written = await bump(tx, by);
            const [{ pid }] = await tx.rows<{ pid: number }>('SELECT pg_backend_pid() AS pid');
            await outside.query('SELECT pg_terminate_backend($1)', [pid]);
            await tx.rows('SELECT 1');
            return written;
          },
          { attempts: 2 },
        ).catch((e: unknown) => e),
      );
      expect(error).toBeInstanceOf(ProblemException);
      expect((error as ProblemException).getStatus()).toBe(503);
      expect((error as ProblemException).message).toBe(WRITE_NOT_COMMITTED);
      expect(await count()).toBe(0);
    });
  });

  describe('a COMMIT whose answer never arrives (a proxy cuts the line)', () => {
    let proxy: CommitCuttingProxy;
    beforeAll(async () => {
      proxy = await CommitCuttingProxy.start(db.url);
    });
    afterAll(() => proxy?.stop());

    it('answers what was written when the server did commit: no error hides a commit', async () => {
      proxy.arm('after');
      let attempts = 0;
      const result = await withPool(
        { max: 3 },
        (ds) =>
          checkThenWrite(
            ds,
            async () => 7,
            (tx, by) => (attempts++, bump(tx, by)),
          ),
        proxy.urlFor(db.url),
      );
      expect(proxy.cutCount).toBe(1);
      expect(attempts).toBe(1);
      expect(result).toEqual({ n: 7 });
      expect(await count()).toBe(7);
    });

    it('writes once more when the COMMIT never reached the server', async () => {
      proxy.arm('before');
      let attempts = 0;
      const result = await withPool(
        { max: 3 },
        (ds) =>
          checkThenWrite(
            ds,
            async () => 3,
            (tx, by) => (attempts++, bump(tx, by)),
          ),
        proxy.urlFor(db.url),
      );
      expect(attempts).toBe(2);
      expect(result).toEqual({ n: 3 });
      expect(await count()).toBe(3);
    });

    it('ends a transaction the server still holds open (a partition, not a kill), then writes once more', async () => {
      proxy.arm('hang');
      let attempts = 0;
      const started = Date.now();
      const result = await withPool(
        { max: 3 },
        (ds) =>
          checkThenWrite(
            ds,
            async () => 2,
            (tx, by) => (attempts++, bump(tx, by)),
          ),
        proxy.urlFor(db.url),
      );
      expect(attempts).toBe(2);
      expect(result).toEqual({ n: 2 });
      expect(await count()).toBe(2);
      expect(Date.now() - started).toBeLessThan(5_000);
    });
  });

  it('answers 503 when the row stays locked past lockTimeoutMs, and writes nothing', async () => {
    await outside.query('BEGIN');
    await outside.query('SELECT n FROM counters WHERE id = $1 FOR UPDATE', [ROW]);
    try {
      const error = await withPool({ max: 2 }, (ds) => checkThenWrite(ds, async () => 1, bump, { lockTimeoutMs: 200 }).catch((e: unknown) => e));
      expect((error as ProblemException).getStatus()).toBe(503);
    } finally {
      await outside.query('COMMIT');
    }
    expect(await count()).toBe(0);
  });

  it("rolls back and answers the write's own 4xx, and never opens a transaction when the check refuses", async () => {
    await withPool({ max: 2 }, async (ds) => {
      const refused = await checkThenWrite(
        ds,
        async () => 4,
        async (tx, by) => {
          await bump(tx, by);
          throw ProblemException.conflict('changed meanwhile');
        },
      ).catch((e: unknown) => e);
      expect((refused as ProblemException).getStatus()).toBe(409);

      let wrote = false;
      const early = await checkThenWrite(
        ds,
        async () => {
          throw ProblemException.validation('bad body', [{ path: '/name', message: 'missing' }]);
        },
        async () => (wrote = true),
      ).catch((e: unknown) => e);
      expect((early as ProblemException).getStatus()).toBe(400);
      expect(wrote).toBe(false);
    });
    expect(await count()).toBe(0);
  });
});
