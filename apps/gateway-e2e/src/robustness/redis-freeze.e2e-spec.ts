import { ChildProcess } from 'node:child_process';
import { freePort, sleep, waitForStatus } from '../support/processes';
import { killRedis, startRedis } from '../support/redis-server';
import { Stack } from '../support/stack';

/** How long Redis stays frozen (SIGSTOP: a partition without resets, every connection open and silent). */
const FREEZE_MS = 10_000;
/**
 * The most a request that does not need Redis may take during the freeze, and the most a crosstab
 * may take to answer 503: far above their usual latency on a busy machine, far below the freeze,
 * so passing proves the request did not wait for Redis.
 */
const UNAFFECTED_BOUND_MS = 2500;
const REFUSAL_BOUND_MS = 3000;

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const GEN_Z = { question: 'age_group', datapoints: ['16_24'] };
const CROSSTAB = { rows: [{ id: 'gen-z', expression: GEN_Z }], columns: [{ id: 'women', expression: { question: 'gender', datapoints: ['female'] } }] };

interface Timed {
  what: string;
  status: number;
  ms: number;
  retryAfter: string | null;
  text: string;
}

/**
 * A Redis that hangs instead of dying (SIGSTOP on a redis-server of this test's own): requests that
 * never need Redis (catalogue reads, saved-audience writes) keep their latency although the rate
 * limiter counts in Redis, a crosstab answers 503 with Retry-After within a bound instead of waiting
 * for the freeze to end, and everything works again once Redis resumes (SIGCONT), without a restart.
 */
