import { Injectable, Logger } from '@nestjs/common';
import { Job, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { queueKind, QueueName } from '@aas/shared-contracts';
import { CommonConfig } from '../config/common.config';
import { ProblemException } from '../errors/problem.exception';
import { JobRunRecorder } from '../observability/job-run-recorder';
import { Metrics } from '../observability/metrics';
import { encodeJobProblem } from './job-errors';
import { JobHandlerRegistry } from './job-handler';
import { requestIdOfJob } from './job-request-id';
import { storeKept, takeKept } from './job-kept';
import { jobReportKey, jobResultKey, jobRetention, packJobResult } from './job-retention';
import { createRedis, waitForReady, withTimeout } from './redis';
import { DEFAULT_HEARTBEAT, HeartbeatTiming, liveWorkers, newWorkerId, WorkerHeartbeat, WorkerInfo } from './worker-registry';

export interface WorkerHostOptions {
  /** Queues consumed from the start: fixed queues, or a shard's engine queue (`engine-s<k>`). */
  queues: readonly string[];
  concurrency: number;
  /** A job whose worker stops renewing its lock for this long is retried elsewhere. */
  lockDurationMs: number;
  /** How long shutdown waits for active jobs before handing them back to the queue. */
  shutdownTimeoutMs: number;
  /** Facts published with this worker's heartbeat (see worker-registry.ts), e.g. its shard. */
  meta?: Record<string, unknown>;
  heartbeat?: HeartbeatTiming;
}

/** The longest leaving the registry, pausing, handing jobs back or closing connections may each take (ms). */
const HAND_BACK_TIMEOUT_MS = 2000;

/** The longest one step of a stop may take (ms), and what handing back and closing are each kept of its time. */
const STOP_STEP_MS = 1000;

/** How long taking what an earlier run kept may delay a job's start (ms): past it the job starts over. */
const TAKE_KEPT_TIMEOUT_MS = 1000;

/** What a run leaves for its job's next run, should it be handed back: its handler's snapshot, and the reports made. */
interface RunState {
  keep?: () => unknown;
  reports: number;
}

interface ActiveJob {
  readonly job: Job;
  readonly token: string | undefined;
  readonly done: Promise<unknown>;
  readonly run: RunState;
}

/**
 * Consumes BullMQ queues with the registered job handlers: one Worker per queue, one
 * processor that dispatches on job.name. A client error (a ProblemException below 500)
 * fails the job at once without retry; anything else is retried per the job's attempts.
 */
@Injectable()
export class WorkerHost {
  private readonly logger = new Logger('WorkerHost');
  /** One BullMQ Worker per consumed queue; `consume` and `release` change the set while running. */
  private readonly workers = new Map<string, Worker>();
  private settings?: { concurrency: number; locks: ReturnType<typeof workerLocks>; retention: ReturnType<typeof jobRetention> };
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
    this.registry.assertComplete(options.queues.map((queue) => kindOf(queue)));
    this.connection = createRedis(this.config.REDIS_URL, 'blocking', 'worker');
    const retention = jobRetention(this.config);
    const locks = workerLocks(options.lockDurationMs);
    this.settings = { concurrency: options.concurrency, locks, retention };
    for (const queue of options.queues) this.open(queue);
    this.logger.log({ queues: options.queues, concurrency: options.concurrency, ...locks }, 'worker consuming');
    // A probe-style client: a beat while Redis is away fails at once instead of queueing up. So the
    // first beat waits (boundedly) for the connection: sent before it is up, it was always missed,
    // and the worker stayed invisible (to readiness, to shard ownership) for a whole interval.
    this.heartbeatConnection = createRedis(this.config.REDIS_URL, 'probe', 'worker-heartbeat');
    await waitForReady(this.heartbeatConnection, HAND_BACK_TIMEOUT_MS).catch(() => undefined);
    this.heartbeat = new WorkerHeartbeat(
      this.heartbeatConnection,
      this.config.REDIS_PREFIX,
      { id: newWorkerId(), queues: [...options.queues], host: hostname(), pid: process.pid, startedAt: new Date().toISOString(), meta: options.meta ?? {} },
      options.heartbeat ?? DEFAULT_HEARTBEAT,
    );
    await this.heartbeat.start();
  }

  /** The queues this process consumes now. */
  get queues(): string[] {
    return [...this.workers.keys()];
  }

  /** The live workers under this process's prefix (itself included once its first beat is in), from the registry. */
  liveWorkers(timeoutMs = 1000): Promise<WorkerInfo[]> {
    if (!this.heartbeatConnection) return Promise.resolve([]);
    return withTimeout(liveWorkers(this.heartbeatConnection, this.config.REDIS_PREFIX), timeoutMs, 'reading the worker registry');
  }

  /** Starts consuming one more queue (a shard this process adopts), and says so in its heartbeat at once. */
  async consume(queue: string): Promise<void> {
    if (!this.settings || this.workers.has(queue)) return;
    this.registry.assertComplete([kindOf(queue)]);
    this.open(queue);
    this.logger.log({ queue }, 'consuming one more queue');
    await this.heartbeat?.update({ queues: this.queues });
  }

  /**
   * Stops consuming a queue (a shard handed back): takes no new job from it, lets the running ones
   * finish within `timeoutMs`, then hands those back to the queue for whoever consumes it now.
   */
  async release(queue: string, timeoutMs: number): Promise<void> {
    const worker = this.workers.get(queue);
    if (!worker) return;
    this.workers.delete(queue);
    await this.heartbeat?.update({ queues: this.queues });
    await withTimeout(worker.pause(true), HAND_BACK_TIMEOUT_MS, 'pausing a queue').catch(() => undefined);
    const running = [...this.active.values()].filter((a) => a.job.queueName === queue);
    const finished = await Promise.race([
      Promise.all(running.map((a) => a.done)).then(() => true),
      new Promise<false>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref()),
    ]);
    if (!finished)
      await this.handBack(
        running.filter((a) => this.active.has(a.job.id ?? '')),
        HAND_BACK_TIMEOUT_MS,
      );
    await withTimeout(worker.close(true), HAND_BACK_TIMEOUT_MS, 'closing a queue').catch(() => undefined);
    this.logger.log({ queue, finished }, 'stopped consuming a queue');
  }

  private open(queue: string): void {
    const settings = this.settings as NonNullable<WorkerHost['settings']>;
    const worker = new Worker(queue, (job, token) => this.track(job, token, settings.retention.resultTtlMs), {
      connection: this.connection as Redis,
      prefix: this.config.REDIS_PREFIX,
      concurrency: settings.concurrency,
      ...settings.locks,
      maxStalledCount: 1,
      removeOnComplete: settings.retention.removeOnComplete,
      removeOnFail: settings.retention.removeOnFail,
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
    this.workers.set(queue, worker);
  }

  private track(job: Job, token: string | undefined, resultTtlMs: number): Promise<null> {
    const id = job.id ?? '';
    const run: RunState = { reports: 0 };
    const done = this.process(job, resultTtlMs, run);
    this.active.set(id, { job, token, done: done.catch(() => undefined), run });
    return done.finally(() => this.active.delete(id));
  }

  /**
   * Hands running jobs back to the queue within `ms` (each moved from active to waiting, releasing
   * its lock: another worker takes it at once, on the same attempt), each with what its run keeps
   * (JobContext.keep) stored first, so the next run goes on from there. Returns how many could not
   * be handed back (those are retried once their locks expire).
   */
  private async handBack(jobs: readonly ActiveJob[], ms: number): Promise<number> {
    const ttlMs = this.settings?.retention.resultTtlMs ?? 60_000;
    const handBackOne = async ({ job, token, run }: ActiveJob): Promise<void> => {
      const state = run.keep?.();
      if (state !== undefined) {
        // Best effort: without it the next run starts over, as it always did.
        await storeKept(this.connection as Redis, this.config.REDIS_PREFIX, job.id ?? '', { reports: run.reports, state }, ttlMs, ms).catch((err: unknown) =>
          this.logger.warn({ err, jobId: job.id }, 'could not keep what a handed-back job had done; its next run starts over'),
        );
      }
      await job.moveToWait(token);
    };
    const outcomes = await withTimeout(Promise.allSettled(jobs.map(handBackOne)), ms, 'handing jobs back').catch(() => undefined);
    return outcomes === undefined ? jobs.length : outcomes.filter((o) => o.status === 'rejected').length;
  }

  /**
   * Runs a job and parks its result under its own key with a TTL (see job-retention.ts): the
   * job's record and the event stream carry no result, whatever its size. Every run is recorded
   * (metrics, and one log line with the request id: see JobRunRecorder).
   */
  private async process(job: Job, resultTtlMs: number, run: RunState): Promise<null> {
    const finish = this.runs.start({
      queue: job.queueName,
      name: job.name,
      jobId: job.id ?? '',
      requestId: requestIdOfJob(job),
      attempt: job.attemptsStarted,
      queuedAt: job.timestamp,
    });
    try {
      // A job started again (handed back, or its worker died) may find what its last run kept.
      const kept = job.attemptsStarted > 1 ? await this.takeKept(job) : undefined;
      run.reports = kept?.reports ?? 0;
      const reporting = this.reporter(job, resultTtlMs, run);
      if (!this.registry.has(job.name)) throw new UnrecoverableError(`unknown job '${job.name}'`);
      const result = await this.registry.run(job.name, job.data, {
        jobId: job.id ?? '',
        requestId: requestIdOfJob(job),
        attempt: job.attemptsStarted,
        queue: job.queueName,
        signal: this.handedBack.signal,
        report: reporting.report,
        resumeFrom: kept?.state,
        keep: (snapshot) => (run.keep = snapshot),
      });
      // Handed back at shutdown: another worker runs it now, and its result is the one that counts.
      if (this.handedBack.signal.aborted) {
        finish('handed_back');
        return null;
      }
      await (this.connection as Redis).set(jobResultKey(this.config.REDIS_PREFIX, job.id ?? ''), packJobResult(result), 'PX', resultTtlMs);
      finish('completed', undefined, { reports: reporting.handed, ...(kept === undefined ? {} : { resumedAfterReports: kept.reports }) });
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
   * A job's reports while it runs: each parked under its own key with the result's TTL, then
   * announced by a progress event carrying only its number (the event stream stays small; the
   * waiting gateway takes the report with GETDEL). Best effort: a report Redis refuses is dropped
   * and logged, the job goes on, and its result carries everything.
   */
  private reporter(job: Job, resultTtlMs: number, run: RunState): { report: (progress: unknown) => Promise<void>; readonly handed: number } {
    const reporting = {
      /** Reports announced (the job's log line says how many). */
      handed: 0,
      report: async (progress: unknown) => {
        // Numbered on from the reports of the runs before (their keys may not all be taken yet).
        const n = run.reports++;
        try {
          await (this.connection as Redis).set(jobReportKey(this.config.REDIS_PREFIX, job.id ?? '', n), packJobResult(progress), 'PX', resultTtlMs);
          await job.updateProgress({ report: n });
          reporting.handed++;
        } catch (err) {
          this.logger.warn({ err, jobId: job.id, report: n }, 'could not hand over a report of a running job; its result will carry it');
        }
      },
    };
    return reporting;
  }

  /** What an earlier run of this job kept, if any (taken: GETDEL); on any trouble, nothing (the run starts over). */
  private async takeKept(job: Job): Promise<{ reports: number; state: unknown } | undefined> {
    try {
      return await takeKept(this.connection as Redis, this.config.REDIS_PREFIX, job.id ?? '', TAKE_KEPT_TIMEOUT_MS);
    } catch (err) {
      this.logger.warn({ err, jobId: job.id }, 'could not read what an earlier run of the job kept; it starts over');
      return undefined;
    }
  }

  /**
   * Stops taking jobs and has stopped within `timeoutMs`, whatever its handlers do: active jobs may
   * finish until shortly before it, then the rest are handed back to the queue, each with what its
   * run keeps (JobContext.keep), so another worker takes it at once and goes on from there; the
   * caller then exits the process. Every step that talks to Redis (leaving the registry, pausing,
   * handing back, closing) has its own bound, and the last two are kept out of the jobs' time.
   */
  async stop(timeoutMs: number): Promise<void> {
    const deadline = performance.now() + timeoutMs;
    const left = () => Math.max(0, deadline - performance.now());
    const step = Math.min(STOP_STEP_MS, timeoutMs / 8);
    // Leave the registry first: readiness and shard ownership move on without waiting for the TTL.
    await this.heartbeat?.stop(step);
    // Paused, not closed: BullMQ's close() waits for active jobs, and a later close(true) would
    // only return that same wait.
    await withTimeout(Promise.all([...this.workers.values()].map((w) => w.pause(true))), step, 'pausing the workers').catch((err: Error) =>
      this.logger.warn({ err }, 'could not pause the workers'),
    );
    // Until nothing is active: a job fetched just as the workers paused joins the set late.
    const drained = (async () => {
      while (this.active.size > 0) await Promise.all([...this.active.values()].map((a) => a.done));
    })();
    const outcome = await Promise.race([
      drained.then(() => 'drained' as const),
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), Math.max(0, left() - 2 * step)).unref()),
    ]);
    if (outcome === 'timeout') {
      const jobs = [...this.active.values()];
      this.logger.warn({ timeoutMs, jobs: jobs.map((a) => a.job.id) }, 'active jobs did not finish in time; handing them back to the queue');
      // A job not handed back (Redis unreachable) keeps its lock until it expires; the stalled-job check then retries it.
      const failed = await this.handBack(jobs, Math.min(step, left()));
      if (failed > 0) this.logger.warn({ failed }, 'some jobs could not be handed back; they are retried once their locks expire');
      this.handedBack.abort();
    }
    await withTimeout(Promise.allSettled([...this.workers.values()].map((w) => w.close(true))), left(), 'closing the workers').catch(() => undefined);
    this.connection?.disconnect();
    this.heartbeatConnection?.disconnect();
    this.logger.log({ outcome }, 'worker stopped');
  }
}

/** The kind of a queue this process is asked to consume; an unknown name is a start failure. */
function kindOf(queue: string): QueueName {
  const kind = queueKind(queue);
  if (kind === undefined) throw new Error(`unknown queue '${queue}'`);
  return kind;
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
