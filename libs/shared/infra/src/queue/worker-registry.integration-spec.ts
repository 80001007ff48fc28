import { Redis } from 'ioredis';
import { deleteRedisPrefix, testRedisUrl, uniqueRedisPrefix } from '../testing/test-redis';
import { liveWorkers, WorkerHeartbeat, WorkerInfo } from './worker-registry';

const info = (id: string, meta: Record<string, unknown> = {}): WorkerInfo => ({
  id,
  queues: ['engine'],
  host: 'test',
  pid: 1,
  startedAt: new Date(0).toISOString(),
  meta,
});

describe('the worker registry in the real Redis', () => {
  const prefix = uniqueRedisPrefix('workers');
  let redis: Redis;

  beforeAll(() => {
    redis = new Redis(testRedisUrl(), { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    redis?.disconnect();
    await deleteRedisPrefix(prefix);
  });

  it('lists the workers that beat, sorted by id, with what they published', async () => {
    const b = new WorkerHeartbeat(redis, prefix, info('b', { shard: 1 }), { intervalMs: 1000, ttlMs: 5000 });
    const a = new WorkerHeartbeat(redis, prefix, info('a', { shard: 0 }), { intervalMs: 1000, ttlMs: 5000 });
    await b.start();
    await a.start();
    try {
      const alive = await liveWorkers(redis, prefix);
      expect(alive.map((w) => [w.id, w.meta['shard']])).toEqual([
        ['a', 0],
        ['b', 1],
      ]);
    } finally {
      await a.stop();
      await b.stop();
    }
    expect(await liveWorkers(redis, prefix)).toEqual([]);
  });

  it('forgets a worker that stops beating once its entry expires, and prunes it from the set', async () => {
    const silent = new WorkerHeartbeat(redis, prefix, info('silent'), { intervalMs: 60_000, ttlMs: 300 });
    await silent.start();
    expect((await liveWorkers(redis, prefix)).map((w) => w.id)).toEqual(['silent']);
    // No more beats (interval a minute away): the entry lapses after its TTL.
    const until = Date.now() + 10_000;
    let alive = await liveWorkers(redis, prefix);
    while (alive.length > 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      alive = await liveWorkers(redis, prefix);
    }
    expect(alive).toEqual([]);
    expect(await redis.smembers(`${prefix}:workers`)).toEqual([]);
    await silent.stop();
  });
});
