import { Redis } from 'ioredis';
import { RespondentRecord } from '@aas/audience-expression-domain';
import { planBlocks } from '@aas/crosstab-engine-client';
import { sleep } from '../support/processes';
import { Stack } from '../support/stack';
import { and, close, loadRecords, reference } from './reference';

interface Cell {
  row_index: number;
  column_index: number;
  row: { id: string };
  column: { id: string };
  audiences: {
    row: { size: number; sample: number; percentage: number; intersect_percentage: number };
    column: { size: number; sample: number; percentage: number; intersect_percentage: number };
  };
  base: { size: number; sample: number };
  intersect: { size: number; sample: number; percentage: number; index: number };
  status?: number;
}

const GEN_Z = { question: 'age_group', datapoints: ['16_24'] };
const WOMEN = { question: 'gender', datapoints: ['female'] };
const MEN = { question: 'gender', datapoints: ['male'] };
const PARENTS_NOT_GENZ = and({ question: 'age_group', datapoints: ['16_24'], not: true }, { question: 'gender', datapoints: ['female'] });
const ALL_WAVES = ['q4_2024', 'q1_2025', 'q2_2025', 'q3_2025', 'q4_2025', 'q1_2026', 'q2_2026', 'q3_2026'];
const LAST_4 = ALL_WAVES.slice(-4);
const LOCATIONS = ['au', 'br', 'de', 'es', 'fr', 'gb', 'in', 'jp', 'us'];

function parseStream(text: string, seq: boolean): Cell[] {
  if (seq) {
    expect(text.startsWith('\u001e')).toBe(true);
    return text
      .split('\u001e')
      .filter((s) => s.length > 0)
      .map((s) => {
        expect(s.endsWith('\n')).toBe(true);
        return JSON.parse(s) as Cell;
      });
  }
  return text
    .split('\n')
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as Cell);
}

