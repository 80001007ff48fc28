import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { MigrationClass, runMigrations } from '../database/data-source';

/** The server tests use: DATABASE_URL when set, else the local Postgres. Its database part is ignored. */
export function testServerUrl(): string {
  return process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database for one test file (or one e2e stack), dropped afterwards: runs never see each
 * other's rows, and two CI runs on one server never collide. An integration spec migrates it with
 * the migrations of the tables it uses (its owner's, and identity's); an e2e stack leaves it empty
 * for the processes under test to migrate, as they do in production.
 */
export async function createTestDatabase(label = 'test', migrations: readonly MigrationClass[] = []): Promise<TestDatabase> {
  const name = `aas_${label
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, 20)}_${randomBytes(5).toString('hex')}`;
  const adminUrl = withDatabase(testServerUrl(), 'postgres');
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(testServerUrl(), name);
  if (migrations.length > 0) await runMigrations(url, migrations);
  return {
    name,
    url,
    drop: async () => {
      const c = new Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
