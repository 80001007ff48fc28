/**
 * Redis soak benchmark (not a test): N crosstabs (default 1,000) through the built gateway and one
 * worker, against a redis-server of its own, printing Redis memory (INFO used_memory) and the keys
 * under the run's prefix before, during and after the run, and again once the result TTL has
 * passed. Redis must come back to its baseline: what a finished crosstab leaves is bounded by the
 * retention settings, not by the traffic.
 *
 *   npm run bench:redis-soak
 *   BENCH_CROSSTABS=1000 BENCH_SIZE=10 BENCH_CONCURRENCY=4 npm run bench:redis-soak
 *
 * DATABASE_URL defaults to the local aas_bench_reliability (seeded with 50,000 respondents, seed 42,
 * when it holds anything else). BENCH_SIZE is the side of the square crosstab (10: 10x10, 100 cells).
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { crosstabBody, demoToken, ensureSurveyDatabase, loadAverage, machine, sleep, startGateway, startRedisServer, startWorker } from './bench-stack';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/aas_bench_reliability';
const RESPONDENTS = Number(process.env.BENCH_RESPONDENTS ?? 50_000);
const CROSSTABS = Number(process.env.BENCH_CROSSTABS ?? 1000);
const SIZE = Number(process.env.BENCH_SIZE ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const SAMPLES = 10;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

async function snapshot(redis: Redis, prefix: string): Promise<{ used: number; keys: number; results: number; jobs: number }> {
  const info = await redis.info('memory');
  const used = Number(/used_memory:(\d+)/.exec(info)?.[1] ?? NaN);
  let keys = 0;
  let results = 0;
  let jobs = 0;
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 5000);
    keys += batch.length;
    results += batch.filter((k) => k.includes(':result:')).length;
    jobs += batch.filter((k) => /:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(k)).length;
    cursor = next;
  } while (cursor !== '0');
  return { used, keys, results, jobs };
}

const line = (label: string, s: { used: number; keys: number; results: number; jobs: number }) =>
  `  ${label.padEnd(34)} used_memory ${mib(s.used).padStart(11)}   keys under prefix ${String(s.keys).padStart(6)} (job records ${s.jobs}, results ${s.results})`;

async function main(): Promise<void> {
  console.log(`redis soak: ${machine()}`);
  await ensureSurveyDatabase(DATABASE_URL, RESPONDENTS);
  const redisServer = await startRedisServer();
  const prefix = `aas-soak-${randomBytes(4).toString('hex')}`;
  const env = { DATABASE_URL, REDIS_URL: redisServer.url, REDIS_PREFIX: prefix, JOB_MODE: 'queue', CROSSTAB_MAX_CELLS: String(Math.max(10_000, SIZE * SIZE)) };
  const redis = new Redis(redisServer.url);
  const worker = await startWorker(env);
  const { gateway, baseUrl } = await startGateway(env);
  try {
    const token = await demoToken(DATABASE_URL);
    const body = crosstabBody(SIZE);
    let failures = 0;
    let cells = 0;
    const crosstab = async () => {
      const res = await fetch(`${baseUrl}/v2/query/crosstab`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      const text = await res.text();
      const lines = text.split('\n').filter(Boolean);
      if (res.status !== 200 || lines.some((l) => l.includes('"status"'))) failures++;
      else cells += lines.length;
    };
    await crosstab(); // the queue's fixed keys (meta, id counter, event stream) exist from here on
    await sleep(1000);
    const baseline = await snapshot(redis, prefix);
    console.log(`${CROSSTABS} crosstabs of ${SIZE}x${SIZE}, ${CONCURRENCY} at a time, ${RESPONDENTS} respondents; load average before: ${loadAverage()}`);
    console.log(line('baseline (after one crosstab)', baseline));

    const started = Date.now();
    let claimed = 0;
    let done = 0;
    let peak = baseline.used;
    const every = Math.max(1, Math.floor(CROSSTABS / SAMPLES));
    const runOne = async (): Promise<void> => {
      while (claimed < CROSSTABS) {
        claimed++;
        await crosstab();
        done++;
        if (done % every === 0) {
          const s = await snapshot(redis, prefix);
          peak = Math.max(peak, s.used);
          console.log(line(`during: ${done} crosstabs`, s));
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, runOne));
    const seconds = (Date.now() - started) / 1000;
    await sleep(2000);
    const after = await snapshot(redis, prefix);
    console.log(line('after: 2 s after the last one', after));
    console.log(
      `  ${CROSSTABS} crosstabs in ${seconds.toFixed(1)} s (${(CROSSTABS / seconds).toFixed(1)}/s), ${cells} cells, ${failures} failed; load average ${loadAverage()}`,
    );
    console.log(`  growth per ${CROSSTABS} crosstabs: peak ${mib(peak - baseline.used)}, left after the run ${mib(after.used - baseline.used)}`);
    const ttlWait = Number(process.env.BENCH_TTL_WAIT_S ?? 65);
    if (ttlWait > 0) {
      await sleep(ttlWait * 1000);
      console.log(line(`after ${ttlWait} s more (result TTL)`, await snapshot(redis, prefix)));
    }
  } finally {
    redis.disconnect();
    await Promise.all([gateway.stop(), worker.stop()]);
    redisServer.process.kill('SIGKILL');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
