import { ProblemException } from '../errors/problem.exception';
import { JobAdmission } from './job-admission';

const refusal = (fn: () => unknown): ProblemException => {
  try {
    fn();
  } catch (err) {
    if (err instanceof ProblemException) return err;
    throw err;
  }
  throw new Error('expected a refusal');
};

describe('JobAdmission', () => {
  const limits = { total: 10, perOrganisation: 6, maxRetryAfterSeconds: 10 };

  it('admits up to the bound per organisation, then refuses with 503 and Retry-After', () => {
    const admission = new JobAdmission(limits);
    admission.admit('a', 4);
    admission.admit('a', 2);
    const refused = refusal(() => admission.admit('a', 1));
    expect(refused.getStatus()).toBe(503);
    expect(refused.retryAfterSeconds).toBe(10);
    expect(refused.message).toMatch(/organisation/);
    expect(admission.inFlightFor('a')).toBe(6);
  });

  it('refuses past the bound over every organisation', () => {
    const admission = new JobAdmission(limits);
    admission.admit('a', 6);
    admission.admit('b', 4);
    expect(refusal(() => admission.admit('c', 1)).message).toMatch(/capacity/);
    expect(admission.inFlight).toBe(10);
  });

  it('gives the jobs back when the request is over, only once', () => {
    const admission = new JobAdmission(limits);
    const ticket = admission.admit('a', 3);
    admission.admit('b', 2);
    ticket.release();
    ticket.release();
    expect(admission.inFlight).toBe(2);
    expect(admission.inFlightFor('a')).toBe(0);
  });

  it('admits a request larger than a bound when nothing else is in flight, so it is never refused forever', () => {
    const admission = new JobAdmission(limits);
    const big = admission.admit('a', 50);
    expect(refusal(() => admission.admit('b', 1)).getStatus()).toBe(503);
    big.release();
    admission.admit('b', 1);
  });

  it('tells refused clients how long the backlog takes to drain at the recent rate', () => {
    let now = 0;
    const admission = new JobAdmission({ total: 20, perOrganisation: 20, maxRetryAfterSeconds: 30 }, () => now);
    // 10 jobs finished over the last 10 s: one a second.
    for (let i = 0; i < 10; i++) {
      now = i * 1000;
      admission.admit('a', 1).release();
    }
    admission.admit('a', 20);
    expect(refusal(() => admission.admit('a', 1)).retryAfterSeconds).toBe(20);
    now += 60_000; // nothing finished lately: the longest wait
    expect(admission.retryAfterSeconds()).toBe(30);
  });
});

describe('JobAdmission.assertRoom', () => {
  it('refuses before any work when not even one more job would be admitted', () => {
    const admission = new JobAdmission({ total: 4, perOrganisation: 2, maxRetryAfterSeconds: 5 });
    admission.assertRoom('a');
    admission.admit('a', 2);
    expect(() => admission.assertRoom('a')).toThrow(ProblemException);
    admission.assertRoom('b');
    admission.admit('b', 2);
    expect(() => admission.assertRoom('c')).toThrow(/capacity/);
  });
});

describe('JobAdmission: cells and a lagging event loop', () => {
  it('refuses past the bound of cells in flight, naming the reason, and admits again once they are written', () => {
    const admission = new JobAdmission({ total: 100, perOrganisation: 100, cells: 25_000, maxRetryAfterSeconds: 5 });
    const first = admission.admit('a', 2, 10_000);
    admission.admit('b', 2, 10_000);
    const refused = refusal(() => admission.admit('c', 1, 10_000));
    expect(refused.getStatus()).toBe(503);
    expect(refused.refusal).toBe('gateway_cells');
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    // A smaller one still fits; the room check before any work sees the room left.
    admission.assertRoom('c');
    admission.admit('c', 1, 5000);
    expect(admission.inFlightCells).toBe(25_000);
    expect(refusal(() => admission.assertRoom('c')).refusal).toBe('gateway_cells');
    first.release();
    expect(admission.inFlightCells).toBe(15_000);
    admission.admit('c', 1, 10_000);
  });

  it('takes a request of more cells than the bound when nothing else is in flight', () => {
    const admission = new JobAdmission({ total: 100, perOrganisation: 100, cells: 1000, maxRetryAfterSeconds: 5 });
    admission.admit('a', 1, 40_000);
    expect(refusal(() => admission.admit('b', 1, 1)).refusal).toBe('gateway_cells');
  });

  it('refuses new work while the event loop lags, only with work in flight', () => {
    let lagging = true;
    const admission = new JobAdmission({ total: 100, perOrganisation: 100, maxRetryAfterSeconds: 5 }, Date.now, { lagging: () => lagging });
    // Nothing in flight: the lag is not this work's doing, and refusing would take nothing off it.
    const held = admission.admit('a', 1, 100);
    expect(refusal(() => admission.assertRoom('b')).refusal).toBe('event_loop_delay');
    expect(refusal(() => admission.admit('b', 1, 1)).refusal).toBe('event_loop_delay');
    lagging = false;
    admission.admit('b', 1, 1);
    lagging = true;
    held.release();
    expect(refusal(() => admission.assertRoom('c')).refusal).toBe('event_loop_delay');
  });

  it('names the organisation bound and the gateway bound as their reasons', () => {
    const admission = new JobAdmission({ total: 4, perOrganisation: 2, maxRetryAfterSeconds: 5 });
    admission.admit('a', 2);
    expect(refusal(() => admission.admit('a', 1)).refusal).toBe('organisation_jobs');
    admission.admit('b', 2);
    expect(refusal(() => admission.admit('c', 1)).refusal).toBe('gateway_jobs');
  });
});
