import request from 'supertest';
import { runTool } from '../support/processes';
import { Stack } from '../support/stack';

type Json = Record<string, unknown>;

/** A small crosstab in one market and one wave of the demo survey (core dataset). */
const CROSSTAB = {
  rows: [{ id: 'women', expression: { question: 'gender', datapoints: ['female'] } }],
  columns: [{ id: 'genz', expression: { question: 'age_group', datapoints: ['16_24'] } }],
  waves: ['q3_2026'],
  locations: ['gb'],
};

/**
 * The admin flow on the real service (gateway, a worker, Postgres, Redis): an administrator
 * creates an organisation, whose member is refused a crosstab (403) until the organisation is
 * granted the dataset, market and wave, and refused again once they are revoked. Each change holds
 * from the very next request, without waiting for any cache. Tokens without the admin claim get
 * 403 from every admin endpoint; the CLI changes what the running service serves.
 */
describe('admin: organisations and entitlements, end to end', () => {
  let stack: Stack;
  let admin: string;
  let member: string;
  let demo: string;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'adminorgs', jobMode: 'queue', workers: 1, seed: true });
    admin = await stack.token('ops', 900, { admin: true });
    demo = await stack.token('demo', 902);
  });
  afterAll(() => stack?.stop());

  const as = (token: string) => ({
    get: (path: string) => request(stack.baseUrl).get(path).set('Authorization', `Bearer ${token}`),
    post: (path: string, body: unknown) =>
      request(stack.baseUrl)
        .post(path)
        .set('Authorization', `Bearer ${token}`)
        .send(body as object),
  });
  /** The crosstab as the member asks it: its status, and the body when it is not a stream. */
  const crosstab = async (body: Json = CROSSTAB) => {
    const res = await as(member).post('/v2/query/crosstab', body);
    return { status: res.status, problem: res.status === 200 ? undefined : (res.body as Json) };
  };

  it('creates an organisation; its member sees the catalogue but may use nothing (403)', async () => {
    const created = await as(admin).post('/v1/admin/organisations', { id: 'northwind', name: 'Northwind Traders' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ id: 'northwind', name: 'Northwind Traders', entitlements: { datasets: [], locations: [], waves: [] } });
    const taken = await as(admin).post('/v1/admin/organisations', { id: 'northwind', name: 'Other' });
    expect({ status: taken.status, type: taken.body.type, contentType: taken.headers['content-type'] }).toEqual({
      status: 409,
      type: 'urn:aas:problem:conflict',
      contentType: expect.stringMatching(/^application\/problem\+json/),
    });

    member = await stack.token('northwind', 901);
    const datasets = await as(member).get('/v2/datasets');
    expect(datasets.status).toBe(200);
    expect(JSON.stringify(datasets.body)).not.toContain('"accessible":true');
    expect(await crosstab()).toMatchObject({ status: 403 });
  });

  it('grant: the same crosstab answers 200 on the next request; revoke: 403 again on the next request', async () => {
    const granted = await as(admin).post('/v1/admin/organisations/northwind/entitlements/grant', { datasets: ['core'], locations: ['gb'], waves: ['q3_2026'] });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ changed: 3, data: { entitlements: { datasets: ['core'], locations: ['gb'], waves: ['q3_2026'] } } });
    const allowed = await as(member).post('/v2/query/crosstab', CROSSTAB);
    expect({ status: allowed.status, body: allowed.status === 200 ? undefined : allowed.body }).toEqual({ status: 200, body: undefined });
    const cells = allowed.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Json);
    expect(cells).toHaveLength(1);
    expect(cells[0]).toMatchObject({ row_index: 1, column_index: 1, intersect: { sample: expect.any(Number) } });
    // The member now sees core as accessible (the catalogue's own cache of entitlements follows too).
    const datasets = (await as(member).get('/v2/datasets')).body as Json;
    expect(JSON.stringify(datasets)).toContain('"accessible":true');

    // Granting it again changes nothing, and nothing about what is served.
    const again = await as(admin).post('/v1/admin/organisations/northwind/entitlements/grant', { datasets: ['core'] });
    expect(again.body).toMatchObject({ changed: 0 });
    expect((await crosstab()).status).toBe(200);

    const revoked = await as(admin).post('/v1/admin/organisations/northwind/entitlements/revoke', { waves: ['q3_2026'] });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ changed: 1, data: { entitlements: { datasets: ['core'], locations: ['gb'], waves: [] } } });
    expect(await crosstab()).toMatchObject({ status: 403, problem: { errors: [{ path: '/waves/0' }] } });
  });

  it('npm run org changes what the running service serves, from its next request', async () => {
    const out = await runTool('tools/org/org.js', ['grant', 'northwind', '--waves', 'q3_2026', '--location', 'us'], { DATABASE_URL: stack.databaseUrl });
    expect(out).toContain("granted 2 entitlement(s) to 'northwind'");
    expect((await crosstab({ ...CROSSTAB, locations: ['gb', 'us'] })).status).toBe(200);
    await runTool('tools/org/org.js', ['revoke', 'northwind', '--locations', 'us'], { DATABASE_URL: stack.databaseUrl });
    expect(await crosstab({ ...CROSSTAB, locations: ['gb', 'us'] })).toMatchObject({ status: 403, problem: { errors: [{ path: '/locations/1' }] } });
    expect((await as(admin).get('/v1/admin/organisations/northwind')).body.data).toMatchObject({
      entitlements: { datasets: ['core'], locations: ['gb'], waves: ['q3_2026'] },
    });
    await expect(runTool('tools/org/org.js', ['grant', 'northwind', '--waves', 'q9_2099'], { DATABASE_URL: stack.databaseUrl })).rejects.toThrow(
      /unknown wave 'q9_2099'/,
    );
  });

  it('bad input: 400 naming the field, 404 for an unknown organisation, nothing changed', async () => {
    const before = (await as(admin).get('/v1/admin/organisations/northwind')).body as Json;
    const unknown = await as(admin).post('/v1/admin/organisations/northwind/entitlements/grant', { datasets: ['core', 'nope'], waves: ['q9_2099'] });
    expect({ status: unknown.status, errors: unknown.body.errors }).toEqual({
      status: 400,
      errors: [
        { path: '/datasets/1', message: "unknown dataset 'nope'" },
        { path: '/waves/0', message: "unknown wave 'q9_2099'" },
      ],
    });
    const shapes: [string, unknown, string][] = [
      ['/v1/admin/organisations', { id: 'Bad Id', name: 'x' }, '/id'],
      ['/v1/admin/organisations', { id: 'ok', name: 'x', colour: 'red' }, '/colour'],
      ['/v1/admin/organisations/northwind/entitlements/grant', { datasets: 'core' }, '/datasets'],
      ['/v1/admin/organisations/northwind/entitlements/grant', {}, ''],
      ['/v1/admin/organisations/Bad%20Id/entitlements/grant', { datasets: ['core'] }, '/id'],
    ];
    for (const [path, body, pointer] of shapes) {
      const res = await as(admin).post(path, body);
      expect({ path, status: res.status, pointers: (res.body.errors as { path: string }[]).map((e) => e.path) }).toEqual({
        path,
        status: 400,
        pointers: expect.arrayContaining([pointer]),
      });
    }
    for (const path of ['/v1/admin/organisations/ghost/entitlements/grant', '/v1/admin/organisations/ghost/entitlements/revoke']) {
      const res = await as(admin).post(path, { datasets: ['core'] });
      expect({ path, status: res.status, type: res.body.type }).toEqual({ path, status: 404, type: 'urn:aas:problem:not-found' });
    }
    expect((await as(admin).get('/v1/admin/organisations/ghost')).status).toBe(404);
    expect((await as(admin).get('/v1/admin/organisations/northwind')).body).toEqual(before);
    expect(await stack.query(`SELECT id FROM organisations WHERE id IN ('ok', 'ghost')`)).toEqual([]);
  });

  it('lists organisations with their entitlements', async () => {
    const res = await as(admin).get('/v1/admin/organisations?limit=200');
    expect(res.status).toBe(200);
    const ids = (res.body.data as { id: string }[]).map((o) => o.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(expect.arrayContaining(['acme-retail', 'demo', 'northwind', 'ops']));
    expect(res.body.paging).toEqual({ limit: 200, offset: 0, total: ids.length });
  });

  it('every admin endpoint answers 403 to a token without the admin claim, and changes nothing', async () => {
    const document = (await request(stack.baseUrl).get('/docs/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/v1/admin/'))
      .flatMap(([path, item]) => Object.keys(item).map((method) => ({ method: method as 'get' | 'post', path: path.replace(/\{[^}]+\}/g, 'northwind') })));
    expect(operations.length).toBeGreaterThanOrEqual(5);
    const before = (await as(admin).get('/v1/admin/organisations/northwind')).body as Json;
    for (const token of [member, demo]) {
      for (const op of operations) {
        const req = request(stack.baseUrl)[op.method](op.path).set('Authorization', `Bearer ${token}`);
        const res = op.method === 'post' ? await req.send({ id: 'intruder', name: 'x', datasets: ['core'], waves: ['q1_2026'] }) : await req;
        expect({ op, status: res.status, type: res.body.type }).toEqual({ op, status: 403, type: 'urn:aas:problem:forbidden' });
      }
    }
    expect((await as(admin).get('/v1/admin/organisations/northwind')).body).toEqual(before);
    expect(await stack.query(`SELECT id FROM organisations WHERE id = 'intruder'`)).toEqual([]);
  });
});
