import { IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import type { ProcessLoad } from '../queue/job-admission';

/**
 * How late this process's event loop runs, measured (perf_hooks' monitorEventLoopDelay, sampled
 * every 10 ms) over windows of `windowMs`: the mean delay of the last complete window. A process
 * whose loop lags answers everything late, refusals and readiness included; past `maxDelayMs` it
 * is `lagging`, and admission takes no new work until a window comes in below it.
 */
export class EventLoopLag implements ProcessLoad {
  private readonly histogram: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  private readonly timer: NodeJS.Timeout;
  private lastMeanMs = 0;

  constructor(
    private readonly maxDelayMs: number,
    windowMs = 500,
  ) {
    this.histogram.enable();
    this.timer = setInterval(() => this.close(), windowMs);
    this.timer.unref();
  }

  /** The mean event-loop delay of the last window (ms). */
  get delayMs(): number {
    return this.lastMeanMs;
  }

  lagging(): boolean {
    return this.lastMeanMs > this.maxDelayMs;
  }

  stop(): void {
    clearInterval(this.timer);
    this.histogram.disable();
  }

  private close(): void {
    // No sample in the window (NaN: the sampling timer has not run since the last reset): keep the last measure.
    const mean = this.histogram.mean;
    if (Number.isFinite(mean)) this.lastMeanMs = mean / 1e6;
    this.histogram.reset();
  }
}
