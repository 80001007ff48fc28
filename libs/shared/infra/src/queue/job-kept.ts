import type { Redis } from 'ioredis';
import { jobKeptKey, packJobResult, unpackJobResult } from './job-retention';
import { withTimeout } from './redis';

/**
 * What a handed-back run leaves its job's next run: its handler's snapshot (JobContext.keep) and how
 * many reports it had made, so the next run numbers its reports on from there (report keys are per
 * number: starting again at 0 could overwrite one the gateway has not taken yet).
 */
export interface KeptRun {
  readonly reports: number;
  readonly state: unknown;
}

/** Stores what a run keeps, before its job is handed back (so the next run finds it). */
export async function storeKept(redis: Redis, prefix: string, jobId: string, kept: KeptRun, ttlMs: number, timeoutMs: number): Promise<void> {
  await withTimeout(redis.set(jobKeptKey(prefix, jobId), packJobResult(kept), 'PX', ttlMs), timeoutMs, 'storing what a run keeps');
}

/** Takes (GETDEL) what an earlier run of a job kept; undefined when it kept nothing or it cannot be read. */
export async function takeKept(redis: Redis, prefix: string, jobId: string, timeoutMs: number): Promise<KeptRun | undefined> {
  const stored = await withTimeout(redis.getdelBuffer(jobKeptKey(prefix, jobId)), timeoutMs, 'taking what a run kept');
  if (stored === null) return undefined;
  const kept = unpackJobResult<Partial<KeptRun> | null>(stored);
  if (kept === null || typeof kept !== 'object' || !Number.isInteger(kept.reports) || (kept.reports as number) < 0) return undefined;
  return { reports: kept.reports as number, state: kept.state };
}