describe('a frozen Redis degrades the service, never stalls it', () => {
  let stack: Stack;
  let redis: ChildProcess;
  let token: string;
  let frozen = false;

  beforeAll(async () => {
    const port = await freePort();
    redis = await startRedis(port);
    // The rate limit is on (as by default) and counted in this Redis: every authenticated request passes it.
    stack = await Stack.start({
      label: 'redis-freeze',
      jobMode: 'queue',
      workers: 1,
      seed: { respondents: 1000, seed: 1 },
      redisUrl: `redis://127.0.0.1:${port}`,
    });
    token = await stack.token('demo', 1);
  });
  afterAll(async () => {
    if (frozen) redis.kill('SIGCONT');
    await stack?.stop();
    if (redis) await killRedis(redis);
  });

  async function timed(what: string, method: 'GET' | 'POST', path: string, body?: unknown): Promise<Timed> {
    const started = performance.now();
    try {
      const res = await fetch(`${stack.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        // Far past the freeze: a request that waits for Redis shows how long it waited.
        signal: AbortSignal.timeout(FREEZE_MS * 3),
      });
      const text = await res.text();
      return { what, status: res.status, ms: Math.round(performance.now() - started), retryAfter: res.headers.get('retry-after'), text };
    } catch (err) {
      return { what, status: 0, ms: Math.round(performance.now() - started), retryAfter: null, text: String(err) };
    }
  }

  const catalogueRead = () => timed('GET /v2/datasets', 'GET', '/v2/datasets');
  const audienceWrite = (n: number) =>
    timed('POST /v2/saved/audiences', 'POST', '/v2/saved/audiences', { name: `Frozen ${n}`, expression: GEN_Z, folder_id: NIL_UUID, position: n });
  const crosstab = () => timed('POST /v2/query/crosstab', 'POST', '/v2/query/crosstab', CROSSTAB);

  const describeAnswers = (answers: Timed[]) =>
    `${answers.map((a) => `${a.what}: ${a.status} in ${a.ms} ms ${a.text.slice(0, 300)}`).join('\n')}\n--- gateway ---\n${stack.gateway.logs.slice(-4000)}`;

  it('keeps catalogue reads and writes at their latency, refuses crosstabs with 503 + Retry-After in bounded time, and recovers on SIGCONT', async () => {
    // Before: every connection (rate limiter, job queue, readiness) is up and used once.
    const before = [await catalogueRead(), await audienceWrite(0), await crosstab(), await catalogueRead(), await audienceWrite(1)];
    if (before.some((a) => a.status !== 200 && a.status !== 201)) throw new Error(`the stack did not answer before the freeze:\n${describeAnswers(before)}`);
    // A request already waiting for its job when Redis hangs (a worker holds it past the freeze).
    const waiting = timed('POST /v1/system/ping', 'POST', '/v1/system/ping', { delay_ms: FREEZE_MS * 2 });
    await stack.waitForActiveJob('system');

    redis.kill('SIGSTOP');
    frozen = true;
    const frozenAt = performance.now();
    const waited = waiting.then((answer) => ({ ...answer, ms: Math.round(performance.now() - frozenAt) }));
    const thaw = sleep(FREEZE_MS).then(() => {
      redis.kill('SIGCONT');
      frozen = false;
    });
    // Every kind at once a moment into the freeze, then one after another while it lasts.
    await sleep(300);
    const during: Timed[] = await Promise.all([catalogueRead(), audienceWrite(2), crosstab()]);
    let n = 3;
    while (performance.now() - frozenAt < FREEZE_MS - 2 * REFUSAL_BOUND_MS) {
      during.push(await catalogueRead(), await audienceWrite(n++), await crosstab());
    }
    const ready = await timed('GET /health/ready', 'GET', '/health/ready');
    const waiter = await waited;
    await thaw;
    const times = (what: string) => during.filter((a) => a.what === what).map((a) => a.ms);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const figures = (what: string) => `median ${median(times(what))} ms, worst ${Math.max(...times(what))} ms`;
    console.log(
      `Redis frozen ${FREEZE_MS} ms: before it, catalogue read ${before[3].ms} ms, write ${before[4].ms} ms, crosstab ${before[2].ms} ms; ` +
        `during it (${during.length} requests): catalogue reads ${figures('GET /v2/datasets')}, writes ${figures('POST /v2/saved/audiences')}, ` +
        `crosstab answers ${figures('POST /v2/query/crosstab')} (statuses ${[...new Set(during.filter((a) => a.what === 'POST /v2/query/crosstab').map((a) => a.status))].join(', ')}); ` +
        `a request waiting for its job when Redis froze: ${waiter.status} ${waiter.ms} ms into the freeze; readiness ${ready.status} in ${ready.ms} ms`,
    );

    for (const answer of [...during, waiter]) {
      if (answer.what === 'POST /v2/query/crosstab' || answer === waiter) {
        if (answer.status !== 503 || answer.ms > REFUSAL_BOUND_MS) throw new Error(`a job's request during the freeze:\n${describeAnswers([answer])}`);
        expect(JSON.parse(answer.text)).toMatchObject({ status: 503, type: 'urn:aas:problem:unavailable' });
        expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      } else if (answer.status !== (answer.what === 'GET /v2/datasets' ? 200 : 201) || answer.ms > UNAFFECTED_BOUND_MS) {
        throw new Error(`a request that needs no Redis, during the freeze:\n${describeAnswers([answer])}`);
      }
    }
    // Readiness answers from its background check, at once, and says what is wrong.
    expect(ready.ms).toBeLessThan(UNAFFECTED_BOUND_MS);
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.text).checks.redis).toBe('down');

    // Redis resumed: crosstabs compute again and readiness comes back, without a restart.
    const gatewayPid = stack.gateway.pid;
    await waitForStatus(`${stack.baseUrl}/health/ready`, 200, 30_000, stack.gateway);
    let after = await crosstab();
    for (let i = 0; i < 20 && after.status !== 200; i++) {
      await sleep(500);
      after = await crosstab();
    }
    const afterRead = await catalogueRead();
    const afterWrite = await audienceWrite(n);
    console.log(`after SIGCONT: crosstab ${after.status} in ${after.ms} ms, catalogue read ${afterRead.ms} ms, write ${afterWrite.ms} ms`);
    if (after.status !== 200) throw new Error(`no crosstab computed after Redis resumed:\n${describeAnswers([after])}`);
    expect(after.text.split('\n').filter(Boolean)).toHaveLength(1);
    expect(afterRead.status).toBe(200);
    expect(afterWrite.status).toBe(201);
    expect(stack.gateway.pid).toBe(gatewayPid);
  });
});