describe('POST /v2/query/crosstab', () => {
  let stack: Stack;
  let demo: string;
  let acme: string;
  let records: (RespondentRecord & { dataset: string })[];

  beforeAll(async () => {
    stack = await Stack.start({
      label: 'crosstab',
      jobMode: 'queue',
      workers: 2,
      seed: true,
      env: { CROSSTAB_MAX_CELLS: '5000', CROSSTAB_CHUNK_CELLS: '40', WORKER_LOCK_MS: '2000', JOB_TIMEOUT_MS: '30000' },
    });
    demo = await stack.token('demo', 1);
    acme = await stack.token('acme-retail', 2);
    records = await loadRecords(stack.databaseUrl);
  });
  afterAll(() => stack?.stop());

  async function crosstab(body: object, token = demo, accept?: string, query = ''): Promise<{ status: number; type: string; text: string }> {
    const res = await fetch(`${stack.baseUrl}/v2/query/crosstab${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...(accept ? { accept } : {}) },
      body: JSON.stringify(body),
    });
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  }

  it('streams one exact cell per row x column (NDJSON), matching the reference evaluator', async () => {
    const scope = { waves: ['q2_2026', 'q3_2026'], locations: ['gb', 'us'], datasets: ['core'] };
    const rows = [
      { id: 'genz', name: 'Gen Z', expression: GEN_Z },
      { id: 'x', name: 'Women not Gen Z', expression: PARENTS_NOT_GENZ },
    ];
    const columns = [
      { id: 'w', name: 'Women', expression: WOMEN },
      { id: 'm', name: 'Men', expression: MEN },
    ];
    const base = { id: 'b', name: 'Not 55-64', expression: { question: 'age_group', datapoints: ['55_64'], not: true } };
    const res = await crosstab({ rows, columns, base_audience: base, waves: scope.waves, locations: scope.locations });
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^application\/x-ndjson/);
    const cells = parseStream(res.text, false);
    expect(cells).toHaveLength(4);
    for (const cell of cells) {
      const row = rows[cell.row_index - 1].expression;
      const column = columns[cell.column_index - 1].expression;
      const b = reference(records, {}, base.expression, scope);
      const r = reference(records, row, base.expression, scope);
      const c = reference(records, column, base.expression, scope);
      const i = reference(records, and(row, column), base.expression, scope);
      expect(cell.base.sample).toBe(b.sample);
      expect(close(cell.base.size, b.size)).toBe(true);
      expect(cell.audiences.row.sample).toBe(r.sample);
      expect(close(cell.audiences.row.size, r.size)).toBe(true);
      expect(cell.audiences.column.sample).toBe(c.sample);
      expect(cell.intersect.sample).toBe(i.sample);
      expect(close(cell.intersect.size, i.size)).toBe(true);
      expect(close(cell.intersect.percentage, (100 * i.size) / b.size)).toBe(true);
      expect(close(cell.audiences.row.intersect_percentage, (100 * i.size) / r.size)).toBe(true);
      expect(close(cell.audiences.column.intersect_percentage, (100 * i.size) / c.size)).toBe(true);
      expect(close(cell.intersect.index, (100 * i.size * b.size) / (r.size * c.size))).toBe(true);
    }
  });

  it('computes demographics crossed with a gaming-panel question within the gaming panel alone (one respondent universe)', async () => {
    // Gen Z and women are asked in both datasets; gaming platforms only in the gaming panel. Both
    // datasets are weighted to the whole population, so counting both would double every size.
    const scope = { waves: LAST_4, locations: ['gb', 'us'], datasets: ['gaming'] };
    const rows = [{ id: 'genz', expression: GEN_Z }];
    const columns = [{ id: 'pc', expression: { question: 'gaming_platforms_used', datapoints: ['pc'] } }];
    const res = await crosstab({ rows, columns, base_audience: { expression: WOMEN }, waves: scope.waves, locations: scope.locations });
    expect(res.status).toBe(200);
    const [cell] = parseStream(res.text, false);
    const b = reference(records, {}, WOMEN, scope);
    const r = reference(records, GEN_Z, WOMEN, scope);
    const i = reference(records, and(GEN_Z, columns[0].expression), WOMEN, scope);
    expect(cell.base.sample).toBe(b.sample);
    expect(close(cell.base.size, b.size)).toBe(true);
    expect(cell.audiences.row.sample).toBe(r.sample);
    expect(close(cell.audiences.row.size, r.size)).toBe(true);
    expect(cell.intersect.sample).toBe(i.sample);
    expect(close(cell.audiences.row.intersect_percentage, (100 * i.size) / r.size)).toBe(true);
    // The same demographic alone is read in the core survey, its own dataset: a different universe.
    const core = parseStream((await crosstab({ rows, waves: scope.waves, locations: scope.locations })).text, false)[0];
    expect(core.base.sample).toBe(reference(records, {}, {}, { ...scope, datasets: ['core'] }).sample);
  });

  it('answers 400 naming the questions when they share no dataset', async () => {
    const res = await crosstab({
      rows: [{ expression: { question: 'brand_funnel_fashion', datapoints: ['zara'], suffixes: ['3'] } }],
      columns: [{ expression: { question: 'gaming_platforms_used', datapoints: ['pc'] } }],
    });
    expect(res.status).toBe(400);
    const problem = JSON.parse(res.text);
    expect(problem.detail).toContain("'brand_funnel_fashion' (core)");
    expect(problem.detail).toContain("'gaming_platforms_used' (gaming)");
    expect(problem.errors.map((e: { path: string }) => e.path)).toEqual(['/columns/0/expression/question']);
  });

  it('speaks application/json-seq when asked', async () => {
    const res = await crosstab({ rows: [{ id: 'a', expression: GEN_Z }], columns: [{ id: 'b', expression: WOMEN }] }, demo, 'application/json-seq');
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^application\/json-seq/);
    expect(parseStream(res.text, true)).toHaveLength(1);
  });

  it('uses the base for a missing side (index 0) and for both sides when neither is given', async () => {
    const onlyRows = parseStream(
      (
        await crosstab({
          rows: [
            { id: 'a', expression: GEN_Z },
            { id: 'b', expression: WOMEN },
          ],
        })
      ).text,
      false,
    );
    expect(onlyRows).toHaveLength(2);
    expect(onlyRows.every((c) => c.column_index === 0)).toBe(true);
    expect(onlyRows.map((c) => c.row_index).sort()).toEqual([1, 2]);
    for (const c of onlyRows) expect(c.audiences.column.size).toBe(c.base.size);

    const onlyColumns = parseStream((await crosstab({ columns: [{ id: 'a', expression: GEN_Z }] })).text, false);
    expect(onlyColumns.map((c) => [c.row_index, c.column_index])).toEqual([[0, 1]]);

    const neither = parseStream((await crosstab({ base_audience: { id: 'w', expression: WOMEN } })).text, false);
    expect(neither).toHaveLength(1);
    expect([neither[0].row_index, neither[0].column_index]).toEqual([0, 0]);
    expect(neither[0].intersect.percentage).toBeCloseTo(100, 9);
    expect(neither[0].intersect.index).toBeCloseTo(100, 9);
  });

  it('defaults to the last 4 licensed waves and every licensed location', async () => {
    const demoCell = parseStream((await crosstab({ rows: [{ id: 'a', expression: GEN_Z }] })).text, false)[0];
    const expected = reference(records, {}, {}, { waves: LAST_4, locations: LOCATIONS, datasets: ['core'] });
    expect(demoCell.base.sample).toBe(expected.sample);
    expect(close(demoCell.base.size, expected.size)).toBe(true);

    const acmeCell = parseStream((await crosstab({ rows: [{ id: 'a', expression: GEN_Z }] }, acme)).text, false)[0];
    const acmeExpected = reference(records, {}, {}, { waves: LAST_4, locations: ['de', 'fr', 'gb', 'us'], datasets: ['core'] });
    expect(acmeCell.base.sample).toBe(acmeExpected.sample);
    expect(close(acmeCell.base.size, acmeExpected.size)).toBe(true);
  });

  it.each([
    ['an unknown wave', { waves: ['q1_1999'] }, 400, '/waves/0'],
    ['an unknown location', { locations: ['xx'] }, 400, '/locations/0'],
    ['an unknown question', { rows: [{ expression: { question: 'nope' } }] }, 400, '/rows/0/expression/question'],
    ['an unknown datapoint', { columns: [{ expression: { question: 'gender', datapoints: ['robot'] } }] }, 400, '/columns/0/expression/datapoints/0'],
    ['a malformed expression', { rows: [{ expression: { and: [] } }] }, 400, '/rows/0/expression/and'],
    [
      'a min_count above the datapoints',
      { base_audience: { expression: { question: 'gender', datapoints: ['male'], min_count: 2 } } },
      400,
      '/base_audience/expression/min_count',
    ],
    ['an unknown member', { rows: [], colour: 'red' }, 400, '/colour'],
  ])('answers 400 for %s, naming %s', async (_name, body, status, path) => {
    const res = await crosstab(body);
    expect(res.status).toBe(status);
    const problem = JSON.parse(res.text);
    expect(problem.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it.each([
    ['an unlicensed wave', { waves: ['q4_2024'] }, '/waves/0'],
    ['an unlicensed location', { locations: ['jp'] }, '/locations/0'],
    ['an unlicensed dataset', { rows: [{ expression: { question: 'gaming_platforms_used' } }] }, '/rows/0/expression/question'],
  ])('answers 403 for %s, naming %s', async (_name, body, path) => {
    const res = await crosstab(body, acme);
    expect(res.status).toBe(403);
    const problem = JSON.parse(res.text);
    expect(problem.type).toBe('urn:aas:problem:forbidden');
    expect(problem.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('refuses more cells than the limit, and oversized expressions, before any work', async () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ id: `r${i}`, expression: GEN_Z }));
    const res = await crosstab({ rows: many, columns: many });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.text).detail).toContain('CROSSTAB_MAX_CELLS');
    const huge = { or: Array.from({ length: 1001 }, () => GEN_Z) };
    const big = await crosstab({ rows: [{ expression: huge }] });
    expect(big.status).toBe(400);
  });

  it('answers 400, not 500, for an expression nested 60,000 levels deep', async () => {
    const depth = 60_000; // ~600 KiB: within the 1 MiB body limit
    const body = `{"rows":[{"expression":${'{"and":['.repeat(depth)}{}${']}'.repeat(depth)}}]}`;
    const res = await fetch(`${stack.baseUrl}/v2/query/crosstab`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo}`, 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
  });

  it('stops the work of a client that goes away before any data', async () => {
    // With no worker running, every block waits in the queue: the test controls when the client leaves.
    // No header comes before the first block (so a failure before data can have its own status):
    // the client leaves while still waiting for the response to begin.
    await Promise.all(stack.workers.map((w) => w.stop()));
    const rows = Array.from({ length: 60 }, (_, i) => ({ id: `r${i}`, expression: i % 2 ? GEN_Z : WOMEN }));
    const controller = new AbortController();
    const response = fetch(`${stack.baseUrl}/v2/query/crosstab`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo}`, 'content-type': 'application/json' },
      body: JSON.stringify({ rows, columns: rows }),
      signal: controller.signal,
    }).then(
      (res) => `answered ${res.status} with no worker running`,
      (err: Error) => err.name,
    );
    const redis = new Redis(stack.redisUrl);
    try {
      const queued = async () => redis.llen(`${stack.prefix}:engine:wait`);
      const blocks = planBlocks(60, 60, 40).length; // CROSSTAB_CHUNK_CELLS is 40 in this stack
      for (let i = 0; i < 50 && (await queued()) < blocks; i++) await sleep(100);
      expect(await queued()).toBe(blocks);
      controller.abort();
      expect(await response).toBe('AbortError');
      await stack.gateway.waitForLog('client went away; crosstab stopped', 10_000);
      let waiting = -1;
      for (let i = 0; i < 50 && waiting !== 0; i++) {
        waiting = await queued();
        if (waiting !== 0) await sleep(100);
      }
      expect(waiting).toBe(0);
    } finally {
      redis.disconnect();
    }
    await stack.startWorker();
    await stack.startWorker();
    const after = await crosstab({ rows: [{ id: 'a', expression: GEN_Z }] });
    expect(after.status).toBe(200);
  });

  it('completes through a retry, or ends with an error item, when a worker is killed mid-crosstab', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ id: `r${i}`, expression: i % 2 ? GEN_Z : PARENTS_NOT_GENZ }));
    const columns = Array.from({ length: 60 }, (_, i) => ({ id: `c${i}`, expression: i % 3 ? WOMEN : MEN }));
    const started = Date.now();
    const pending = crosstab({ rows, columns });
    await stack.waitForActiveJob('engine');
    const victim = stack.workers.find((w) => w.running)!;
    victim.child.kill('SIGKILL');
    const res = await pending;
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(res.status).toBe(200);
    const items = parseStream(res.text, false);
    const last = items[items.length - 1];
    if (last.status !== undefined) {
      expect(last.status).toBeGreaterThanOrEqual(500);
    } else {
      expect(items).toHaveLength(3600);
      expect(new Set(items.map((c) => `${c.row_index}/${c.column_index}`)).size).toBe(3600);
    }
    await stack.startWorker();
  });
});
