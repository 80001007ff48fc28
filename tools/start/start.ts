import 'reflect-metadata';
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import {
  CommonConfig,
  ConfigError,
  createRedis,
  DEFAULT_HOST,
  DEFAULT_REDIS_URL,
  developmentSecretProblem,
  isLoopbackHost,
  loadConfig,
  waitForReady,
} from '@aas/shared-infra';
import { InterruptedError } from '../lib/cli';
import { stopActiveProgress } from '../lib/progress';
import { embeddedPort, ensureEmbeddedPostgres, EmbeddedDatabase, runningEmbeddedPostgres } from '../lib/embedded-postgres';
import { DEFAULT_SEED, DEMO_ORG, DEMO_USER, demoToken, prepareDemoDatabase } from '../lib/demo';
import { claimStart, DATA_DIR, releaseStart, StartState, updateStart } from '../lib/runtime-state';
import { engineThreadsFor, environmentFor, nodeFlagsFor } from '../lib/process-settings';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const REGISTER = path.join(ROOT, 'tools', 'runtime', 'register.js');

const HELP = `Starts the whole service on this machine, with demo data: Postgres (DATABASE_URL, else an
embedded one with its data in .data/pg), migrations, a demo survey seeded into an empty database,
the demo organisation '${DEMO_ORG.id}' and user ${DEMO_USER.id}, then the gateway (and a worker when Redis
answers at REDIS_URL; otherwise the gateway runs jobs itself), the explorer at /explorer/ (built when its
sources changed). Prints the URL, a link that opens the explorer signed in, and a token.

usage:
  npm start
  npm start -- --workers N     N worker processes, the survey data split into N shards (ENGINE_SHARDS=N),
                               worker k serving shard k (WORKER_SHARD=k), the cores shared among
                               them (ENGINE_THREADS, unless set); needs Redis. Default 1.
  npm start -- --help

Listens on ${DEFAULT_HOST} (this machine only) unless HOST is set; any other HOST needs a real
JWT_SECRET. Variables: PORT, HOST, DATABASE_URL, REDIS_URL, EMBEDDED_PG_PORT, SEED_RESPONDENTS,
LOG_LEVEL (debug shows Nest's route table), and the rest in the README's Configuration table.
Ctrl-C stops everything it started.`;

function log(msg: string): void {
  console.log(`[start] ${msg}`);
}

/** A refusal to start that is a message, not a crash: printed as it is, exit code as given. */
class StartRefused extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

async function redisReachable(url: string): Promise<boolean> {
  const client = createRedis(url, 'probe', 'start-probe');
  try {
    await waitForReady(client, 1500);
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Whether something already listens on host:port (then the gateway could not). */
function portTaken(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'EADDRINUSE'));
    server.listen(port, host, () => server.close(() => resolve(false)));
  });
}

function launch(name: string, script: string, env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, [...nodeFlagsFor(script), '-r', REGISTER, path.join(ROOT, 'dist', script)], {
    env: { ...environmentFor(script, env), ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  child.on('exit', (code, signal) => log(`${name} exited (${signal ?? code})`));
  return child;
}

/**
 * Builds the explorer when its sources changed (apps/explorer/build.mjs decides), alongside the
 * database work; a failed build is reported and the API starts anyway.
 */
function buildExplorer(): Promise<boolean> {
  const script = path.join(ROOT, 'apps', 'explorer', 'build.mjs');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}

async function waitForHttp(url: string, ms: number, isAlive: () => boolean): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until && isAlive()) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  return false;
}

