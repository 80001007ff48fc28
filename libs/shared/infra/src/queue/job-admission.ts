import { ProblemException, RefusalReason } from '../errors/problem.exception';

export interface AdmissionLimits {
  /** Jobs this process may have in flight (queued or running) at once, over every organisation. */
  readonly total: number;
  /** Jobs one organisation may have in flight in this process at once. */
  readonly perOrganisation: number;
  /** Cells (of crosstabs: what this process builds and writes) it may have in flight at once; absent: no bound. */
  readonly cells?: number;
  /** The longest Retry-After a refused request is told (s). */
  readonly maxRetryAfterSeconds: number;
}

/** How busy the process is beside the work it counts. */
export interface ProcessLoad {
  /** The event loop lags past its bound: the process should take no new work now. */
  lagging(): boolean;
}

/** The refusals of JobAdmission. */
type AdmissionRefusal = Extract<RefusalReason, 'organisation_jobs' | 'gateway_jobs' | 'gateway_cells' | 'event_loop_delay'>;

/** The jobs a request holds until it is over. */
export interface AdmissionTicket {
  /** The request is over (answered, failed or gone): its jobs no longer count. Idempotent. */
  release(): void;
}

/** Over how long finished jobs are counted to estimate how fast the backlog drains (ms). */
const RATE_WINDOW_MS = 10_000;

/**
 * Admission control for queued work, counted in this process: a request reserves the jobs it is
 * about to queue and the cells they compute, all or nothing, and holds them until it is over (its
 * results computed and, for a stream, delivered: a stream being written costs the gateway as much
 * as the jobs cost the workers); past a bound (jobs per organisation, jobs, cells), or while the
 * process's event loop lags with work in flight (ProcessLoad), it is refused at once (503 with
 * Retry-After) instead of joining a backlog that only makes every answer later. The work already
 * taken then finishes in a time the bounds set, however many requests arrive.
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
  private inFlightCellCount = 0;
  private readonly byOrganisation = new Map<string, number>();
  /** When requests released their jobs, and how many: the recent drain rate, for Retry-After. */
  private readonly releases: { at: number; jobs: number }[] = [];

  constructor(
    private readonly limits: AdmissionLimits,
    private readonly now: () => number = Date.now,
    private readonly load?: ProcessLoad,
  ) {}

  get inFlight(): number {
    return this.inFlightTotal;
  }

  get inFlightCells(): number {
    return this.inFlightCellCount;
  }

  inFlightFor(orgId: string): number {
    return this.byOrganisation.get(orgId) ?? 0;
  }

  /**
   * Reserves `jobs` (of `cells` cells) for `orgId`, or throws a 503 ProblemException (with
   * Retry-After) when that would pass a bound, or the process is overloaded with work in flight.
   */
  admit(orgId: string, jobs: number, cells = 0): AdmissionTicket {
    this.refuseBeyond(orgId, jobs, cells);
    const org = this.inFlightFor(orgId);
    this.inFlightTotal += jobs;
    this.inFlightCellCount += cells;
    this.byOrganisation.set(orgId, org + jobs);
    let held = true;
    return {
      release: () => {
        if (!held) return;
        held = false;
        this.inFlightTotal -= jobs;
        this.inFlightCellCount -= cells;
        this.releases.push({ at: this.now(), jobs });
        if (this.releases.length > 1000) this.releases.splice(0, this.releases.length - 1000);
        const left = this.inFlightFor(orgId) - jobs;
        if (left > 0) this.byOrganisation.set(orgId, left);
        else this.byOrganisation.delete(orgId);
      },
    };
  }

  /**
   * Throws the 503 `admit` would throw for a request of one job and one cell: a cheap check a caller
   * makes before the work of preparing a request, so a refusal under overload costs next to nothing.
   */
  assertRoom(orgId: string): void {
    this.refuseBeyond(orgId, 1, 1);
  }

  private refuseBeyond(orgId: string, jobs: number, cells: number): void {
    const reason = this.refusalFor(orgId, jobs, cells);
    if (reason === undefined) return;
    const detail =
      reason === 'organisation_jobs'
        ? `Your organisation has ${this.inFlightFor(orgId)} engine jobs queued or running, the most this service takes from one organisation at once; try again shortly`
        : 'The service is at capacity; try again shortly';
    throw ProblemException.unavailable(detail, this.retryAfterSeconds(), reason);
  }

  /**
   * The bound a request would pass, if any. Only with work in flight: a lagging event loop with
   * nothing in flight is not this work's doing, and a request larger than a bound must be taken
   * some time.
   */
  private refusalFor(orgId: string, jobs: number, cells: number): AdmissionRefusal | undefined {
    const org = this.inFlightFor(orgId);
    if (org > 0 && org + jobs > this.limits.perOrganisation) return 'organisation_jobs';
    if (this.inFlightTotal === 0) return undefined;
    if (this.inFlightTotal + jobs > this.limits.total) return 'gateway_jobs';
    if (this.limits.cells !== undefined && this.inFlightCellCount > 0 && this.inFlightCellCount + cells > this.limits.cells) return 'gateway_cells';
    if (this.load?.lagging()) return 'event_loop_delay';
    return undefined;
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
