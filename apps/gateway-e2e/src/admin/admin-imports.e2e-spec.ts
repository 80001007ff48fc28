import { readFileSync } from 'node:fs';
import request from 'supertest';
import { fixturePath } from '@aas/survey-import-domain/testing';
import { runTool, sleep } from '../support/processes';
import { Stack } from '../support/stack';

type Json = Record<string, unknown>;

const WAVES = ['q1_2025', 'q2_2025', 'q3_2025'];
const MARKETS = ['us', 'gb', 'de', 'br'];
const AGES = ['16_24', '25_34', '35_44', '45_54', '55_64'];
const GENDERS = ['male', 'female', 'another_way'];
/** The fixture's mapping, and the same with another dataset name: a change the catalogue shows, the numbers do not. */
const MAPPING = JSON.parse(readFileSync(fixturePath('tracker.mapping.json'), 'utf8')) as Json & { dataset: Json };
const RENAMED = { ...MAPPING, dataset: { ...MAPPING.dataset, name: 'Brand tracker (uploaded)' } };
/** A mapping that fits its schema but not the file: its weight variable does not exist. */
const WRONG_WEIGHT = { ...MAPPING, weight: 'no_such_weight' };
const UPLOAD_LIMIT = 512 * 1024;

/** Polls an import until it has finished, within `ms`; fails with the last answer otherwise. */
async function finished(stack: Stack, token: string, id: string, ms = 180_000): Promise<Json> {
  const until = Date.now() + ms;
  let last: unknown;
  while (Date.now() < until) {
    const res = await request(stack.baseUrl).get(`/v1/admin/imports/${id}`).set('Authorization', `Bearer ${token}`);
    last = { status: res.status, body: res.body };
    if (res.status !== 200) break;
    if (['succeeded', 'failed'].includes((res.body.data as Json)['status'] as string)) return res.body.data as Json;
    await sleep(250);
  }
  throw new Error(`import ${id} did not finish within ${ms} ms; last answer: ${JSON.stringify(last)}`);
}

function upload(stack: Stack, token: string, parts: { file?: string; fileName?: string; mapping?: unknown; mode?: string }) {
  let req = request(stack.baseUrl).post('/v1/admin/imports').set('Authorization', `Bearer ${token}`);
  if (parts.file) req = req.attach('file', parts.file, parts.fileName ? { filename: parts.fileName } : undefined);
  if (parts.mapping !== undefined) req = req.field('mapping', typeof parts.mapping === 'string' ? parts.mapping : JSON.stringify(parts.mapping));
  if (parts.mode) req = req.field('mode', parts.mode);
  return req;
}

/** Age groups by gender in every market, per wave and over the three waves: every cell, as the service answers it. */
async function crosstabs(stack: Stack, token: string): Promise<Json[][]> {
  const out: Json[][] = [];
  for (const waves of [...WAVES.map((w) => [w]), WAVES]) {
    const res = await request(stack.baseUrl)
      .post('/v2/query/crosstab')
      .set('Authorization', `Bearer ${token}`)
      .send({
        rows: AGES.map((a) => ({ id: a, expression: { question: 'age', datapoints: [a] } })),
        columns: GENDERS.map((g) => ({ id: g, expression: { question: 'tracker_gender', datapoints: [g] } })),
        base_audience: { id: 'base', expression: { and: [{ question: 'age' }, { question: 'tracker_gender' }] } },
        waves,
        locations: MARKETS,
      });
    if (res.status !== 200) throw new Error(`crosstab answered ${res.status}: ${res.text}`);
    const cells = res.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);
    if (cells.some((c) => !('intersect' in c))) throw new Error(`crosstab failed mid-stream: ${res.text}`);
    cells.sort((a, b) => (a['row_index'] as number) - (b['row_index'] as number) || (a['column_index'] as number) - (b['column_index'] as number));
    out.push(cells);
  }
  return out;
}

/**
 * POST /v1/admin/imports end to end: the PSPP fixture uploaded with its mapping runs as a job on a
 * worker, and the service then answers exactly what it answered after `npm run import` of the
 * same file; a mapping that does not fit the file ends the job with its report and changes
 * nothing; bad uploads are refused before anything is kept; only administrators may import.
 */
