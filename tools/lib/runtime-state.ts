import fs from 'node:fs';
import path from 'node:path';

/**
 * Where `npm start` and the CLIs keep local state (the embedded Postgres's data, what is running):
 * `.data/` in the clone (git-ignored), or AAS_DATA_DIR (tests use their own).
 */
export const DATA_DIR = process.env.AAS_DATA_DIR ? path.resolve(process.env.AAS_DATA_DIR) : path.resolve(__dirname, '..', '..', '..', '.data');
const START_FILE = path.join(DATA_DIR, 'start.json');

/** What a running `npm start` tells a second one (and anyone reading .data/start.json). */
export interface StartState {
  pid: number;
  startedAt: string;
  /** The gateway's URL. */
  url: string;
  /** The database it uses (the embedded one unless DATABASE_URL was set). */
  database?: string;
  jobMode?: string;
}

/** Whether pid is a live `npm start` (where /proc tells the command line, a recycled pid does not count). */
function isStartProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(path.join('tools', 'start', 'start.js'));
  } catch {
    return true;
  }
}

function readStartState(): StartState | undefined {
  try {
    return JSON.parse(fs.readFileSync(START_FILE, 'utf8')) as StartState;
  } catch {
    return undefined;
  }
}

/** The `npm start` running in this clone, if one is. */
export function runningStart(): StartState | undefined {
  const state = readStartState();
  return state && state.pid !== process.pid && isStartProcess(state.pid) ? state : undefined;
}

/**
 * Claims this clone for this `npm start`: returns the other one's state when one is running (and
 * claims nothing), else undefined. The file is created exclusively, so two starts at the same
 * moment do not both win; a file left by a start that died is replaced.
 */
export function claimStart(state: StartState): StartState | undefined {
  fs.mkdirSync(DATA_DIR, { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(START_FILE, JSON.stringify(state, null, 2), { flag: 'wx' });
      return undefined;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const other = runningStart();
      if (other) return other;
      fs.rmSync(START_FILE, { force: true });
    }
  }
  return runningStart();
}

/** Updates what this start tells others (once it knows its database, its URL). */
export function updateStart(state: StartState): void {
  fs.writeFileSync(START_FILE, JSON.stringify(state, null, 2));
}

/** Releases the claim (only this process's own). */
export function releaseStart(): void {
  if (readStartState()?.pid === process.pid) fs.rmSync(START_FILE, { force: true });
}
