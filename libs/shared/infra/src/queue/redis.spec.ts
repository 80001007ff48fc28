import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import { isRedisUnavailable, RedisHealth, RedisUnavailableError, TimeoutError, withTimeout } from './redis';

/** A connection whose PING answers when the test says: `hang` leaves it unanswered until `resume`. */
class FakeConnection extends EventEmitter {
  status = 'ready';
  pings = 0;
  private hung = false;
  private waiting: (() => void)[] = [];

  hang(): void {
    this.hung = true;
  }

  resume(): void {
    this.hung = false;
    for (const answer of this.waiting.splice(0)) answer();
  }

  ping(): Promise<string> {
    this.pings++;
    if (!this.hung) return Promise.resolve('PONG');
    return new Promise((resolve) => this.waiting.push(() => resolve('PONG')));
  }
}

const never = () => new Promise<never>(() => undefined);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('withTimeout', () => {
  it('rejects with a TimeoutError past its bound, and passes an answer in time through', async () => {
    await expect(withTimeout(never(), 10, 'nothing')).rejects.toBeInstanceOf(TimeoutError);
    await expect(withTimeout(Promise.resolve(7), 1000, 'seven')).resolves.toBe(7);
  });
});

describe('RedisHealth', () => {
  it('takes a connection for unresponsive once a command and then its PING miss the bound, refuses at once until the PING is answered', async () => {
    const connection = new FakeConnection();
    const changes: boolean[] = [];
    const health = new RedisHealth(connection as unknown as Redis, 'test', 20);
    health.onChange((responsive) => changes.push(responsive));
    connection.hang();
    const first = await health.bounded('counting', never, 20).catch((err: unknown) => err);
    expect(first).toBeInstanceOf(TimeoutError);
    expect(isRedisUnavailable(first)).toBe(true);
    expect(connection.pings).toBe(1);
    await sleep(60);
    expect(health.available).toBe(false);
    expect(changes).toEqual([false]);

    // Known unresponsive: nothing is sent, the caller takes its fallback at once.
    let sent = false;
    const started = performance.now();
    const refused = await health
      .bounded(
        'counting',
        () => {
          sent = true;
          return never();
        },
        5000,
      )
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(RedisUnavailableError);
    expect(sent).toBe(false);
    expect(performance.now() - started).toBeLessThan(1000);

    connection.resume();
    await sleep(0);
    expect(health.available).toBe(true);
    expect(changes).toEqual([false, true]);
    await expect(health.bounded('counting', async () => 'counted', 20)).resolves.toBe('counted');
  });

  it('stays available after one slow answer whose PING is answered (a large result, not a hung Redis)', async () => {
    const connection = new FakeConnection();
    const health = new RedisHealth(connection as unknown as Redis, 'test', 20);
    await expect(health.bounded('reading a result', never, 20)).rejects.toBeInstanceOf(TimeoutError);
    await sleep(60);
    expect(health.available).toBe(true);
  });

  it('refuses at once while the connection is not ready, and comes back with it', async () => {
    const connection = new FakeConnection();
    const health = new RedisHealth(connection as unknown as Redis, 'test', 20);
    connection.status = 'reconnecting';
    await expect(health.bounded('queueing', async () => 'queued', 20)).rejects.toBeInstanceOf(RedisUnavailableError);
    connection.status = 'ready';
    connection.emit('ready');
    await expect(health.bounded('queueing', async () => 'queued', 20)).resolves.toBe('queued');
  });
});
