import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

export function testRedisUrl(): string {
  return process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
}

/** A BullMQ key prefix of its own for one test run. */
export function uniqueRedisPrefix(label = 'test'): string {
  return `aas-${label}-${randomBytes(5).toString('hex')}`;
}

/** Deletes every key under a prefix (what a test run leaves in the shared Redis). */
export async function deleteRedisPrefix(prefix: string, url = testRedisUrl()): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    client.disconnect();
  }
}
