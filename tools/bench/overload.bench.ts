/**
 * Overload benchmark (not a test): C clients (BENCH_CONNECTIONS, default "50,150") each send
 * 100x100 crosstabs back to back for BENCH_SECONDS (default 30) against the built gateway and two
 * workers, while a prober asks GET /health/ready every half second. Prints, per level: the status
 * codes (a 200 whose stream ended with a problem counted apart), latency of the accepted crosstabs
 * and of the refusals (503, 429) (p50/p99), whether 503s carry Retry-After, readiness latency
 * (p50/p99/max) and its answers, and the gateway's log lines (at LOG_LEVEL info, the default) other
 * than those of accepted requests, per 1,000 refusals.
 *
 *   npm run bench:overload
 *
 * DATABASE_URL defaults to the local aas_bench_reliability (50,000 respondents, seed 42, seeded
 * when it holds anything else); admission control runs with its defaults unless set in the
 * environment (ENGINE_MAX_JOBS_IN_FLIGHT, ENGINE_MAX_JOBS_IN_FLIGHT_PER_ORG,
 * ENGINE_MAX_CELLS_IN_FLIGHT, ADMISSION_MAX_EVENT_LOOP_DELAY_MS). The per-organisation rate limit
 * is off unless BENCH_RATE_LIMIT_REQUESTS sets it (600 is the service's default).
 */
import 'reflect-metadata';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  crosstabBody,
  demoToken,
  StackEnv,
  ensureSurveyDatabase,
  loadAverage,
  machine,
  percentile,
  sleep,
  startGateway,
  startRedisServer,
  startWorker,
} from './bench-stack';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/aas_bench_reliability';
const RESPONDENTS = Number(process.env.BENCH_RESPONDENTS ?? 50_000);
const LEVELS = (process.env.BENCH_CONNECTIONS ?? '50,150').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SIZE = Number(process.env.BENCH_SIZE ?? 100);
const BACKOFF_CAP_MS = Number(process.env.BENCH_BACKOFF_CAP_MS ?? 2000);

interface Outcome {
  status: number;
  ms: number;
  /** The Retry-After header (s), when there was one. */
  retryAfter?: number;
  /** The status of a problem that ended a 200 stream. */
  inStream?: number;
}

/** Settings passed to the gateway and workers when set here. */
const PASSED = [
  'ENGINE_MAX_JOBS_IN_FLIGHT',
  'ENGINE_MAX_JOBS_IN_FLIGHT_PER_ORG',
  'ENGINE_MAX_CELLS_IN_FLIGHT',
  'ADMISSION_MAX_EVENT_LOOP_DELAY_MS',
  'CROSSTAB_CHUNK_CELLS',
];

const ms = (xs: number[], p: number) => (xs.length === 0 ? '-' : `${percentile(xs, p).toFixed(0)} ms`);

const PROBER = `
const [url, ms] = process.argv.slice(1);
const until = Date.now() + Number(ms);
const out = [];
(async () => {
  while (Date.now() < until) {
    const started = performance.now();
    const status = await fetch(url).then((r) => r.status, () => 0);
    out.push({ ms: performance.now() - started, status });
    await new Promise((r) => setTimeout(r, 500));
  }
  process.stdout.write(JSON.stringify(out));
})();
`;

/** Series of the gateway's /metrics whose name starts with one of `names`, by their full name and labels. */
async function scrape(baseUrl: string, names: string[]): Promise<Map<string, number>> {
  const text = await fetch(`${baseUrl}/metrics`).then(
    (r) => r.text(),
    () => '',
  );
  const series = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!names.some((n) => line.startsWith(n))) continue;
    const at = line.lastIndexOf(' ');
    series.set(line.slice(0, at), Number(line.slice(at + 1)));
  }
  return series;
}

