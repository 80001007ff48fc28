import { Injectable } from '@nestjs/common';
import { JOBS, SystemPingPayload, SystemPingResult } from '@aas/shared-contracts';
import { HandlesJob, JobContext, JobHandler } from '@aas/shared-infra';

/**
 * The smallest real job: proves gateway -> Redis -> worker -> gateway end to end. Its `delayMs` is
 * work done in time, and kept as such: a run handed back (a worker stopping) keeps how long it had
 * held the job, and the next run holds only the rest.
 */
@Injectable()
@HandlesJob(JOBS.systemPing)
export class PingJobHandler implements JobHandler<'system.ping'> {
  async handle(payload: SystemPingPayload, context: JobContext): Promise<SystemPingResult> {
    const held = heldBefore(context.resumeFrom, payload.delayMs);
    const started = performance.now();
    context.keep?.(() => ({ heldMs: Math.min(payload.delayMs, held + (performance.now() - started)) }));
    if (payload.delayMs > held) await abortableDelay(payload.delayMs - held, context.signal);
    return {
      nonce: payload.nonce,
      handledBy: process.pid,
      attempt: context.attempt,
    };
  }
}

/** How long earlier runs held the job, from what they kept (a number of ms within the delay; anything else: 0). */
function heldBefore(kept: unknown, delayMs: number): number {
  const heldMs = (kept as { heldMs?: unknown } | null | undefined)?.heldMs;
  return typeof heldMs === 'number' && Number.isFinite(heldMs) && heldMs > 0 ? Math.min(heldMs, delayMs) : 0;
}

function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new Error('ping aborted'));
      },
      { once: true },
    );
  });
}
