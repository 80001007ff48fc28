import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_DATABASE_URL } from '@aas/infra';

/** Where `npm start` keeps local state (embedded Postgres data, the URL it chose). Git-ignored. */
export const DATA_DIR = path.resolve(__dirname, '..', '..', '..', '.data');
const STATE_FILE = path.join(DATA_DIR, 'runtime.json');

export interface RuntimeState {
  databaseUrl: string;
}

export function writeRuntimeState(state: RuntimeState): void {
  fs.mkdirSync(DATA_DIR, { recursive: true });
  fs.writeFileSync(STATE_FILE, JSON.stringify(state, null, 2));
}

/**
 * The database the CLIs talk to: DATABASE_URL when set, else the one the last
 * `npm start` used (the embedded Postgres), else the local default.
 */
export function resolveDatabaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  try {
    const state = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8')) as RuntimeState;
    if (state.databaseUrl) return state.databaseUrl;
  } catch {
    // no state yet
  }
  return DEFAULT_DATABASE_URL;
}

/** Minimal `--name value` argument parsing for the CLIs. */
export function parseArgs(argv: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new Error(`unexpected argument '${arg}'`);
    const [key, inline] = arg.slice(2).split('=', 2);
    if (inline !== undefined) out[key] = inline;
    else if (i + 1 < argv.length && !argv[i + 1].startsWith('--')) out[key] = argv[++i];
    else out[key] = 'true';
  }
  return out;
}