/** What changed in the series between two scrapes, as `name{labels} +n` (series that did not change left out). */
function growth(before: Map<string, number>, after: Map<string, number>): string {
  const grown = [...after].map(([k, v]) => [k, v - (before.get(k) ?? 0)] as const).filter(([, d]) => d > 0);
  return grown.length === 0
    ? 'none'
    : grown.map(([k, d]) => `${k.replace(/^aas_http_refusals_total/, '')} +${Number.isInteger(d) ? d : d.toFixed(1)}`).join(', ');
}

const SCRAPED = ['aas_http_refusals_total', 'process_cpu_seconds_total'];

/** GET /health/ready every half second for `ms`, from a separate process; each answer's time and status. */
function probeReadiness(baseUrl: string, ms: number): Promise<{ ms: number; status: number }[]> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', PROBER, `${baseUrl}/health/ready`, String(ms)], (err, stdout) =>
      err ? reject(err) : resolve(JSON.parse(stdout) as { ms: number; status: number }[]),
    );
  });
}

async function main(): Promise<void> {
  console.log(`overload: ${machine()}`);
  await ensureSurveyDatabase(DATABASE_URL, RESPONDENTS);
  const redisServer = await startRedisServer();
  const env: StackEnv = {
    DATABASE_URL,
    REDIS_URL: redisServer.url,
    REDIS_PREFIX: `aas-overload-${randomBytes(4).toString('hex')}`,
    JOB_MODE: 'queue',
  };
  for (const name of PASSED) if (process.env[name]) env[name] = process.env[name] as string;
  const workers = [await startWorker(env, 'worker-1'), await startWorker(env, 'worker-2')];
  const { gateway, baseUrl } = await startGateway({
    ...env,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    ...(process.env.BENCH_RATE_LIMIT_REQUESTS ? { RATE_LIMIT_REQUESTS: process.env.BENCH_RATE_LIMIT_REQUESTS } : {}),
  });
  const token = await demoToken(DATABASE_URL);
  const body = crosstabBody(SIZE);
  const crosstab = async (): Promise<Outcome> => {
    const started = performance.now();
    try {
      const res = await fetch(`${baseUrl}/v2/query/crosstab`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      // Only the tail matters (a problem ending the stream): the client keeps it alone, so its own
      // CPU (it shares the machine with the service) goes to reading, not to decoding 8 MB answers.
      let tail = Buffer.alloc(0);
      for await (const chunk of res.body ?? []) tail = Buffer.concat([tail, Buffer.from(chunk as Uint8Array)]).subarray(-4096);
      const ms = performance.now() - started;
      const text = tail.toString('utf8');
      const last = res.status === 200 ? text.slice(text.lastIndexOf('\n', text.length - 2) + 1) : '';
      const inStream = last.includes('"status"') ? (JSON.parse(last) as { status: number }).status : undefined;
      const retryAfter = res.headers.get('retry-after');
      return { status: res.status, ms, retryAfter: retryAfter === null ? undefined : Number(retryAfter), inStream };
    } catch {
      return { status: 0, ms: performance.now() - started };
    }
  };
  try {
    for (let i = 0; i < 3; i++) await crosstab();
    console.log(
      `${SIZE}x${SIZE} crosstabs, ${RESPONDENTS} respondents, 2 workers, ${SECONDS} s per level, rate limit ${process.env.BENCH_RATE_LIMIT_REQUESTS ?? 'off'}; load average ${loadAverage()}`,
    );
    for (const connections of LEVELS) {
      const results: Outcome[] = [];
      const linesBefore = gateway.lineCounts;
      const metricsBefore = await scrape(baseUrl, SCRAPED);
      const until = Date.now() + SECONDS * 1000;
      const client = async () => {
        while (Date.now() < until) {
          const r = await crosstab();
          results.push(r);
          // A refused client backs off as told, capped (BENCH_BACKOFF_CAP_MS, default 2 s) to keep the pressure on.
          if (r.status === 503 || r.status === 429) await sleep(Math.min(BACKOFF_CAP_MS, (r.retryAfter ?? 1) * 1000));
        }
      };
      // Readiness is probed from a process of its own: timed inside this one, it would measure this
      // process's own event loop, busy reading the crosstab answers.
      const prober = probeReadiness(baseUrl, SECONDS * 1000);
      // The event-loop delay admission reads (absent from gateways without it), once a second.
      const loopDelays: number[] = [];
      const sampler = setInterval(() => {
        void scrape(baseUrl, ['aas_event_loop_delay_seconds']).then((m) => m.forEach((v) => loopDelays.push(v * 1000)));
      }, 1000);
      await Promise.all(Array.from({ length: connections }, client));
      const ready = await prober;
      clearInterval(sampler);
      const codes = new Map<string, number>();
      for (const r of results) {
        const key = r.status === 200 && r.inStream ? `200 (in-stream ${r.inStream})` : String(r.status);
        codes.set(key, (codes.get(key) ?? 0) + 1);
      }
      // The gateway writes its last lines as the level ends: let them arrive before counting.
      await sleep(1000);
      const lines = gateway.lineCounts;
      const metricsAfter = await scrape(baseUrl, SCRAPED);
      const ok = results.filter((r) => r.status === 200 && !r.inStream).map((r) => r.ms);
      const unavailable = results.filter((r) => r.status === 503);
      const limited = results.filter((r) => r.status === 429);
      const refusals = unavailable.length + limited.length;
      const readyMs = ready.map((r) => r.ms);
      console.log(`  ${connections} connections: ${results.length} crosstabs; status ${[...codes].map(([k, v]) => `${k}: ${v}`).join(', ')}`);
      console.log(
        `    accepted (200, whole stream): p50 ${ms(ok, 50)}, p99 ${ms(ok, 99)} (${(ok.length / SECONDS).toFixed(1)}/s); ` +
          `refused 503: p50 ${ms(
            unavailable.map((r) => r.ms),
            50,
          )}, p99 ${ms(
            unavailable.map((r) => r.ms),
            99,
          )}, with Retry-After ${unavailable.filter((r) => r.retryAfter !== undefined).length} of ${unavailable.length} (median ${percentile(
            unavailable.map((r) => r.retryAfter ?? NaN),
            50,
          )} s); refused 429: p50 ${ms(
            limited.map((r) => r.ms),
            50,
          )}, p99 ${ms(
            limited.map((r) => r.ms),
            99,
          )}`,
      );
      const other = lines.total - linesBefore.total - (lines.success - linesBefore.success);
      console.log(
        `    gateway log: ${lines.total - linesBefore.total} lines, ${other} besides accepted requests' (${refusals === 0 ? '-' : ((other / refusals) * 1000).toFixed(0)} per 1,000 refusals), ` +
          `${lines.warnOrAbove - linesBefore.warnOrAbove} at warn or above, ${lines.withStack - linesBefore.withStack} with a stack`,
      );
      console.log(
        `    gateway metrics over the level: ${growth(metricsBefore, metricsAfter)}; event-loop delay (aas_event_loop_delay_seconds, each second): ` +
          (loopDelays.length === 0 ? 'not reported' : `p50 ${ms(loopDelays, 50)}, p90 ${ms(loopDelays, 90)}, max ${ms(loopDelays, 100)}`),
      );
      console.log(
        `    /health/ready: p50 ${percentile(readyMs, 50).toFixed(0)} ms, p99 ${percentile(readyMs, 99).toFixed(0)} ms, max ${Math.max(...readyMs).toFixed(0)} ms; ` +
          `${ready.filter((r) => r.status === 200).length} of ${ready.length} answered 200; load average ${loadAverage()}`,
      );
      await sleep(3000);
    }
    console.log(`  MaxListenersExceededWarning in the gateway's output: ${gateway.logs.includes('MaxListenersExceededWarning') ? 'yes' : 'no'}`);
  } finally {
    await Promise.all([gateway.stop(), ...workers.map((w) => w.stop())]);
    redisServer.process.kill('SIGKILL');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
