/**
 * What the reliability benchmarks share: a seeded database, a private redis-server, the built
 * gateway and workers as processes (their output kept, to wait on and to print on failure), and
 * the machine facts every benchmark prints.
 */
import { ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort, REGISTER, ROOT } from './bench-processes';

export const SECRET = randomBytes(24).toString('hex');

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Runs a built CLI of tools/ (dist/<script>) to completion; resolves with its standard output. */
function runTool(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['-r', REGISTER, path.join(ROOT, 'dist', script), ...args],
      { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => (err ? reject(new Error(`${script} failed: ${err.message}\n${stderr}`)) : resolve(stdout)),
    );
  });
}

/**
 * Creates the database when missing and seeds `respondents` (seed 42) through the seed CLI unless
 * it already holds exactly that. Through the CLIs, not the libraries, so the benchmark runs
 * unchanged against older and newer builds of the service (to compare before and after).
 */
export async function ensureSurveyDatabase(url: string, respondents: number): Promise<void> {
  const admin = new Client({ connectionString: url.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const name = new URL(url).pathname.slice(1);
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  let seeded: number | undefined;
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const rows = await client.query(`SELECT (details->>'respondents')::int AS respondents FROM data_versions WHERE name = 'survey'`);
    seeded = rows.rows[0]?.respondents as number | undefined;
  } catch {
    // not migrated yet, or another schema: seed
  } finally {
    await client.end();
  }
  if (seeded !== respondents) {
    console.log(`seeding ${respondents} respondents (seed 42) into ${name} ...`);
    await runTool('tools/seed/seed.js', ['--respondents', String(respondents), '--seed', '42'], { DATABASE_URL: url });
  }
}

/** A token for the demo organisation, user 1 (the token CLI creates both when missing). */
export async function demoToken(databaseUrl: string): Promise<string> {
  const out = await runTool('tools/token/token.js', ['--org', 'demo', '--user', '1'], { DATABASE_URL: databaseUrl, JWT_SECRET: SECRET });
  return out.trim().split('\n').pop() ?? '';
}

/** A redis-server of the benchmark's own (its memory is the benchmark's alone), on a free port. */
export async function startRedisServer(extraArgs: string[] = []): Promise<{ url: string; process: ChildProcess }> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...extraArgs], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.end(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return { url: `redis://127.0.0.1:${port}`, process: child };
    await sleep(100);
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}

/** Counts of a process's output lines (JSON log lines), by kind. */
export interface LineCounts {
  /** Every line. */
  total: number;
  /** Request lines of 2xx answers (`"statusCode":2..`). */
  success: number;
  /** Lines at warn (40) or above. */
  warnOrAbove: number;
  /** Lines that carry a stack trace. */
  withStack: number;
}

/** A built app as a child process, its output kept and its lines counted. */
export class BenchProcess {
  readonly child: ChildProcess;
  private output = '';
  private partial = '';
  private readonly counts: LineCounts = { total: 0, success: 0, warnOrAbove: 0, withStack: 0 };
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(
    readonly name: string,
    script: string,
    env: NodeJS.ProcessEnv,
  ) {
    this.child = spawn(process.execPath, ['-r', REGISTER, path.join(ROOT, 'dist', script)], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      this.output += text;
      if (this.output.length > 400_000) this.output = this.output.slice(-200_000);
      this.count(text);
    };
    this.child.stdout?.on('data', keep);
    this.child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => this.child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  private count(text: string): void {
    const lines = (this.partial + text).split('\n');
    this.partial = lines.pop() ?? '';
    for (const line of lines) {
      this.counts.total++;
      if (/"statusCode":2\d\d/.test(line)) this.counts.success++;
      if (/"level":(4|5|6)\d/.test(line)) this.counts.warnOrAbove++;
      if (line.includes('"stack"')) this.counts.withStack++;
    }
  }

  /** The line counts so far (a copy: subtract two to count an interval). */
  get lineCounts(): LineCounts {
    return { ...this.counts };
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

  async waitForLog(text: string, ms = 60_000): Promise<void> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (this.output.includes(text)) return;
      if (!this.running) throw new Error(`${this.name} exited before logging '${text}':\n${this.output.slice(-4000)}`);
      await sleep(50);
    }
    throw new Error(`${this.name} did not log '${text}' within ${ms} ms:\n${this.output.slice(-4000)}`);
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM', killAfterMs = 60_000): Promise<void> {
    if (this.running) this.child.kill(signal);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), killAfterMs);
    await this.exited;
    clearTimeout(timer);
  }
}

