import { Injectable, Logger } from '@nestjs/common';
import { Job, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { QueueName } from '@aas/contracts';
import { CommonConfig } from '../config/common.config';
import { ProblemException } from '../errors/problem.exception';
import { encodeJobProblem } from './job-errors';
import { JobHandlerRegistry } from './job-handler';
import { jobResultKey, jobRetention, packJobResult } from './job-retention';
import { createRedis } from './redis';

export interface WorkerHostOptions {
  queues: readonly QueueName[];
  concurrency: number;
  /** A job whose worker stops renewing its lock for this long is retried elsewhere. */
  lockDurationMs: number;
  /** How long shutdown waits for active jobs before handing them back to the queue. */
  shutdownTimeoutMs: number;
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
  /** Never aborted in a worker: jobs there run to the end or die with the process (then they are retried). */
  private readonly running = new AbortController().signal;
  private connection?: Redis;

  constructor(
    private readonly registry: JobHandlerRegistry,
    private readonly config: CommonConfig,
  ) {}

  start(options: WorkerHostOptions): void {
    this.registry.assertComplete(options.queues);
    this.connection = createRedis(this.config.REDIS_URL, 'blocking', 'worker');
    const retention = jobRetention(this.config);
    for (const queue of options.queues) {
      const worker = new Worker(queue, (job) => this.process(job, retention.resultTtlMs), {
        connection: this.connection,
        prefix: this.config.REDIS_PREFIX,
        concurrency: options.concurrency,
        lockDuration: options.lockDurationMs,
        stalledInterval: Math.max(1000, Math.floor(options.lockDurationMs / 2)),
        maxStalledCount: 1,
        removeOnComplete: retention.removeOnComplete,
        removeOnFail: retention.removeOnFail,
      });
      worker.on('error', (err) => this.logger.warn({ err, queue }, 'worker connection error'));
      worker.on('failed', (job, err) => this.logger.warn({ queue, job: job?.name, jobId: job?.id, attempt: job?.attemptsMade, err }, 'job failed'));
      this.workers.push(worker);
    }
    this.logger.log({ queues: options.queues, concurrency: options.concurrency }, 'worker consuming');
  }

  /**
   * Runs a job and parks its result under its own key with a TTL (see job-retention.ts): the
   * job's record and the event stream carry no result, whatever its size.
   */
  private async process(job: Job, resultTtlMs: number): Promise<null> {
    if (!this.registry.has(job.name)) throw new UnrecoverableError(`unknown job '${job.name}'`);
    const started = Date.now();
    try {
      const result = await this.registry.run(job.name, job.data, {
        jobId: job.id ?? '',
        attempt: job.attemptsStarted,
        signal: this.running,
      });
      await (this.connection as Redis).set(jobResultKey(this.config.REDIS_PREFIX, job.id ?? ''), packJobResult(result), 'PX', resultTtlMs);
      this.logger.debug({ job: job.name, jobId: job.id, ms: Date.now() - started }, 'job done');
      return null;
    } catch (err) {
      if (err instanceof ProblemException && err.getStatus() < 500) {
        throw new UnrecoverableError(encodeJobProblem(err));
      }
      throw err;
    }
  }

  /**
   * Stops taking jobs, lets active ones finish within the bound, then force-closes:
   * jobs still active are left with expiring locks and are retried by another worker.
   */
  async stop(timeoutMs: number): Promise<void> {
    const graceful = Promise.all(this.workers.map((w) => w.close()));
    const outcome = await Promise.race([
      graceful.then(() => 'drained' as const),
      new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs).unref()),
    ]);
    if (outcome === 'timeout') {
      // Not aborted: a handler that gave up would fail its attempt. Closed with force, its lock
      // expires and the stalled-job check hands the job to another worker on the same attempt.
      this.logger.warn({ timeoutMs }, 'active jobs did not finish in time; handing them back to the queue');
      await Promise.allSettled(this.workers.map((w) => w.close(true)));
    }
    this.connection?.disconnect();
    this.logger.log({ outcome }, 'worker stopped');
  }
}
