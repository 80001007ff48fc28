import { readFileSync } from 'node:fs';
import request from 'supertest';
import { fixturePath } from '@aas/survey-import-domain/testing';
import { Stack } from '../support/stack';
import { HttpMethod, OpenApiContract } from './openapi-contract';
import { runTypedClientSample } from './typed-client-sample';

type Json = Record<string, unknown>;

interface Reply {
  status: number;
  headers: Record<string, string | undefined>;
  text: string;
  /** The body parsed as JSON (undefined when it is not JSON). */
  body: Json;
}

interface Options {
  token?: string | null;
  body?: unknown;
  /** A raw body (sent as application/json), for malformed or oversized requests. */
  raw?: string;
  headers?: Record<string, string>;
  /** The body is meant to be valid: it is also checked against the document's request schema. */
  valid?: boolean;
  /** A multipart/form-data body instead: text fields, then files (name, content, filename). */
  multipart?: { fields?: [string, string][]; files?: [string, Buffer, string][] };
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const MISSING_UUID = '7b0c6a1e-5b1f-4c55-9d4a-1f0e2d3c4b5a';
/**
 * Statuses no request of this test can provoke: a dependency down (503), a job past JOB_TIMEOUT_MS
 * (504), and the rate limit (429: every authenticated operation shares one guard; the stack runs with
 * a limit no test reaches, and foundation/safe-defaults.e2e-spec.ts provokes it and checks the answer
 * against this document).
 */
const NOT_PROVOKED = new Set(['429', '503', '504', 'default']);
const GAMING = { question: 'gaming_platforms_used' };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const METRICS_TOKEN = 'contract-metrics-token-0123456789';
/** IMPORT_MAX_UPLOAD_BYTES of the contract's stack: small, so a 413 costs little. */
const CONTRACT_UPLOAD_LIMIT = 600 * 1024;

/**
 * The contract test: real requests to every operation of the served document, successes and
 * errors, each response checked against the document (status listed, content type listed, body
 * valid with no undocumented member; streamed bodies element by element), the documented request
 * examples sent as they are, and at the end proof that every operation answered with every status
 * it documents (except those only an outage provokes).
 */
describe('the OpenAPI document is the contract: every operation, its successes and its errors', () => {
  let stack: Stack;
  let contract: OpenApiContract;
  let demo: string;
  let acme: string;
  let admin: string;
  const mismatches: string[] = [];

  async function call(method: HttpMethod, url: string, options: Options = {}): Promise<Reply> {
    let req = request(stack.baseUrl)
      [method](url)
      .buffer(true)
      .parse((res, done) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => done(null, text));
      });
    const token = options.token === undefined ? demo : options.token;
    if (token !== null) req = req.set('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(options.headers ?? {})) req = req.set(name, value);
    if (options.raw !== undefined) req = req.set('Content-Type', 'application/json').send(options.raw);
    else if (options.body !== undefined) req = req.send(options.body as object);
    else if (options.multipart) {
      for (const [name, value] of options.multipart.fields ?? []) req = req.field(name, value);
      for (const [name, content, filename] of options.multipart.files ?? []) req = req.attach(name, content, { filename });
    }
    const res = await req;
    const text = typeof res.body === 'string' ? res.body : '';
    const reply: Reply = { status: res.status, headers: res.headers as Record<string, string | undefined>, text, body: {} };
    try {
      reply.body = JSON.parse(text) as Json;
    } catch {
      // not JSON: a stream, or no body
    }
    mismatches.push(...contract.check(method, url, { status: res.status, headers: res.headers, text }));
    if (options.valid) mismatches.push(...contract.checkRequest(method, url, options.body));
    return reply;
  }

  /** Sends each documented example of an operation to `url` (as `token`, the demo user by default) and expects `status`. */
  async function sendExamples(operationId: string, method: HttpMethod, url: string, status: number, token?: string): Promise<Reply[]> {
    const examples = contract.examples(operationId);
    expect(examples.length).toBeGreaterThan(0);
    const replies: Reply[] = [];
    for (const example of examples) {
      const reply = await call(method, url, { token, body: example.value, valid: true });
      expect({ operationId, example: example.name, status: reply.status, body: reply.status === status ? undefined : reply.body }).toEqual({
        operationId,
        example: example.name,
        status,
        body: undefined,
      });
      replies.push(reply);
    }
    return replies;
  }

  /** Every mismatch of the responses so far, then a clean slate for the next test. */
  function expectNoMismatch(): void {
    const found = mismatches.splice(0);
    expect(found).toEqual([]);
  }

  beforeAll(async () => {
    // A metrics token, so that /metrics shows both of its documented answers.
    stack = await Stack.start({ label: 'contract', seed: true, workers: 1, env: { METRICS_TOKEN, IMPORT_MAX_UPLOAD_BYTES: String(CONTRACT_UPLOAD_LIMIT) } });
    demo = await stack.token('demo', 1);
    acme = await stack.token('acme-retail', 2);
    admin = await stack.token('ops', 3, { admin: true });
    const doc = await request(stack.baseUrl).get('/docs/openapi.json');
    expect(doc.status).toBe(200);
    contract = new OpenApiContract(doc.body as Json);
  });

  afterAll(async () => {
    await stack?.stop();
  });

  afterEach(() => expectNoMismatch());

  it('public endpoints answer without a token', async () => {
    expect((await call('get', '/health/live', { token: null })).status).toBe(200);
    expect((await call('get', '/health/ready', { token: null })).status).toBe(200);
    const metadata = await call('get', '/.well-known/oauth-protected-resource', { token: null });
    expect(metadata.body).toMatchObject({ resource: stack.baseUrl, bearer_methods_supported: ['header'] });
    const mcp = await call('get', '/.well-known/oauth-protected-resource/v1/assistant-api/mcp', { token: null });
    expect(mcp.body).toMatchObject({ resource: `${stack.baseUrl}/v1/assistant-api/mcp` });
  });

  it('the metrics endpoint wants the metrics token (when one is set), not a user token', async () => {
    expect((await call('get', '/metrics', { token: null })).status).toBe(401);
    expect((await call('get', '/metrics')).status).toBe(401);
    const scraped = await call('get', '/metrics', { token: METRICS_TOKEN });
    expect(scraped.status).toBe(200);
    expect(scraped.text).toContain('aas_http_request_duration_seconds_bucket{');
  });

  it('every operation that needs a token answers 401 without one, with a challenge naming the metadata', async () => {
    for (const op of contract.operations.filter((o) => !o.isPublic)) {
      const url = op.path
        .replace('{question_code}', 'core.gender')
        .replace('{category_id}', '1')
        .replace(/\{[^}]+\}/g, NIL_UUID);
      const reply = await call(op.method, url, { token: null, body: ['post', 'put', 'patch'].includes(op.method) ? {} : undefined });
      expect({ op: op.id, status: reply.status }).toEqual({ op: op.id, status: 401 });
      const own = op.path === '/v1/assistant-api/mcp' ? op.path : '';
      expect(reply.headers['www-authenticate']).toBe(`Bearer realm="aas", resource_metadata="${stack.baseUrl}/.well-known/oauth-protected-resource${own}"`);
    }
    const bad = await call('get', '/v2/datasets', { token: 'not-a-token' });
    expect(bad.headers['www-authenticate']).toContain('error="invalid_token"');
  });