export interface StackEnv {
  DATABASE_URL: string;
  REDIS_URL: string;
  [name: string]: string;
}

/** The gateway on a free port, ready (GET /health/ready answers 200). */
export async function startGateway(env: StackEnv): Promise<{ gateway: BenchProcess; baseUrl: string }> {
  const port = await freePort();
  const gateway = new BenchProcess('gateway', 'apps/gateway/src/main.js', {
    JWT_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    // Benchmarks measure the service's capacity, not the per-organisation rate limit (unless one sets it).
    RATE_LIMIT_REQUESTS: '0',
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    const ok = await fetch(`${baseUrl}/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { gateway, baseUrl };
    if (!gateway.running) break;
    await sleep(100);
  }
  throw new Error(`gateway not ready:\n${gateway.logs.slice(-4000)}`);
}

/** A worker, once it consumes. */
export async function startWorker(env: StackEnv, name = 'worker'): Promise<BenchProcess> {
  const worker = new BenchProcess(name, 'apps/worker/src/main.js', { JWT_SECRET: SECRET, LOG_LEVEL: 'info', ...env });
  await worker.waitForLog('worker ready');
  return worker;
}

/** Resident memory of a process (MiB). */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** The line every benchmark starts with: the machine, and how busy it is. */
export function machine(): string {
  const [one, five, fifteen] = os.loadavg().map((l) => l.toFixed(2));
  return `${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${one} / ${five} / ${fifteen}, node ${process.version}`;
}

export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');
}

export function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Datapoints of the demo survey's core dataset that every build of it has. */
const DATAPOINTS: [string, string][] = [
  ...['16_24', '25_34', '35_44', '45_54', '55_64'].map((d): [string, string] => ['age_group', d]),
  ['gender', 'female'],
  ['gender', 'male'],
  ['income_group', 'high'],
  ['parent_status', 'parent'],
  ...['tiktok', 'instagram', 'facebook', 'youtube', 'x_twitter', 'snapchat', 'linkedin', 'pinterest', 'reddit', 'twitch'].map((d): [string, string] => [
    'social_platform_usage',
    d,
  ]),
];

/** `count` distinct audiences in the wire form: single datapoints, then ANDs and ORs of two. */
export function benchAudiences(count: number): object[] {
  const single = ([question, datapoint]: [string, string]) => ({ question, datapoints: [datapoint] });
  const out: object[] = DATAPOINTS.map(single);
  for (let i = 0; i < DATAPOINTS.length && out.length < count; i++) {
    for (let j = i + 1; j < DATAPOINTS.length && out.length < count; j++) {
      out.push({ and: [single(DATAPOINTS[i]), single(DATAPOINTS[j])] });
      if (out.length < count) out.push({ or: [single(DATAPOINTS[i]), single(DATAPOINTS[j])] });
    }
  }
  return out.slice(0, count);
}

/** A crosstab request body of n x n audiences (rows from the start of the pool, columns from its middle). */
export function crosstabBody(n: number, pool = benchAudiences(2 * n)): string {
  return JSON.stringify({
    rows: pool.slice(0, n).map((expression, i) => ({ id: `r${i}`, expression })),
    columns: pool.slice(n, 2 * n).map((expression, i) => ({ id: `c${i}`, expression })),
  });
}
