import { Redis, RedisOptions } from 'ioredis';

export type RedisRole = 'producer' | 'blocking' | 'probe';

/**
 * One place that knows how each kind of Redis client must be configured for BullMQ:
 * - producer (Queue, gateway side): fail fast. No offline queue and one retry, so a
 *   request never hangs on a Redis that is down; the caller answers 503 instead.
 * - blocking (Worker, QueueEvents): `maxRetriesPerRequest: null`, as BullMQ requires
 *   for blocking commands, and reconnect forever.
 * - probe (readiness checks): like a producer, never queues a ping.
 */
export function createRedis(url: string, role: RedisRole, name: string): Redis {
  const common: RedisOptions = {
    connectionName: `aas:${name}`,
    connectTimeout: 3000,
    lazyConnect: false,
    // Back off up to 2 s between reconnects, forever: Redis coming back must heal us without a restart.
    retryStrategy: (times: number) => Math.min(200 * times, 2000),
  };
  const byRole: Record<RedisRole, RedisOptions> = {
    producer: { ...common, maxRetriesPerRequest: 1, enableOfflineQueue: false },
    blocking: { ...common, maxRetriesPerRequest: null, enableOfflineQueue: true },
    probe: { ...common, maxRetriesPerRequest: 0, enableOfflineQueue: false },
  };
  const client = new Redis(url, byRole[role]);
  // Without a listener ioredis prints every reconnect failure as an unhandled error event.
  client.on('error', () => undefined);
  return client;
}

/** What withTimeout rejects with, so callers can tell a timeout from a failure without reading messages. */
export class TimeoutError extends Error {
  constructor(what: string, ms: number) {
    super(`${what} timed out after ${ms} ms`);
    this.name = 'TimeoutError';
  }
}

/** Rejects with a TimeoutError when the promise is not settled within ms. */
export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimeoutError(what, ms)), ms);
      }),
    ]);
  } finally {
    if (timer) clearTimeout(timer);
  }
}

/** Resolves when the client is connected, or rejects after ms; never leaves a listener behind. */
export function waitForReady(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      reject(new Error(`redis not connected within ${ms} ms`));
    }, ms);
    client.once('ready', onReady);
  });
}
