import type { KeepJobs } from 'bullmq';
import { Packr } from 'msgpackr';
import type { CommonConfig } from '../config/common.config';

/**
 * What Redis keeps of finished jobs, and for how long. Results never live in the job hash or
 * the event stream (they would be kept for every job until its record is removed): the worker
 * writes each result under its own key with a short TTL, and the waiting gateway takes it with
 * GETDEL and then removes the job record. What the bounds below keep is only what nobody
 * collected (a gateway that died or gave up), so Redis memory is bounded by the bounds, not
 * by the traffic.
 */
export interface JobRetention {
  readonly removeOnComplete: KeepJobs;
  readonly removeOnFail: KeepJobs;
  /** How long an uncollected result stays (ms). */
  readonly resultTtlMs: number;
  /** Approximate length the queue's event stream is trimmed to (events are small: ids and states). */
  readonly eventsMaxLen: number;
}

export function jobRetention(config: CommonConfig): JobRetention {
  return {
    removeOnComplete: { age: config.JOB_RETENTION_SECONDS, count: config.JOB_RETENTION_COUNT },
    // Failed jobs carry no result, only the reason and stack; kept longer for whoever investigates.
    removeOnFail: { age: config.JOB_RETENTION_SECONDS * 24, count: config.JOB_RETENTION_COUNT },
    resultTtlMs: config.JOB_RESULT_TTL_SECONDS * 1000,
    eventsMaxLen: 2000,
  };
}

/** The key a job's result waits under until the gateway takes it. */
export function jobResultKey(prefix: string, jobId: string): string {
  return `${prefix}:result:${jobId}`;
}

/** The key report `n` of a running job waits under until the gateway takes it (like a result: GETDEL, with the result's TTL). */
export function jobReportKey(prefix: string, jobId: string, n: number): string {
  return `${prefix}:result:${jobId}:${n}`;
}

/**
 * The key what a handed-back run kept waits under (JobContext.keep) until the job's next run takes
 * it (GETDEL), with the result's TTL.
 */
export function jobKeptKey(prefix: string, jobId: string): string {
  return `${prefix}:result:${jobId}:kept`;
}

/**
 * Results travel as MessagePack, not JSON: engine results are typed arrays of sums (24 bytes per
 * cell and group), which JSON would turn into objects with a key per number. `moreTypes` keeps
 * typed arrays typed; `useRecords: false` keeps plain objects plain (no shared structures to sync).
 */
const codec = new Packr({ moreTypes: true, useRecords: false });

export function packJobResult(result: unknown): Buffer {
  return codec.pack(result);
}

export function unpackJobResult<T>(stored: Buffer): T {
  return codec.unpack(stored) as T;
}