describe('admin: survey imports uploaded over HTTP (queue mode, a worker)', () => {
  let stack: Stack;
  let admin: string;
  let research: string;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'adminimports', jobMode: 'queue', workers: 1, env: { IMPORT_MAX_UPLOAD_BYTES: String(UPLOAD_LIMIT) } });
    admin = await stack.token('ops', 1, { admin: true });
    research = await stack.token('research', 2);
  });
  afterAll(() => stack?.stop());

  const surveyVersion = async () => (await stack.query<{ v: string }>(`SELECT version::text AS v FROM data_versions WHERE name = 'survey'`))[0]?.v;
  const served = async () =>
    stack.query(`SELECT dataset_code, wave_code, location_code, version::text AS version, respondent_count FROM respondent_partitions
                  WHERE replaced_at IS NULL ORDER BY 1, 2, 3`);

  it('refuses a token without the admin claim (403) on both endpoints, keeping nothing', async () => {
    const res = await upload(stack, research, { file: fixturePath('tracker.sav'), mapping: MAPPING });
    expect({ status: res.status, type: res.body.type }).toEqual({ status: 403, type: 'urn:aas:problem:forbidden' });
    const get = await request(stack.baseUrl).get('/v1/admin/imports/7b0c6a1e-5b1f-4c55-9d4a-1f0e2d3c4b5a').set('Authorization', `Bearer ${research}`);
    expect(get.status).toBe(403);
    expect(await stack.query(`SELECT count(*)::int AS n FROM survey_imports`)).toEqual([{ n: 0 }]);
  });

  it('an uploaded .sav answers exactly what npm run import of the same file answered', async () => {
    // The reference: the CLI import, then the numbers the service gives for it.
    await runTool('tools/import/import.js', [fixturePath('tracker.sav'), '--mapping', fixturePath('tracker.mapping.json')], {
      DATABASE_URL: stack.databaseUrl,
    });
    const cliVersion = await surveyVersion();
    const grant = await request(stack.baseUrl)
      .post('/v1/admin/organisations/research/entitlements/grant')
      .set('Authorization', `Bearer ${admin}`)
      .send({ datasets: ['tracker'], locations: MARKETS, waves: WAVES });
    expect(grant.status).toBe(200);
    const reference = await crosstabs(stack, research);
    expect(reference.flat()).toHaveLength(4 * AGES.length * GENDERS.length);

    // The same file uploaded, its dataset renamed so the catalogue shows which import is served.
    const res = await upload(stack, admin, { file: fixturePath('tracker.sav'), mapping: RENAMED });
    expect({ status: res.status, body: res.status === 202 ? undefined : res.body }).toEqual({ status: 202, body: undefined });
    const queued = res.body.data as Json;
    expect(res.headers['location']).toBe(`/v1/admin/imports/${queued['id'] as string}`);
    expect(queued).toMatchObject({
      status: 'queued',
      mode: 'replace',
      file: { name: 'tracker.sav', format: 'sav', bytes: 444649 },
      requested_by: { org: 'ops', user: 1 },
    });

    const done = await finished(stack, admin, queued['id'] as string);
    expect(done).toMatchObject({
      status: 'succeeded',
      dataset: 'tracker',
      attempts: 1,
      errors: [],
      progress: { phase: 'write', rows_read: 2400, partitions_written: 12, partitions_total: 12 },
      report: { ok: true, rows_read: 2400, respondents: 2400 },
    });
    expect((done['report'] as { partitions: unknown[] }).partitions).toHaveLength(12);
    expect(BigInt(done['data_version'] as string)).toBeGreaterThan(BigInt(cliVersion as string));
    expect(await surveyVersion()).toBe(done['data_version']);
    // Every partition served is the upload's, and the staged file is gone.
    const partitions = await served();
    expect(partitions).toHaveLength(12);
    expect(new Set(partitions.map((p) => p['version']))).toEqual(new Set([done['data_version']]));
    expect(await stack.query(`SELECT count(*)::int AS n FROM survey_import_chunks`)).toEqual([{ n: 0 }]);

    // The gateway checks the data version at most once a second: wait (bounded) until it serves the upload's catalogue.
    const until = Date.now() + 10_000;
    let names: string[] = [];
    while (Date.now() < until) {
      const datasets = await request(stack.baseUrl).get('/v2/datasets').set('Authorization', `Bearer ${research}`);
      names = JSON.stringify(datasets.body).match(/Brand tracker[^"]*/g) ?? [];
      if (names.includes('Brand tracker (uploaded)')) break;
      await sleep(100);
    }
    expect(names).toContain('Brand tracker (uploaded)');
    expect(await crosstabs(stack, research)).toEqual(reference);
  });

  it('a mapping that does not fit the file ends the job with its report, and changes nothing', async () => {
    const version = await surveyVersion();
    const before = await served();
    const res = await upload(stack, admin, { file: fixturePath('tracker.sav'), mapping: WRONG_WEIGHT });
    expect(res.status).toBe(202);
    const done = await finished(stack, admin, (res.body.data as Json)['id'] as string);
    expect(done).toMatchObject({ status: 'failed', data_version: null, report: { ok: false } });
    const issues = (done['report'] as { issues: Json[] }).issues;
    expect(issues).toEqual(expect.arrayContaining([expect.objectContaining({ severity: 'error', code: 'mapping-invalid' })]));
    expect(JSON.stringify(issues)).toContain('no_such_weight');
    expect((done['errors'] as string[]).join(' ')).toMatch(/nothing was imported/);
    expect(await surveyVersion()).toBe(version);
    expect(await served()).toEqual(before);
    expect(await stack.query(`SELECT count(*)::int AS n FROM survey_import_chunks`)).toEqual([{ n: 0 }]);
  });

  it('refuses bad uploads before keeping anything: 400 naming the part, 413 past the limit, 415 for another body', async () => {
    const count = async () => (await stack.query<{ n: number }>(`SELECT count(*)::int AS n FROM survey_imports`))[0].n;
    const before = await count();
    const cases: [string, ReturnType<typeof upload>, number, string | undefined][] = [
      ['no file', upload(stack, admin, { mapping: MAPPING }), 400, '/file'],
      ['no mapping', upload(stack, admin, { file: fixturePath('tracker.sav') }), 400, '/mapping'],
      [
        'a file that is neither .sav nor .csv',
        upload(stack, admin, { file: fixturePath('tracker.sav'), fileName: 'tracker.xlsx', mapping: MAPPING }),
        400,
        '/file',
      ],
      [
        'a mapping that breaks its schema',
        upload(stack, admin, { file: fixturePath('tracker.sav'), mapping: { ...MAPPING, dataset: { code: 'Bad Code' } } }),
        400,
        undefined,
      ],
      ['a mapping that is not JSON', upload(stack, admin, { file: fixturePath('tracker.sav'), mapping: '{"dataset": ' }), 400, '/mapping'],
      ['an unknown mode', upload(stack, admin, { file: fixturePath('tracker.sav'), mapping: MAPPING, mode: 'merge' }), 400, '/mode'],
      [
        'an unknown part',
        request(stack.baseUrl)
          .post('/v1/admin/imports')
          .set('Authorization', `Bearer ${admin}`)
          .field('colour', 'red')
          .attach('file', fixturePath('tracker.csv')),
        400,
        '/colour',
      ],
      [
        'a file over IMPORT_MAX_UPLOAD_BYTES',
        request(stack.baseUrl)
          .post('/v1/admin/imports')
          .set('Authorization', `Bearer ${admin}`)
          .field('mapping', JSON.stringify(MAPPING))
          .attach('file', Buffer.alloc(UPLOAD_LIMIT + 200_000, 'x'), { filename: 'big.csv' }),
        413,
        undefined,
      ],
      [
        'a JSON body',
        request(stack.baseUrl).post('/v1/admin/imports').set('Authorization', `Bearer ${admin}`).send({ file: 'x', mapping: MAPPING }),
        415,
        undefined,
      ],
    ];
    for (const [what, req, status, pointer] of cases) {
      const res = await req;
      const errors = (res.body.errors ?? []) as { path: string }[];
      expect({ what, status: res.status, contentType: res.headers['content-type'] }).toEqual({
        what,
        status,
        contentType: expect.stringMatching(/^application\/problem\+json/),
      });
      if (pointer) expect({ what, paths: errors.map((e) => e.path) }).toEqual({ what, paths: expect.arrayContaining([pointer]) });
    }
    const schema = await upload(stack, admin, { file: fixturePath('tracker.sav'), mapping: { ...MAPPING, dataset: { code: 'Bad Code' } } });
    expect((schema.body.errors as { path: string }[]).every((e) => e.path.startsWith('/mapping'))).toBe(true);
    expect(await count()).toBe(before);
    expect(await stack.query(`SELECT count(*)::int AS n FROM survey_import_chunks`)).toEqual([{ n: 0 }]);
    expect((await request(stack.baseUrl).get('/v1/admin/imports/not-a-uuid').set('Authorization', `Bearer ${admin}`)).status).toBe(400);
    expect((await request(stack.baseUrl).get('/v1/admin/imports/7b0c6a1e-5b1f-4c55-9d4a-1f0e2d3c4b5a').set('Authorization', `Bearer ${admin}`)).status).toBe(
      404,
    );
  });
});

