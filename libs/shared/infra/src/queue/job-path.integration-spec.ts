import { Injectable } from '@nestjs/common';
import { Test, TestingModule } from '@nestjs/testing';
import { IsInt, IsString, Max, Min } from 'class-validator';
import { Redis } from 'ioredis';
import { runInThisContext } from 'node:vm';
import { EngineComputePayload, EngineComputeResult, JOBS, SystemPingPayload, SystemPingResult } from '@aas/shared-contracts';
import { AppConfigModule } from '../config/config.module';
import { CommonConfig } from '../config/common.config';
import { loadConfig } from '../config/load-config';
import { ProblemException, PROBLEM_TYPES } from '../errors/problem.exception';
import { deleteRedisPrefix, testRedisUrl, uniqueRedisPrefix } from '../testing/test-redis';
import { HandlesJob, JobContext, JobHandler } from './job-handler';
import { jobReportKey, jobResultKey } from './job-retention';
import { BackgroundJobState, BullJobRunner, JobRunner } from './job-runner';
import { Metrics } from '../observability/metrics';
import { runWithRequestId } from '../observability/request-context';
import { QueueModule } from './queue.module';
import { WorkerHost } from './worker-host';

/** The ping payload as a worker checks it. */
class PingCommand implements SystemPingPayload {
  @IsString() nonce!: string;
  @IsInt() @Min(0) @Max(10_000) delayMs!: number;
}

/** What the handlers saw: every call, with its job id, request id and attempt. */
const calls: { job: string; nonce: string; jobId: string; requestId?: string; attempt: number }[] = [];

/**
 * A ping handler whose nonce says what to do: answer, refuse with a client error, or fail like a
 * bug (so the job path's treatment of each can be seen from the caller's side).
 */
@Injectable()
@HandlesJob(JOBS.systemPing, { payload: PingCommand })
class ScriptedPing implements JobHandler<'system.ping'> {
  async handle(payload: SystemPingPayload, context: JobContext): Promise<SystemPingResult> {
    calls.push({ job: 'ping', nonce: payload.nonce, jobId: context.jobId, requestId: context.requestId, attempt: context.attempt });
    if (payload.delayMs > 0) await new Promise((r) => setTimeout(r, payload.delayMs));
    if (payload.nonce.startsWith('refuse')) {
      throw ProblemException.validation('The ping cannot be answered: its nonce says no', [{ path: '/nonce', message: 'says no' }]);
    }
    if (payload.nonce.startsWith('crash')) throw new Error('the handler broke (connection string postgres://secret@db)');
    return { nonce: payload.nonce, handledBy: process.pid, attempt: context.attempt };
  }
}

/**
 * Node's own Float64Array. Jest gives test code globals of its own but keeps Node's Uint8Array
 * (for Buffer), and msgpackr recognises typed arrays by that Uint8Array's prototype chain, so an
 * array made with jest's Float64Array would travel as a plain object. Outside jest there is one
 * realm and the engine's arrays are Node's.
 */
const NodeFloat64Array = runInThisContext('Float64Array') as Float64ArrayConstructor;

/** An engine handler that answers sums made from the payload, to see typed arrays cross Redis. */
@Injectable()
@HandlesJob(JOBS.engineCompute)
class SumsFromPayload implements JobHandler<'engine.compute'> {
  async handle(payload: EngineComputePayload, context: JobContext): Promise<EngineComputeResult> {
    calls.push({ job: 'engine', nonce: payload.requestId, jobId: context.jobId, attempt: context.attempt });
    const n = payload.rows.length;
    // With bands, one report per band but the last, each a row range with values to check.
    const cuts = [0, ...(payload.bands ?? []), n];
    for (let k = 0; k + 2 < cuts.length; k++) {
      await context.report?.({
        rowStart: cuts[k],
        rowEnd: cuts[k + 1],
        groups: 1,
        rowCount: cuts[k + 1] - cuts[k],
        columnCount: 1,
        singles: NodeFloat64Array.of(k),
        cells: NodeFloat64Array.from({ length: (cuts[k + 1] - cuts[k]) * 3 }, (_, i) => k + i / 7),
      });
      if (payload.requestId === 'slow-reports') await new Promise((r) => setTimeout(r, 50));
    }
    return {
      groups: 1,
      rowCount: n,
      columnCount: 1,
      singles: NodeFloat64Array.from({ length: (2 + n) * 3 }, (_, i) => i / 3),
      cells: NodeFloat64Array.from({ length: n * 3 }, (_, i) => 0.1 * i + Number.EPSILON),
    };
  }
}

