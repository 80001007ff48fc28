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
