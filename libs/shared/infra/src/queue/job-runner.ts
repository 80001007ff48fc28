import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { Job, Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import type { Counter, Gauge } from 'prom-client';
import { ALL_QUEUES, JOB_QUEUE, JobName, JobPayloads, JobResults } from '@aas/shared-contracts';
import { CommonConfig, JobMode } from '../config/common.config';
import { ProblemException, PROBLEM_TYPES } from '../errors/problem.exception';
import { JobRunRecorder } from '../observability/job-run-recorder';
import { JobWaitOutcome, Metrics } from '../observability/metrics';
import { newJobId } from '../observability/request-context';
import { decodeJobFailure } from './job-errors';
import { REQUEST_ID_JOB_OPTION } from './job-request-id';
import { JobHandlerRegistry } from './job-handler';
import { jobReportKey, jobResultKey, jobRetention, unpackJobResult } from './job-retention';
import { createRedis, RedisHealth, RedisUnavailableError, TimeoutError, withTimeout } from './redis';

export interface RunOptions {
  /** How long to wait for the result (default JOB_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Aborting stops waiting and removes the job if no worker took it yet. */
  signal?: AbortSignal;
  /** Tries in all, including the first (default 2: one retry after a worker dies). */
  attempts?: number;
  /** The queue to put it on, for a job that several queues carry (a shard's engine queue); default: its own (JOB_QUEUE). */
  queue?: string;
  /**
   * Receives what the job reports while it runs (JobContext.report), in the order reported, before
   * the result; never after `run` settles. Best effort: a report may be lost (the result carries
   * everything), and a retried job reports again from its start.
   */
  onProgress?: (progress: unknown) => void;
  /** Called once the job is in the queue (at once in inline mode), before its outcome. */
  onQueued?: () => void;
}

/** Job states whose counts are the queue depth (`aas_queue_jobs`). */
const DEPTH_STATES = ['waiting', 'active', 'delayed'] as const;

/** How long one scrape may spend reading the queue depth before it gives up on it (ms). */
const DEPTH_TIMEOUT_MS = 1000;

export interface EnqueueOptions {
  /** The job's id: the caller's own id for the work (e.g. an import's), so it can ask for the job's state later. */
  jobId: string;
  /** Tries in all, including the first (default 2: one retry after a worker dies). */
  attempts?: number;
}

/**
 * Where a job queued with `enqueue` stands, as far as the queue knows: `missing` once its record
 * is gone (removed after it finished, after JOB_RETENTION_SECONDS) or never there; `failed` when its
 * last try failed without its handler recording an outcome (e.g. its worker died on the last try).
 */
export type BackgroundJobState = { state: 'waiting' | 'active' | 'completed' | 'missing' } | { state: 'failed'; reason: string };

/** Runs a job and returns its result: through BullMQ workers, or inline in this process. */
export abstract class JobRunner {
  abstract readonly mode: JobMode;
  abstract run<N extends JobName>(name: N, payload: JobPayloads[N], options?: RunOptions): Promise<JobResults[N]>;
  /**
   * Queues a job and returns once it is queued, without waiting for it: for long work whose
   * handler records its own progress and outcome (a survey import). A 503 when the queue cannot
   * take it: then it was not queued.
   */
  abstract enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions): Promise<void>;
  /** The state of a job queued with `enqueue`. */
  abstract state(name: JobName, jobId: string): Promise<BackgroundJobState>;
}

/**
 * A promise that rejects when the signal aborts (never otherwise), and a release that detaches
 * its listener: requests share one signal across many jobs, so listeners must not pile up.
 */
function abortPromise(signal: AbortSignal | undefined): { aborted: Promise<never>; release: () => void } {
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    if (!signal) return;
    onAbort = () => reject(new Error('aborted'));
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  // Rejecting after the race is decided must not surface as an unhandled rejection.
  aborted.catch(() => undefined);
  return { aborted, release: () => onAbort && signal?.removeEventListener('abort', onAbort) };
}

/** How often Redis is checked while requests wait for jobs (ms): a hung Redis announces no outcome either. */
const WATCHDOG_INTERVAL_MS = 1000;

/** What a request that lost the job queue tells its client to wait before retrying (s): Redis restarts take seconds. */
const QUEUE_LOST_RETRY_AFTER_SECONDS = 5;

/** Rejects a wait when this process lost its connection to Redis: the job's outcome can no longer arrive. */
class QueueConnectionLost extends Error {
  constructor() {
    super('lost the connection to the job queue');
    this.name = 'QueueConnectionLost';
  }
}

