import request from 'supertest';
import { RespondentRecord } from '@aas/audience-expression-domain';
import { buildCatalogue } from '@aas/demo-data-domain';
import { and, close, loadRecords, reference } from '../crosstabs/reference';
import { whileRowLocked } from '../support/row-lock';
import { Stack } from '../support/stack';

interface DataRow {
  audience: string;
  segment: string;
  waves: string[];
  metrics: Record<string, number>;
}
interface Stat {
  attributes: Record<string, unknown>[];
  code: number;
  error: string;
  error_type: string;
  group_id: number;
  data: DataRow[];
  meta: Record<string, unknown>;
}
interface CrosstabCell {
  row_index: number;
  column_index: number;
  base: { size: number; sample: number };
  audiences: { row: { size: number; sample: number; intersect_percentage: number }; column: { size: number; sample: number; intersect_percentage: number } };
  intersect: { size: number; sample: number; index: number };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const GEN_Z = { question: 'age_group', datapoints: ['16_24'] };
const WOMEN = { question: 'gender', datapoints: ['female'] };
const BASE = { question: 'age_group', datapoints: ['55_64'], not: true };
const WAVES = ['q2_2026', 'q3_2026'];
const LOCATIONS = ['gb', 'us'];

const { catalogue } = buildCatalogue();
const grid = catalogue.questions.find((q) => q.code === 'attitudes_technology')!;
const GRID_DP = grid.datapoints[0].code;

/** Attributes in every kind: single, multi, grid with a suffix. */
const ATTRIBUTES = [
  { namespace_code: 'core', question_code: 'gender', datapoint_code: 'male', suffix_code: '' },
  { namespace_code: 'core', question_code: 'social_platform_usage', datapoint_code: 'tiktok', suffix_code: '' },
  { namespace_code: 'core', question_code: 'attitudes_technology', datapoint_code: GRID_DP, suffix_code: '4' },
];
const AUDIENCES = [
  { id: 'genz', name: 'Gen Z', color_index: 0, is_hidden: false, expression: GEN_Z },
  { id: 'women', name: 'Women', color_index: 1, is_hidden: false, expression: WOMEN },
];
const leaf = (a: (typeof ATTRIBUTES)[number]) => ({
  question: a.question_code,
  datapoints: [a.datapoint_code],
  ...(a.suffix_code ? { suffixes: [a.suffix_code] } : {}),
});

describe('charts: definitions and their calculation', () => {
  let stack: Stack;
  let demo: string;
  let demo2: string;
  let acme: string;
  let records: (RespondentRecord & { dataset: string })[];

  beforeAll(async () => {
    // debug: the worker logs every job it ran, which shows the calculation did not run in the gateway.
    stack = await Stack.start({ label: 'charts', jobMode: 'queue', workers: 1, seed: true, env: { LOG_LEVEL: 'debug' } });
    demo = await stack.token('demo', 1, { email: 'ana@demo.example' });
    demo2 = await stack.token('demo', 2, { email: 'bo@demo.example' });
    acme = await stack.token('acme-retail', 3);
    records = await loadRecords(stack.databaseUrl);
  });
  afterAll(() => stack?.stop());

  const call = (token: string) => {
    const auth = `Bearer ${token}`;
    return {
      get: (path: string) => request(stack.baseUrl).get(path).set('Authorization', auth),
      post: (path: string, body?: object) => {
        const r = request(stack.baseUrl).post(path).set('Authorization', auth);
        return body === undefined ? r : r.send(body);
      },
      put: (path: string, body: object) => request(stack.baseUrl).put(path).set('Authorization', auth).send(body),
      delete: (path: string) => request(stack.baseUrl).delete(path).set('Authorization', auth),
    };
  };

  const chartBody = (extra: object = {}) => ({
    name: 'Platforms by generation',
    attributes: ATTRIBUTES,
    audiences: AUDIENCES,
    base_audience: { id: 'b', name: 'Not 55-64', color_index: 0, is_hidden: false, expression: BASE },
    wave_codes: WAVES,
    location_codes: LOCATIONS,
    ...extra,
  });

  async function create(token: string, body: object): Promise<string> {
    const res = await call(token).post('/v1/charts', body);
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  async function crosstab(rows: object[], columns: object[], base: object, waves: string[], locations: string[]): Promise<CrosstabCell[]> {
    const res = await call(demo).post('/v2/query/crosstab', {
      rows: rows.map((expression, i) => ({ id: `r${i}`, expression })),
      columns: columns.map((expression, i) => ({ id: `c${i}`, expression })),
      base_audience: { id: 'b', expression: base },
      waves,
      locations,
    });
    expect(res.status).toBe(200);
    return res.text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as CrosstabCell);
  }

  describe('storage', () => {
    it('creates (201) with owner fields from the token, Unix times and documented defaults; reads; replaces; deletes', async () => {
      const before = Math.floor(Date.now() / 1000);
      const res = await call(demo).post('/v1/charts', chartBody({ audiences: [{ expression: WOMEN }, ...AUDIENCES.slice(0, 1)], id: 'ignored', owner_id: 99 }));
      expect(res.status).toBe(201);
      const chart = res.body;
      expect(chart.id).toMatch(UUID);
      expect(chart).toMatchObject({
        name: 'Platforms by generation',
        owner_id: 1,
        owner_email: 'ana@demo.example',
        is_owner: true,
        is_shared: true,
        is_public: false,
        shared_type: 'organisation',
        group_type: 0,
        view_type: 0,
        sort_type: 0,
        sort_parameter_type: 0,
        splitter: '',
        segments: [],
        segmented_base: true,
        metrics: [],
        wave_codes: WAVES,
        location_codes: LOCATIONS,
        dataset_codes: ['core'],
        dataset_names: [expect.any(String)],
        attributes: ATTRIBUTES,
      });
      expect(chart.audiences[0]).toMatchObject({
        id: expect.stringMatching(UUID),
        name: 'Gender: Female',
        color_index: 0,
        is_hidden: false,
        expression: WOMEN,
      });
      for (const t of ['created_at', 'updated_at', 'shared_at']) {
        expect(Number.isInteger(chart[t])).toBe(true);
        expect(chart[t]).toBeGreaterThanOrEqual(before - 1);
      }

      // Shared within the organisation: another user reads it, is not its owner.
      const other = await call(demo2).get(`/v1/charts/${chart.id}`);
      expect(other.status).toBe(200);
      expect(other.body).toMatchObject({ id: chart.id, is_owner: false, owner_id: 1 });

      // PUT: every member, the body id ignored, answers the id as a JSON string; owner stays.
      const second = await create(demo2, chartBody({ name: 'Second' }));
      // An updated_at in the past, so the PUT's change shows without waiting for the clock.
      await stack.query(`UPDATE charts SET updated_at = updated_at - interval '1 hour' WHERE id = $1`, [chart.id]);
      const stale = (await call(demo).get(`/v1/charts/${chart.id}`)).body.updated_at as number;
      const put = await call(demo2).put(`/v1/charts/${chart.id}`, {
        ...chart,
        id: second,
        name: 'Renamed',
        view_type: 3,
        metrics: ['audience_index', 'positive_size'],
      });
      expect(put.status).toBe(200);
      expect(put.headers['content-type']).toMatch(/^application\/json/);
      expect(put.text).toBe(JSON.stringify(chart.id));
      const after = (await call(demo).get(`/v1/charts/${chart.id}`)).body;
      expect(after).toMatchObject({ name: 'Renamed', view_type: 3, metrics: ['audience_index', 'positive_size'], owner_id: 1, created_at: chart.created_at });
      expect(after.updated_at).toBeGreaterThan(stale);
      expect(after.updated_at).toBeGreaterThanOrEqual(chart.updated_at);
      expect((await call(demo).get(`/v1/charts/${second}`)).body.name).toBe('Second');

      expect((await call(demo).delete(`/v1/charts/${second}`)).status).toBe(204);
      expect((await call(demo).get(`/v1/charts/${second}`)).status).toBe(404);
      expect((await call(demo).delete(`/v1/charts/${second}`)).status).toBe(404);
    });

    it('lists newest change first, pages with a total of the organisation alone, and a PUT moves a chart to the front', async () => {
      // An organisation of its own, so other tests' charts do not count. It has no entitlements,
      // which bodies without codes (all respondents, default waves and locations) do not need.
      const ana = await stack.token('charts-list', 40);
      const bo = await stack.token('charts-list', 41);
      const [a, b, c] = [await create(ana, { name: 'A' }), await create(bo, { name: 'B' }), await create(ana, { name: 'C' })];
      // Explicit times (Unix seconds, in the past): C newest, then A, then B.
      const now = Math.floor(Date.now() / 1000);
      const at = (ids: string[], secondsAgo: number) =>
        stack.query(`UPDATE charts SET updated_at = to_timestamp($2) WHERE id = ANY($1::uuid[])`, [ids, now - secondsAgo]);
      await at([c], 600);
      await at([a], 1200);
      await at([b], 1800);
      const ids = (res: request.Response) => res.body.data.map((x: { id: string }) => x.id);

      let list = await call(ana).get('/v1/charts?limit=1');
      expect(list.status).toBe(200);
      expect(list.body.paging).toEqual({ limit: 1, offset: 0, total: 3 });
      expect(ids(list)).toEqual([c]);
      list = await call(bo).get('/v1/charts?limit=2&offset=1');
      expect(list.body.paging).toEqual({ limit: 2, offset: 1, total: 3 });
      expect(ids(list)).toEqual([a, b]);

      // The same time: ordered by id.
      await at([a, b], 1800);
      expect(ids(await call(ana).get('/v1/charts'))).toEqual([c, ...[a, b].sort()]);

      expect((await call(bo).put(`/v1/charts/${b}`, { name: 'B2' })).status).toBe(200);
      expect(ids(await call(ana).get('/v1/charts'))).toEqual([b, c, a]);
      expect((await call(ana).delete(`/v1/charts/${c}`)).status).toBe(204);
      list = await call(ana).get('/v1/charts');
      expect(list.body.paging.total).toBe(2);
      expect(ids(list)).toEqual([b, a]);
    });

    it('answers a burst of concurrent PUTs of one chart with 200 each (no pooled connection held while the body is checked)', async () => {
      // The chart is moved to an organisation the gateway has never seen, so a PUT's check must read
      // its entitlements from the database (nothing cached).
      const owner = await stack.token('charts-burst-a', 42);
      const id = await create(owner, { name: 'Burst' });
      const burst = await stack.token('charts-burst-b', 43);
      await stack.query(`UPDATE charts SET org_id = 'charts-burst-b' WHERE id = $1`, [id]);
      // Hold the row lock from outside until the gateway's whole pool (10) waits on it, then let go:
      // a PUT that checked its body only once it held the lock would then wait for a connection no one
      // can give back.
      const { result: responses, msAfterRelease } = await whileRowLocked(
        stack.databaseUrl,
        { sql: 'SELECT id FROM charts WHERE id = $1 FOR UPDATE', params: [id] },
        () => Promise.all(Array.from({ length: 25 }, (_, i) => call(burst).put(`/v1/charts/${id}`, { name: `Burst ${i}` }))),
      );
      expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
      // A generous bound (each PUT holds the lock for milliseconds): what it catches is a wait for the pool.
      expect(msAfterRelease).toBeLessThan(15_000);
      expect((await call(burst).get(`/v1/charts/${id}`)).body.name).toMatch(/^Burst \d+$/);
    });

    it('answers 404 to a PUT of a chart deleted meanwhile, and never 5xx when PUTs and a DELETE race', async () => {
      const id = await create(demo, { name: 'Racing' });
      const racing = [...Array.from({ length: 5 }, (_, i) => call(demo).put(`/v1/charts/${id}`, { name: `R${i}` })), call(demo).delete(`/v1/charts/${id}`)];
      const statuses = (await Promise.all(racing)).map((r) => r.status);
      expect(statuses.at(-1)).toBe(204);
      for (const s of statuses.slice(0, -1)) expect([200, 404]).toContain(s);
      expect((await call(demo).put(`/v1/charts/${id}`, { name: 'late' })).status).toBe(404);
    });

    it("answers another organisation's chart with 404 on every method, identical to a missing one, and changes nothing", async () => {
      const id = await create(demo, chartBody({ name: 'Private to demo' }));
      const missing = '00000000-0000-4000-8000-000000000000';
      for (const target of [id, missing]) {
        const responses = [
          await call(acme).get(`/v1/charts/${target}`),
          await call(acme).put(`/v1/charts/${target}`, { name: 'stolen' }),
          await call(acme).post(`/v1/charts/${target}/calculate`),
          await call(acme).delete(`/v1/charts/${target}`),
        ];
        for (const res of responses) {
          expect(res.status).toBe(404);
          expect(res.body).toMatchObject({ type: 'urn:aas:problem:not-found', status: 404, detail: 'No chart with this id exists in your organisation' });
        }
      }
      expect((await call(acme).get('/v1/charts')).body.data.map((c: { id: string }) => c.id)).not.toContain(id);
      expect((await call(demo).get(`/v1/charts/${id}`)).body.name).toBe('Private to demo');
    });

    it.each([
      ['group_type', { group_type: 7 }],
      ['view_type', { view_type: 'bar' }],
      ['sort_type', { sort_type: 3 }],
      ['sort_parameter_type', { sort_parameter_type: 42 }],
      ['metrics', { metrics: ['audience_size', 'reach'] }],
      ['splitter', { splitter: 'country' }],
      ['segments', { segments: ['q2_2026'] }],
      ['segments', { splitter: 'wave', segments: ['q9_2099'] }],
      ['sort_parameter_value', { sort_parameter_value: 'nobody' }],
      ['sort_parameter_value', { sort_parameter_value: 'b' }],
      ['metrics', { metrics: ['audience_size', 'audience_size'] }],
      ['wave_codes', { wave_codes: ['x'.repeat(256)] }],
      ['segments', { splitter: 'wave', segments: Array.from({ length: 501 }, () => 'q2_2026') }],
      ['audiences', { audiences: [{ id: 'x', expression: { question: 'no_such_question' } }] }],
      ['colour', { colour: 'red' }],
    ])('answers 400 naming %s for an unknown value', async (member, extra) => {
      const res = await call(demo).post('/v1/charts', chartBody(extra));
      expect(res.status).toBe(400);
      expect(res.body.errors.some((e: { path: string }) => e.path.startsWith(`/${member}`))).toBe(true);
    });

    it('documents the bounds of every list and the sort_parameter_value rule in OpenAPI', async () => {
      const doc = await call(demo).get('/docs/openapi.json');
      expect(doc.status).toBe(200);
      const props = doc.body.components.schemas.SaveChartRequest.properties;
      expect(props.metrics).toMatchObject({ type: 'array', maxItems: 10, uniqueItems: true });
      for (const member of ['wave_codes', 'location_codes', 'segments', 'dataset_codes']) {
        expect(props[member]).toMatchObject({ type: 'array', maxItems: expect.any(Number), items: { type: 'string', maxLength: 255 } });
      }
      expect(props.attributes.maxItems).toBe(500);
      expect(props.audiences.maxItems).toBe(50);
      expect(props.name.maxLength).toBe(255);
      expect(props.sort_parameter_value.description).toMatch(/base audience/);
    });

    it('sorts on the base audience when it is the only one computed (no audiences)', async () => {
      const id = await create(demo, chartBody({ audiences: [], sort_type: 1, sort_parameter_type: 0, sort_parameter_value: 'b' }));
      const res = await call(demo).post(`/v1/charts/${id}/calculate`);
      expect(res.status).toBe(200);
      const values = (res.body.stats as Stat[]).map((s) => s.data.find((d) => d.audience === 'b')!.metrics.audience_percentage);
      expect(values).toHaveLength(3);
      expect(values).toEqual([...values].sort((a, b) => a - b));
    });

    it('answers 403 for an audience in a dataset the organisation is not licensed for', async () => {
      const res = await call(acme).post(
        '/v1/charts',
        chartBody({ wave_codes: [], audiences: [{ id: 'g', expression: { question: 'gaming_platforms_used', datapoints: ['pc'] } }] }),
      );
      expect(res.status).toBe(403);
      expect(res.body.errors[0].path).toBe('/audiences/0/expression/question');
    });
  });

  describe('POST /v1/charts/{id}/calculate (through the worker)', () => {
    it('computes one stat per attribute, exactly the crosstab for the same datapoints, audiences, base, waves and locations', async () => {
      const id = await create(demo, chartBody());
      const res = await call(demo).post(`/v1/charts/${id}/calculate`);
      expect(res.status).toBe(200);
      const stats = res.body.stats as Stat[];
      expect(stats).toHaveLength(3);
      expect(res.body.meta).toMatchObject({ waves: WAVES, locations: LOCATIONS, datasets: ['core'], audience_errors: [] });
      // The job ran on the worker process, not in the gateway.
      expect(stack.workers[0].logs).toMatch(/engine\.compute/);

      const cells = await crosstab(
        ATTRIBUTES.map(leaf),
        AUDIENCES.map((a) => a.expression),
        BASE,
        WAVES,
        LOCATIONS,
      );
      // The grid attribute is a scale (its suffixes have midpoints): its stat has the average of its row over each audience.
      const averages = (
        await call(demo).post('/v2/query/crosstab', {
          rows: [{ id: 'scale', avg: { question: 'attitudes_technology', with_suffixes: { datapoint: GRID_DP } } }],
          columns: AUDIENCES.map((a, i) => ({ id: `c${i}`, expression: a.expression })),
          base_audience: { id: 'b', expression: BASE },
          waves: WAVES,
          locations: LOCATIONS,
        })
      ).text
        .split('\n')
        .filter(Boolean)
        .map((l) => (JSON.parse(l) as { average: { value: number } }).average.value);
      stats.forEach((stat, r) => {
        expect(stat).toMatchObject({ code: 200, error: '', error_type: '', group_id: r + 1 });
        expect(stat.data.map((d) => [d.audience, d.segment, d.waves])).toEqual([
          ['genz', 'all', WAVES],
          ['women', 'all', WAVES],
        ]);
        stat.data.forEach((row, c) => {
          const cell = cells.find((x) => x.row_index === r + 1 && x.column_index === c + 1)!;
          const { average, ...nine } = row.metrics;
          expect(average).toBe(r === 2 ? averages[c] : undefined);
          expect(nine).toEqual({
            audience_index: cell.intersect.index,
            audience_percentage: cell.audiences.column.intersect_percentage,
            audience_sample: cell.audiences.column.sample,
            audience_size: cell.audiences.column.size,
            datapoint_percentage: cell.audiences.row.intersect_percentage,
            datapoint_sample: cell.audiences.row.sample,
            datapoint_size: cell.audiences.row.size,
            positive_sample: cell.intersect.sample,
            positive_size: cell.intersect.size,
          });
          // And the chart formulas (docs/metrics.md#chart-metrics) on the reference evaluator's sizes.
          const scope = { waves: WAVES, locations: LOCATIONS, datasets: ['core'] };
          const base = reference(records, {}, BASE, scope);
          const dp = reference(records, leaf(ATTRIBUTES[r]), BASE, scope);
          const aud = reference(records, AUDIENCES[c].expression, BASE, scope);
          const pos = reference(records, and(leaf(ATTRIBUTES[r]), AUDIENCES[c].expression), BASE, scope);
          expect(row.metrics.positive_sample).toBe(pos.sample);
          expect(close(row.metrics.positive_size, pos.size)).toBe(true);
          expect(close(row.metrics.audience_percentage, (100 * pos.size) / aud.size)).toBe(true);
          expect(close(row.metrics.datapoint_percentage, (100 * pos.size) / dp.size)).toBe(true);
          expect(close(row.metrics.audience_index, ((100 * pos.size) / aud.size / ((100 * dp.size) / base.size)) * 100)).toBe(true);
        });
      });

      const [male, , gridStat] = stats.map((s) => s.attributes[0]);
      expect(male).toMatchObject({
        question_code: 'gender',
        datapoint_label: 'Male',
        question_label: expect.any(String),
        generated_text: expect.stringContaining('Male'),
        order: 0,
      });
      expect(male.compatibilities_metadata).toEqual({ has_compatibilities: expect.any(Boolean), has_incompatibilities: false });
      const paths = male.taxonomy_paths as {
        dataset: { code: string; categories: { category_children: unknown[]; question_children: unknown[] }[] };
        taxonomy_path: { height: number; id: string; attributes_count: number }[];
      }[];
      expect(paths.length).toBeGreaterThan(0);
      expect(paths[0].dataset.code).toBe('core');
      expect(paths[0].taxonomy_path.at(-1)).toMatchObject({ height: 0, attributes_count: expect.any(Number) });
      let node = paths[0].dataset.categories[0] as { category_children: unknown[]; question_children: { question_code: string }[] };
      while (node.category_children.length > 0) node = node.category_children[0] as typeof node;
      expect(node.question_children[0]).toMatchObject({ question_code: 'gender', accessible: true, has_suffixes: false, taxonomy_paths: [] });
      expect(gridStat).toMatchObject({ suffix_code: '4', suffix_label: expect.any(String), order: 2 });
    });

    it('takes waves and locations from the body over the chart, selects metrics and sorts by an audience metric', async () => {
      const id = await create(
        demo,
        chartBody({ metrics: ['audience_percentage', 'positive_sample'], sort_type: 2, sort_parameter_type: 0, sort_parameter_value: 'women' }),
      );
      const res = await call(demo).post(`/v1/charts/${id}/calculate`, { waves: ['q1_2026'], locations: ['de'] });
      expect(res.status).toBe(200);
      expect(res.body.meta).toMatchObject({ waves: ['q1_2026'], locations: ['de'] });
      const stats = res.body.stats as Stat[];
      for (const s of stats) for (const d of s.data) expect(Object.keys(d.metrics)).toEqual(['audience_percentage', 'positive_sample']);
      const women = stats.map((s) => s.data.find((d) => d.audience === 'women')!.metrics.audience_percentage);
      expect(women).toEqual([...women].sort((a, b) => b - a));
      const cells = await crosstab(ATTRIBUTES.map(leaf), [WOMEN], BASE, ['q1_2026'], ['de']);
      for (const s of stats) {
        const r = ATTRIBUTES.findIndex((a) => a.question_code === s.attributes[0].question_code) + 1;
        expect(s.data[1].metrics.audience_percentage).toBe(cells.find((c) => c.row_index === r)!.audiences.column.intersect_percentage);
      }
      expect((await call(demo).post(`/v1/charts/${id}/calculate`, { waves: ['q9_2099'] })).status).toBe(400);
      expect((await call(demo).post(`/v1/charts/${id}/calculate`, { colour: 1 })).status).toBe(400);
    });

    it('reports unknown and unlicensed attributes, and audiences that no longer validate, per stat beside computed stats', async () => {
      const id = await create(acme, {
        name: 'Mixed',
        attributes: [
          ATTRIBUTES[0],
          { namespace_code: 'gaming', question_code: 'gaming_platforms_used', datapoint_code: 'pc', suffix_code: '' },
          { namespace_code: 'core', question_code: 'no_such_question', datapoint_code: 'x', suffix_code: '' },
          { namespace_code: 'core', question_code: 'gender', datapoint_code: 'no_such_datapoint', suffix_code: '' },
        ],
        audiences: [AUDIENCES[0], { id: 'soon-broken', name: 'x', color_index: 0, is_hidden: false, expression: WOMEN }],
      });
      // The catalogue moved on under a saved audience (simulated by editing the stored chart).
      await stack.query(
        `UPDATE charts SET audiences = jsonb_set(audiences, '{1,expression}', '{"question":"gender","datapoints":["retired_code"]}') WHERE id = $1`,
        [id],
      );
      const res = await call(acme).post(`/v1/charts/${id}/calculate`);
      expect(res.status).toBe(200);
      const stats = res.body.stats as Stat[];
      expect(stats.map((s) => [s.code, s.error_type, s.data.length])).toEqual([
        [200, '', 1],
        [403, 'attribute_not_licensed', 0],
        [404, 'unknown_attribute', 0],
        [404, 'unknown_attribute', 0],
      ]);
      expect(stats[1].error).toMatch(/not licensed/);
      expect(stats[1].attributes[0]).toMatchObject({ question_code: 'gaming_platforms_used', taxonomy_paths: [] });
      expect(stats[2].error).toMatch(/no_such_question/);
      expect(stats[3].error).toMatch(/no_such_datapoint/);
      expect(stats[0].data[0].audience).toBe('genz');
      expect(res.body.meta.audience_errors).toEqual([
        { audience: 'soon-broken', code: 422, error_type: 'invalid_audience', error: expect.stringContaining('retired_code') },
      ]);
      // Defaults: every wave and location the organisation is licensed for.
      expect(res.body.meta.locations.sort()).toEqual(['de', 'fr', 'gb', 'us']);
      expect(res.body.meta.waves).toEqual(['q3_2025', 'q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']);
    });

    it('computes each stat in one respondent universe: a gaming stat in the gaming panel, an incompatible one as its error', async () => {
      const PC = { namespace_code: 'gaming', question_code: 'gaming_platforms_used', datapoint_code: 'pc', suffix_code: '' };
      const ZARA = { namespace_code: 'core', question_code: 'brand_funnel_fashion', datapoint_code: 'zara', suffix_code: '3' };
      const id = await create(demo, chartBody({ attributes: [PC, ATTRIBUTES[0]], audiences: AUDIENCES, wave_codes: ['q3_2026'] }));
      const res = await call(demo).post(`/v1/charts/${id}/calculate`);
      expect(res.status).toBe(200);
      const [pc, male] = res.body.stats as Stat[];
      expect(pc.meta).toEqual({ dataset: 'gaming' });
      expect(male.meta).toEqual({ dataset: 'core' });
      // The gaming stat's numbers are the gaming panel's alone (summing both datasets would double the sizes).
      const scope = { waves: ['q3_2026'], locations: LOCATIONS, datasets: ['gaming'] };
      const aud = reference(records, GEN_Z, BASE, scope);
      const pos = reference(records, and(leaf(PC), GEN_Z), BASE, scope);
      const genz = pc.data.find((d) => d.audience === 'genz')!;
      expect(genz.metrics.audience_sample).toBe(aud.sample);
      expect(close(genz.metrics.audience_size, aud.size)).toBe(true);
      expect(genz.metrics.positive_sample).toBe(pos.sample);
      expect(close(genz.metrics.audience_percentage, (100 * pos.size) / aud.size)).toBe(true);

      // A gaming-only audience with a core-only attribute: no dataset asks both.
      const gamers = { id: 'pc-gamers', name: 'PC gamers', color_index: 0, is_hidden: false, expression: leaf(PC) };
      const mixed = await create(demo, chartBody({ attributes: [ZARA, ATTRIBUTES[0]], audiences: [gamers], wave_codes: ['q3_2026'] }));
      const out = await call(demo).post(`/v1/charts/${mixed}/calculate`);
      expect(out.status).toBe(200);
      const [zara, gender] = out.body.stats as Stat[];
      expect([zara.code, zara.error_type, zara.data.length]).toEqual([409, 'incompatible_attribute', 0]);
      expect(zara.error).toContain("'brand_funnel_fashion' (core)");
      expect(zara.error).toContain("'gaming_platforms_used' (gaming)");
      expect(zara.attributes[0].compatibilities_metadata).toEqual({ has_compatibilities: false, has_incompatibilities: true });
      expect([gender.code, gender.meta]).toEqual([200, { dataset: 'gaming' }]);
    });

    it('splits by wave: one row per audience and wave, each equal to the crosstab of that wave', async () => {
      const id = await create(demo, chartBody({ splitter: 'wave', attributes: ATTRIBUTES.slice(0, 2) }));
      const res = await call(demo).post(`/v1/charts/${id}/calculate`);
      expect(res.status).toBe(200);
      const stats = res.body.stats as Stat[];
      for (const [r, stat] of stats.entries()) {
        expect(stat.data.map((d) => [d.audience, d.segment, d.waves])).toEqual([
          ['genz', 'q2_2026', ['q2_2026']],
          ['genz', 'q3_2026', ['q3_2026']],
          ['women', 'q2_2026', ['q2_2026']],
          ['women', 'q3_2026', ['q3_2026']],
        ]);
        for (const wave of WAVES) {
          const cells = await crosstab(
            [leaf(ATTRIBUTES[r])],
            AUDIENCES.map((a) => a.expression),
            BASE,
            [wave],
            LOCATIONS,
          );
          for (const [c, audience] of AUDIENCES.entries()) {
            const row = stat.data.find((d) => d.audience === audience.id && d.segment === wave)!;
            const cell = cells.find((x) => x.column_index === c + 1)!;
            expect(row.metrics.positive_sample).toBe(cell.intersect.sample);
            expect(close(row.metrics.positive_size, cell.intersect.size)).toBe(true);
            expect(close(row.metrics.audience_percentage, cell.audiences.column.intersect_percentage)).toBe(true);
            expect(close(row.metrics.audience_index, cell.intersect.index)).toBe(true);
          }
        }
      }
    });

    it('splits by location, keeps only the listed segments, and indexes against the whole selection when segmented_base is false', async () => {
      const id = await create(
        demo,
        chartBody({ splitter: 'location', segments: ['us'], segmented_base: false, attributes: ATTRIBUTES.slice(0, 1), audiences: AUDIENCES.slice(0, 1) }),
      );
      const res = await call(demo).post(`/v1/charts/${id}/calculate`);
      expect(res.status).toBe(200);
      const [stat] = res.body.stats as Stat[];
      expect(stat.data).toHaveLength(1);
      expect(stat.data[0]).toMatchObject({ audience: 'genz', segment: 'us', waves: WAVES });
      const [us] = await crosstab([leaf(ATTRIBUTES[0])], [GEN_Z], BASE, WAVES, ['us']);
      const [whole] = await crosstab([leaf(ATTRIBUTES[0])], [GEN_Z], BASE, WAVES, LOCATIONS);
      const m = stat.data[0].metrics;
      expect(m.audience_sample).toBe(us.audiences.column.sample);
      expect(close(m.audience_percentage, us.audiences.column.intersect_percentage)).toBe(true);
      const wholeShare = (100 * whole.audiences.row.size) / whole.base.size;
      expect(close(m.audience_index, (us.audiences.column.intersect_percentage / wholeShare) * 100)).toBe(true);
    });
  });
});
