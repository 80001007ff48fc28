import { ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { planBlocks } from '@aas/crosstab-engine-client';
import { freePort, sleep, waitForStatus } from '../support/processes';
import { killRedis, startRedis } from '../support/redis-server';
import { Stack } from '../support/stack';

const GEN_Z = { question: 'age_group', datapoints: ['16_24'] };
const WOMEN = { question: 'gender', datapoints: ['female'] };
const CHUNK = 10;
const JOB_TIMEOUT_MS = 8000;

/** A crosstab body of `blocks` engine jobs: CHUNK rows per block, one column (CHUNK cells per block). */
function body(blocks: number): object {
  return {
    rows: Array.from({ length: CHUNK * blocks }, (_, i) => ({ id: `r${i}`, expression: i % 2 ? GEN_Z : WOMEN })),
    columns: [{ id: 'c', expression: GEN_Z }],
  };
}

/**
 * What a client sees when the job path fails before any data: a real status (503 with Retry-After,
 * 504), never a 200 whose stream holds the error; what it sees under overload (503 at once, past
 * the bound of queued engine work); and how fast a lost Redis reaches requests already waiting.
 */
describe('crosstab status codes under faults and overload', () => {
  let stack: Stack;
  let redis: ChildProcess;
  let port: number;
  let demo: string;
  let acme: string;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    stack = await Stack.start({
      label: 'faults',
      jobMode: 'queue',
      workers: 1,
      seed: true,
      redisUrl: `redis://127.0.0.1:${port}`,
      env: {
        CROSSTAB_CHUNK_CELLS: String(CHUNK),
        JOB_TIMEOUT_MS: String(JOB_TIMEOUT_MS),
        ENGINE_MAX_JOBS_IN_FLIGHT: '6',
        ENGINE_MAX_JOBS_IN_FLIGHT_PER_ORG: '4',
      },
    });
    demo = await stack.token('demo', 1);
    acme = await stack.token('acme-retail', 2);
  });
  afterAll(async () => {
    await stack?.stop();
    if (redis) await killRedis(redis);
  });

  interface Answer {
    status: number;
    type: string;
    retryAfter: string | null;
    text: string;
    ms: number;
  }

  async function crosstab(token: string, blocks: number, signal?: AbortSignal): Promise<Answer> {
    const started = Date.now();
    const res = await fetch(`${stack.baseUrl}/v2/query/crosstab`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body(blocks)),
      signal,
    });
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type') ?? '', retryAfter: res.headers.get('retry-after'), text, ms: Date.now() - started };
  }

  async function ping(): Promise<Answer> {
    const started = Date.now();
    const res = await fetch(`${stack.baseUrl}/v1/system/ping`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo}`, 'content-type': 'application/json' },
      body: '{}',
    });
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type') ?? '', retryAfter: res.headers.get('retry-after'), text, ms: Date.now() - started };
  }

  /** A 503 problem with a usable Retry-After, described by `what` when it is not. */
  function expectUnavailable(answer: Answer, what: string): void {
    if (answer.status !== 503) throw new Error(`${what}: expected 503, got ${answer.status} after ${answer.ms} ms: ${answer.text.slice(0, 500)}`);
    expect(answer.type).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(answer.text)).toMatchObject({ status: 503, type: 'urn:aas:problem:unavailable' });
    expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
  }

  async function waiting(queue: string, redisUrl = stack.redisUrl): Promise<number> {
    const client = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
    try {
      return await client.llen(`${stack.prefix}:${queue}:wait`);
    } finally {
      client.disconnect();
    }
  }

  async function untilWaiting(queue: string, count: number): Promise<void> {
    let seen = -1;
    for (let i = 0; i < 100; i++) {
      seen = await waiting(queue);
      if (seen === count) return;
      await sleep(50);
    }
    throw new Error(`expected ${count} ${queue} jobs waiting, saw ${seen}\n--- gateway ---\n${stack.gateway.logs.slice(-3000)}`);
  }

  async function stopWorkers(): Promise<void> {
    await Promise.all(stack.workers.map((w) => w.stop()));
  }

  it('refuses work past the bound of queued engine jobs at once with 503 and Retry-After, per organisation and in all', async () => {
    // No worker: admitted blocks stay queued, so the test decides what is in flight.
    await stopWorkers();
    expect(planBlocks(CHUNK * 4, 1, CHUNK)).toHaveLength(4);
    const held = new AbortController();
    const demoHeld = crosstab(demo, 4, held.signal).catch(() => undefined);
    await untilWaiting('engine', 4);

    // demo holds 4 of its 4: one more block of demo's is refused at once.
    const demoMore = await crosstab(demo, 1);
    expectUnavailable(demoMore, 'a demo crosstab past its organisation bound');
    expect(demoMore.ms).toBeLessThan(JOB_TIMEOUT_MS / 2);
    expect(JSON.parse(demoMore.text).detail).toMatch(/organisation/);

    // acme may still take 2 (6 in all); past that, the whole process is at its bound.
    const acmeHeld = crosstab(acme, 2, held.signal).catch(() => undefined);
    await untilWaiting('engine', 6);
    const acmeMore = await crosstab(acme, 1);
    expectUnavailable(acmeMore, 'an acme crosstab past the global bound');
    expect(acmeMore.ms).toBeLessThan(JOB_TIMEOUT_MS / 2);

    // The held requests leave: their blocks are removed and their reservations given back.
    held.abort();
    await Promise.all([demoHeld, acmeHeld]);
    await untilWaiting('engine', 0);
    await stack.startWorker();
    const after = await crosstab(demo, 4);
    expect(after.status).toBe(200);
    expect(after.text.split('\n').filter(Boolean)).toHaveLength(40);
  });

  it('answers 504, not a 200 with an error inside, when no worker finishes the first block in time', async () => {
    await stopWorkers();
    const answer = await crosstab(demo, 1);
    expect(answer.status).toBe(504);
    expect(answer.type).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(answer.text).type).toBe('urn:aas:problem:timeout');
  });

  it('fails requests waiting for jobs within seconds of Redis dying (503, Retry-After), not at JOB_TIMEOUT_MS', async () => {
    // Still no worker: both requests wait on queued jobs when Redis goes.
    const pendingCrosstab = crosstab(demo, 2);
    const pendingPing = ping();
    await untilWaiting('engine', 2);
    await untilWaiting('system', 1);
    const killed = Date.now();
    await killRedis(redis);
    const [x, p] = await Promise.all([pendingCrosstab, pendingPing]);
    const crosstabMs = Date.now() - killed;
    console.log(`after Redis died: crosstab ${x.status} and ping ${p.status} within ${crosstabMs} ms (JOB_TIMEOUT_MS ${JOB_TIMEOUT_MS})`);
    expectUnavailable(x, 'a crosstab waiting when Redis died');
    expectUnavailable(p, 'a ping waiting when Redis died');
    expect(crosstabMs).toBeLessThan(JOB_TIMEOUT_MS / 2);
  });

  it('answers 503 with Retry-After, not 200, while Redis is down', async () => {
    const answer = await crosstab(demo, 1);
    expectUnavailable(answer, 'a crosstab with Redis down');
    expect(answer.ms).toBeLessThan(JOB_TIMEOUT_MS / 2);
  });

  it('computes again once Redis is back, without a restart', async () => {
    const gatewayPid = stack.gateway.pid;
    redis = await startRedis(port);
    await stack.startWorker();
    await waitForStatus(`${stack.baseUrl}/health/ready`, 200, 15_000);
    const answer = await crosstab(demo, 2);
    expect(answer.status).toBe(200);
    expect(answer.text.split('\n').filter(Boolean)).toHaveLength(20);
    expect(stack.gateway.pid).toBe(gatewayPid);
  });
});