  it('every operation with a body answers 413 to one over the limit, and 400 to one that is not JSON', async () => {
    const big = JSON.stringify({ padding: 'x'.repeat(1_100_000) });
    for (const op of contract.operations.filter((o) => o.requestSchema)) {
      const url = op.path.replace(/\{[^}]+\}/g, NIL_UUID);
      expect({ op: op.id, status: (await call(op.method, url, { raw: big })).status }).toEqual({ op: op.id, status: 413 });
      expect({ op: op.id, status: (await call(op.method, url, { raw: '{"not json' })).status }).toEqual({ op: op.id, status: 400 });
    }
  });

  describe('catalogue and insights', () => {
    it('questions: the examples, every include, unknown ones (404) and invalid bodies (400)', async () => {
      for (const reply of await sendExamples('filterQuestions', 'post', '/v3/questions/filter', 200)) expect(reply.body['questions']).toHaveLength(1);
      await sendExamples('filterQuestionsV2', 'post', '/v2/questions/filter', 200);
      const all = await call('post', '/v3/questions/filter', { body: { include: { categories: true, datapoints: true, taxonomy_paths: true } }, valid: true });
      expect(all.status).toBe(200);
      expect(
        (await call('post', '/v2/questions/filter', { body: { include: { categories: true, datapoints: true, datasets: true } }, valid: true })).status,
      ).toBe(200);
      expect((await call('post', '/v3/questions/filter', { body: { questions: [{ namespace_code: 'core', question: 'nope' }] } })).status).toBe(404);
      expect((await call('post', '/v2/questions/filter', { body: { questions: [{ namespace_code: 'core', code: 'nope' }] } })).status).toBe(404);
      expect((await call('post', '/v3/questions/filter', { body: { include: { datapoints: 'yes' } } })).status).toBe(400);
      expect((await call('post', '/v2/questions/filter', { body: { questions: 'gender' } })).status).toBe(400);
    });

    it('one question, one category, search: found, not found, invalid', async () => {
      const question = await call('get', '/v2/questions/core.gender?include=categories,datapoints,datasets,taxonomy_paths');
      expect(question.status).toBe(200);
      expect((await call('get', '/v2/questions/core.social_platform_frequency?include=datapoints')).status).toBe(200);
      expect((await call('get', '/v2/questions/core.nope')).status).toBe(404);
      expect((await call('get', '/v2/questions/gender')).status).toBe(400);
      expect((await call('get', '/v2/questions/core.gender?include=colour')).status).toBe(400);
      const category = await call('get', '/v2/categories/1?include=children,lineage,attribute_count,datasets,descendant_attributes');
      expect(category.status).toBe(200);
      expect((await call('get', '/v2/categories/2')).status).toBe(200);
      expect((await call('get', '/v2/categories/999999')).status).toBe(404);
      expect((await call('get', '/v2/categories/x')).status).toBe(400);
      const search = await call('get', '/v2/questions/search?q=tiktok&limit=3&offset=1');
      expect(search.status).toBe(200);
      expect((await call('get', '/v2/questions/search')).status).toBe(400);
      expect((await call('get', '/v2/questions/search?q=x&limit=0')).status).toBe(400);
    });

    it('datasets, locations and waves, as each organisation sees them', async () => {
      for (const token of [demo, acme]) {
        for (const url of ['/v2/datasets', '/v2/locations', '/v2/waves']) expect((await call('get', url, { token })).status).toBe(200);
      }
    });

    it('insights: the example, every order, and invalid filters', async () => {
      await sendExamples('filterInsights', 'post', '/v3/insights/filter', 200);
      expect((await call('post', '/v3/insights/filter', { body: {}, valid: true })).status).toBe(200);
      const full = await call('post', '/v3/insights/filter', {
        body: { filters: { categories: [1, 2], types: ['report', 'chart'] }, order: 'asc', order_by: 'name', limit: 100, offset: 0, total: 3 },
        valid: true,
      });
      expect(full.status).toBe(200);
      expect((await call('post', '/v3/insights/filter', { body: { limit: 0 } })).status).toBe(400);
      expect((await call('post', '/v3/insights/filter', { body: { order_by: 'colour' } })).status).toBe(400);
    });
  });

  describe('saved audiences', () => {
    const BASE = '/v2/saved/audiences';

    it('create (the example), read, replace, patch, list, delete; the wrong ids and bodies', async () => {
      const [created] = await sendExamples('createSavedAudience', 'post', BASE, 201);
      const id = (created.body['data'] as Json)['id'] as string;
      expect((await call('get', `${BASE}/${id}`)).status).toBe(200);
      await sendExamples('replaceSavedAudience', 'put', `${BASE}/${id}`, 200);
      await sendExamples('patchSavedAudience', 'patch', `${BASE}/${id}`, 200);
      expect((await call('patch', `${BASE}/${id}`, { body: { folder_id: null, flags: ['isP2'] }, valid: true })).status).toBe(200);
      expect((await call('get', `${BASE}?limit=5&offset=0&include_curated=true`)).status).toBe(200);
      expect((await call('get', `${BASE}?folder_id=${NIL_UUID}&include_curated=false`)).status).toBe(200);
      expect((await call('get', `${BASE}?limit=0`)).status).toBe(400);

      expect((await call('post', BASE, { body: {} })).status).toBe(400);
      expect((await call('post', BASE, { token: acme, body: { name: 'Gamers', expression: GAMING, folder_id: NIL_UUID, position: 1 } })).status).toBe(403);
      expect((await call('put', `${BASE}/${id}`, { body: { name: 'x' } })).status).toBe(400);
      expect((await call('patch', `${BASE}/${id}`, { body: { id } })).status).toBe(400);
      for (const method of ['get', 'put', 'patch', 'delete'] as const) {
        const body = method === 'put' ? contract.examples('replaceSavedAudience')[0].value : method === 'patch' ? { name: 'x' } : undefined;
        expect((await call(method, `${BASE}/not-a-uuid`, { body })).status).toBe(400);
        expect((await call(method, `${BASE}/${MISSING_UUID}`, { body })).status).toBe(404);
        // Another organisation's audience answers exactly like a missing one.
        expect((await call(method, `${BASE}/${id}`, { token: acme, body })).status).toBe(404);
      }
      expect((await call('delete', `${BASE}/${id}`)).status).toBe(204);
    });

    it('curated audiences are readable and read-only (403)', async () => {
      const list = await call('get', `${BASE}?limit=200`);
      const curated = (list.body['data'] as Json[]).find((a) => (a['permissions'] as Json)['audience_overall'] === 'view');
      expect(curated).toBeDefined();
      const url = `${BASE}/${curated?.['id'] as string}`;
      expect((await call('get', url)).status).toBe(200);
      expect((await call('put', url, { body: contract.examples('replaceSavedAudience')[0].value })).status).toBe(403);
      expect((await call('patch', url, { body: { name: 'Mine now' } })).status).toBe(403);
      expect((await call('delete', url)).status).toBe(403);
    });
  });

  describe('crosstabs', () => {
    it('the example streamed as NDJSON and as json-seq, with significance and effective bases; unnamed audiences named', async () => {
      const [ndjson] = await sendExamples('runCrosstab', 'post', '/v2/query/crosstab', 200);
      expect(ndjson.headers['content-type']).toMatch(/^application\/x-ndjson/);
      expect(ndjson.text.trim().split('\n')).toHaveLength(4);
      const body = contract.examples('runCrosstab')[0].value;
      const seq = await call('post', '/v2/query/crosstab?significance=95&effective_base=true', { body, headers: { Accept: 'application/json-seq' } });
      expect(seq.status).toBe(200);
      expect(seq.headers['content-type']).toMatch(/^application\/json-seq/);
      const cells = seq.text
        .split('\u001e')
        .filter((r) => r !== '')
        .map((r) => JSON.parse(r) as Json);
      expect(cells).toHaveLength(4);
      expect(cells.every((c) => c['significance'] !== undefined && c['effective_base'] !== undefined)).toBe(true);
      // The second row was sent without a name: it is named by its expression.
      expect(cells.filter((c) => c['row_index'] === 2).map((c) => (c['row'] as Json)['name'])).toEqual(['Gender: Female', 'Gender: Female']);
      expect((await call('post', '/v2/query/crosstab', { body: {}, valid: true })).status).toBe(200);
    });

    it('the example as CSV and as an Excel workbook; any other Accept is 406', async () => {
      const body = contract.examples('runCrosstab')[0].value;
      const csv = await call('post', '/v2/query/crosstab?metric=column_percentage', { body, headers: { Accept: 'text/csv' } });
      expect({ status: csv.status, type: csv.headers['content-type'] }).toEqual({ status: 200, type: 'text/csv; charset=utf-8; header=present' });
      expect(csv.text).toContain('Column %,TikTok,Instagram');
      const xlsx = await call('post', '/v2/query/crosstab', { body, headers: { Accept: XLSX } });
      expect({ status: xlsx.status, type: xlsx.headers['content-type'] }).toEqual({ status: 200, type: XLSX });
      expect((await call('post', '/v2/query/crosstab', { body, headers: { Accept: 'text/html' } })).status).toBe(406);
    });

    it('invalid (400) and unlicensed (403) requests', async () => {
      expect((await call('post', '/v2/query/crosstab', { body: { rows: [{ expression: { qustion: 'gender' } }] } })).status).toBe(400);
      expect((await call('post', '/v2/query/crosstab?metric=percent', { body: {}, headers: { Accept: 'text/csv' } })).status).toBe(400);
      expect((await call('post', '/v2/query/crosstab?significance=50', { body: {} })).status).toBe(400);
      expect((await call('post', '/v2/query/crosstab', { token: acme, body: { rows: [{ expression: GAMING }] } })).status).toBe(403);
    });
  });

  describe('saved crosstabs', () => {
    const BASE = '/v2/saved/crosstabs';

    it('create (the example, with and without a base), read, replace, patch, list, delete; the wrong ids, bodies and versions', async () => {
      const [created] = await sendExamples('createSavedCrosstab', 'post', BASE, 200);
      const uuid = created.body['uuid'] as string;
      const withBase = await call('post', BASE, {
        body: {
          name: 'Based',
          columns: [{ expression: { qustion: 'gender', options: ['female'] } }],
          bases: { name: 'Gen Z', expression: { qustion: 'age_group', options: ['16_24'] } },
        },
        valid: true,
      });
      expect(withBase.status).toBe(200);
      expect((await call('get', `${BASE}/${uuid}`)).status).toBe(200);
      const [replaced] = await sendExamples('replaceSavedCrosstab', 'put', `${BASE}/${uuid}`, 200);
      await sendExamples('patchSavedCrosstab', 'patch', `${BASE}/${uuid}`, 200);
      expect((await call('get', `${BASE}?limit=5&offset=0`)).status).toBe(200);
      expect((await call('get', `${BASE}?limit=0`)).status).toBe(400);

      expect((await call('post', BASE, { body: { name: 'Again', uuid } })).status).toBe(409);
      const stale = { last_updated_at: replaced.body['created_at'] as string };
      expect((await call('put', `${BASE}/${uuid}`, { body: { name: 'Stale', ...stale } })).status).toBe(409);
      expect((await call('patch', `${BASE}/${uuid}`, { body: stale })).status).toBe(409);
      expect((await call('post', BASE, { body: { name: '' } })).status).toBe(400);
      const gaming = { name: 'Gamers', rows: [{ expression: { qustion: 'gaming_platforms_used' } }] };
      expect((await call('post', BASE, { token: acme, body: gaming })).status).toBe(403);
      const acmeOwn = await call('post', BASE, { token: acme, body: { name: 'Acme' } });
      const acmeUrl = `${BASE}/${acmeOwn.body['uuid'] as string}`;
      expect((await call('put', acmeUrl, { token: acme, body: gaming })).status).toBe(403);
      expect((await call('patch', acmeUrl, { token: acme, body: { rows: gaming.rows } })).status).toBe(403);
      for (const method of ['get', 'put', 'patch', 'delete'] as const) {
        const body = method === 'put' || method === 'patch' ? { name: 'x' } : undefined;
        expect((await call(method, `${BASE}/not-a-uuid`, { body })).status).toBe(400);
        expect((await call(method, `${BASE}/${MISSING_UUID}`, { body })).status).toBe(404);
        expect((await call(method, `${BASE}/${uuid}`, { token: acme, body })).status).toBe(404);
      }
      expect((await call('get', `${BASE}/${uuid}/export?metric=index`)).headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
      expect((await call('get', `${BASE}/${uuid}/export`, { headers: { Accept: XLSX } })).status).toBe(200);
      expect((await call('get', `${BASE}/${uuid}/export`, { headers: { Accept: 'application/json' } })).status).toBe(406);
      expect((await call('get', `${BASE}/${uuid}/export?metric=percent`)).status).toBe(400);
      expect((await call('get', `${BASE}/not-a-uuid/export`)).status).toBe(400);
      expect((await call('get', `${BASE}/${MISSING_UUID}/export`)).status).toBe(404);
      expect((await call('get', `${BASE}/${uuid}/export`, { token: acme })).status).toBe(404);
      expect((await call('put', `${BASE}/${uuid}`, { body: { name: 'x', notes: 42 } })).status).toBe(400);
      expect((await call('patch', `${BASE}/${uuid}`, { body: { name: null } })).status).toBe(400);
      expect((await call('delete', `${BASE}/${uuid}`)).status).toBe(204);
    });

    it('export: a project whose licence ended since it was saved answers 403', async () => {
      // An organisation of its own, so that taking its licence away touches no other test.
      const lapsed = await stack.token('lapsed', 31);
      await stack.query(`INSERT INTO entitled_datasets (org_id, dataset_code) VALUES ('lapsed', 'core')`);
      await stack.query(`INSERT INTO entitled_locations (org_id, location_code) VALUES ('lapsed', 'us')`);
      await stack.query(`INSERT INTO entitled_waves (org_id, wave_code) VALUES ('lapsed', 'q3_2026')`);
      const project = await call('post', BASE, {
        token: lapsed,
        body: { name: 'Lapsing', rows: [{ expression: { qustion: 'gender', options: ['female'] } }] },
      });
      expect(project.status).toBe(200);
      const url = `${BASE}/${project.body['uuid'] as string}/export`;
      expect((await call('get', url, { token: lapsed })).status).toBe(200);
      await stack.query(`DELETE FROM entitled_datasets WHERE org_id = 'lapsed'`);
      // Entitlements are cached for 10 s: asked again until the change shows, at most 30 s.
      const until = Date.now() + 30_000;
      let reply = await call('get', url, { token: lapsed });
      while (reply.status === 200 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 1000));
        reply = await call('get', url, { token: lapsed });
      }
      expect({ status: reply.status, detail: reply.body['detail'] }).toEqual({ status: 403, detail: expect.stringContaining('/rows/0/expression') });
    });
  });

  describe('charts', () => {
    const BASE = '/v1/charts';

    it('create (the example), read, replace, calculate (the examples), list, delete; the wrong ids, bodies and licences', async () => {
      const [created] = await sendExamples('createChart', 'post', BASE, 201);
      const id = created.body['id'] as string;
      expect((await call('get', `${BASE}/${id}`)).status).toBe(200);
      const [replaced] = await sendExamples('replaceChart', 'put', `${BASE}/${id}`, 200);
      expect(JSON.parse(replaced.text)).toBe(id);
      for (const reply of await sendExamples('calculateChart', 'post', `${BASE}/${id}/calculate`, 200)) expect(reply.body['stats']).toHaveLength(3);
      const csv = await call('post', `${BASE}/${id}/calculate`, { body: {}, headers: { Accept: 'text/csv' } });
      expect({ status: csv.status, type: csv.headers['content-type'] }).toEqual({ status: 200, type: 'text/csv; charset=utf-8; header=present' });
      expect((await call('post', `${BASE}/${id}/calculate`, { body: {}, headers: { Accept: 'text/html' } })).status).toBe(406);
      // A split chart that selects two metrics, with an attribute that does not exist (an errored stat).
      const split = await call('post', BASE, {
        body: {
          ...(contract.examples('createChart')[0].value as Json),
          attributes: [
            { namespace_code: 'core', question_code: 'social_platform_usage', datapoint_code: 'tiktok' },
            { namespace_code: 'core', question_code: 'social_platform_usage', datapoint_code: 'nope' },
          ],
          splitter: 'wave',
          metrics: ['audience_percentage', 'audience_index'],
          segmented_base: false,
        },
        valid: true,
      });
      expect(split.status).toBe(201);
      expect((await call('post', `${BASE}/${split.body['id'] as string}/calculate`, { body: {} })).status).toBe(200);
      expect((await call('get', `${BASE}?limit=5&offset=0`)).status).toBe(200);
      expect((await call('get', `${BASE}?limit=0`)).status).toBe(400);

      expect((await call('post', BASE, { body: {} })).status).toBe(400);
      expect((await call('post', BASE, { token: acme, body: { name: 'Old', wave_codes: ['q4_2024'] } })).status).toBe(403);
      const acmeChart = await call('post', BASE, { token: acme, body: { name: 'Acme' } });
      const acmeUrl = `${BASE}/${acmeChart.body['id'] as string}`;
      expect((await call('put', acmeUrl, { token: acme, body: { name: 'Old', wave_codes: ['q4_2024'] } })).status).toBe(403);
      expect((await call('post', `${acmeUrl}/calculate`, { token: acme, body: { waves: ['q4_2024'] } })).status).toBe(403);
      expect((await call('post', `${BASE}/${id}/calculate`, { body: { waves: 'q3_2026' } })).status).toBe(400);
      expect((await call('put', `${BASE}/${id}`, { body: { name: '' } })).status).toBe(400);
      for (const method of ['get', 'put', 'delete'] as const) {
        const body = method === 'put' ? { name: 'x' } : undefined;
        expect((await call(method, `${BASE}/not-a-uuid`, { body })).status).toBe(400);
        expect((await call(method, `${BASE}/${MISSING_UUID}`, { body })).status).toBe(404);
        expect((await call(method, `${BASE}/${id}`, { token: acme, body })).status).toBe(404);
      }
      expect((await call('post', `${BASE}/not-a-uuid/calculate`, { body: {} })).status).toBe(400);
      expect((await call('post', `${BASE}/${MISSING_UUID}/calculate`, { body: {} })).status).toBe(404);
      expect((await call('delete', `${BASE}/${id}`)).status).toBe(204);
    });
  });

  describe('assistant and MCP', () => {
    it('asks (the example), follows up, reads an insight; unknown chats and insights are 404', async () => {
      const [answer] = await sendExamples('askAssistant', 'post', '/v1/assistant-api/generic', 200);
      const insights = answer.body['insights'] as Json[];
      expect(insights.length).toBeGreaterThan(0);
      const followUp = await call('post', '/v1/assistant-api/generic', { body: { prompt: 'and in Germany?', chat_id: answer.body['chat_id'] }, valid: true });
      expect(followUp.status).toBe(200);
      expect((await call('get', `/v1/assistant-api/generic/insights/${insights[0]['id'] as string}`)).status).toBe(200);
      expect((await call('get', `/v1/assistant-api/generic/insights/${MISSING_UUID}`)).status).toBe(404);
      expect((await call('get', '/v1/assistant-api/generic/insights/not-a-uuid')).status).toBe(404);
      expect((await call('post', '/v1/assistant-api/generic', { body: { prompt: 'hi', chat_id: MISSING_UUID } })).status).toBe(404);
      expect((await call('post', '/v1/assistant-api/generic', { body: {} })).status).toBe(400);
    });

    it('MCP: the examples, ping, a notification, a method error, and the transport refusals', async () => {
      const MCP = '/v1/assistant-api/mcp';
      const replies = await sendExamples('callMcp', 'post', MCP, 200);
      expect(replies.every((r) => 'result' in r.body)).toBe(true);
      expect((await call('post', MCP, { body: { jsonrpc: '2.0', id: 'p', method: 'ping' }, valid: true })).body).toEqual({
        jsonrpc: '2.0',
        id: 'p',
        result: {},
      });
      expect((await call('post', MCP, { body: { jsonrpc: '2.0', method: 'notifications/initialized' }, valid: true })).status).toBe(202);
      expect((await call('post', MCP, { body: { jsonrpc: '2.0', id: 4, method: 'resources/list' } })).body).toMatchObject({ error: { code: -32601 } });
      const toolError = await call('post', MCP, { body: { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'search_questions', arguments: {} } } });
      expect(toolError.body).toMatchObject({ result: { isError: true } });
      expect((await call('post', MCP, { body: [{ jsonrpc: '2.0', id: 6, method: 'ping' }] })).status).toBe(400);
      const version = await call('post', MCP, { body: { jsonrpc: '2.0', id: 7, method: 'ping' }, headers: { 'MCP-Protocol-Version': '1900-01-01' } });
      expect(version.status).toBe(400);
      const host = await call('post', MCP, { body: { jsonrpc: '2.0', id: 8, method: 'ping' }, headers: { Host: 'evil.example.com' } });
      expect(host.status).toBe(403);
      const origin = await call('post', MCP, { body: { jsonrpc: '2.0', id: 9, method: 'ping' }, headers: { Origin: 'http://evil.example.com' } });
      expect(origin.status).toBe(403);
    });
  });

  describe('admin', () => {
    const ORGS = '/v1/admin/organisations';

    it('organisations: create (the example), list, read, grant and revoke (the examples); the wrong ids, bodies and tokens', async () => {
      const [created] = await sendExamples('createOrganisation', 'post', ORGS, 201, admin);
      const id = (created.body['data'] as Json)['id'] as string;
      expect((await call('post', ORGS, { token: admin, body: { id, name: 'Again' } })).status).toBe(409);
      expect((await call('post', ORGS, { token: admin, body: { id: 'Bad Id', name: '' } })).status).toBe(400);
      expect((await call('get', `${ORGS}?limit=5&offset=0`, { token: admin })).status).toBe(200);
      expect((await call('get', `${ORGS}?limit=0`, { token: admin })).status).toBe(400);
      expect((await call('get', `${ORGS}/${id}`, { token: admin })).status).toBe(200);
      expect((await call('get', `${ORGS}/Bad%20Id`, { token: admin })).status).toBe(400);
      expect((await call('get', `${ORGS}/ghost`, { token: admin })).status).toBe(404);
      for (const action of ['grant', 'revoke']) {
        const operationId = `${action}Entitlements`;
        const [reply] = await sendExamples(operationId, 'post', `${ORGS}/${id}/entitlements/${action}`, 200, admin);
        // The example names core, gb, us, q3_2025 and q4_2025: all granted, then all revoked.
        expect(reply.body['changed']).toBe(5);
        expect((await call('post', `${ORGS}/${id}/entitlements/${action}`, { token: admin, body: { waves: ['q9_2099'] } })).status).toBe(400);
        expect((await call('post', `${ORGS}/ghost/entitlements/${action}`, { token: admin, body: { datasets: ['core'] }, valid: true })).status).toBe(404);
      }
    });

    it('imports: upload (queued, then failed on its mapping), read; the wrong parts, sizes, media types, ids and tokens', async () => {
      const IMPORTS = '/v1/admin/imports';
      const sav = readFileSync(fixturePath('tracker.sav'));
      const mapping = JSON.parse(readFileSync(fixturePath('tracker.mapping.json'), 'utf8')) as Json;
      // A mapping that fits its schema but not the file: the job ends at once with its report, and nothing changes.
      const upload = {
        fields: [['mapping', JSON.stringify({ ...mapping, weight: 'no_such_weight' })]] as [string, string][],
        files: [['file', sav, 'tracker.sav']] as [string, Buffer, string][],
      };
      const accepted = await call('post', IMPORTS, { token: admin, multipart: upload });
      expect(accepted.status).toBe(202);
      const url = `${IMPORTS}/${(accepted.body['data'] as Json)['id'] as string}`;
      const until = Date.now() + 60_000;
      let read = await call('get', url, { token: admin });
      while (!['succeeded', 'failed'].includes((read.body['data'] as Json)['status'] as string) && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 200));
        read = await call('get', url, { token: admin });
      }
      expect({ status: read.status, importStatus: (read.body['data'] as Json)['status'] }).toEqual({ status: 200, importStatus: 'failed' });
      expect((await call('post', IMPORTS, { token: admin, multipart: { files: upload.files } })).status).toBe(400);
      const big = { fields: upload.fields, files: [['file', Buffer.alloc(CONTRACT_UPLOAD_LIMIT + 100_000, 'x'), 'big.csv']] as [string, Buffer, string][] };
      expect((await call('post', IMPORTS, { token: admin, multipart: big })).status).toBe(413);
      expect((await call('post', IMPORTS, { token: admin, body: { file: 'x' } })).status).toBe(415);
      expect((await call('get', `${IMPORTS}/not-a-uuid`, { token: admin })).status).toBe(400);
      expect((await call('get', `${IMPORTS}/${MISSING_UUID}`, { token: admin })).status).toBe(404);
      expect((await call('post', IMPORTS, { multipart: upload })).status).toBe(403);
      expect((await call('get', url)).status).toBe(403);
    });

    it('organisations answer 403 to a token without the admin claim', async () => {
      const id = 'northwind';
      for (const [method, url, body] of [
        ['get', ORGS, undefined],
        ['post', ORGS, { id: 'intruder', name: 'x' }],
        ['get', `${ORGS}/${id}`, undefined],
        ['post', `${ORGS}/${id}/entitlements/grant`, { datasets: ['core'] }],
        ['post', `${ORGS}/${id}/entitlements/revoke`, { datasets: ['core'] }],
      ] as const) {
        expect({ url, status: (await call(method, url, { body })).status }).toEqual({ url, status: 403 });
      }
    });
  });

  describe('system', () => {
    it('ping: the examples and an invalid delay', async () => {
      await sendExamples('pingJobPath', 'post', '/v1/system/ping', 200);
      expect((await call('post', '/v1/system/ping', { body: { delay_ms: -1 } })).status).toBe(400);
    });
  });

  it('the client generated from the document (openapi-typescript + openapi-fetch) works against the service', async () => {
    const outcome = await runTypedClientSample(stack.baseUrl, demo);
    expect(outcome.datasets).toEqual(['core', 'gaming']);
    expect(outcome.question).toBe('Gender');
    expect(outcome.searchHits).toBeGreaterThan(0);
    expect(outcome.insights).toBeGreaterThan(0);
    expect(outcome.audience).toMatchObject({ name: 'Women', folder_id: NIL_UUID, flags: ['authored'] });
    expect(outcome.cells).toHaveLength(1);
    // The row was sent without a name: the cells name it by its expression.
    expect(outcome.cells[0]).toMatchObject({ row: { name: 'Gender: Female' }, column: { name: 'TikTok' }, row_index: 1, column_index: 1 });
    expect(outcome.project.bases).toBeNull();
    expect(outcome.calculation.stats[0].data[0].audience).toBe('women');
    expect(outcome.answer.insights.length).toBeGreaterThan(0);
    expect(outcome.insight?.computed_from.datasets).toEqual([{ code: 'core', name: expect.any(String) }]);
    expect(outcome.tools).toEqual(['chat_service', 'explore_insight', 'list_datasets', 'search_questions', 'run_crosstab']);
    expect(outcome.ping.mode).toBe('queue');
    expect(outcome.ready).toEqual({
      status: 'ok',
      checks: { postgres: 'up', redis: 'up', workers: 'up' },
      workers: [{ id: expect.any(String), queues: ['system', 'engine', 'imports'], started_at: expect.any(String) }],
    });
    expect(outcome.missingAudience).toMatchObject({ status: 404, type: 'urn:aas:problem:not-found' });
  });

  it('every operation answered with every status it documents (but those only an outage provokes)', () => {
    const missing: string[] = [];
    for (const op of contract.operations) {
      for (const status of Object.keys(op.responses)) {
        if (!NOT_PROVOKED.has(status) && !contract.seen.get(op.id)?.has(Number(status))) missing.push(`${op.id} ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
