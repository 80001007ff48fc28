import { Redis } from 'ioredis';
import { ApiError, createClient, crosstabQueryOf, type AasClient, type CrosstabCell, type CrosstabQuery } from '@aas/sdk';
import { sleep } from '../support/processes';
import { Stack } from '../support/stack';

const genZ = { id: 'gen-z', name: 'Gen Z', expression: { question: 'age_group', datapoints: ['16_24'] } };
const women = { id: 'women', name: 'Women', expression: { question: 'gender', datapoints: ['female'] } };
const platform = (code: string) => ({ id: code, name: code, expression: { question: 'social_platform_usage', datapoints: [code] } });
const QUERY: CrosstabQuery = { rows: [genZ, women], columns: ['tiktok', 'instagram', 'youtube'].map(platform), locations: ['us', 'gb'] };

const key = (c: CrosstabCell) => `${c.row_index}x${c.column_index}`;
const byPosition = (cells: CrosstabCell[]) => [...cells].sort((a, b) => key(a).localeCompare(key(b)));

/**
 * The SDK (from its sources) against the built gateway and a worker: every capability it adds to
 * the bare API, on the demo data, with the real service's answers.
 */
describe('@aas/sdk against a started gateway', () => {
  let stack: Stack;
  let aas: AasClient;
  let tokenCalls = 0;

  beforeAll(async () => {
    // One engine job per organisation at a time, so a held request makes the next one a 503 with Retry-After.
    stack = await Stack.start({ label: 'sdk', jobMode: 'queue', workers: 1, seed: true, env: { ENGINE_MAX_JOBS_IN_FLIGHT_PER_ORG: '1' } });
    const token = await stack.token('demo', 1);
    aas = createClient({ baseUrl: stack.baseUrl, token: () => (tokenCalls++, token) });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('asks the token function before each request, and a bad token is an ApiError of kind unauthorized', async () => {
    const before = tokenCalls;
    const { waves } = await aas.catalogue.waves();
    expect(waves.length).toBeGreaterThan(0);
    expect(tokenCalls).toBe(before + 1);
    const anonymous = createClient({ baseUrl: stack.baseUrl, token: () => 'not-a-token' });
    await expect(anonymous.catalogue.datasets()).rejects.toMatchObject({ name: 'ApiError', kind: 'unauthorized', status: 401 });
  });

  it('streams a crosstab as typed cells, the same in NDJSON and json-seq, with significance when asked', async () => {
    const batches: CrosstabCell[][] = [];
    for await (const batch of aas.crosstab.stream(QUERY, { significance: '95' }).batches()) batches.push(batch);
    const ndjson = batches.flat();
    expect(ndjson).toHaveLength(6);
    expect(ndjson.every((c) => c.significance !== undefined && typeof c.intersect.index === 'number')).toBe(true);
    const seq = await aas.crosstab.stream(QUERY, { significance: '95', format: 'json-seq' }).collect();
    expect(byPosition(seq)).toEqual(byPosition(ndjson));
  });

  it('stops a stream when the caller aborts it', async () => {
    const controller = new AbortController();
    const everyone = Array.from({ length: 40 }, (_, i) => ({ id: `r${i}`, expression: {} }));
    const stream = aas.crosstab.stream({ rows: everyone, columns: everyone }, { signal: controller.signal });
    let seen = 0;
    const reading = (async () => {
      for await (const _cell of stream) {
        seen++;
        if (seen === 1) controller.abort(new Error('enough'));
      }
    })();
    await expect(reading).rejects.toThrow('enough');
    expect(seen).toBeLessThan(1600);
  });

  it('turns a refused query into an ApiError with the field problems at their JSON pointers', async () => {
    const failure = await aas.crosstab
      .stream({ rows: [{ id: 'x', expression: { question: 'nope' } }], waves: ['q9_2030'] })
      .collect()
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    const error = failure as ApiError;
    expect(error).toMatchObject({ kind: 'validation', status: 400 });
    expect(error.errorsAt('/rows/0').map((e) => e.path)).toEqual(['/rows/0/expression/question']);
    expect(error.errorsAt('/waves').map((e) => e.path)).toEqual(['/waves/0']);
    expect(error.requestId).toEqual(expect.any(String));
  });

  it('creates, renames, pages through and deletes saved audiences; a deleted one is not_found', async () => {
    const created = await Promise.all(
      ['A', 'B', 'C'].map((name, i) => aas.audiences.create({ name: `SDK ${name}`, expression: genZ.expression, folder_id: null, position: 100 + i })),
    );
    const renamed = await aas.audiences.rename(created[0].id, 'SDK A renamed');
    expect(renamed.name).toBe('SDK A renamed');
    const listed: string[] = [];
    for await (const audience of aas.audiences.all({ include_curated: false }, { limit: 2 })) listed.push(audience.name);
    expect(listed).toEqual(['SDK A renamed', 'SDK B', 'SDK C']);
    const invalid = await aas.audiences
      .patch(created[1].id, { expression: { and: [{ question: 'gender', datapoints: ['female'], min_count: 0 }] } })
      .catch((e: unknown) => e);
    expect((invalid as ApiError).errorsAt('/expression/and/0').map((e) => e.path)).toEqual(['/expression/and/0/min_count']);
    for (const a of created) await aas.audiences.delete(a.id);
    await expect(aas.audiences.get(created[0].id)).rejects.toMatchObject({ kind: 'not_found', status: 404 });
  });

  it("answers an audience's size and sample", async () => {
    const size = await aas.crosstab.audienceSize(genZ.expression, { locations: ['gb'] });
    expect(size.sample).toBeGreaterThan(0);
    expect(size.size).toBeGreaterThan(size.sample);
    expect(size.percentage).toBeGreaterThan(0);
    expect(size.percentage).toBeLessThan(100);
  });

  it('exports CSV and Excel as Blobs of their types', async () => {
    const csv = await aas.crosstab.export(QUERY, { format: 'csv', metric: 'index' });
    expect(csv.type).toMatch(/^text\/csv/);
    expect(await csv.text()).toMatch(/Gen Z/);
    const xlsx = await aas.crosstab.export(QUERY, { format: 'xlsx' });
    expect(xlsx.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');
  });

  it('creates and calculates a chart, as JSON and CSV', async () => {
    const chart = await aas.charts.create({
      name: 'SDK chart',
      attributes: [{ namespace_code: 'core', question_code: 'social_platform_usage', datapoint_code: 'tiktok' }],
      audiences: [genZ, women],
    });
    const result = await aas.charts.calculate(chart.id);
    expect(result.stats[0].data.map((d) => d.audience).sort()).toEqual(['gen-z', 'women']);
    const csv = await aas.charts.calculateCsv(chart.id);
    expect(csv.type).toMatch(/^text\/csv/);
    await aas.charts.delete(chart.id);
    await expect(aas.charts.get(chart.id)).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('pages through insights', async () => {
    const first = await aas.insights.filter({ limit: 3 });
    const seen: number[] = [];
    for await (const page of aas.insights.pages({}, { limit: 3 })) {
      seen.push(...page.items.map((i) => i.id));
      if (seen.length >= 9) break;
    }
    expect(seen.slice(0, 3)).toEqual(first.insights.map((i) => i.id));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('keeps the chat_id across follow-ups, and the crosstab of an insight gives its figure', async () => {
    const chat = aas.assistant.chat();
    const answer = await chat.ask('What share of Gen Z in the UK use TikTok?');
    const chatId = chat.chatId;
    expect(answer.insights.length).toBeGreaterThan(0);
    const followUp = await chat.ask('and in Germany?');
    expect(followUp.chat_id).toBe(chatId);
    expect(followUp.sources.locations.map((l) => l.code)).toContain('de');
    const [insight] = await chat.insightsOf(answer);
    const cells = await aas.crosstab.stream(crosstabQueryOf(insight)).collect();
    expect(cells).toHaveLength(1);
    expect(cells[0].audiences.row.intersect_percentage).toBeCloseTo(insight.metrics.audience_percentage, 1);
  });

  it('waits what Retry-After says after a 503 and then succeeds, for a crosstab (safe to send twice)', async () => {
    // Hold the organisation's one engine slot: no worker, so the held block stays queued.
    await Promise.all(stack.workers.map((w) => w.stop()));
    const token = await stack.token('demo', 1);
    const held = new AbortController();
    const holding = fetch(`${stack.baseUrl}/v2/query/crosstab`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rows: [genZ] }),
      signal: held.signal,
    }).catch(() => undefined);
    await untilQueued(stack, 1);

    const retries: { status: number; delayMs: number }[] = [];
    const patient = createClient({ baseUrl: stack.baseUrl, token: () => token, retry: { attempts: 10 }, onRetry: (r) => retries.push(r) });
    const result = patient.crosstab.audienceSize(genZ.expression);
    for (let i = 0; retries.length === 0; i++) {
      if (i > 200) throw new Error('the second crosstab was never refused');
      await sleep(50);
    }
    held.abort();
    await holding;
    await stack.startWorker();
    expect((await result).sample).toBeGreaterThan(0);
    expect(retries[0].status).toBe(503);
    expect(retries[0].delayMs).toBeGreaterThanOrEqual(1000);
  });
});

async function untilQueued(stack: Stack, count: number): Promise<void> {
  const redis = new Redis(stack.redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let seen = -1;
    for (let i = 0; i < 200; i++) {
      seen = await redis.llen(`${stack.prefix}:engine:wait`);
      if (seen === count) return;
      await sleep(50);
    }
    throw new Error(`expected ${count} engine jobs waiting, saw ${seen}\n${stack.gateway.logs.slice(-3000)}`);
  } finally {
    redis.disconnect();
  }
}
