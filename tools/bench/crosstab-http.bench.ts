/**
 * End-to-end crosstab benchmark (not a test): the built gateway and worker processes over a seeded
 * database, 10x10 / 100x100 / 200x200 crosstabs of realistic audiences over 4 waves through HTTP
 * (whole NDJSON stream read), median of BENCH_RUNS runs after a warm-up that loads every partition
 * the crosstabs read and BENCH_WARMUP unmeasured runs of each size, each set against the same
 * crosstab on the engine alone (one thread, warm) timed just before it (HTTP / engine); each
 * worker's resident memory after them; and the same 100x100 crosstab computed by SQL in Postgres
 * on a relational (one row per answer) copy of a sample of the data, against the engine on that
 * sample.
 *
 * Each configuration is `<workers>x<shards>`: that many worker processes, the data split into that
 * many shards (ENGINE_SHARDS). With as many workers as shards, worker k is started for shard k.
 *
 *   npm run bench:crosstab     1,000,000 respondents; 1x1, 2x1, 2x2 and 4x4; then SQL
 *   npm run bench:scale        1, 2 and 4 million respondents; 1x1 and 4x4; 100x100 only
 *
 * Variables: BENCH_RESPONDENTS (comma-separated sizes), BENCH_CONFIGS, BENCH_CROSSTABS (sides),
 * BENCH_RUNS, BENCH_WARMUP, BENCH_SQL (0: skip the SQL comparison), DATABASE_URL (for 1M; default the local
 * server's aas_bench; other sizes use aas_bench_<millions>m beside it), REDIS_URL.
 */
import 'reflect-metadata';
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { parseStandardExpression, StandardWire } from '@aas/audience-expression-domain';
import { Attribute, attributeDictionaryFromList, decodePartition, DecodedPartition } from '@aas/respondent-store-domain';
import { buildCatalogue } from '@aas/demo-data-domain';
import { AudienceStore, computeCrosstab, computeRawSums, InlineExecutor, type CrosstabQuery } from '@aas/crosstab-engine-domain';
import { createStorePool, PartitionReader } from '@aas/respondent-store-data-access';
import { dataSourceOptions, ensureOrgAndUser } from '@aas/shared-infra';
import { signDevToken } from '@aas/shared-infra/http';
import { migrateDatabase } from '@aas/shared-schema';
import { seedSurvey } from '../seed/seed-survey';
import { freePort, launch, median, REGISTER } from './bench-processes';
import { rssMiB } from './bench-stack';
import { engineThreadsFor } from '../lib/process-settings';

const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/aas_bench';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const list = (value: string | undefined, fallback: string): string[] =>
  (value ?? fallback)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
const SIZES = list(process.env.BENCH_RESPONDENTS, '1000000').map(Number);
const CONFIGS = list(process.env.BENCH_CONFIGS, '1x1,2x1,2x2,4x4').map((c) => {
  const [workers, shards] = c.split('x').map(Number);
  if (!(workers >= 1 && shards >= 1)) throw new Error(`BENCH_CONFIGS: '${c}' is not <workers>x<shards>`);
  return { workers, shards };
});
const SIDES = list(process.env.BENCH_CROSSTABS, '10,100,200').map(Number);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 15);
const SQL = process.env.BENCH_SQL !== '0';

/** The database of a size: DATABASE_URL for 1M, aas_bench_<n>m beside it for the others. */
function databaseUrl(respondents: number): string {
  if (respondents === 1_000_000) return BASE_DATABASE_URL;
  const url = new URL(BASE_DATABASE_URL);
  url.pathname = `/aas_bench_${respondents / 1_000_000}m`;
  return url.toString();
}
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const WAVES = ['q4_2025', 'q1_2026', 'q2_2026', 'q3_2026'];
const SECRET = randomBytes(24).toString('hex');

