import { Injectable, Logger } from '@nestjs/common';
import { Job, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { QueueName } from '@aas/contracts';
import { CommonConfig } from '../config/common.config';
import { ProblemException } from '../errors/problem.exception';
import { JobRunRecorder } from '../observability/job-run-recorder';
import { Metrics } from '../observability/metrics';
import { encodeJobProblem } from './job-errors';
import { JobHandlerRegistry } from './job-handler';
import { requestIdOfJob } from './job-request-id';
import { jobResultKey, jobRetention, packJobResult } from './job-retention';
import { createRedis, withTimeout } from './redis';
import { DEFAULT_HEARTBEAT, HeartbeatTiming, newWorkerId, WorkerHeartbeat, WorkerInfo } from './worker-registry';

export interface WorkerHostOptions {
  queues: readonly QueueName[];
  concurrency: number;
  /** A job whose worker stops renewing its lock for this long is retried elsewhere. */
  lockDurationMs: number;
  /** How long shutdown waits for active jobs before handing them back to the queue. */
  shutdownTimeoutMs: number;
  /** Facts published with this worker's heartbeat (see worker-registry.ts), e.g. its shard. */
  meta?: Record<string, unknown>;
  heartbeat?: HeartbeatTiming;
}

/** How long handing jobs back and closing connections may take after SHUTDOWN_TIMEOUT_MS (ms). */
const HAND_BACK_TIMEOUT_MS = 2000;

interface ActiveJob {
  readonly job: Job;
  readonly token: string | undefined;
  readonly done: Promise<unknown>;
}

/**
 * Consumes BullMQ queues with the registered job handlers: one Worker per queue, one
 * processor that dispatches on job.name. A client error (a ProblemException below 500)
 * fails the job at once without retry; anything else is retried per the job's attempts.
 */
@Injectable()
export class WorkerHost {
  private readonly logger = new Logger('WorkerHost');
  private readonly workers: Worker[] = [];
  /** Aborted only once shutdown has handed the running jobs back: their handlers may stop, their outcome is ignored. */
  private readonly handedBack = new AbortController();
  /** Jobs this process is running, with the lock token that proves it owns them. */
  private readonly active = new Map<string, ActiveJob>();
  private connection?: Redis;
  private heartbeat?: WorkerHeartbeat;
  private heartbeatConnection?: Redis;
  private readonly runs: JobRunRecorder;
  /** Failures this process's runs already logged (BullMQ's 'failed' event would log them a second time). */
  private readonly recorded = new WeakSet<Error>();

  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly config: CommonConfig,
    metrics: Metrics,
  ) {
    this.runs = new JobRunRecorder(metrics);
  }

  /** Who this process is in the worker registry; set once start() has run. */
  get identity(): WorkerInfo | undefined {
    return this.heartbeat?.info;
  }

  /** Starts consuming, then announces the worker in the registry (resolved once the first beat is written or missed). */
  async start(options: WorkerHostOptions): Promise<void> {
    this.registry.assertComplete(options.queues);
    this.connection = createRedis(this.config.REDIS_URL, 'blocking', 'worker');
    const retention = jobRetention(this.config);
    const locks = workerLocks(options.lockDurationMs);
    for (const queue of options.queues) {
      const worker = new Worker(queue, (job, token) => this.track(job, token, retention.resultTtlMs), {
        connection: this.connection,
        prefix: this.config.REDIS_PREFIX,
        concurrency: options.concurrency,
        ...locks,
        maxStalledCount: 1,
        removeOnComplete: retention.removeOnComplete,
        removeOnFail: retention.removeOnFail,
      });
      worker.on('error', (err) => this.logger.warn({ err, queue }, 'worker connection error'));
      // Only failures no run of this process saw, e.g. a job that stalled too often (its run's line says the rest).
      worker.on('failed', (job, err) => {
        if (this.recorded.has(err)) return;
        this.logger.warn(
          { queue, job: job?.name, jobId: job?.id, requestId: job ? requestIdOfJob(job) : undefined, attempt: job?.attemptsMade, err },
          'job failed',
        );
      });
      this.workers.push(worker);
    }
    this.logger.log({ queues: options.queues, concurrency: options.concurrency, ...locks }, 'worker consuming');
    // A probe-style client: a beat while Redis is away fails at once instead of queueing up.
    this.heartbeatConnection = createRedis(this.config.REDIS_URL, 'probe', 'worker-heartbeat');
    this.heartbeat = new WorkerHeartbeat(
      this.heartbeatConnection,
      this.config.REDIS_PREFIX,
      { id: newWorkerId(), queues: [...options.queues], host: hostname(), pid: process.pid, startedAt: new Date().toISOString(), meta: options.meta ?? {} },
      options.heartbeat ?? DEFAULT_HEARTBEAT,
    );
    await this.heartbeat.start();
  }

  private track(job: Job, token: string | undefined, resultTtlMs: number): Promise<null> {
    const id = job.id ?? '';
    const done = this.process(job, resultTtlMs);
    this.active.set(id, { job, token, done: done.catch(() => undefined) });
    return done.finally(() => this.active.delete(id));
  }

  /**
   * Runs a job and parks its result under its own key with a TTL (see job-retention.ts): the
   * job's record and the event stream carry no result, whatever its size. Every run is recorded
   * (metrics, and one log line with the request id: see JobRunRecorder).
   */
  private async process(job: Job, resultTtlMs: number): Promise<null> {
    const finish = this.runs.start({
      queue: job.queueName,
      name: job.name,
      jobId: job.id ?? '',
      requestId: requestIdOfJob(job),
      attempt: job.attemptsStarted,
      queuedAt: job.timestamp,
    });
    try {
      if (!this.registry.has(job.name)) throw new UnrecoverableError(`unknown job '${job.name}'`);
      const result = await this.registry.run(job.name, job.data, {
        jobId: job.id ?? '',
        requestId: requestIdOfJob(job),
        attempt: job.attemptsStarted,
        signal: this.handedBack.signal,
      });
      // Handed back at shutdown: another worker runs it now, and its result is the one that counts.
      if (this.handedBack.signal.aborted) {
        finish('handed_back');
        return null;
      }
      await (this.connection as Redis).set(jobResultKey(this.config.REDIS_PREFIX, job.id ?? ''), packJobResult(result), 'PX', resultTtlMs);
      finish('completed');
      return null;
    } catch (err) {
      const thrown = err instanceof ProblemException && err.getStatus() < 500 ? new UnrecoverableError(encodeJobProblem(err)) : err;
      if (this.handedBack.signal.aborted) finish('handed_back');
      else finish(thrown instanceof UnrecoverableError ? 'rejected' : 'failed', err);
      if (thrown instanceof Error) this.recorded.add(thrown);
      throw thrown;
    }
  }

  /**
   * Stops taking jobs, lets active ones finish within the bound, then hands the rest back to the
   * queue (each moved from active to waiting, releasing its lock: another worker takes it at once,
   * on the same attempt) and closes without waiting for them. Resolves within `timeoutMs` plus
   * about HAND_BACK_TIMEOUT_MS, whatever the handlers do; the caller then exits the process.
   */
  async stop(timeoutMs: number): Promise<void> {
    // Leave the registry first: readiness and shard ownership move on without waiting for the TTL.
    await this.heartbeat?.stop(HAND_BACK_TIMEOUT_MS);
    // Paused, not closed: BullMQ's close() waits for active jobs, and a later close(true) would
    // only return that same wait.
    await withTimeout(Promise.all(this.workers.map((w) => w.pause(true))), HAND_BACK_TIMEOUT_MS, 'pausing the workers').catch((err: Error) =>
      this.logger.warn({ err }, 'could not pause the workers'),
    );
    // Until nothing is active: a job fetched just as the workers paused joins the set late.
    const drained = (async () => {
      while (this.active.size > 0) await Promise.all([...this.active.values()].map((a) => a.done));
    })();
    const outcome = await Promise.race([
      drained.then(() => 'drained' as const),
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs).unref()),
    ]);
    if (outcome === 'timeout') {
      const jobs = [...this.active.values()];
      this.logger.warn({ timeoutMs, jobs: jobs.map((a) => a.job.id) }, 'active jobs did not finish in time; handing them back to the queue');
      const handedBack = await withTimeout(Promise.allSettled(jobs.map((a) => a.job.moveToWait(a.token))), HAND_BACK_TIMEOUT_MS, 'handing jobs back').catch(
        () => [],
      );
      // A job not handed back (Redis unreachable) keeps its lock until it expires; the stalled-job check then retries it.
      const failed = handedBack.filter((r) => r.status === 'rejected').length + (handedBack.length === 0 ? jobs.length : 0);
      if (failed > 0) this.logger.warn({ failed }, 'some jobs could not be handed back; they are retried once their locks expire');
      this.handedBack.abort();
    }
    await withTimeout(Promise.allSettled(this.workers.map((w) => w.close(true))), HAND_BACK_TIMEOUT_MS, 'closing the workers').catch(() => undefined);
    this.connection?.disconnect();
    this.heartbeatConnection?.disconnect();
    this.logger.log({ outcome }, 'worker stopped');
  }
}

/**
 * Lock settings for a lock of `lockDurationMs`. A worker renews the locks of its jobs every half
 * lock (BullMQ's default ratio), so an event loop may stall for up to half a lock before a job is
 * taken for dead; a dead worker's job is noticed once its lock has expired and a stalled-job check
 * runs, between half a lock and a lock plus one check interval after the death. The check runs
 * every quarter lock: a Lua script over the active list, cheap at the sizes here.
 */
export function workerLocks(lockDurationMs: number): { lockDuration: number; lockRenewTime: number; stalledInterval: number } {
  return {
    lockDuration: lockDurationMs,
    lockRenewTime: Math.floor(lockDurationMs / 2),
    stalledInterval: Math.max(500, Math.floor(lockDurationMs / 4)),
  };
}
