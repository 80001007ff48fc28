import { ProblemException } from '../errors/problem.exception';

export interface AdmissionLimits {
  /** Jobs this process may have in flight (queued or running) at once, over every organisation. */
  readonly total: number;
  /** Jobs one organisation may have in flight in this process at once. */
  readonly perOrganisation: number;
  /** The longest Retry-After a refused request is told (s). */
  readonly maxRetryAfterSeconds: number;
}

/** The jobs a request holds until it is over. */
export interface AdmissionTicket {
  /** The request is over (answered, failed or gone): its jobs no longer count. Idempotent. */
  release(): void;
}

/** Over how long finished jobs are counted to estimate how fast the backlog drains (ms). */
const RATE_WINDOW_MS = 10_000;

/**
 * Admission control for queued work, counted in this process: a request reserves the jobs it is
 * about to queue, all or nothing, and holds them until it is over (its results computed and, for a
 * stream, delivered: a stream being written costs the gateway as much as the jobs cost the
 * workers); past a bound it is refused at once (503 with Retry-After) instead of joining a backlog
 * that only makes every answer later.
 *
 * Counted per process, not in Redis: the count is exact and free (no round trip per request), and
 * it cannot leak (a gateway that dies takes its count with it; a Redis counter would need leases).
 * With several gateways the bound over the whole service is their number times the bound here.
 *
 * A request larger than a bound is admitted when nothing else is in flight (for the bound it
 * exceeds), so a big but valid request is never refused forever.
 */
export class JobAdmission {
  private inFlightTotal = 0;
  private readonly byOrganisation = new Map<string, number>();
  /** When requests released their jobs, and how many: the recent drain rate, for Retry-After. */
  private readonly releases: { at: number; jobs: number }[] = [];

  constructor(
    private readonly limits: AdmissionLimits,
    private readonly now: () => number = Date.now,
  ) {}

  get inFlight(): number {
    return this.inFlightTotal;
  }

  inFlightFor(orgId: string): number {
    return this.byOrganisation.get(orgId) ?? 0;
  }

  /**
   * Reserves `jobs` for `orgId`, or throws a 503 ProblemException (with Retry-After) when that
   * would pass a bound.
   */
  admit(orgId: string, jobs: number): AdmissionTicket {
    this.refuseBeyond(orgId, jobs);
    const org = this.inFlightFor(orgId);
    this.inFlightTotal += jobs;
    this.byOrganisation.set(orgId, org + jobs);
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        this.inFlightTotal -= jobs;
        this.releases.push({ at: this.now(), jobs });
        if (this.releases.length > 1000) this.releases.splice(0, this.releases.length - 1000);
        const left = this.inFlightFor(orgId) - jobs;
        if (left > 0) this.byOrganisation.set(orgId, left);
        else this.byOrganisation.delete(orgId);
      },
    };
  }

  /**
   * Throws the 503 `admit` would throw for a request of one job: a cheap check a caller makes
   * before the work of preparing a request, so a refusal under overload costs next to nothing.
   */
  assertRoom(orgId: string): void {
    this.refuseBeyond(orgId, 1);
  }

  private refuseBeyond(orgId: string, jobs: number): void {
    const org = this.inFlightFor(orgId);
    const overTotal = this.inFlightTotal > 0 && this.inFlightTotal + jobs > this.limits.total;
    const overOrg = org > 0 && org + jobs > this.limits.perOrganisation;
    if (!overTotal && !overOrg) return;
    throw ProblemException.unavailable(
      overOrg
        ? `Your organisation has ${org} engine jobs queued or running, the most this service takes from one organisation at once; try again shortly`
        : 'The service is at capacity; try again shortly',
      this.retryAfterSeconds(),
    );
  }

  /**
   * How long the work in flight takes to drain at the rate jobs finished over the last few seconds
   * (at least 1 s, at most the configured bound; the bound when nothing finished lately).
   */
  retryAfterSeconds(): number {
    const since = this.now() - RATE_WINDOW_MS;
    const recent = this.releases.filter((r) => r.at >= since).reduce((sum, r) => sum + r.jobs, 0);
    if (recent === 0) return this.limits.maxRetryAfterSeconds;
    const perSecond = recent / (RATE_WINDOW_MS / 1000);
    return Math.min(this.limits.maxRetryAfterSeconds, Math.max(1, Math.ceil(this.inFlightTotal / perSecond)));
  }
}
