import { ProblemException } from '../errors/problem.exception';
import { OrganisationRateLimiter } from './rate-limit';

describe('OrganisationRateLimiter (in memory, as in inline mode)', () => {
  const inline = { JOB_MODE: 'inline' as const, REDIS_URL: 'redis://unused:6379', REDIS_PREFIX: 'unused' };

  it('lets an organisation make its limit of requests, then answers 429 with Retry-After within the window', async () => {
    const limiter = OrganisationRateLimiter.create({ requests: 3, windowSeconds: 30 }, inline);
    for (let i = 0; i < 3; i++) await limiter.consume('a');
    const refusal = await limiter.consume('a').then(
      () => undefined,
      (err: unknown) => err,
    );
    expect(refusal).toBeInstanceOf(ProblemException);
    const problem = refusal as ProblemException;
    expect(problem.getStatus()).toBe(429);
    expect(problem.toProblem()).toMatchObject({ type: 'urn:aas:problem:rate-limited', title: 'Too Many Requests' });
    expect(problem.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(problem.retryAfterSeconds).toBeLessThanOrEqual(30);
    // Another organisation has its own count.
    await expect(limiter.consume('b')).resolves.toBeUndefined();
  });

  it('counts nothing when the limit is 0 (off)', async () => {
    const limiter = OrganisationRateLimiter.create({ requests: 0, windowSeconds: 60 }, inline);
    for (let i = 0; i < 1000; i++) await limiter.consume('a');
  });
});