interface Waiter {
  resolve(): void;
  reject(error: Error): void;
  /** A worker took the job (BullMQ's 'active' event); a second time means a retry. */
  started?(): void;
  /** The job reported progress (BullMQ's 'progress' event, with its data). */
  progress?(data: unknown): void;
}

@Injectable()
export class BullJobRunner extends JobRunner implements OnApplicationShutdown {
  readonly mode = 'queue' as const;
  private readonly logger = new Logger('Jobs');
  private readonly producer: Redis;
  private readonly events: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly queueEvents = new Map<string, QueueEvents>();
  /**
   * Every request waiting for a job, by job id. One 'completed' and one 'failed' listener per
   * QueueEvents dispatch through it: BullMQ's own `waitUntilFinished` adds listeners per waiting
   * job (to the Queue's 'closing' event too, hence MaxListenersExceededWarning under load), and
   * this map is also what a lost connection fails at once.
   */
  private readonly waiters = new Map<string, Waiter>();
  private readonly depthErrors: Counter<string>;
  /** Whether the producer connection answers in time: every command of a request's path goes through it. */
  private readonly health: RedisHealth;
  private readonly watchdog: NodeJS.Timeout;

  constructor(
    private readonly config: CommonConfig,
    private readonly metrics: Metrics,
  ) {
    super();
    this.producer = createRedis(config.REDIS_URL, 'producer', 'producer');
    this.events = createRedis(config.REDIS_URL, 'blocking', 'queue-events');
    // The producer is connected all the time, so it sees a dead Redis at once (the socket closes).
    // The QueueEvents connections are BullMQ's duplicates of `events` and reconnect by themselves.
    this.producer.on('close', () => this.failWaiters('lost the connection to Redis'));
    // A Redis that hangs (the socket open and silent) closes nothing: past REDIS_TIMEOUT_MS it is
    // taken for unresponsive, and the requests waiting for jobs are answered then, not at JOB_TIMEOUT_MS.
    this.health = new RedisHealth(this.producer, 'job queue', config.REDIS_TIMEOUT_MS, this.logger);
    this.health.onChange((responsive) => responsive || this.failWaiters('redis does not answer'));
    this.watchdog = setInterval(() => this.waiters.size > 0 && this.health.suspect(), WATCHDOG_INTERVAL_MS);
    this.watchdog.unref();
    const depth: Gauge<'queue' | 'state'> = metrics.gauge({
      name: 'aas_queue_jobs',
      help: 'Jobs in each queue by state (waiting, active, delayed), read from Redis at scrape time; absent when Redis did not answer in time',
      labelNames: ['queue', 'state'] as const,
      collect: (): Promise<void> => this.collectDepth(depth),
    });
    this.depthErrors = metrics.counter({
      name: 'aas_queue_depth_errors_total',
      help: 'Scrapes at which the queue depth could not be read from Redis within its bound',
    });
  }

  /** Reads every queue's depth, within DEPTH_TIMEOUT_MS: a scrape must not hang on a Redis that is away. */
  private async collectDepth(gauge: Gauge<'queue' | 'state'>): Promise<void> {
    try {
      const counts = await withTimeout(
        // The fixed queues, and every shard queue this process has used.
        Promise.all(
          [...new Set<string>([...ALL_QUEUES, ...this.queues.keys()])].map(
            async (queue) => [queue, await this.queue(queue).getJobCounts(...DEPTH_STATES)] as const,
          ),
        ),
        DEPTH_TIMEOUT_MS,
        'reading the queue depth',
      );
      for (const [queue, byState] of counts) for (const state of DEPTH_STATES) gauge.set({ queue, state }, byState[state] ?? 0);
    } catch {
      // No number is better than a stale one; the error counter says why the series is missing.
      gauge.reset();
      this.depthErrors.inc();
    }
  }

  /** Redis answers this process's commands in time (connected, not known to hang). */
  get redisAvailable(): boolean {
    return this.health.available;
  }

  queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      const retention = jobRetention(this.config);
      queue = new Queue(name, {
        connection: this.producer,
        prefix: this.config.REDIS_PREFIX,
        streams: { events: { maxLen: retention.eventsMaxLen } },
        defaultJobOptions: {
          attempts: 2,
          backoff: { type: 'fixed', delay: 250 },
          removeOnComplete: retention.removeOnComplete,
          removeOnFail: retention.removeOnFail,
        },
      });
      queue.on('error', (err) => this.logger.warn({ err, queue: name }, 'queue connection error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  /** One QueueEvents per queue per process, shared by every waiting request through `waiters`. */
  private eventsFor(name: string): QueueEvents {
    let events = this.queueEvents.get(name);
    if (!events) {
      events = new QueueEvents(name, { connection: this.events, prefix: this.config.REDIS_PREFIX });
      events.on('error', (err) => this.logger.warn({ err, queue: name }, 'queue events connection error'));
      events.on('active', ({ jobId }) => this.waiters.get(jobId)?.started?.());
      events.on('progress', ({ jobId, data }) => this.waiters.get(jobId)?.progress?.(data));
      events.on('completed', ({ jobId }) => this.waiters.get(jobId)?.resolve());
      events.on('failed', ({ jobId, failedReason }) => this.waiters.get(jobId)?.reject(new Error(failedReason)));
      this.queueEvents.set(name, events);
    }
    return events;
  }

  /** Fails every wait in progress: their jobs' outcomes travel through a connection that is gone or hung. */
  private failWaiters(why: string): void {
    if (this.waiters.size === 0) return;
    this.logger.warn({ waiting: this.waiters.size }, `${why}; failing the requests waiting for jobs`);
    for (const waiter of this.waiters.values()) waiter.reject(new QueueConnectionLost());
  }

  /** A command of a request's path on the producer connection, within REDIS_TIMEOUT_MS (see RedisHealth). */
  private bounded<T>(what: string, command: () => Promise<T>): Promise<T> {
    return this.health.bounded(what, command, this.config.REDIS_TIMEOUT_MS);
  }

  /**
   * The 503 a request gets when the queue could not take its job. Logged when it says something new:
   * while Redis is known to be away, RedisHealth has said so once and each refusal is only counted.
   */
  private queueUnavailable(err: unknown, fields: object, msg: string): ProblemException {
    if (!(err instanceof RedisUnavailableError)) {
      this.logger.warn({ ...fields, ...(err instanceof TimeoutError ? { reason: err.message } : { err }) }, msg);
    }
    return ProblemException.unavailable('The job queue is unavailable; try again shortly', QUEUE_LOST_RETRY_AFTER_SECONDS, 'queue_unavailable');
  }

  /**
   * Resolves when the job completes, rejects with its failure reason, a lost connection, or the
   * bound; `onRetry` is called each time a worker starts the job again.
   */
  private waitFor(jobId: string, timeoutMs: number, onRetry: () => void): { finished: Promise<void>; settle: Waiter; done: () => void } {
    let settle!: Waiter;
    let starts = 0;
    const finished = new Promise<void>((resolve, reject) => (settle = { resolve, reject, started: () => ++starts > 1 && onRetry() }));
    finished.catch(() => undefined);
    this.waiters.set(jobId, settle);
    const timer = setTimeout(() => settle.reject(new TimeoutError('waiting for the job', timeoutMs)), timeoutMs);
    return {
      finished,
      settle,
      done: () => {
        clearTimeout(timer);
        this.waiters.delete(jobId);
      },
    };
  }

  async run<N extends JobName>(name: N, payload: JobPayloads[N], options: RunOptions = {}): Promise<JobResults[N]> {
    const queueName = options.queue ?? JOB_QUEUE[name];
    const started = process.hrtime.bigint();
    let outcome: JobWaitOutcome = 'failed';
    try {
      const result = await this.queueAndWait(name, queueName, payload, options);
      outcome = 'completed';
      return result;
    } catch (err) {
      outcome = waitOutcome(err, options.signal);
      throw err;
    } finally {
      this.metrics.jobWait.observe({ queue: queueName, name, outcome }, Number(process.hrtime.bigint() - started) / 1e9);
    }
  }

  private async queueAndWait<N extends JobName>(name: N, queueName: string, payload: JobPayloads[N], options: RunOptions): Promise<JobResults[N]> {
    const events = this.eventsFor(queueName);
    const timeoutMs = options.timeoutMs ?? this.config.JOB_TIMEOUT_MS;
    const attempts = options.attempts ?? 2;
    // Derived from the request being served (AsyncLocalStorage), so its logs lead to its jobs.
    const { jobId, requestId } = newJobId();
    // Listening before the job exists, so no outcome can slip by between adding it and waiting.
    const wait = this.waitFor(jobId, timeoutMs, () => this.metrics.jobWaitRetries.inc({ queue: queueName, name }));
    let open = true;
    const onProgress = options.onProgress;
    if (onProgress !== undefined) {
      // Each report announced is taken from its key (GETDEL) on the producer connection, so the
      // reports arrive in order and before the result (taken later on the same connection).
      wait.settle.progress = (data: unknown) => {
        const n = (data as { report?: unknown } | null)?.report;
        if (typeof n !== 'number') return;
        this.bounded('taking a report of a running job', () => this.producer.getdelBuffer(jobReportKey(this.config.REDIS_PREFIX, jobId, n)))
          .then((stored) => {
            if (stored !== null && open) onProgress(unpackJobResult(stored));
          })
          // Lost (Redis away, an unreadable report, a caller that failed on it): the result carries it.
          .catch((err: unknown) =>
            this.logger.warn({ reason: err instanceof Error ? err.message : String(err), jobId, report: n }, 'could not take a report of a running job'),
          );
      };
    }
    const { aborted, release } = abortPromise(options.signal);
    let job: Job | undefined;
    try {
      try {
        await withTimeout(events.waitUntilReady(), this.config.REDIS_TIMEOUT_MS, 'connecting to the job queue');
        const jobOptions = { jobId, attempts, ...(requestId === undefined ? {} : { [REQUEST_ID_JOB_OPTION]: requestId }) };
        job = await this.bounded('queueing the job', () => this.queue(queueName).add(name, payload, jobOptions));
      } catch (err) {
        throw this.queueUnavailable(err, { job: name, jobId, requestId }, 'could not queue job');
      }
      options.onQueued?.();
      // QueueEvents reads the event stream from when its first read began: a job that finished
      // before then (a fresh process) would never be announced, so ask once.
      void this.settleIfFinished(this.queue(queueName), job, wait.settle);
      await Promise.race([wait.finished, aborted]);
      return await this.collect<N>(job);
    } catch (err) {
      if (err instanceof ProblemException) throw err;
      if (err instanceof QueueConnectionLost) {
        throw ProblemException.unavailable('Lost the connection to the job queue; try again shortly', QUEUE_LOST_RETRY_AFTER_SECONDS);
      }
      if (options.signal?.aborted || err instanceof TimeoutError) {
        if (job) await this.discard(job);
        if (options.signal?.aborted) throw ProblemException.unavailable('The request was cancelled');
        throw ProblemException.timeout(`The job did not finish within ${timeoutMs} ms`);
      }
      const reason = err instanceof Error ? err.message : String(err);
      this.logger.warn({ job: name, jobId, requestId, reason }, 'job failed');
      throw decodeJobFailure(reason, attempts);
    } finally {
      open = false;
      wait.done();
      release();
    }
  }

  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions): Promise<void> {
    try {
      await this.bounded('queueing the job', () => this.queue(JOB_QUEUE[name]).add(name, payload, { jobId: options.jobId, attempts: options.attempts ?? 2 }));
    } catch (err) {
      throw this.queueUnavailable(err, { job: name, jobId: options.jobId }, 'could not queue job');
    }
  }

  async state(name: JobName, jobId: string): Promise<BackgroundJobState> {
    const job = await this.bounded('reading a job', () => Job.fromId(this.queue(JOB_QUEUE[name]), jobId));
    if (!job) return { state: 'missing' };
    const state = await this.bounded('reading a job', () => job.getState());
    if (state === 'failed') return { state: 'failed', reason: job.failedReason ?? 'failed' };
    if (state === 'completed' || state === 'active') return { state };
    return { state: state === 'unknown' ? 'missing' : 'waiting' };
  }

  private async settleIfFinished(queue: Queue, job: Job, settle: Waiter): Promise<void> {
    try {
      const state = await this.bounded('reading a job', () => job.getState());
      if (state === 'completed') settle.resolve();
      else if (state === 'failed') {
        const failed = await this.bounded('reading a job', () => Job.fromId(queue, job.id ?? ''));
        settle.reject(new Error(failed?.failedReason ?? 'failed'));
      }
    } catch {
      // Redis trouble: the wait's own bounds (lost connection, timeout) decide
    }
  }

  /**
   * Takes a finished job's result (GETDEL: read once, then gone) and removes the job's record, so
   * Redis holds nothing of a job its gateway has collected.
   */
  private async collect<N extends JobName>(job: Job): Promise<JobResults[N]> {
    const id = job.id ?? '';
    let stored: Buffer | null;
    try {
      stored = await this.bounded('reading the job result', () => this.producer.getdelBuffer(jobResultKey(this.config.REDIS_PREFIX, id)));
    } catch (err) {
      throw this.queueUnavailable(err, { jobId: id }, 'could not read a job result');
    }
    if (this.health.available) void job.remove().catch(() => undefined);
    if (stored === null) {
      this.logger.warn({ job: job.name, jobId: id }, 'finished job has no stored result (expired or never written)');
      throw new ProblemException(502, PROBLEM_TYPES.unavailable, 'The job finished but its result was lost; try again');
    }
    return unpackJobResult<JobResults[N]>(stored);
  }

  /** Removes a job nobody waits for any more (and any result it left); an active (locked) job cannot be removed and just finishes. */
  private async discard(job: Job): Promise<void> {
    await this.bounded('removing a job', () => this.producer.del(jobResultKey(this.config.REDIS_PREFIX, job.id ?? ''))).catch(() => undefined);
    try {
      await this.bounded('removing a job', () => job.remove());
    } catch {
      // already taken by a worker, gone, or Redis away (its record then expires): nothing to do
    }
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.watchdog);
    // Bounded: a hung Redis must not hold the process past its shutdown.
    await withTimeout(Promise.allSettled([...this.queueEvents.values()].map((e) => e.close())), 2000, 'closing queue events').catch(() => undefined);
    await withTimeout(Promise.allSettled([...this.queues.values()].map((q) => q.close())), 2000, 'closing queues').catch(() => undefined);
    this.producer.disconnect();
    this.events.disconnect();
  }
}