/** The command line of a process, for messages ('' where /proc cannot tell). */
function commandOf(pid: number): string {
  try {
    return execFileSync('ps', ['-o', 'args=', '-p', String(pid)], { encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

/** The parent of a process (from ps), or undefined. */
function parentOf(pid: number): number | undefined {
  try {
    const ppid = Number(execFileSync('ps', ['-o', 'ppid=', '-p', String(pid)], { encoding: 'utf8' }).trim());
    return Number.isInteger(ppid) && ppid > 0 ? ppid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A CLI may hold the embedded Postgres for its own command (it stops it when it finishes): wait for
 * it rather than build on a database about to go away. One left behind by a start that was killed
 * (its parent gone) is simply used.
 */
async function waitForCliHoldingPostgres(signal: AbortSignal): Promise<void> {
  let told = false;
  const until = Date.now() + 10 * 60_000;
  for (;;) {
    const running = runningEmbeddedPostgres(DATA_DIR);
    const parent = running ? parentOf(running.pid) : undefined;
    if (!running || parent === undefined || parent === 1) return;
    if (!told) {
      log(`the embedded Postgres (pid ${running.pid}) belongs to another command, pid ${parent}: ${commandOf(parent) || '?'}; waiting for it to finish`);
      told = true;
    }
    if (signal.aborted) throw new InterruptedError();
    if (Date.now() > until) return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

function describeOther(other: StartState): string {
  const since = new Date(other.startedAt);
  return [
    `npm start is already running in this clone: pid ${other.pid}, since ${Number.isNaN(since.getTime()) ? other.startedAt : since.toLocaleString()}`,
    `  gateway:  ${other.url}`,
    ...(other.database ? [`  database: ${other.database}`] : []),
    `Use that one (npm run token -- --org demo --user 1 prints a token), or stop it (Ctrl-C in its terminal, or kill ${other.pid}) first.`,
  ].join('\n');
}

/** `--workers N` (or `--workers=N`): how many worker processes, 1 to 64; undefined when absent. */
function workersOption(argv: readonly string[]): number | undefined {
  const at = argv.findIndex((a) => a === '--workers' || a.startsWith('--workers='));
  if (at < 0) return undefined;
  const text = argv[at].includes('=') ? argv[at].slice('--workers='.length) : argv[at + 1];
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new StartRefused(`--workers takes a whole number from 1 to 64; got '${text ?? ''}'`, 64);
  return n;
}

/**
 * `npm start`: the whole service on one machine. Postgres from DATABASE_URL or an embedded one;
 * Redis from REDIS_URL when it answers (then a separate worker process runs the jobs) or none (then
 * the gateway runs jobs itself); demo data; a token.
 */
async function main(signal: AbortSignal, onChildren: (children: ChildProcess[]) => void): Promise<void> {
  const workers = workersOption(process.argv.slice(2)) ?? 1;
  const config = loadConfig(CommonConfig);
  const host = process.env.HOST || DEFAULT_HOST;
  const port = Number(process.env.PORT || 3000);
  const secretProblem = developmentSecretProblem(config, host);
  if (secretProblem) throw new ConfigError([secretProblem]);
  const wildcard = host === '0.0.0.0' || host === '::';
  const shownHost = wildcard || isLoopbackHost(host) ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  const url = process.env.PUBLIC_BASE_URL ?? `http://${shownHost}:${port}`;
  const probeBase = `http://${wildcard || isLoopbackHost(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${port}`;

  const state: StartState = { pid: process.pid, startedAt: new Date().toISOString(), url };
  const other = claimStart(state);
  if (other) throw new StartRefused(describeOther(other), 1);
  if (await portTaken(host, port)) {
    throw new StartRefused(`port ${port} on ${host} is in use by another program (not an npm start of this clone); set PORT to another port`, 1);
  }

  const explorerBuilt = buildExplorer();
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = process.env.DATABASE_URL;
  let database = 'DATABASE_URL';
  if (!databaseUrl) {
    await waitForCliHoldingPostgres(signal);
    embedded = await ensureEmbeddedPostgres(DATA_DIR, embeddedPort(), log);
    databaseUrl = embedded.url;
    database = `embedded Postgres on 127.0.0.1:${embedded.port} (data in .data/pg)`;
    log(embedded.owned ? `no DATABASE_URL: started the ${database}` : `no DATABASE_URL: using the ${database}, already running`);
  }
  stopEmbedded = embedded?.owned ? () => embedded.stop() : undefined;
  updateStart({ ...state, database });

  const respondents = Number(process.env.SEED_RESPONDENTS ?? DEFAULT_SEED.respondents);
  await prepareDemoDatabase(databaseUrl, { log, respondents, signal });

  const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const useRedis = await redisReachable(redisUrl);
  const jobMode = useRedis ? 'queue' : 'inline';
  if (useRedis)
    log(
      `Redis answers at ${redisUrl}: jobs go through BullMQ to ${workers === 1 ? 'a separate worker process' : `${workers} worker processes, one shard of the data each`}`,
    );
  else if (workers > 1) throw new StartRefused(`--workers ${workers} needs Redis (none answers at ${redisUrl}); start Redis or drop --workers`, 1);
  else log(`Redis not reachable at ${redisUrl}: jobs run in-process in the gateway (JOB_MODE=inline)`);
  updateStart({ ...state, database, jobMode });
  if (signal.aborted) throw new InterruptedError();

  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, JOB_MODE: jobMode, HOST: host, PORT: String(port) };
  // Several workers split the data: the gateway and each worker must agree on the shard count.
  if (workers > 1) env.ENGINE_SHARDS = String(workers);
  // ...and share this machine's cores rather than each start a kernel thread per core.
  if (workers > 1 && env.ENGINE_THREADS === undefined) env.ENGINE_THREADS = String(engineThreadsFor(workers));
  const children: ChildProcess[] = [];
  if (useRedis) {
    for (let k = 0; k < workers; k++) {
      children.push(launch(workers === 1 ? 'worker' : `worker ${k}`, 'apps/worker/src/main.js', workers === 1 ? env : { ...env, WORKER_SHARD: String(k) }));
    }
  }
  children.push(launch('gateway', 'apps/gateway/src/main.js', env));
  onChildren(children);

  const alive = () => children.every((c) => c.exitCode === null && c.signalCode === null);
  if (!(await waitForHttp(`${probeBase}/health/ready`, 90_000, alive))) {
    throw new StartRefused(alive() ? 'the gateway did not become ready within 90 s' : 'a process exited before the gateway was ready (its output is above)', 1);
  }
  const token = demoToken(config.jwtSecret, { issuer: config.JWT_ISSUER, audience: config.JWT_AUDIENCE });
  log(`ready: ${url}  (OpenAPI: ${url}/docs)`);
  // The token rides in the fragment, which the browser keeps to itself: the explorer moves it into the tab's storage.
  if (await explorerBuilt) log(`explorer, signed in as the demo user: ${url}/explorer/#token=${token}`);
  else log('explorer: not built (the error is above); the API works without it');
  log(`demo token (org '${DEMO_ORG.id}', user ${DEMO_USER.id}, 12 h; another: npm run token -- --org <org> --user <id>):`);
  console.log(token);
  log(`try: curl -X POST ${url}/v1/system/ping -H "Authorization: Bearer <token>"   (Ctrl-C stops everything)`);
}

let stopEmbedded: (() => Promise<void>) | undefined;
let children: ChildProcess[] = [];
let stopping = false;

/** Stops the apps (SIGTERM, each finishing its work within its own bound), then the Postgres this start began. */
async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
          }),
      ),
    );
    await stopEmbedded?.().catch(() => undefined);
  }
  releaseStart();
  process.exit(code);
}

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  console.log(HELP);
} else {
  const controller = new AbortController();
  let interrupts = 0;
  const onSignal = () => {
    interrupts++;
    if (interrupts > 1) process.exit(130);
    stopActiveProgress();
    if (children.length === 0) process.stderr.write('\nstopping (Ctrl-C again to quit at once)...\n');
    controller.abort();
    if (children.length > 0) void stopAll(0);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', releaseStart);
  main(controller.signal, (started) => {
    children = started;
    for (const child of started) child.on('exit', () => void stopAll(1));
  }).catch((err: unknown) => {
    if (controller.signal.aborted || err instanceof InterruptedError) {
      process.stderr.write('interrupted: stopped before the service was up\n');
      void stopAll(130);
      return;
    }
    if (err instanceof StartRefused) console.error(err.message);
    else if (err instanceof ConfigError) console.error(err.message);
    else console.error(`npm start failed: ${err instanceof Error ? err.message : String(err ?? 'an error with no message')}`);
    void stopAll(err instanceof ConfigError ? 78 : err instanceof StartRefused ? err.exitCode : 1);
  });
}
