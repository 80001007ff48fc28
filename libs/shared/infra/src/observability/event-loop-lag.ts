import { IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import type { ProcessLoad } from '../queue/job-admission';

/** How often the delay is sampled (ms): each sample is a timer of this period, late by the delay. */
const RESOLUTION_MS = 10;

/**
 * How late this process's event loop runs, measured (perf_hooks' monitorEventLoopDelay) over
 * windows of `windowMs`: the median lateness of the last complete window, past the sampling
 * timer's own period. A median, so one long task (a large result decoded, a GC pause) does not
 * count as saturation; a loop that runs late turn after turn does. Past `maxDelayMs` the process is
 * `lagging`, and admission takes no new work until a window comes in below it.
 */
export class EventLoopLag implements ProcessLoad {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  private readonly timer: NodeJS.Timeout;
  private lastDelayMs = 0;

  constructor(
    private readonly maxDelayMs: number,
    windowMs = 1000,
  ) {
    this.histogram.enable();
    this.timer = setInterval(() => this.close(), windowMs);
    this.timer.unref();
  }

  /** The median event-loop delay of the last window (ms). */
  get delayMs(): number {
    return this.lastDelayMs;
  }

  lagging(): boolean {
    return this.lastDelayMs > this.maxDelayMs;
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }

  private close(): void {
    // No sample in the window (the sampling timer has not run since the last reset): keep the last measure.
    if (this.histogram.count > 0) this.lastDelayMs = Math.max(0, this.histogram.percentile(50) / 1e6 - RESOLUTION_MS);
    this.histogram.reset();
  }
}
