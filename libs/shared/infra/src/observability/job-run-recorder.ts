import { Logger } from '@nestjs/common';
import type { JobRunOutcome, Metrics } from './metrics';

/** One run of one job, as the process running it knows it. */
export interface JobRunInfo {
  readonly queue: string;
  readonly name: string;
  readonly jobId: string;
  /** The request the job serves (absent for jobs queued outside a request). */
  readonly requestId: string | undefined;
  /** 1 for the first run, 2 for the first retry, ... */
  readonly attempt: number;
  /** When the job was queued (ms since epoch), for the time it waited before its first run. */
  readonly queuedAt?: number;
}

/** Ends a run: records it once, whatever the outcome; `reports`: how many reports the run handed over while it ran. */
export type FinishRun = (outcome: JobRunOutcome, err?: unknown, details?: { readonly reports?: number }) => void;

/**
 * Records the runs of jobs in a process (a worker, or the gateway in inline mode): the series
 * `aas_job_run_seconds`, `aas_job_run_retries_total`, `aas_job_queued_seconds`, `aas_jobs_active`,
 * and ONE log line per run with the request id, job id, name, queue, attempt, duration and outcome,
 * at info (warn for a failure, with the error), so a slow request can be followed into its jobs.
 */
export class JobRunRecorder {
  private readonly logger = new Logger('Jobs');

  constructor(private readonly metrics: Metrics) {}

  start(info: JobRunInfo): FinishRun {
    const started = process.hrtime.bigint();
    const labels = { queue: info.queue, name: info.name };
    this.metrics.jobsActive.inc({ queue: info.queue });
    if (info.attempt > 1) this.metrics.jobRunRetries.inc(labels);
    else if (info.queuedAt !== undefined) this.metrics.jobQueued.observe(labels, Math.max(0, Date.now() - info.queuedAt) / 1000);
    let finished = false;
    return (outcome, err, details) => {
      if (finished) return;
      finished = true;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      this.metrics.jobsActive.dec({ queue: info.queue });
      this.metrics.jobRun.observe({ ...labels, outcome }, seconds);
      const line = {
        requestId: info.requestId,
        jobId: info.jobId,
        job: info.name,
        queue: info.queue,
        attempt: info.attempt,
        ms: Math.round(seconds * 1000),
        outcome,
        ...(details?.reports ? { reports: details.reports } : {}),
      };
      if (outcome === 'failed') this.logger.warn({ ...line, err }, 'job run');
      else if (outcome === 'rejected') this.logger.log({ ...line, reason: err instanceof Error ? err.message : undefined }, 'job run');
      else this.logger.log(line, 'job run');
    };
  }
}
