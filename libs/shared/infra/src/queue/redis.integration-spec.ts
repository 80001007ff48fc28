import { Redis } from 'ioredis';
import { testRedisUrl } from '../testing/test-redis';
import { withTimeout } from './redis';

/** Blocks this thread (and so its event loop) for `ms`, as a burst of synchronous work does under load. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spinning
  }
}

describe('withTimeout against a real Redis', () => {
  it('takes an answer that arrived while the process was busy past the bound as in time, not as a timeout', async () => {
    const redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
    try {
      await redis.ping();
      for (let i = 0; i < 5; i++) {
        // The answer is in the socket within a millisecond; the loop only sees it after the bound's timer is due.
        const answer = withTimeout(redis.ping(), 20, 'redis ping');
        busy(150);
        await expect(answer).resolves.toBe('PONG');
      }
    } finally {
      redis.disconnect();
    }
  });
});
