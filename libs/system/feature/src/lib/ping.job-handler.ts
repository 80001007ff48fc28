import { Injectable } from '@nestjs/common';
import { JOBS, SystemPingPayload, SystemPingResult } from '@aas/contracts';
import { HandlesJob, JobContext, JobHandler } from '@aas/infra';

/** The smallest real job: proves gateway -> Redis -> worker -> gateway end to end. */
@Injectable()
@HandlesJob(JOBS.systemPing)
export class PingJobHandler implements JobHandler<'system.ping'> {
  async handle(payload: SystemPingPayload, context: JobContext): Promise<SystemPingResult> {
    if (payload.delayMs > 0) await abortableDelay(payload.delayMs, context.signal);
    return {
      nonce: payload.nonce,
      handledBy: process.pid,
      attempt: context.attempt,
    };
  }
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