describe('admin: survey imports uploaded over HTTP (inline mode: the gateway runs the job)', () => {
  let stack: Stack;
  let admin: string;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'adminimportsinline', jobMode: 'inline' });
    admin = await stack.token('ops', 1, { admin: true });
  });
  afterAll(() => stack?.stop());

  it('imports an uploaded CSV, which the service then answers crosstabs on', async () => {
    const res = await upload(stack, admin, { file: fixturePath('tracker.csv'), mapping: MAPPING });
    expect(res.status).toBe(202);
    const done = await finished(stack, admin, (res.body.data as Json)['id'] as string);
    expect(done).toMatchObject({ status: 'succeeded', dataset: 'tracker', file: { format: 'csv' }, report: { ok: true, respondents: 2400 } });
    const member = await stack.token('research', 2);
    await request(stack.baseUrl)
      .post('/v1/admin/organisations/research/entitlements/grant')
      .set('Authorization', `Bearer ${admin}`)
      .send({ datasets: ['tracker'], locations: MARKETS, waves: WAVES })
      .expect(200);
    const cells = (await crosstabs(stack, member)).flat();
    expect(cells).toHaveLength(4 * AGES.length * GENDERS.length);
    expect(cells.every((c) => ((c['base'] as Json)['sample'] as number) > 0)).toBe(true);
  });
});