async function ensureDatabase(DATABASE_URL: string, RESPONDENTS: number): Promise<void> {
  const admin = new Client({ connectionString: DATABASE_URL.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  const name = new URL(DATABASE_URL).pathname.slice(1);
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  await migrateDatabase(DATABASE_URL);
  const ds = new DataSource(dataSourceOptions(DATABASE_URL, { logging: ['error'], extra: { statement_timeout: 0 } }));
  await ds.initialize();
  const rows: { respondents: number }[] = await ds.query(`SELECT (details->>'respondents')::int AS respondents FROM data_versions WHERE name = 'survey'`);
  if (rows[0]?.respondents !== RESPONDENTS) {
    console.log(`seeding ${RESPONDENTS} respondents (seed 42) into ${name} ...`);
    const report = await seedSurvey(ds, { respondents: RESPONDENTS, seed: 42 });
    console.log(`seeded in ${(report.totalMs / 1000).toFixed(1)} s`);
  }
  await ensureOrgAndUser(ds, { id: 'demo' }, { id: 1 });
  await ds.destroy();
}

/** Realistic audiences in the wire form: single datapoints across the catalogue, demographic ANDs, ORs, min_count, not. */
function audiences(count: number): StandardWire[] {
  const { catalogue } = buildCatalogue();
  const singles: StandardWire[] = [];
  for (const q of catalogue.questions.filter((x) => x.namespace_code === 'core')) {
    for (const dp of q.datapoints.slice(0, 3)) {
      singles.push(
        q.suffixes.length > 0 ? { question: q.code, datapoints: [dp.code], suffixes: [q.suffixes[0].code] } : { question: q.code, datapoints: [dp.code] },
      );
    }
  }
  const multi: StandardWire[] = [];
  const ages = ['16_24', '25_34', '35_44', '45_54', '55_64'];
  const platforms = ['tiktok', 'instagram', 'facebook', 'youtube', 'x_twitter', 'snapchat', 'linkedin', 'pinterest', 'reddit', 'twitch'];
  for (const age of ages) {
    for (const gender of ['female', 'male']) {
      multi.push({
        and: [
          { question: 'age_group', datapoints: [age] },
          { question: 'gender', datapoints: [gender] },
          { question: 'income_group', datapoints: ['high'] },
        ],
      });
    }
  }
  platforms.forEach((p, i) => {
    multi.push({
      or: [
        { question: 'social_platform_usage', datapoints: [p] },
        { question: 'social_platform_usage', datapoints: [platforms[(i + 3) % 10]] },
      ],
    });
    multi.push({ question: 'social_platform_usage', datapoints: platforms, min_count: 2 + (i % 5) });
    multi.push({
      and: [
        { question: 'social_platform_usage', datapoints: [p] },
        { question: 'parent_status', datapoints: ['parent'], not: true },
      ],
    });
  });
  const out: StandardWire[] = [];
  for (let i = 0; out.length < count; i++) {
    out.push(i % 3 === 2 ? multi[Math.floor(i / 3) % multi.length] : singles[(i * 7) % singles.length]);
  }
  return out;
}

/** Wire audiences as the engine's expressions. */
function parseAll(wires: readonly StandardWire[]): CrosstabQuery['rows'] {
  return wires.map((w) => {
    const parsed = parseStandardExpression(w);
    if (!parsed.ok) throw new Error(`bad audience ${JSON.stringify(w)}`);
    return parsed.value;
  });
}

/** The core dataset's attribute dictionary and decoded partitions of the given waves (and locations: default every one). */
async function loadCore(DATABASE_URL: string, waves: readonly string[], locations?: readonly string[]) {
  const client = new Client({ connectionString: DATABASE_URL });
  await client.connect();
  const dictRow = (await client.query<{ attributes: Attribute[] }>(`SELECT attributes FROM attribute_dictionaries WHERE dataset_code = 'core'`)).rows[0];
  await client.end();
  const dictionary = attributeDictionaryFromList('core', dictRow.attributes);
  const partitions: DecodedPartition[] = [];
  const pool = createStorePool(DATABASE_URL);
  for await (const stored of new PartitionReader(pool).read({ datasets: ['core'], waves, locations })) partitions.push(decodePartition(stored.blob));
  await pool.end();
  return { dictionary, partitions };
}

/** Times one crosstab on an engine of its own: the audiences in the wire form, the answer in ms. */
type EngineTimer = ((rows: readonly StandardWire[], columns: readonly StandardWire[]) => Promise<number>) & { close(): void };

/**
 * The engine alone, one thread, over the same partitions the workers read (the crosstab's dataset,
 * waves and every location, from the database), in a process of its own: how long the same
 * crosstab takes it warm (audiences already evaluated and packed), as the engine benchmark's
 * "1 thread" measures it. Timed between the HTTP requests, so both see the machine as it is at that
 * moment: on this shared machine a single thread's speed drifts by a fifth over minutes, and an
 * HTTP figure set against an engine figure taken minutes earlier said as much about the drift as
 * about the service. Not in the benchmark's own process: holding the data there made that
 * process's collections (and so the client's CPU, on the service's cores) several times larger.
 */
async function engineTimer(DATABASE_URL: string): Promise<EngineTimer> {
  const child = fork(__filename, [], { execArgv: ['-r', REGISTER], env: { ...process.env, BENCH_ENGINE_TIMER: DATABASE_URL }, stdio: 'inherit' });
  type Answer = { ms?: number; ready?: boolean; error?: string };
  const waiting: { resolve: (answer: Answer) => void; reject: (error: Error) => void }[] = [];
  child.on('message', (answer: Answer) => waiting.shift()?.resolve(answer));
  child.on('exit', (code) => waiting.splice(0).forEach((w) => w.reject(new Error(`the engine timer exited with ${code}`))));
  const next = () => new Promise<Answer>((resolve, reject) => waiting.push({ resolve, reject }));
  const ready = await next();
  if (ready.error !== undefined) throw new Error(`the engine timer could not load the data: ${ready.error}`);
  const timer = async (rows: readonly StandardWire[], columns: readonly StandardWire[]) => {
    const answer = next();
    child.send({ rows, columns });
    const { ms, error } = await answer;
    if (ms === undefined) throw new Error(`the engine timer failed: ${error}`);
    return ms;
  };
  return Object.assign(timer, { close: () => child.kill() });
}

/** The engine timer's process (see engineTimer): loads the data, then times each crosstab it is sent. */
async function runEngineTimer(DATABASE_URL: string): Promise<void> {
  const send = (message: object) => (process.send as (m: object) => boolean)(message);
  try {
    const { dictionary, partitions } = await loadCore(DATABASE_URL, WAVES);
    const data = { partitions, dictionary: () => dictionary };
    const locations = [...new Set(partitions.map((p) => p.key.location))];
    const store = new AudienceStore({});
    const executor = new InlineExecutor(1e9);
    process.on('message', (message: { rows: StandardWire[]; columns: StandardWire[] }) => {
      const query: CrosstabQuery = { rows: parseAll(message.rows), columns: parseAll(message.columns), waves: WAVES, locations, datasets: ['core'] };
      const started = performance.now();
      computeRawSums(data, query, 'none', { executor, sliceMs: 1e9, audiences: store.forVersion('bench') }).then(
        () => send({ ms: performance.now() - started }),
        (err: unknown) => send({ error: String(err) }),
      );
    });
    send({ ready: true });
  } catch (err) {
    send({ error: String(err) });
  }
}

/**
 * A process's memory in MiB, from /proc: resident now (RSS), private (resident pages no other
 * process maps: what the process alone holds), proportional (PSS: private plus each shared page
 * divided by the number of processes mapping it, so the PSS of all processes adds up to the memory
 * they use together) and its peak resident. RSS also counts pages shared with every other Node
 * process of the machine, the Node binary's code above all (~48 MiB resident in each worker
 * here), which is in memory once however many workers run.
 */
function memoryMiB(pid: number): { resident: number; private: number; pss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  const kb = (text: string, field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
  const mib = (value: number) => Math.round(value / 1024);
  return {
    resident: mib(kb(status, 'VmRSS')),
    private: mib(kb(rollup, 'Private_Clean') + kb(rollup, 'Private_Dirty')),
    pss: mib(kb(rollup, 'Pss')),
    peak: mib(kb(status, 'VmHWM')),
  };
}

/** CPU time a process (all its threads) has used so far, ms (utime + stime of /proc/<pid>/stat, at the usual 100 ticks a second). */
function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces), counted from field 3: utime is 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Keeps the benchmark's connection open between requests, as a client that sends many would. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * One crosstab through HTTP, the whole stream read: the time from sending the request to the
 * stream's end, and the number of objects (lines) it held.
 *
 * The stream is read as bytes with node:http, counting lines and keeping only the last (checked
 * to be a cell, not a problem object), not with `fetch` and `text()`: on this two-core machine the
 * client shares the cores with the gateway and the worker, and reading a 100x100's 9.5 MB through
 * fetch into one string cost the client ~70 ms of CPU per request against ~15 ms this way
 * (measured 2026-11-27), time the service then waited for a core.
 */
function httpCrosstab(baseUrl: string, token: string, rows: StandardWire[], columns: StandardWire[]): Promise<{ ms: number; cells: number }> {
  const body = Buffer.from(
    JSON.stringify({
      rows: rows.map((expression, i) => ({ id: `r${i}`, expression })),
      columns: columns.map((expression, i) => ({ id: `c${i}`, expression })),
      waves: WAVES,
    }),
  );
  const url = new URL('/v2/query/crosstab', baseUrl);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        let lines = 0;
        // The last chunks received, at least 64 KiB of them when there are: they hold the last object.
        const recent: Buffer[] = [];
        let recentBytes = 0;
        res.on('data', (chunk: Buffer) => {
          for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, nl + 1)) lines++;
          recent.push(chunk);
          recentBytes += chunk.length;
          while (res.statusCode === 200 && recentBytes - recent[0].length >= 64 * 1024) recentBytes -= (recent.shift() as Buffer).length;
        });
        res.on('error', reject);
        res.on('end', () => {
          const ms = performance.now() - started;
          const text = Buffer.concat(recent).toString('utf8');
          if (res.statusCode !== 200) return reject(new Error(`HTTP ${res.statusCode}: ${text.slice(0, 500)}`));
          const lastLine = text.slice(text.lastIndexOf('\n', text.length - 2) + 1);
          if ((JSON.parse(lastLine) as { status?: number }).status !== undefined)
            return reject(new Error(`stream ended with an error: ${lastLine.slice(0, 500)}`));
          resolve({ ms, cells: lines });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Resolves once every shard queue is consumed by exactly the workers meant for it (with homes: its own), or throws after `ms`. */
async function waitForShards(baseUrl: string, workers: number, shards: number, ms = 120_000): Promise<void> {
  const until = Date.now() + ms;
  let seen = '';
  while (Date.now() < until) {
    const ready = await fetch(`${baseUrl}/health/ready`).then(
      async (r) => (r.ok ? ((await r.json()) as { workers: { queues: string[] }[] }) : undefined),
      () => undefined,
    );
    if (ready) {
      const engine = ready.workers.map((w) => w.queues.filter((q) => q.startsWith('engine')).sort());
      seen = JSON.stringify(engine);
      const served = engine.flat();
      const everyShardOnce = served.length === shards && new Set(served).size === shards;
      // Unsplit: every worker consumes the one engine queue.
      if (ready.workers.length === workers && (shards === 1 ? served.length === workers : everyShardOnce)) return;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the workers did not settle on ${shards} shard(s) within ${ms} ms; last seen ${seen}`);
}

interface Measured {
  readonly medians: Map<number, number>;
  readonly workerMiB: number[];
  /** Each worker's private resident memory, its proportional share (PSS) and its peak resident memory (see memoryMiB). */
  readonly privateMiB: number[];
  readonly pssMiB: number[];
  readonly peakMiB: number[];
  /** Decoded partition bytes each worker's engine holds (`aas_engine_partition_bytes`), MiB. */
  readonly dataMiB: number[];
}

/** What a worker's engine holds, from its metrics endpoint (`aas_engine_*` gauges), in MiB. */
interface EngineMemory {
  readonly partitions: number;
  readonly arenaUsed: number;
  readonly leaves: number;
  /** The V8 heap's size and the memory outside it that JavaScript objects hold (Buffers, the arena), from Node's own gauges. */
  readonly heap: number;
  readonly external: number;
}

async function engineMemory(port: number): Promise<EngineMemory> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const mib = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20);
  return {
    partitions: mib('aas_engine_partition_bytes'),
    arenaUsed: mib('aas_engine_arena_used_bytes'),
    leaves: mib('aas_engine_leaf_cache_bytes'),
    heap: mib('nodejs_heap_size_total_bytes'),
    external: mib('nodejs_external_memory_bytes'),
  };
}

async function endToEnd(DATABASE_URL: string, workerCount: number, shards: number, respondents: number, engine: EngineTimer): Promise<Measured> {
  const port = await freePort();
  const env = {
    DATABASE_URL,
    REDIS_URL,
    REDIS_PREFIX: `aas-bench-${randomBytes(4).toString('hex')}`,
    JOB_MODE: 'queue',
    JWT_SECRET: SECRET,
    LOG_LEVEL: 'warn',
    CROSSTAB_MAX_CELLS: '40000',
    ENGINE_SHARDS: String(shards),
    PORT: String(port),
    HOST: '127.0.0.1',
    // Benchmarks measure the service's capacity, not the per-organisation rate limit.
    RATE_LIMIT_REQUESTS: '0',
  };
  const homes = shards > 1 && workerCount === shards;
  // Each worker's metrics endpoint: the engine's own count of the partition bytes it holds.
  const metricsPorts = await Promise.all(Array.from({ length: workerCount }, () => freePort()));
  // The cores shared among the workers as `npm start -- --workers N` shares them (unless ENGINE_THREADS is set).
  const threads = process.env.ENGINE_THREADS ?? String(engineThreadsFor(workerCount));
  const workers = metricsPorts.map((metricsPort, k) =>
    launch('apps/worker/src/main.js', {
      ...env,
      ENGINE_THREADS: threads,
      WORKER_METRICS_PORT: String(metricsPort),
      ...(homes ? { WORKER_SHARD: String(k) } : {}),
    }),
  );
  const gateway = launch('apps/gateway/src/main.js', env);
  const baseUrl = `http://127.0.0.1:${port}`;
  const kernel = threads === '0' ? 'the kernel on its own thread' : `${threads} kernel thread${threads === '1' ? '' : 's'}`;
  const label = `${workerCount} worker${workerCount === 1 ? '' : 's'}, ${shards} shard${shards === 1 ? '' : 's'}, ${kernel} each`;
  try {
    await waitForShards(baseUrl, workerCount, shards);
    const startedMiB = workers.map((w) => rssMiB(w.pid ?? 0));
    const token = signDevToken(SECRET, { sub: 1, org: 'demo' });
    const pool = audiences(400);
    // Warm-up: loads the 4 waves' partitions into the workers' caches (every partition a worker's shards hold).
    for (let i = 0; i < 3; i++) await httpCrosstab(baseUrl, token, pool.slice(0, 50), pool.slice(50, 100));
    const medians = new Map<number, number>();
    for (const n of SIDES) {
      const times: number[] = [];
      let cells = 0;
      // CPU time is less disturbed by other work on a shared machine than wall time: it shows where a request's work goes.
      const rows = pool.slice(0, n);
      const columns = pool.slice(200, 200 + n);
      // Unmeasured first: the first request evaluates the size's new audiences, the next let the
      // processes' compiled code and heaps settle (measured 2026-11-27: a 100x100 took 148-158 ms
      // on its 6th to 8th requests and 84-98 ms from about the 15th on).
      for (let run = 0; run < WARMUP; run++) await httpCrosstab(baseUrl, token, rows, columns);
      // The engine alone once unmeasured (it evaluates and packs the audiences), then before each
      // HTTP request (see engineTimer).
      await engine(rows, columns);
      const engineTimes: number[] = [];
      const ratios: number[] = [];
      let cpu = [gateway, ...workers].map(() => 0);
      let clientMicros = 0;
      for (let run = 0; run < RUNS; run++) {
        // A moment for the processes to finish what the last request left (a job's result, a
        // collection), so it is not timed as the engine's.
        await new Promise((resolve) => setTimeout(resolve, 100));
        engineTimes.push(await engine(rows, columns));
        const cpuBefore = [gateway, ...workers].map((p) => cpuMs(p.pid ?? 0));
        const clientBefore = process.cpuUsage();
        const r = await httpCrosstab(baseUrl, token, rows, columns);
        const client = process.cpuUsage(clientBefore);
        clientMicros += client.user + client.system;
        cpu = [gateway, ...workers].map((p, i) => cpu[i] + cpuMs(p.pid ?? 0) - cpuBefore[i]);
        times.push(r.ms);
        ratios.push(r.ms / engineTimes[run]);
        cells = r.cells;
      }
      medians.set(n, median(times));
      console.log(
        `  ${respondents} respondents, ${label}: HTTP ${n}x${n} (${cells} cells) median ${median(times).toFixed(0)} ms  [${times.map((t) => t.toFixed(0)).join(', ')}]  ` +
          `CPU per crosstab: gateway ${(cpu[0] / RUNS).toFixed(0)} ms, worker${workers.length === 1 ? '' : 's'} ${cpu
            .slice(1)
            .map((m) => (m / RUNS).toFixed(0))
            .join(' + ')} ms, this client ${(clientMicros / 1000 / RUNS).toFixed(0)} ms  load ${load()}`,
      );
      console.log(
        `  ${respondents} respondents, ${label}: ${n}x${n} on the engine alone (one thread, warm, timed before each request) median ${median(engineTimes).toFixed(1)} ms  ` +
          `[${engineTimes.map((t) => t.toFixed(0)).join(', ')}]; HTTP / engine: ${(median(times) / median(engineTimes)).toFixed(2)}x (medians), ` +
          `${median(ratios).toFixed(2)}x (median of the runs' own ratios)`,
      );
    }
    const memory = workers.map((w) => memoryMiB(w.pid ?? 0));
    const workerMiB = memory.map((m) => m.resident);
    const engines = await Promise.all(metricsPorts.map((port) => engineMemory(port)));
    const dataMiB = engines.map((e) => e.partitions);
    console.log(
      `  ${respondents} respondents, ${label}: worker resident memory ${workerMiB.map((m) => `${m} MiB`).join(', ')} ` +
        `(at start ${startedMiB.join(', ')} MiB; private ${memory.map((m) => m.private).join(', ')} MiB; PSS ${memory.map((m) => m.pss).join(', ')} MiB; peak ${memory.map((m) => m.peak).join(', ')} MiB), partitions held ${dataMiB.map((m) => `${m} MiB`).join(', ')}, ` +
        `arena in use ${engines.map((e) => e.arenaUsed).join(', ')} MiB, leaf cache ${engines.map((e) => e.leaves).join(', ')} MiB, ` +
        `V8 heap ${engines.map((e) => e.heap).join(', ')} MiB, external ${engines.map((e) => e.external).join(', ')} MiB; gateway ${rssMiB(gateway.pid ?? 0)} MiB`,
    );
    return { medians, workerMiB, privateMiB: memory.map((m) => m.private), pssMiB: memory.map((m) => m.pss), peakMiB: memory.map((m) => m.peak), dataMiB };
  } finally {
    for (const p of [gateway, ...workers]) p.kill('SIGTERM');
    await Promise.all([gateway, ...workers].map((p) => new Promise((r) => (p.exitCode !== null || p.signalCode !== null ? r(null) : p.once('exit', r)))));
  }
}

/** The same crosstab in SQL over a relational copy (one row per answer) of a sample, against the engine on that sample. */
async function sqlComparison(DATABASE_URL: string): Promise<void> {
  const sampleLocations = ['gb', 'de'];
  const sampleWave = 'q3_2026';
  const { dictionary, partitions } = await loadCore(DATABASE_URL, [sampleWave], sampleLocations);
  const client = new Client({ connectionString: DATABASE_URL });
  await client.connect();
  // 100 single-datapoint rows and 100 columns, as attribute ids (what SQL can join on directly).
  const singles = audiences(400).filter((w): w is { question: string; datapoints: string[]; suffixes?: string[] } => 'question' in w && !('min_count' in w));
  const ids = (w: { question: string; datapoints: string[]; suffixes?: string[] }) => dictionary.idOf(w.question, w.datapoints[0], w.suffixes?.[0] ?? null);
  const usable = singles.filter((w) => ids(w) !== undefined);
  const rows = usable.slice(0, 100);
  const columns = usable.slice(100, 200);
  const rowIds = rows.map((w) => ids(w) as number);
  const colIds = columns.map((w) => ids(w) as number);
  const wanted = new Set([...rowIds, ...colIds]);

  await client.query(`CREATE TEMP TABLE bench_respondents (id int PRIMARY KEY, wave text, location text, weight float8)`);
  await client.query(`CREATE TEMP TABLE bench_answers (respondent_id int, attr int)`);
  let respondents = 0;
  let answers = 0;
  for (const p of partitions) {
    const ids: number[] = [];
    const weights: number[] = [];
    let k = 0;
    for (const cls of p.weightClasses)
      for (let b = 0; b < cls.count; b++) {
        ids.push(p.firstRespondentId + k++);
        weights.push(cls.weight);
      }
    const slotToId = new Map<number, number>();
    k = 0;
    for (const cls of p.weightClasses) for (let b = 0; b < cls.count; b++) slotToId.set(cls.startBit + b, p.firstRespondentId + k++);
    await client.query(`INSERT INTO bench_respondents SELECT unnest($1::int[]), $2, $3, unnest($4::float8[])`, [ids, p.key.wave, p.key.location, weights]);
    respondents += ids.length;
    const aRes: number[] = [];
    const aAttr: number[] = [];
    for (const attr of wanted) {
      const bits = p.attributes.get(attr);
      if (!bits) continue;
      for (let w = 0; w < bits.length; w++) {
        let word = bits[w];
        while (word !== 0) {
          const bit = 31 - Math.clz32(word & -word);
          word &= word - 1;
          aRes.push(slotToId.get(w * 32 + bit) as number);
          aAttr.push(attr);
        }
      }
    }
    for (let i = 0; i < aRes.length; i += 200_000) {
      await client.query(`INSERT INTO bench_answers SELECT unnest($1::int[]), unnest($2::int[])`, [aRes.slice(i, i + 200_000), aAttr.slice(i, i + 200_000)]);
    }
    answers += aRes.length;
  }
  await client.query(`CREATE INDEX ON bench_answers (attr, respondent_id)`);
  await client.query(`ANALYZE bench_respondents; ANALYZE bench_answers`);
  const sql = `
    WITH r AS (SELECT respondent_id, attr AS r FROM bench_answers WHERE attr = ANY($1::int[])),
         c AS (SELECT respondent_id, attr AS c FROM bench_answers WHERE attr = ANY($2::int[]))
    SELECT r.r, c.c, count(*) AS sample, sum(p.weight) AS size
    FROM r JOIN c USING (respondent_id) JOIN bench_respondents p ON p.id = r.respondent_id
    GROUP BY r.r, c.c`;
  const sqlTimes: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    await client.query(sql, [rowIds, colIds]);
    sqlTimes.push(performance.now() - started);
  }
  await client.end();

  const query = { rows: parseAll(rows), columns: parseAll(columns), waves: [sampleWave], locations: sampleLocations, datasets: ['core'] };
  const data = { partitions, dictionary: () => dictionary };
  const engineTimes: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    await computeCrosstab(data, query, {}, { executor: new InlineExecutor() });
    engineTimes.push(performance.now() - started);
  }
  const sqlMs = median(sqlTimes);
  const engineMs = median(engineTimes);
  console.log(
    `  SQL vs engine, 100x100 single-datapoint crosstab on a sample (${respondents} respondents: wave ${sampleWave}, ${sampleLocations.join('+')}; ${answers} answer rows):`,
  );
  console.log(
    `    Postgres ${sqlMs.toFixed(0)} ms (median of 3), engine single-thread ${engineMs.toFixed(1)} ms (median of 5): SQL/engine = ${(sqlMs / engineMs).toFixed(0)}x`,
  );
  console.log('    (SQL computes the intersect counts and sizes only; the engine computes every metric of every cell.)');
}

async function main(): Promise<void> {
  console.log(
    `crosstab end to end: ${os.cpus().length} cores, ${SIZES.join(' / ')} respondents, waves ${WAVES.join(', ')}, all 9 locations, dataset core, ` +
      `configurations ${CONFIGS.map((c) => `${c.workers}x${c.shards}`).join(' ')} (workers x shards), ${RUNS} runs each, load average ${load()}`,
  );
  const table: string[] = [];
  for (const respondents of SIZES) {
    const url = databaseUrl(respondents);
    await ensureDatabase(url, respondents);
    const engine = await engineTimer(url);
    try {
      for (const { workers, shards } of CONFIGS) {
        const { medians, workerMiB, privateMiB, pssMiB, peakMiB, dataMiB } = await endToEnd(url, workers, shards, respondents, engine);
        const largest = (values: number[]) => `${Math.max(...values)} MiB (${values.join(', ')})`;
        table.push(
          `| ${respondents.toLocaleString('en')} | ${workers} | ${shards} | ${SIDES.map((n) => `${medians.get(n)?.toFixed(0)} ms`).join(' | ')} | ` +
            `${largest(workerMiB)} | ${largest(privateMiB)} | ${largest(pssMiB)} | ${largest(dataMiB)} | ${largest(peakMiB)} |`,
        );
      }
    } finally {
      engine.close();
    }
  }
  console.log(
    `\n| respondents | workers | shards | ${SIDES.map((n) => `${n}x${n}`).join(' | ')} | largest worker, resident (each) | largest worker, private (each) | largest worker, PSS (each) | largest worker, partitions held (each) | largest worker, peak resident (each) |`,
  );
  console.log(`|---|---|---|${SIDES.map(() => '---|').join('')}---|---|---|---|---|`);
  for (const line of table) console.log(line);
  console.log(`load average at the end ${load()}`);
  if (SQL) await sqlComparison(databaseUrl(SIZES[0]));
}

if (process.env.BENCH_ENGINE_TIMER) {
  void runEngineTimer(process.env.BENCH_ENGINE_TIMER);
} else {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