/** How a wait for a job ended, from what the runner threw. */
function waitOutcome(err: unknown, signal: AbortSignal | undefined): JobWaitOutcome {
  if (signal?.aborted) return 'cancelled';
  if (!(err instanceof ProblemException)) return 'failed';
  const status = err.getStatus();
  if (status === 504) return 'timeout';
  if (status === 503) return 'unavailable';
  return status < 500 ? 'rejected' : 'failed';
}

/** Runs jobs in this process through the same handlers (the no-Redis quick start and its tests). */
@Injectable()
export class InlineJobRunner extends JobRunner implements OnApplicationShutdown {
  readonly mode = 'inline' as const;
  private readonly runs: JobRunRecorder;
  private readonly logger = new Logger('Jobs');
  /** Jobs queued with `enqueue`, running in this process, by id. */
  private readonly background = new Map<string, AbortController>();

  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly config: CommonConfig,
    private readonly metrics: Metrics,
  ) {
    super();
    this.runs = new JobRunRecorder(metrics);
  }

  async run<N extends JobName>(name: N, payload: JobPayloads[N], options: RunOptions = {}): Promise<JobResults[N]> {
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const timeoutMs = options.timeoutMs ?? this.config.JOB_TIMEOUT_MS;
    const queue = options.queue ?? JOB_QUEUE[name];
    const { jobId, requestId } = newJobId();
    const started = process.hrtime.bigint();
    options.onQueued?.();
    // This process is both sides here: the request's wait and the handler's run are recorded alike.
    const finishRun = this.runs.start({ queue, name, jobId, requestId, attempt: 1 });
    let outcome: JobWaitOutcome = 'failed';
    // Reports go straight to the caller, as the queue would hand them over (never after the run settles).
    let open = true;
    const onProgress = options.onProgress;
    const report =
      onProgress === undefined
        ? undefined
        : async (progress: unknown) => {
            if (open) onProgress(progress);
          };
    try {
      const result = await withTimeout(
        this.registry.run(name, payload, { jobId, requestId, attempt: 1, queue, signal: controller.signal, report }),
        timeoutMs,
        'job',
      );
      outcome = 'completed';
      finishRun('completed');
      return result;
    } catch (err) {
      if (err instanceof TimeoutError) {
        controller.abort();
        outcome = 'timeout';
        finishRun('failed', err);
        throw ProblemException.timeout(`The job did not finish within ${timeoutMs} ms`);
      }
      outcome = waitOutcome(err, options.signal);
      finishRun(outcome === 'rejected' ? 'rejected' : 'failed', err);
      throw err;
    } finally {
      open = false;
      options.signal?.removeEventListener('abort', onAbort);
      this.metrics.jobWait.observe({ queue, name, outcome }, Number(process.hrtime.bigint() - started) / 1e9);
    }
  }

  /**
   * Runs the job in this process after the current request, once (no retry: there is no other
   * process to retry it in), with no time bound; its handler records the outcome.
   */
  async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions): Promise<void> {
    const controller = new AbortController();
    this.background.set(options.jobId, controller);
    setImmediate(() => {
      this.registry
        .run(name, payload, { jobId: options.jobId, attempt: 1, queue: JOB_QUEUE[name], signal: controller.signal })
        .catch((err: unknown) => this.logger.warn({ err, job: name, jobId: options.jobId }, 'background job failed'))
        .finally(() => this.background.delete(options.jobId));
    });
  }

  async state(_name: JobName, jobId: string): Promise<BackgroundJobState> {
    return { state: this.background.has(jobId) ? 'active' : 'missing' };
  }

  onApplicationShutdown(): void {
    for (const controller of this.background.values()) controller.abort();
  }
}
