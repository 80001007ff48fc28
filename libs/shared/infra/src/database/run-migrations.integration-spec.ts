import { Client } from 'pg';
import { MigrationInterface, QueryRunner } from 'typeorm';
import { createTestDatabase, TestDatabase } from '../testing/test-database';
import { MIGRATION_LOCK_KEY, runMigrations } from './data-source';
import { IDENTITY_MIGRATIONS } from './migrations/1763769600000-Identity';

/** Slow on purpose, so runs started together overlap: without the lock each would create the table. */
class SlowTable1900000000001 implements MigrationInterface {
  name = 'SlowTable1900000000001';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`SELECT pg_sleep(0.3)`);
    await q.query(`CREATE TABLE slow_things (id integer PRIMARY KEY)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE slow_things`);
  }
}

class Counter1900000000002 implements MigrationInterface {
  name = 'Counter1900000000002';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE counter (n integer NOT NULL)`);
    // Applied twice, this would leave two rows.
    await q.query(`INSERT INTO counter VALUES (1)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE counter`);
  }
}

class Broken1900000000003 implements MigrationInterface {
  name = 'Broken1900000000003';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE half_done (id integer)`);
    await q.query(`SELECT * FROM no_such_table`);
  }
  async down(): Promise<void> {
    // nothing to undo: up never commits
  }
}

class Fixed1900000000003 implements MigrationInterface {
  name = 'Fixed1900000000003';
  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE half_done (id integer)`);
  }
  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE half_done`);
  }
}

const MIGRATIONS = [...IDENTITY_MIGRATIONS, SlowTable1900000000001, Counter1900000000002];

describe('runMigrations (real Postgres): once, under the advisory lock', () => {
  const dbs: TestDatabase[] = [];
  const fresh = async (label: string) => {
    const db = await createTestDatabase(label);
    dbs.push(db);
    return db;
  };
  afterAll(async () => {
    await Promise.all(dbs.map((db) => db.drop()));
  });

  async function query<T>(db: TestDatabase, sql: string): Promise<T[]> {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  }

  it('applies every migration exactly once when five processes run them at the same time on an empty database', async () => {
    const db = await fresh('migrateconcurrent');
    const runs = await Promise.all(Array.from({ length: 5 }, () => runMigrations(db.url, MIGRATIONS)));
    const names = MIGRATIONS.map((m) => new m().name);
    // One run applied them all; the others waited for the lock, then found nothing to do.
    expect(runs.filter((applied) => applied.length > 0)).toEqual([names]);
    expect(await query(db, `SELECT name FROM migrations ORDER BY id`)).toEqual(names.map((name) => ({ name })));
    expect(await query(db, `SELECT n FROM counter`)).toEqual([{ n: 1 }]);
    // And a later start applies nothing.
    expect(await runMigrations(db.url, MIGRATIONS)).toEqual([]);
  });

  it('applies only what is new to an existing database', async () => {
    const db = await fresh('migrateincrement');
    expect(await runMigrations(db.url, IDENTITY_MIGRATIONS)).toEqual(['Identity1763769600000']);
    expect(await runMigrations(db.url, MIGRATIONS)).toEqual(['SlowTable1900000000001', 'Counter1900000000002']);
  });

  it('waits for the lock no longer than its bound, and leaves the database untouched then', async () => {
    const db = await fresh('migratelocked');
    const holder = new Client({ connectionString: db.url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      const started = Date.now();
      await expect(runMigrations(db.url, MIGRATIONS, { lockTimeoutMs: 500 })).rejects.toThrow(/lock timeout/);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await query(db, `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`)).toEqual([{ n: 0 }]);
      await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      expect(await runMigrations(db.url, MIGRATIONS, { lockTimeoutMs: 500 })).toHaveLength(MIGRATIONS.length);
    } finally {
      await holder.end();
    }
  });

  it('keeps the migrations before a failing one, rolls the failing one back, and releases the lock', async () => {
    const db = await fresh('migratebroken');
    await expect(runMigrations(db.url, [...MIGRATIONS, Broken1900000000003])).rejects.toThrow(/no_such_table/);
    expect((await query<{ name: string }>(db, `SELECT name FROM migrations ORDER BY id`)).map((r) => r.name)).toEqual(MIGRATIONS.map((m) => new m().name));
    expect(await query(db, `SELECT to_regclass('half_done') AS t`)).toEqual([{ t: null }]);
    // Not left locked: the next start (with the migration fixed) proceeds at once.
    expect(await runMigrations(db.url, [...MIGRATIONS, Fixed1900000000003], { lockTimeoutMs: 1000 })).toEqual(['Fixed1900000000003']);
    expect(
      await query(
        db,
        `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      ),
    ).toEqual([{ n: 0 }]);
  });
});
