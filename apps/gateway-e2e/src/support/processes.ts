import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const REGISTER = path.join(ROOT, 'tools', 'runtime', 'register.js');

/**
 * How long a built app may take to start (spawn to ready). Starting is CPU-bound: a worker needs
 * about 1.1-1.4 s of CPU, nearly all of it loading some 1,500 modules (Nest 12 through
 * require(esm), BullMQ, TypeORM, class-validator) before it prints its first line, and a gateway
 * about 1.5 s plus its migrations. On two cores shared with two CPU-bound processes and other
 * test runs (load average 13 to 17) a stack's workers were measured ready after up to 22 s and its
 * gateway after up to 35 s, silent nearly all that time: the old 30 s bound left a loaded machine
 * no margin. This bound is for a process that will never be ready, not for a slow one; a failure
 * says which it was (see `AppProcess.describe`: the CPU the process used, its output, whether it
 * is alive).
 */
export const START_TIMEOUT_MS = 90_000;

/**
 * Every process started here and not yet gone. Killed after each test file's own hooks have run,
 * so none outlives its file, e.g. when a hook's timeout abandoned a stack halfway through its start
 * (the file's `afterAll` then has no stack to stop). Jest gives each file its own module registry,
 * so this set is per file.
 */
const children = new Set<ChildProcess>();
if (typeof afterAll === 'function') {
  afterAll(async () => {
    const strays = [...children].filter((c) => c.exitCode === null && c.signalCode === null);
    for (const child of strays) child.kill('SIGKILL');
    await Promise.all(strays.map((c) => new Promise((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve(null) : c.once('exit', resolve)))));
  });
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** CPU time (ms) a live process has used, from /proc (undefined where there is none). */
function cpuMs(pid: number): number | undefined {
  try {
    // Fields after the command name (which may hold spaces, hence the last ')'): utime and stime are the 12th and 13th.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** Resolves on the next turn of the event loop after pending I/O (child output already read by the OS) is handled. */
const afterPendingIo = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A child process of the built app, with its output kept for failure messages. */
export class AppProcess {
  readonly child: ChildProcess;
  private output = '';
  private readonly startedAt = Date.now();
  private firstOutputAt: number | undefined;
  private exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  /** Settles once the process has exited and its output is read to the end (what a failure message needs). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(
    readonly name: string,
    script: string,
    env: NodeJS.ProcessEnv,
  ) {
    this.child = spawn(process.execPath, ['-r', REGISTER, path.join(ROOT, 'dist', script)], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(this.child);
    this.child.once('close', () => children.delete(this.child));
    const keep = (chunk: Buffer) => {
      this.firstOutputAt ??= Date.now();
      this.output += chunk.toString();
      if (this.output.length > 200_000) this.output = this.output.slice(-100_000);
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.child.once('exit', (code, signal) => (this.exit = { code, signal }));
    // 'close' comes after 'exit' once stdout and stderr are drained: before it, the output may lack
    // the last lines (a config error, a stack trace). A failed spawn emits 'error' and no 'close'.
    this.exited = new Promise((resolve) => {
      this.child.once('close', (code, signal) => resolve(this.exit ?? { code, signal }));
      this.child.once('error', (err) => {
        this.output += `\n[spawn failed: ${err.message}]`;
        resolve({ code: null, signal: null });
      });
    });
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  get logs(): string {
    return this.output;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /**
   * What a failed wait reports about the process: pid, alive or how it ended, how long since it
   * was spawned and since its first output, the CPU it used (a starved process used little, a
   * stuck one much), then its output.
   */
  describe(): string {
    const now = Date.now();
    const state = this.running
      ? `alive, ${cpuMs(this.pid) ?? '?'} ms of CPU used`
      : `exited with code ${this.child.exitCode ?? 'none'}, signal ${this.child.signalCode ?? 'none'}`;
    const first = this.firstOutputAt === undefined ? 'no output yet' : `first output ${this.firstOutputAt - this.startedAt} ms after spawn`;
    const tail = this.output.length > 20_000 ? `[... ${this.output.length - 20_000} characters before]\n${this.output.slice(-20_000)}` : this.output;
    return `${this.name} (pid ${this.pid}): ${state}; spawned ${now - this.startedAt} ms ago, ${first}\n--- ${this.name} output ---\n${tail || '(empty)'}\n--- end of ${this.name} output ---`;
  }

  /** Resolves when a log line contains text; rejects (describing the process) when it exits first or after ms. */
  async waitForLog(text: string, ms = 20_000): Promise<void> {
    const until = Date.now() + ms;
    for (;;) {
      if (this.output.includes(text)) return;
      if (!this.running) {
        await Promise.race([this.exited, sleep(2000)]);
        if (this.output.includes(text)) return;
        throw new Error(`${this.name} exited before logging '${text}': ${this.describe()}`);
      }
      if (Date.now() >= until) break;
      await sleep(50);
    }
    // A starved test runner may wake up past the deadline with output still unread: read it, then decide.
    await afterPendingIo();
    if (this.output.includes(text)) return;
    throw new Error(`${this.name} did not log '${text}' within ${ms} ms: ${this.describe()}`);
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM', ms = 15_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.running) this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), ms);
    try {
      return await this.exited;
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Runs a built CLI of tools/ to completion; rejects with its output when it fails or outlives `ms` (then it is killed). */
export async function runTool(script: string, args: string[], env: NodeJS.ProcessEnv, ms = 120_000): Promise<string> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, ['-r', REGISTER, path.join(ROOT, 'dist', script), ...args], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    let output = '';
    let timedOut = false;
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => {
      timedOut = true;
      output += `\n[still running after ${ms} ms, ${cpuMs(child.pid ?? -1) ?? '?'} ms of CPU used: killed]`;
      child.kill('SIGKILL');
    }, ms);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`${script} could not start: ${err.message}`));
    });
    // 'close', not 'exit': the output is complete only once the pipes are drained.
    child.once('close', (code, signal) => {
      children.delete(child);
      clearTimeout(timer);
      if (code === 0 && !timedOut) resolve(output);
      else
        reject(
          new Error(
            `${script} (pid ${child.pid}) ${timedOut ? 'timed out' : `exited with code ${code}, signal ${signal ?? 'none'}`} after ${Date.now() - started} ms:\n${output}`,
          ),
        );
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Polls `check` until it holds, or throws with what `describe` says of the other side. */
export async function eventually(what: string, check: () => boolean | Promise<boolean>, describe: () => string | Promise<string>, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(200);
  }
  throw new Error(`${what} did not happen within ${ms} ms:\n${await describe()}`);
}

/**
 * Polls url until it answers with the status, or throws after ms. With `process`, fails at once
 * when that process exits, and a failure describes it (output, pid, exit code).
 */
export async function waitForStatus(url: string, status: number, ms = 20_000, process?: AppProcess): Promise<void> {
  const until = Date.now() + ms;
  let last = 'no answer';
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      if (res.status === status) return;
      last = `HTTP ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    if (process && !process.running) {
      await Promise.race([process.exited, sleep(2000)]);
      throw new Error(`${url} never answered ${status}: the process exited (last: ${last}): ${process.describe()}`);
    }
    if (Date.now() >= until) break;
    await sleep(100);
  }
  throw new Error(`${url} did not answer ${status} within ${ms} ms (last: ${last})${process ? `: ${process.describe()}` : ''}`);
}

/** The `checks` of a readiness answer (GET /health/ready), by name. */
export type ReadinessChecks = Record<string, string>;

/**
 * Polls a readiness URL until its `checks` satisfy `accept` (whatever the status: 503 for want of a
 * worker may be what the caller waits for), or throws after ms with the last answer; with `process`,
 * fails at once when that process exits.
 */
export async function waitForReadiness(url: string, accept: (checks: ReadinessChecks) => boolean, ms = 20_000, process?: AppProcess): Promise<ReadinessChecks> {
  const until = Date.now() + ms;
  let last = 'no answer';
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5000) });
      const text = await res.text();
      last = `HTTP ${res.status} ${text}`;
      const checks = (JSON.parse(text) as { checks?: ReadinessChecks }).checks;
      if (checks && accept(checks)) return checks;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    if (process && !process.running) {
      await Promise.race([process.exited, sleep(2000)]);
      throw new Error(`${url} never answered the awaited checks: the process exited (last: ${last}): ${process.describe()}`);
    }
    if (Date.now() >= until) break;
    await sleep(100);
  }
  throw new Error(`${url} did not answer the awaited checks within ${ms} ms (last: ${last})${process ? `: ${process.describe()}` : ''}`);
}
