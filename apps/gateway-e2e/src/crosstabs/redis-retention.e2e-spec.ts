import { Redis } from 'ioredis';
import { Stack } from '../support/stack';

/**
 * Redis must hold nothing of a crosstab once its stream has ended: no results, no job records.
 * Before results moved out of the job hash, every block's cells stayed in Redis for the
 * retention period (about 1.1 KB per cell for an hour), so memory grew with traffic.
 */
describe('Redis after crosstabs', () => {
  let stack: Stack;
  let token: string;
  let redis: Redis;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'retention', jobMode: 'queue', workers: 1, seed: true, env: { CROSSTAB_CHUNK_CELLS: '20' } });
    token = await stack.token('demo', 1);
    redis = new Redis(stack.redisUrl);
  });
  afterAll(async () => {
    redis?.disconnect();
    await stack?.stop();
  });

  /** Every key under the stack's prefix with its memory usage (bytes). */
  async function keysAndBytes(): Promise<{ keys: string[]; bytes: number }> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', `${stack.prefix}:*`, 'COUNT', 1000);
      keys.push(...batch);
      cursor = next;
    } while (cursor !== '0');
    let bytes = 0;
    for (const key of keys) bytes += (await redis.memory('USAGE', key)) ?? 0;
    return { keys: keys.sort(), bytes };
  }

  async function crosstab(): Promise<number> {
    const audiences = (side: string) =>
      ['16_24', '25_34', '35_44', '45_54', '55_64'].map((band) => ({ id: `${side}-${band}`, expression: { question: 'age_group', datapoints: [band] } }));
    const res = await fetch(`${stack.baseUrl}/v2/query/crosstab`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rows: audiences('r'), columns: [...audiences('c'), { id: 'w', expression: { question: 'gender', datapoints: ['female'] } }] }),
    });
    const text = await res.text();
    expect(res.status).toBe(200);
    const lines = text.split('\n').filter(Boolean);
    expect(lines.every((l) => !('status' in JSON.parse(l)))).toBe(true);
    return lines.length;
  }

  it('keeps no result and no job record once the stream has ended', async () => {
    await crosstab(); // warms the queue's fixed keys (meta, id counter, events)
    const job = /:crosstab:[0-9a-f-]{36}$/;
    const settle = async () => {
      // The gateway removes a collected job right after reading its result; give that a moment.
      for (let i = 0; i < 50; i++) {
        const { keys } = await keysAndBytes();
        if (!keys.some((k) => job.test(k) || k.includes(':result:'))) break;
        await new Promise((r) => setTimeout(r, 100));
      }
      return keysAndBytes();
    };
    const before = await settle();

    let cells = 0;
    for (let i = 0; i < 20; i++) cells += await crosstab(); // 20 x 30 cells, 2 jobs each
    expect(cells).toBe(20 * 30);
    const after = await settle();

    expect(after.keys.filter((k) => k.includes(':result:'))).toEqual([]);
    expect(after.keys.filter((k) => job.test(k))).toEqual([]);
    expect(after.keys).toEqual(before.keys);
    // The event stream grows by a few small entries per job (ids and states, no cells), trimmed at a bound.
    expect(after.bytes - before.bytes).toBeLessThan(64 * 1024);
  });
});
