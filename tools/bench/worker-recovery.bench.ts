/**
 * Worker recovery benchmark (not a test), with the default lock and shutdown settings:
 * - time to retry: a worker running a `POST /v1/system/ping` job (delay_ms 2000) is SIGKILLed and
 *   a fresh worker started; from the kill to the retry starting on the new worker (the answer's
 *   arrival less the job's delay), BENCH_RUNS times (default 5), median;
 * - exit after SIGTERM: a worker running a 25 s job gets SIGTERM; time until the process is gone
 *   (SHUTDOWN_TIMEOUT_MS default 10 s), and whether the job still completes (on another worker).
 *
 *   npm run bench:worker-recovery
 *
 * Needs only Postgres (an empty migrated database, aas_bench_recovery by default) and Redis (a
 * redis-server of its own); the workers serve the system queue alone.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  BenchProcess,
  demoToken,
  ensureSurveyDatabase,
  loadAverage,
  machine,
  percentile,
  sleep,
  startGateway,
  startRedisServer,
  startWorker,
} from './bench-stack';

const DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/aas_bench_recovery';
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const DELAY_MS = 2000;
const LONG_JOB_MS = 25_000;

async function main(): Promise<void> {
  console.log(`worker recovery: ${machine()}`);
  await ensureSurveyDatabase(DATABASE_URL, 1000);
  const redisServer = await startRedisServer();
  const prefix = `aas-recovery-${randomBytes(4).toString('hex')}`;
  const env = { DATABASE_URL, REDIS_URL: redisServer.url, REDIS_PREFIX: prefix, JOB_MODE: 'queue', WORKER_QUEUES: 'system', JOB_TIMEOUT_MS: '120000' };
  const redis = new Redis(redisServer.url);
  // The worker first: in queue mode the gateway is ready only once a worker is alive.
  const workers: BenchProcess[] = [await startWorker(env, 'worker-0')];
  const { gateway, baseUrl } = await startGateway(env);
  const token = await demoToken(DATABASE_URL);
  const ping = (delayMs: number) =>
    fetch(`${baseUrl}/v1/system/ping`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ delay_ms: delayMs }),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { handled_by?: number; attempt?: number }, at: Date.now() }));
  const untilActive = async () => {
    for (let i = 0; i < 500; i++) {
      if ((await redis.llen(`${prefix}:system:active`)) > 0) return;
      await sleep(10);
    }
    throw new Error('no job became active');
  };
  try {
    let current = workers[0];
    const retries: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const pending = ping(DELAY_MS);
      await untilActive();
      const killed = Date.now();
      current.child.kill('SIGKILL');
      await current.exited;
      current = await startWorker(env, `worker-${run}`);
      workers.push(current);
      const answer = await pending;
      const retryMs = answer.at - DELAY_MS - killed;
      retries.push(retryMs);
      console.log(
        `  run ${run}: SIGKILL -> retry started ${(retryMs / 1000).toFixed(1)} s later (HTTP ${answer.status}, attempt ${answer.body.attempt}, on the new worker: ${answer.body.handled_by === current.pid})`,
      );
    }
    console.log(
      `time from SIGKILL to retry: median ${(percentile(retries, 50) / 1000).toFixed(1)} s, min ${(Math.min(...retries) / 1000).toFixed(1)} s, max ${(Math.max(...retries) / 1000).toFixed(1)} s; load average ${loadAverage()}`,
    );

    const exits: number[] = [];
    const waits: number[] = [];
    for (let run = 1; run <= Math.min(3, RUNS); run++) {
      const asked = Date.now();
      const pending = ping(LONG_JOB_MS);
      await untilActive();
      // Some seconds into the job, so a worker that keeps what it did hands over less than it got.
      await sleep(3000);
      const signalled = Date.now();
      const leaving = current;
      await leaving.stop('SIGTERM', 120_000);
      const exitMs = Date.now() - signalled;
      exits.push(exitMs);
      current = await startWorker(env, `worker-term-${run}`);
      workers.push(current);
      const answer = await pending;
      waits.push(answer.at - asked);
      console.log(
        `  run ${run}: SIGTERM 3 s into a ${LONG_JOB_MS / 1000} s job -> exited after ${(exitMs / 1000).toFixed(1)} s; the job answered HTTP ${answer.status} from ${answer.body.handled_by === leaving.pid ? 'the leaving worker' : 'the next worker'}, ${((answer.at - asked) / 1000).toFixed(1)} s after it was asked (the next worker started once the leaving one was gone)`,
      );
    }
    console.log(
      `exit after SIGTERM (SHUTDOWN_TIMEOUT_MS default): median ${(percentile(exits, 50) / 1000).toFixed(1)} s, max ${(Math.max(...exits) / 1000).toFixed(1)} s; ` +
        `the ${LONG_JOB_MS / 1000} s job's client waited median ${(percentile(waits, 50) / 1000).toFixed(1)} s; load average ${loadAverage()}`,
    );
  } finally {
    redis.disconnect();
    await Promise.all([gateway.stop(), ...workers.map((w) => w.stop('SIGKILL'))]);
    redisServer.process.kill('SIGKILL');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
