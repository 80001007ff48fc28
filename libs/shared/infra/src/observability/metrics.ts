import { Global, Injectable, Module } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { REFUSAL_REASONS } from '../errors/problem.exception';

/** Latency buckets (s) of HTTP requests: a health probe (ms) to a large streamed crosstab (tens of s). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** Buckets (s) of job times: a ping (ms) to a block that waited for a retry (a lock, 10 s) or its timeout (60 s). */
const JOB_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60, 120];

/** How a job a request waited for ended, as the gateway saw it. */
export type JobWaitOutcome = 'completed' | 'failed' | 'rejected' | 'timeout' | 'cancelled' | 'unavailable';
/** How one run of a job ended, as the process that ran it saw it. */
export type JobRunOutcome = 'completed' | 'failed' | 'rejected' | 'handed_back';

/**
 * The process's Prometheus registry and the series every process may record (the full list, with
 * labels and example queries, is docs/observability.md). One registry per application instance, not
 * prom-client's global one, so several apps in one process (tests) never collide on a name.
 * Series that are read at scrape time (queue depth, engine caches, live workers) are gauges whose
 * owners register them with `gauge()`.
 */
@Injectable()
export class Metrics {
  readonly registry = new Registry();

  /** Every HTTP request the gateway answered: by route template (never the raw URL), method and status. */
  readonly httpRequestDuration = new Histogram({
    name: 'aas_http_request_duration_seconds',
    help: 'HTTP requests by route template, method and status code, and how long they took (to the last byte, or until the connection closed: status 499)',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  /** Producer side: how long a request waited for its job, and how that ended. */
  readonly jobWait = new Histogram({
    name: 'aas_job_wait_seconds',
    help: 'Jobs the gateway queued and waited for: time from queueing to the result (or giving up), by queue, job name and outcome',
    labelNames: ['queue', 'name', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  /** Producer side: a job a request waited for was started again (a failed attempt, or its worker died). */
  readonly jobWaitRetries = new Counter({
    name: 'aas_job_wait_retries_total',
    help: 'Jobs the gateway waited for that a worker started again (attempt > 1), by queue and job name',
    labelNames: ['queue', 'name'] as const,
    registers: [this.registry],
  });

  /** Worker side: each run of a job, by outcome. */
  readonly jobRun = new Histogram({
    name: 'aas_job_run_seconds',
    help: 'Job runs in this process (a worker, or the gateway in inline mode): time the handler took, by queue, job name and outcome',
    labelNames: ['queue', 'name', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  /** Worker side: runs that were not a job's first (attempt > 1). */
  readonly jobRunRetries = new Counter({
    name: 'aas_job_run_retries_total',
    help: 'Job runs in this process that were a retry (attempt > 1), by queue and job name',
    labelNames: ['queue', 'name'] as const,
    registers: [this.registry],
  });

  /** Worker side: how long a job waited in its queue before its first run. */
  readonly jobQueued = new Histogram({
    name: 'aas_job_queued_seconds',
    help: "Time from a job's queueing to the start of its first run (clocks of the gateway and the worker), by queue and job name",
    labelNames: ['queue', 'name'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  /** Requests refused as an expected outcome (rate limit, capacity, the job queue away), by reason. */
  readonly httpRefusals = new Counter({
    name: 'aas_http_refusals_total',
    help: 'Requests refused as an expected outcome (429 rate limit; 503 at capacity, event loop lagging, or the job queue unavailable), by reason',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  /** Worker side: jobs running in this process now. */
  readonly jobsActive = new Gauge({
    name: 'aas_jobs_active',
    help: 'Jobs running in this process now, by queue',
    labelNames: ['queue'] as const,
    registers: [this.registry],
  });

  constructor() {
    // Process CPU, memory, file descriptors, event-loop lag, GC and heap: the usual Node dashboards read these names.
    collectDefaultMetrics({ register: this.registry });
    // Every reason from the start (at 0), so a dashboard's rate() has a series before the first refusal.
    for (const reason of REFUSAL_REASONS) this.httpRefusals.inc({ reason }, 0);
  }

  /** A gauge in this registry, typically with a `collect` that reads its value at scrape time. */
  gauge<L extends string>(options: { name: string; help: string; labelNames?: readonly L[]; collect?: (this: Gauge<L>) => void | Promise<void> }): Gauge<L> {
    const existing = this.registry.getSingleMetric(options.name);
    if (existing) return existing as Gauge<L>;
    return new Gauge<L>({ ...options, labelNames: options.labelNames ?? [], registers: [this.registry] });
  }

  /** A counter in this registry (the same one when asked twice). */
  counter<L extends string>(options: { name: string; help: string; labelNames?: readonly L[] }): Counter<L> {
    const existing = this.registry.getSingleMetric(options.name);
    if (existing) return existing as Counter<L>;
    return new Counter<L>({ ...options, labelNames: options.labelNames ?? [], registers: [this.registry] });
  }

  /** The text exposition (Prometheus format 0.0.4) and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** The Metrics of a process, for every module (both apps import it through QueueModule). */
@Global()
@Module({ providers: [Metrics], exports: [Metrics] })
export class MetricsModule {}
