import type { Response } from 'express';
import type { RefusalReason } from '../errors/problem.exception';

/** Marks a response as a refusal of `reason` (what the metrics and the request log read). */
export function markRefusal(res: Response, reason: RefusalReason): void {
  res.locals.refusal = reason;
}

/** The refusal a response was marked with, if it was one. */
export function refusalOf(res: { locals?: Record<string, unknown> }): RefusalReason | undefined {
  return res.locals?.refusal as RefusalReason | undefined;
}

/**
 * Which refusals get a log line: the first of each reason, then at most one per reason per
 * interval, which says how many refusals of that reason it stands for. Refusals come by the
 * hundred a second under overload (18,126 lines in one storm, each with a stack, before this):
 * their counts are in `aas_http_refusals_total`, and the log only needs to show that they happen.
 */
export class RefusalLogSampler {
  private readonly last = new Map<RefusalReason, { at: number; unlogged: number }>();

  constructor(
    private readonly intervalMs = 10_000,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Whether to log this refusal: undefined when not, else how many refusals of its reason the line
   * stands for (this one, and those not logged since the last line).
   */
  take(reason: RefusalReason): number | undefined {
    const now = this.now();
    const entry = this.last.get(reason);
    if (entry !== undefined && now - entry.at < this.intervalMs) {
      entry.unlogged++;
      return undefined;
    }
    this.last.set(reason, { at: now, unlogged: 0 });
    return (entry?.unlogged ?? 0) + 1;
  }
}
