import { DATA_DIR } from './runtime-state';
import { embeddedPort, ensureEmbeddedPostgres } from './embedded-postgres';

/** The database a CLI works on, for the length of the command. */
export interface DatabaseSession {
  url: string;
  /** Where it came from, for messages. */
  source: 'DATABASE_URL' | 'embedded (already running)' | 'embedded (started for this command)';
  /** Stops the embedded Postgres if this command started it; otherwise nothing. */
  release(): Promise<void>;
}

/**
 * DATABASE_URL when set; otherwise the embedded Postgres of `npm start` (data in .data/pg): the
 * running one when there is one, else one started now and stopped by `release`. So every CLI works
 * whether or not `npm start` runs, the same database either way.
 */
export async function openDatabase(log: (msg: string) => void): Promise<DatabaseSession> {
  const url = process.env.DATABASE_URL;
  if (url) return { url, source: 'DATABASE_URL', release: async () => undefined };
  const port = embeddedPort();
  const embedded = await ensureEmbeddedPostgres(DATA_DIR, port, log);
  if (embedded.owned) log(`no DATABASE_URL and no embedded Postgres running: started it on port ${embedded.port} for this command`);
  return {
    url: embedded.url,
    source: embedded.owned ? 'embedded (started for this command)' : 'embedded (already running)',
    release: () => embedded.stop(),
  };
}

/** Runs fn against the CLI's database (see openDatabase), releasing it afterwards whatever happens. */
export async function withDatabase<T>(log: (msg: string) => void, fn: (url: string) => Promise<T>): Promise<T> {
  const session = await openDatabase(log);
  try {
    return await fn(session.url);
  } finally {
    await session.release();
  }
}