describe('the job path through the real Redis: BullJobRunner to WorkerHost and back', () => {
  const prefix = uniqueRedisPrefix('jobpath');
  let moduleRef: TestingModule;
  let runner: JobRunner;
  let host: WorkerHost;
  let redis: Redis;

  beforeAll(async () => {
    const config = loadConfig(CommonConfig, { NODE_ENV: 'test', JOB_MODE: 'queue', REDIS_URL: testRedisUrl(), REDIS_PREFIX: prefix, JOB_TIMEOUT_MS: '20000' });
    moduleRef = await Test.createTestingModule({
      imports: [AppConfigModule.forRoot(config), QueueModule],
      providers: [ScriptedPing, SumsFromPayload],
    }).compile();
    await moduleRef.init();
    runner = moduleRef.get(JobRunner);
    host = moduleRef.get(WorkerHost);
    await host.start({ queues: ['system', 'engine'], concurrency: 2, lockDurationMs: 5000, shutdownTimeoutMs: 2000 });
    redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    await host?.stop(2000);
    await moduleRef?.close();
    redis?.disconnect();
    await deleteRedisPrefix(prefix);
  });
  beforeEach(() => (calls.length = 0));

  const ping = (nonce: string, delayMs = 0) => runner.run(JOBS.systemPing, { nonce, delayMs });

  /** An engine payload of `rows` empty rows and one column; the handler here answers sums made from it. */
  const enginePayload = (requestId: string, rows: number, bands?: number[]): EngineComputePayload => ({
    requestId,
    rows: Array.from({ length: rows }, () => ({})),
    columns: [{}],
    base: {},
    waves: ['w1'],
    locations: ['gb'],
    dataset: 'core',
    groupBy: 'none',
    ...(bands === undefined ? {} : { bands }),
  });

  async function outcome(promise: Promise<unknown>): Promise<ProblemException> {
    const result = await promise.then(
      (value) => new Error(`the job succeeded: ${JSON.stringify(value)}`),
      (err: unknown) => err,
    );
    if (!(result instanceof ProblemException)) throw result;
    return result;
  }

  /** Resolves once the key is gone, or throws after ms (the job record is removed just after the result is taken). */
  async function gone(key: string, ms = 5000): Promise<void> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if ((await redis.exists(key)) === 0) return;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`${key} still exists after ${ms} ms: ${JSON.stringify(await redis.hgetall(key))}`);
  }

  /** A sample's value in the registry's exposition (undefined when absent). */
  async function sampleOf(name: string, labels: Record<string, string>): Promise<number | undefined> {
    // A histogram's count is a sample of its own name; getMetricsAsJSON lists every sample with its name.
    const all = await moduleRef.get(Metrics).registry.getMetricsAsJSON();
    for (const metric of all) {
      for (const v of metric.values as { metricName?: string; labels: Record<string, string | number>; value: number }[]) {
        if ((v.metricName ?? metric.name) === name && Object.entries(labels).every(([k, value]) => v.labels[k] === value)) return v.value;
      }
    }
    return undefined;
  }

  it("gives a job served for a request an id derived from the request's, and hands the request id to the worker", async () => {
    // Two requests sending the same request id (clients reuse them) still get distinct jobs.
    const [a, b] = await Promise.all([
      runWithRequestId('client:42', () => Promise.all([ping('rid-a1'), ping('rid-a2')])),
      runWithRequestId('client:42', () => ping('rid-b1')),
    ]);
    expect([...a, b].map((r) => r.nonce)).toEqual(['rid-a1', 'rid-a2', 'rid-b1']);
    expect(calls.map((c) => c.requestId)).toEqual(['client:42', 'client:42', 'client:42']);
    const ids = calls.map((c) => c.jobId);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^client_42\.[12]\.[0-9a-f]{8}$/);
    // Outside a request: a random id, and no request id.
    await ping('no-request');
    expect(calls[3]).toMatchObject({ requestId: undefined, jobId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('records each job on the producer side (waited, outcome) and the worker side (run, outcome)', async () => {
    const waited = (outcome: string) => sampleOf('aas_job_wait_seconds_count', { queue: 'system', name: 'system.ping', outcome });
    const ran = (outcome: string) => sampleOf('aas_job_run_seconds_count', { queue: 'system', name: 'system.ping', outcome });
    const before = { completed: (await waited('completed')) ?? 0, rejected: (await waited('rejected')) ?? 0, runRejected: (await ran('rejected')) ?? 0 };
    await ping('counted');
    await outcome(ping('refuse-counted'));
    expect(await waited('completed')).toBe(before.completed + 1);
    expect(await waited('rejected')).toBe(before.rejected + 1);
    expect(await ran('rejected')).toBe(before.runRejected + 1);
    expect(await sampleOf('aas_jobs_active', { queue: 'system' })).toBe(0);
  });

  it('runs through the queue mode runner', () => {
    expect(runner).toBeInstanceOf(BullJobRunner);
    expect(runner.mode).toBe('queue');
  });

  it("returns a job's result to its caller once, and leaves nothing of the job in Redis", async () => {
    const result = await ping('hello');
    expect(result).toMatchObject({ nonce: 'hello', handledBy: process.pid, attempt: 1 });
    expect(calls).toHaveLength(1);
    const { jobId } = calls[0];
    // Taken with GETDEL: a second read finds nothing.
    expect(await redis.getBuffer(jobResultKey(prefix, jobId))).toBeNull();
    await gone(`${prefix}:system:${jobId}`);
    expect(await redis.zscore(`${prefix}:system:completed`, jobId)).toBeNull();
  });

  it('brings typed arrays back typed, with every value exact', async () => {
    const result = await runner.run(JOBS.engineCompute, enginePayload('typed', 3));
    expect(result.singles).toBeInstanceOf(Float64Array);
    expect(result.cells).toBeInstanceOf(Float64Array);
    expect(Array.from(result.singles)).toEqual(Array.from({ length: 15 }, (_, i) => i / 3));
    expect(Array.from(result.cells)).toEqual(Array.from({ length: 9 }, (_, i) => 0.1 * i + Number.EPSILON));
  });

  it('hands over what a job reports while it runs, in order and before the result, and leaves no report behind', async () => {
    const payload = enginePayload('slow-reports', 10, [2, 5, 9]);
    const seen: { rowStart: number; rowEnd: number; singles: unknown; cells: number[]; beforeResult: boolean }[] = [];
    let resulted = false;
    const result = await runner.run(JOBS.engineCompute, payload, {
      onProgress: (progress) => {
        const p = progress as { rowStart: number; rowEnd: number; singles: Float64Array; cells: Float64Array };
        seen.push({ rowStart: p.rowStart, rowEnd: p.rowEnd, singles: p.singles, cells: Array.from(p.cells), beforeResult: !resulted });
      },
    });
    resulted = true;
    expect(result.rowCount).toBe(10);
    expect(seen.map((s) => [s.rowStart, s.rowEnd])).toEqual([
      [0, 2],
      [2, 5],
      [5, 9],
    ]);
    expect(seen.every((s) => s.beforeResult && s.singles instanceof Float64Array)).toBe(true);
    expect(seen[2].cells).toEqual(Array.from({ length: 12 }, (_, i) => 2 + i / 7));
    // Each report was taken with GETDEL; nothing of them is left.
    const { jobId } = calls[0];
    for (let n = 0; n < 3; n++) expect(await redis.exists(jobReportKey(prefix, jobId, n))).toBe(0);
  });

  it('runs a reporting job for a caller that takes no reports, and leaves its reports to expire', async () => {
    const result = await runner.run(JOBS.engineCompute, enginePayload('unheard', 3, [1]));
    expect(result.rowCount).toBe(3);
    const key = jobReportKey(prefix, calls[0].jobId, 0);
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await redis.del(key); // the other tests count what results are left
  });

  it("carries a handler's client error back as the same problem, without a retry", async () => {
    const problem = await outcome(ping('refuse-1'));
    expect(problem.getStatus()).toBe(400);
    expect(problem.toProblem()).toEqual({
      type: PROBLEM_TYPES.validation,
      title: 'Bad Request',
      status: 400,
      detail: 'The ping cannot be answered: its nonce says no',
      errors: [{ path: '/nonce', message: 'says no' }],
    });
    expect(calls.map((c) => c.attempt)).toEqual([1]);
  });

  it('refuses a payload that fails its class before the handler sees it, naming the member', async () => {
    const problem = await outcome(runner.run(JOBS.systemPing, { nonce: 42, delayMs: 'soon', extra: true } as unknown as SystemPingPayload));
    expect(problem.getStatus()).toBe(400);
    expect(problem.problemType).toBe(PROBLEM_TYPES.validation);
    expect([...new Set(problem.fieldErrors?.map((e) => e.path))].sort()).toEqual(['/delayMs', '/extra', '/nonce']);
    expect(calls).toEqual([]);
  });

  it('retries a job that fails like a bug once, then answers 502 without the reason', async () => {
    const retries = async () => [
      (await sampleOf('aas_job_run_retries_total', { queue: 'system', name: 'system.ping' })) ?? 0,
      (await sampleOf('aas_job_wait_retries_total', { queue: 'system', name: 'system.ping' })) ?? 0,
    ];
    const before = await retries();
    const problem = await outcome(ping('crash-1'));
    expect(problem.getStatus()).toBe(502);
    expect(problem.problemType).toBe(PROBLEM_TYPES.unavailable);
    expect(problem.message).toBe('The job failed after 2 attempt(s); the service logged why');
    expect(problem.message).not.toContain('secret');
    expect(calls.map((c) => c.attempt)).toEqual([1, 2]);
    expect(new Set(calls.map((c) => c.jobId)).size).toBe(1);
    // Both sides saw the retry: the worker ran attempt 2, the gateway saw its job start again.
    expect(await retries()).toEqual([before[0] + 1, before[1] + 1]);
  });

  it('answers 504 when the result does not come within the caller’s bound, and the job still runs to its end', async () => {
    const started = Date.now();
    const problem = await outcome(runner.run(JOBS.systemPing, { nonce: 'slow', delayMs: 1500 }, { timeoutMs: 300 }));
    expect(problem.getStatus()).toBe(504);
    expect(problem.problemType).toBe(PROBLEM_TYPES.timeout);
    expect(Date.now() - started).toBeLessThan(1500);
    // Jobs after it are not stuck behind it.
    expect(await ping('after-timeout')).toMatchObject({ nonce: 'after-timeout' });
    // The abandoned job finishes; its result, collected by nobody, waits under a TTL and then goes.
    const slow = calls.find((c) => c.nonce === 'slow')!;
    const key = jobResultKey(prefix, slow.jobId);
    const until = Date.now() + 10_000;
    while ((await redis.exists(key)) === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    const ttl = await redis.pttl(key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(60_000);
    await redis.del(key);
  });

  it('keeps answers apart when many jobs run at once', async () => {
    const nonces = Array.from({ length: 20 }, (_, i) => `n${i}`);
    const results = await Promise.all(nonces.map((n) => ping(n, 20)));
    expect(results.map((r) => r.nonce)).toEqual(nonces);
    const keys = await redis.keys(`${prefix}:result:*`);
    expect(keys).toEqual([]);
  });

  /** Polls a job queued with `enqueue` until its state is `wanted`, within ms; fails with the last state seen. */
  async function stateBecomes(jobId: string, wanted: string, ms = 10_000): Promise<BackgroundJobState> {
    const until = Date.now() + ms;
    let last: BackgroundJobState | undefined;
    while (Date.now() < until) {
      last = await runner.state(JOBS.systemPing, jobId);
      if (last.state === wanted) return last;
      await new Promise((r) => setTimeout(r, 25));
    }
    throw new Error(`job ${jobId} is ${JSON.stringify(last)} after ${ms} ms, not ${wanted}`);
  }

  it('enqueue queues a job without waiting for it; state follows it to the end', async () => {
    const started = Date.now();
    await runner.enqueue(JOBS.systemPing, { nonce: 'background', delayMs: 1000 }, { jobId: 'background-1' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(['waiting', 'active']).toContain((await runner.state(JOBS.systemPing, 'background-1')).state);
    await stateBecomes('background-1', 'completed');
    expect(calls).toEqual([expect.objectContaining({ nonce: 'background', jobId: 'background-1', attempt: 1 })]);
    expect(await runner.state(JOBS.systemPing, 'no-such-job')).toEqual({ state: 'missing' });
  });

  it('state says failed, with the reason, once every try of an enqueued job failed', async () => {
    await runner.enqueue(JOBS.systemPing, { nonce: 'crash-background', delayMs: 0 }, { jobId: 'background-2', attempts: 2 });
    const failed = await stateBecomes('background-2', 'failed');
    expect(failed).toEqual({ state: 'failed', reason: expect.stringContaining('the handler broke') });
    expect(calls.map((c) => c.attempt)).toEqual([1, 2]);
  });
});
