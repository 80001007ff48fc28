import { Redis } from 'ioredis';
import { sleep } from '../support/processes';
import { Stack } from '../support/stack';

const CELLS_IN_FLIGHT = 50;
const RATE_LIMIT = 40;
const GEN_Z = { question: 'age_group', datapoints: ['16_24'] };

/** A crosstab body of rows x columns cells. */
function body(rows: number, columns: number): object {
  return {
    rows: Array.from({ length: rows }, (_, i) => ({ id: `r${i}`, expression: GEN_Z })),
    columns: Array.from({ length: columns }, (_, j) => ({ id: `c${j}`, expression: GEN_Z })),
  };
}

/**
 * Refusals are expected outcomes, not errors: a crosstab past the gateway's bound of cells in flight
 * answers 503 with Retry-After, a request past the rate limit 429, each counted by its reason in
 * /metrics, and the log gets a sampled line at info for them, without a stack, not one per refusal.
 */
describe('refusals: counted by reason, logged at info without a stack, sampled', () => {
  let stack: Stack;
  let demo: string;
  let acme: string;

  beforeAll(async () => {
    // No worker: an admitted crosstab stays queued, so the test decides what is in flight.
    stack = await Stack.start({
      label: 'refusals',
      jobMode: 'queue',
      workers: 0,
      seed: { respondents: 1000, seed: 1 },
      env: { ENGINE_MAX_CELLS_IN_FLIGHT: String(CELLS_IN_FLIGHT), RATE_LIMIT_REQUESTS: String(RATE_LIMIT), JOB_TIMEOUT_MS: '30000' },
    });
    demo = await stack.token('demo', 1);
    acme = await stack.token('acme-retail', 2);
  });
  afterAll(() => stack?.stop());

  const call = async (token: string, path: string, payload?: object, signal?: AbortSignal) => {
    const res = await fetch(`${stack.baseUrl}${path}`, {
      method: payload === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: payload === undefined ? undefined : JSON.stringify(payload),
      signal,
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), text: await res.text() };
  };

  async function refusalsByReason(): Promise<Record<string, number>> {
    const text = await fetch(`${stack.baseUrl}/metrics`).then((r) => r.text());
    const counts: Record<string, number> = {};
    for (const [, reason, value] of text.matchAll(/^aas_http_refusals_total\{reason="([a-z_]+)"\} (\d+)$/gm)) counts[reason] = Number(value);
    return counts;
  }

  it('refuses past the cells in flight and past the rate limit, counts each reason, and logs a sampled info line without a stack', async () => {
    const before = await refusalsByReason();
    expect(before).toMatchObject({ gateway_cells: 0, rate_limit: 0, queue_unavailable: 0, event_loop_delay: 0 });

    // 5 x 10 = every cell this gateway takes in flight, held queued.
    const held = new AbortController();
    const holding = call(demo, '/v2/query/crosstab', body(5, 10), held.signal).catch(() => undefined);
    const redis = new Redis(stack.redisUrl, { maxRetriesPerRequest: 1 });
    try {
      for (let i = 0; (await redis.llen(`${stack.prefix}:engine:wait`)) === 0; i++) {
        if (i > 200) throw new Error(`the held crosstab was never queued\n${stack.gateway.logs.slice(-3000)}`);
        await sleep(50);
      }
    } finally {
      redis.disconnect();
    }

    const refused = [];
    for (let i = 0; i < 30; i++) refused.push(await call(demo, '/v2/query/crosstab', body(1, 1)));
    for (const answer of refused) {
      if (answer.status !== 503) throw new Error(`expected 503 past the cells in flight, got ${answer.status}: ${answer.text}`);
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(JSON.parse(answer.text)).toMatchObject({ type: 'urn:aas:problem:unavailable', detail: 'The service is at capacity; try again shortly' });
    }

    // Another organisation, past the rate limit (its own count: demo's 31 requests are demo's).
    const reads = [];
    for (let i = 0; i < RATE_LIMIT + 10; i++) reads.push(await call(acme, '/v2/datasets'));
    expect(reads.filter((r) => r.status === 200)).toHaveLength(RATE_LIMIT);
    expect(reads.filter((r) => r.status === 429)).toHaveLength(10);

    const after = await refusalsByReason();
    expect(after.gateway_cells - before.gateway_cells).toBe(30);
    expect(after.rate_limit - before.rate_limit).toBe(10);
    held.abort();
    await holding;

    // The request log: refusals at info, without an error or a stack, one line per reason per 10 s, each saying how many it stands for.
    await sleep(500);
    const lines = stack.gateway.logs
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { level: number; msg: string; refusal?: string; refusals?: number; err?: unknown; res?: { statusCode: number } });
    const refusalLines = lines.filter((l) => l.msg === 'request refused');
    const byStatus = (status: number) => lines.filter((l) => l.res?.statusCode === status);
    console.log(
      `40 refusals (30 at capacity, 10 rate limited): ${refusalLines.length} log lines: ${JSON.stringify(refusalLines.map((l) => [l.refusal, l.refusals]))}`,
    );
    expect(refusalLines.length).toBeGreaterThanOrEqual(2);
    expect(refusalLines.length).toBeLessThanOrEqual(6);
    expect(refusalLines.every((l) => l.level === 30 && l.err === undefined)).toBe(true);
    expect(new Set(refusalLines.map((l) => l.refusal))).toEqual(new Set(['gateway_cells', 'rate_limit']));
    expect(byStatus(503).every((l) => l.msg === 'request refused')).toBe(true);
    expect(byStatus(429).every((l) => l.msg === 'request refused')).toBe(true);
    expect(lines.filter((l) => l.level >= 40 && (l.res?.statusCode === 503 || l.res?.statusCode === 429))).toEqual([]);
    expect(stack.gateway.logs).not.toContain('"stack"');
  });
});
