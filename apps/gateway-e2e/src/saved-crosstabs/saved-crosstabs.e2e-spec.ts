import { randomUUID } from 'node:crypto';
import { whileRowLocked } from '../support/row-lock';
import { Stack } from '../support/stack';
import {
  BASE,
  Client,
  client,
  genZ,
  ISO_UTC,
  men,
  ProblemBody,
  project,
  ProjectBody,
  projectCount,
  storedRow,
  SURVEY,
  UUID,
  women,
} from './saved-crosstabs-helpers';

describe('saved crosstabs', () => {
  let stack: Stack;
  let demo: Client;
  let demoColleague: Client;
  let acme: Client;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'xtabs', jobMode: 'inline', seed: SURVEY });
    demo = client(stack, await stack.token('demo', 111));
    demoColleague = client(stack, await stack.token('demo', 112));
    acme = client(stack, await stack.token('acme-retail', 211));
  });
  afterAll(() => stack?.stop());

  async function create(c: Client, body: Record<string, unknown> = project): Promise<ProjectBody> {
    const res = await c.post(BASE, body);
    expect(res.status).toBe(200);
    return res.body as ProjectBody;
  }

  describe('POST', () => {
    it('creates a project and answers every member of a project with user_id, org_id, times and metadata', async () => {
      const res = await demo.post(BASE, {
        ...project,
        bases: { id: 'base', name: 'Adults', full_name: 'Everyone', expression: {} },
        columns: [{ ...genZ, avg: { question: 'social_platform_frequency', with_suffixes: { datapoint: 'tiktok', suffixes: [1, 2] } } }],
        last_updated_at: '2020-01-01T00:00:00Z',
      });
      expect(res.status).toBe(200);
      const p = res.body as ProjectBody;
      expect(Object.keys(p)).toEqual([
        'uuid',
        'name',
        'user_id',
        'org_id',
        'rows',
        'columns',
        'country_codes',
        'wave_codes',
        'bases',
        'created_at',
        'updated_at',
        'notes',
        'metadata',
      ]);
      expect(p).toEqual({
        uuid: expect.stringMatching(UUID),
        name: 'Gender by age',
        user_id: 111,
        org_id: 'demo',
        rows: [women, men],
        columns: [
          {
            id: expect.stringMatching(UUID),
            name: expect.stringMatching(/16-24/),
            full_name: expect.stringMatching(/16-24/),
            expression: { qustion: 'age_group', options: ['16_24'] },
            avg: { question: 'social_platform_frequency', with_suffixes: { datapoint: 'tiktok', suffixes: [1, 2] } },
          },
        ],
        country_codes: ['us', 'gb'],
        wave_codes: ['q3_2026'],
        bases: { id: 'base', name: 'Adults', full_name: 'Everyone', expression: {} },
        created_at: expect.stringMatching(ISO_UTC),
        updated_at: expect.stringMatching(ISO_UTC),
        notes: 'first cut',
        metadata: { row_count: 2, column_count: 1, cell_count: 2, datasets: ['core'], generated_labels: { rows: 0, columns: 1, bases: 0 } },
      });
      expect(p.created_at).toBe(p.updated_at);
      expect(await storedRow(stack, p.uuid)).toMatchObject({ org_id: 'demo', user_id: 111 });
    });

    it('keeps the saved-crosstab spelling and canonical member order', async () => {
      const p = await create(demo, {
        name: 'Order',
        rows: [{ expression: { not: true, suffixes: [1], options: ['tiktok'], qustion: 'social_platform_frequency' } }],
      });
      expect(JSON.stringify(p.rows[0].expression)).toBe('{"qustion":"social_platform_frequency","options":["tiktok"],"suffixes":[1],"not":true}');
    });

    it('takes defaults for members left out and counts datasets of every side', async () => {
      const p = await create(demo, { name: 'Gamers', rows: [{ expression: { qustion: 'gaming_platforms_used' } }] });
      expect(p).toMatchObject({ columns: [], country_codes: [], wave_codes: [], bases: null, notes: '' });
      expect(p.metadata).toEqual({ row_count: 1, column_count: 0, cell_count: 1, datasets: ['gaming'], generated_labels: { rows: 1, columns: 0, bases: 0 } });
    });

    it("uses the client's uuid, lower-cased, and answers 409 when it is taken", async () => {
      const uuid = randomUUID();
      const p = await create(demo, { ...project, uuid: uuid.toUpperCase() });
      expect(p.uuid).toBe(uuid);
      const before = await storedRow(stack, uuid);
      const again = await demoColleague.post(BASE, { ...project, name: 'Overwrite?', uuid });
      expect(again.status).toBe(409);
      expect(again.body.type).toBe('urn:aas:problem:conflict');
      expect(await storedRow(stack, uuid)).toEqual(before);
    });
  });

  describe('bad input answers 400 (or 403) and stores nothing', () => {
    async function rejected(c: Client, body: Record<string, unknown>, status = 400): Promise<ProblemBody> {
      const before = await projectCount(stack);
      const res = await c.post(BASE, body);
      expect({ status: res.status, body: res.body }).toMatchObject({ status });
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(await projectCount(stack)).toBe(before);
      return res.body as ProblemBody;
    }

    it('locates structural expression errors by JSON pointer', async () => {
      const body = await rejected(demo, {
        ...project,
        rows: [women, men, { expression: { and: [{ question: 'gender', options: ['female'] }] } }],
        bases: { expression: { qustion: 'gender', suffixes: ['1'] } },
      });
      expect(body.type).toBe('urn:aas:problem:validation');
      const paths = body.errors?.map((e) => e.path) ?? [];
      expect(paths).toContain('/rows/2/expression/and/0/question');
      expect(paths).toContain('/bases/expression/suffixes/0');
      expect(paths.every((p) => p.startsWith('/rows/2/expression/and/0') || p.startsWith('/bases/expression'))).toBe(true);
    });

    it('names unknown questions, options, suffixes, avg codes, countries and waves', async () => {
      const body = await rejected(demo, {
        ...project,
        rows: [{ expression: { and: [{ qustion: 'shoe_size' }] } }, { expression: { qustion: 'gender', options: ['robot'] } }],
        columns: [{ ...genZ, avg: { question: 'social_platform_frequency', with_suffixes: { datapoint: 'tiktok', suffixes: [99] } } }],
        country_codes: ['us', 'atlantis'],
        wave_codes: ['q1_1999'],
      });
      expect(body.errors).toEqual([
        { path: '/rows/0/expression/and/0/qustion', message: expect.stringContaining('shoe_size') },
        { path: '/rows/1/expression/options/0', message: expect.stringContaining('robot') },
        { path: '/columns/0/avg/with_suffixes/suffixes/0', message: expect.stringContaining('99') },
        { path: '/country_codes/1', message: expect.stringContaining('atlantis') },
        { path: '/wave_codes/0', message: expect.stringContaining('q1_1999') },
      ]);
    });

    it('answers 403 for a dataset, location or wave the organisation is not entitled to', async () => {
      const gaming = await rejected(acme, { ...project, rows: [women, { expression: { or: [{ qustion: 'gaming_platforms_used' }] } }] }, 403);
      expect(gaming).toMatchObject({
        type: 'urn:aas:problem:forbidden',
        errors: [{ path: '/rows/1/expression/or/0/qustion', message: expect.stringContaining('gaming') }],
      });
      const avg = await rejected(acme, { ...project, columns: [{ ...genZ, avg: { question: 'gaming_platforms_used' } }] }, 403);
      expect(avg.errors).toEqual([{ path: '/columns/0/avg/question', message: expect.stringContaining('gaming') }]);
      const places = await rejected(acme, { ...project, country_codes: ['us', 'es'], wave_codes: ['q4_2024', 'q3_2026'] }, 403);
      expect(places.errors).toEqual([
        { path: '/country_codes/1', message: expect.stringContaining('es') },
        { path: '/wave_codes/0', message: expect.stringContaining('q4_2024') },
      ]);
      // The same body is fine for the organisation entitled to everything.
      await create(demo, { ...project, country_codes: ['us', 'es'], wave_codes: ['q4_2024', 'q3_2026'] });
    });

    it('enforces the limits: 1,000 rows and columns, name 1..255, notes 10,000', async () => {
      const thousand = Array.from({ length: 1000 }, (_, i) => ({ ...women, id: `r${i}` }));
      const big = await create(demo, { name: 'n'.repeat(255), rows: thousand, columns: thousand, notes: 'x'.repeat(10_000) });
      expect(big.metadata).toMatchObject({ row_count: 1000, column_count: 1000, cell_count: 1_000_000 });
      expect((await rejected(demo, { name: 'P', rows: [...thousand, women] })).errors).toEqual([{ path: '/rows', message: expect.stringContaining('1000') }]);
      expect((await rejected(demo, { name: 'P', columns: [...thousand, women] })).errors?.map((e) => e.path)).toEqual(['/columns']);
      expect((await rejected(demo, { name: 'n'.repeat(256) })).errors).toEqual([{ path: '/name', message: 'name must be at most 255 characters' }]);
      expect((await rejected(demo, { name: '' })).errors?.map((e) => e.path)).toEqual(['/name']);
      expect((await rejected(demo, { name: 'P', notes: 'x'.repeat(10_001) })).errors?.map((e) => e.path)).toEqual(['/notes']);
    });

    it('answers 413 for a body over the 1 MiB limit', async () => {
      const res = await demo.post(BASE, { name: 'Huge', notes: 'x'.repeat(1_100_000) });
      expect(res.status).toBe(413);
      expect(await projectCount(stack)).toBeGreaterThan(0);
    });

    it('names unknown, missing and read-only members and malformed values', async () => {
      expect((await rejected(demo, { ...project, colour: 'red' })).errors).toEqual([{ path: '/colour', message: "unknown member 'colour' is not allowed" }]);
      expect((await rejected(demo, {})).errors?.map((e) => e.path)).toEqual(['/name']);
      expect((await rejected(demo, { ...project, user_id: 5 })).errors).toEqual([{ path: '/user_id', message: "'user_id' is read-only and cannot be set" }]);
      expect((await rejected(demo, { ...project, org_id: 'acme-retail' })).errors?.map((e) => e.path)).toEqual(['/org_id']);
      expect((await rejected(demo, { ...project, uuid: 'not-a-uuid' })).errors?.map((e) => e.path)).toEqual(['/uuid']);
      expect((await rejected(demo, { ...project, rows: [{ ...women, colour: 'red' }, { name: 'x' }] })).errors?.map((e) => e.path)).toEqual([
        '/rows/0/colour',
        '/rows/1/expression',
      ]);
      expect((await rejected(demo, { ...project, bases: [] })).errors?.map((e) => e.path)).toEqual(['/bases']);
      expect((await rejected(demo, { ...project, country_codes: ['us', 'us'] })).errors?.map((e) => e.path)).toEqual(['/country_codes']);
      expect((await rejected(demo, { ...project, last_updated_at: 'yesterday' })).errors?.map((e) => e.path)).toEqual(['/last_updated_at']);
    });

    it('answers 400 for a uuid that is not a UUID, on every method', async () => {
      for (const method of ['get', 'put', 'patch', 'delete'] as const) {
        const res = await demo.send(method, `${BASE}/not-a-uuid`, project);
        expect({ method, status: res.status }).toEqual({ method, status: 400 });
        expect(res.body.errors).toEqual([{ path: '/uuid', message: 'uuid must be a UUID' }]);
      }
    });
  });

  describe('GET one', () => {
    it('answers a project to every user of its organisation', async () => {
      const p = await create(demo);
      const mine = await demo.get(`${BASE}/${p.uuid}`);
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual(p);
      const colleague = await demoColleague.get(`${BASE}/${p.uuid.toUpperCase()}`);
      expect(colleague.status).toBe(200);
      expect(colleague.body).toEqual(p);
    });

    it('answers 404 for a uuid that does not exist', async () => {
      const res = await demo.get(`${BASE}/${randomUUID()}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ type: 'urn:aas:problem:not-found', status: 404 });
    });
  });

  describe('PUT', () => {
    it('replaces every writable member and keeps uuid, user_id and created_at', async () => {
      const p = await create(demo, { ...project, bases: women });
      const res = await demoColleague.put(`${BASE}/${p.uuid}`, { name: 'Men only', uuid: p.uuid, rows: [men], wave_codes: ['q2_2026', 'q3_2026'] });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        ...p,
        name: 'Men only',
        rows: [men],
        columns: [],
        country_codes: [],
        wave_codes: ['q2_2026', 'q3_2026'],
        bases: null,
        notes: '',
        updated_at: expect.stringMatching(ISO_UTC),
        metadata: { row_count: 1, column_count: 0, cell_count: 1, datasets: ['core'], generated_labels: { rows: 0, columns: 0, bases: 0 } },
      });
      expect(res.body.user_id).toBe(111);
      expect(Date.parse(res.body.updated_at)).toBeGreaterThan(Date.parse(p.updated_at));
      expect((await demo.get(`${BASE}/${p.uuid}`)).body).toEqual(res.body);
    });

    it('changes nothing when the replacement is invalid, forbidden or names another uuid', async () => {
      const p = await create(acme);
      const before = await storedRow(stack, p.uuid);
      const cases: [Record<string, unknown>, number][] = [
        [{ ...project, rows: [{ expression: { qustion: 'gender', options: ['robot'] } }] }, 400],
        [{ notes: 'no name' }, 400],
        [{ ...project, uuid: randomUUID() }, 400],
        [{ ...project, rows: [{ expression: { qustion: 'gaming_platforms_used' } }] }, 403],
        [{ ...project, wave_codes: ['q4_2024'] }, 403],
      ];
      for (const [body, status] of cases) {
        const res = await acme.put(`${BASE}/${p.uuid}`, body);
        expect({ body, status: res.status }).toEqual({ body, status });
      }
      expect(await storedRow(stack, p.uuid)).toEqual(before);
    });
  });

  describe('PATCH', () => {
    it('changes only the members sent and recomputes the metadata', async () => {
      const p = await create(demo, { ...project, bases: women });
      const renamed = await demo.patch(`${BASE}/${p.uuid}`, { name: 'Renamed', notes: '' });
      expect(renamed.status).toBe(200);
      expect(renamed.body).toEqual({ ...p, name: 'Renamed', notes: '', updated_at: expect.stringMatching(ISO_UTC) });

      const res = await demo.patch(`${BASE}/${p.uuid}`, { columns: [{ expression: { qustion: 'gaming_platforms_used' } }, genZ], bases: null });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ name: 'Renamed', rows: p.rows, bases: null, country_codes: p.country_codes, wave_codes: p.wave_codes });
      expect(res.body.columns).toHaveLength(2);
      expect(res.body.metadata).toEqual({
        row_count: 2,
        column_count: 2,
        cell_count: 4,
        datasets: ['core', 'gaming'],
        generated_labels: { rows: 0, columns: 2, bases: 0 },
      });
    });

    it('answers an empty patch with the project unchanged', async () => {
      const p = await create(demo);
      const res = await demo.patch(`${BASE}/${p.uuid}`, {});
      expect(res.status).toBe(200);
      expect(res.body).toEqual(p);
    });

    it('refuses read-only members, null and bad values with their paths, changing nothing', async () => {
      const p = await create(acme);
      const before = await storedRow(stack, p.uuid);
      const cases: [Record<string, unknown>, string, number][] = [
        [{ created_at: '2020-01-01T00:00:00.000Z' }, '/created_at', 400],
        [{ metadata: {} }, '/metadata', 400],
        [{ name: null }, '/name', 400],
        [{ rows: null }, '/rows', 400],
        [{ uuid: randomUUID() }, '/uuid', 400],
        [{ name: 'ok', rows: [women, { expression: { and: [] } }] }, '/rows/1/expression/and', 400],
        [{ name: 'ok', country_codes: ['fr', 'narnia'] }, '/country_codes/1', 400],
        [{ name: 'ok', country_codes: ['jp'] }, '/country_codes/0', 403],
        [{ name: 'ok', bases: { expression: { qustion: 'gaming_platforms_used' } } }, '/bases/expression/qustion', 403],
      ];
      for (const [body, path, status] of cases) {
        const res = await acme.patch(`${BASE}/${p.uuid}`, body);
        expect({ body, status: res.status }).toEqual({ body, status });
        expect((res.body as ProblemBody).errors?.map((e) => e.path)).toContain(path);
      }
      expect(await storedRow(stack, p.uuid)).toEqual(before);
    });
  });

  describe('optimistic concurrency (last_updated_at)', () => {
    it('accepts the updated_at just read and refuses a write based on an older version, changing nothing', async () => {
      const p = await create(demo);
      const first = await demo.patch(`${BASE}/${p.uuid}`, { name: 'First', last_updated_at: p.updated_at });
      expect(first.status).toBe(200);

      const before = await storedRow(stack, p.uuid);
      for (const method of ['patch', 'put'] as const) {
        const stale = await demoColleague.send(method, `${BASE}/${p.uuid}`, { ...project, name: 'Stale', last_updated_at: p.updated_at });
        expect({ method, status: stale.status }).toEqual({ method, status: 409 });
        expect(stale.body).toMatchObject({ type: 'urn:aas:problem:conflict', detail: expect.stringContaining('last_updated_at') });
      }
      expect(await storedRow(stack, p.uuid)).toEqual(before);

      const fresh = await demoColleague.put(`${BASE}/${p.uuid}`, { ...project, name: 'Fresh', last_updated_at: first.body.updated_at });
      expect(fresh.status).toBe(200);
      const blind = await demo.patch(`${BASE}/${p.uuid}`, { notes: 'last write wins without it' });
      expect(blind.status).toBe(200);
      expect(blind.body).toMatchObject({ name: 'Fresh', notes: 'last write wins without it' });
    });

    it('checks existence before staleness: a missing project is 404', async () => {
      const res = await demo.patch(`${BASE}/${randomUUID()}`, { last_updated_at: '2000-01-01T00:00:00Z' });
      expect(res.status).toBe(404);
    });
  });

  describe('DELETE', () => {
    it('answers 204 and removes the project', async () => {
      const p = await create(demo);
      const res = await demoColleague.delete(`${BASE}/${p.uuid}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(await storedRow(stack, p.uuid)).toBeUndefined();
      expect((await demo.get(`${BASE}/${p.uuid}`)).status).toBe(404);
      expect((await demo.delete(`${BASE}/${p.uuid}`)).status).toBe(404);
    });
  });

  describe('GET list', () => {
    let lister: Client;

    beforeAll(async () => {
      lister = client(stack, await stack.token('list-org', 501));
    });

    it('pages through the organisation ordered by updated_at desc, with paging', async () => {
      expect((await lister.get(BASE)).body).toEqual({ data: [], paging: { limit: 50, offset: 0, total: 0 } });
      const created: ProjectBody[] = [];
      for (let i = 0; i < 7; i++) created.push(await create(lister, { name: `list ${i}` }));
      // Touching list 2 moves it to the front.
      expect((await lister.patch(`${BASE}/${created[2].uuid}`, { notes: 'touched' })).status).toBe(200);
      const expected = ['list 2', 'list 6', 'list 5', 'list 4', 'list 3', 'list 1', 'list 0'];

      const pages: ProjectBody[][] = [];
      for (const offset of [0, 3, 6]) {
        const res = await lister.get(`${BASE}?limit=3&offset=${offset}`);
        expect(res.status).toBe(200);
        expect(res.body.paging).toEqual({ limit: 3, offset, total: 7 });
        pages.push(res.body.data);
      }
      expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
      expect(pages.flat().map((p) => p.name)).toEqual(expected);
      expect(pages.flat()[1]).toEqual(created[6]);
      expect((await lister.get(`${BASE}?limit=3&offset=7`)).body).toEqual({ data: [], paging: { limit: 3, offset: 7, total: 7 } });
    });

    it('breaks updated_at ties by uuid', async () => {
      await stack.query(`UPDATE saved_crosstabs SET updated_at = '2030-01-01T00:00:00Z' WHERE org_id = 'list-org'`);
      const res = await lister.get(`${BASE}?limit=200`);
      const uuids = (res.body.data as ProjectBody[]).map((p) => p.uuid);
      expect(uuids).toEqual([...uuids].sort());
    });

    it('refuses bad paging and unknown parameters', async () => {
      for (const query of ['limit=201', 'limit=0', 'limit=ten', 'offset=-1', 'offset=1.5', 'sort=name']) {
        const res = await lister.get(`${BASE}?${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
        expect(res.body.type).toBe('urn:aas:problem:validation');
      }
      expect((await lister.get(`${BASE}?limit=200`)).status).toBe(200);
    });
  });

  describe('concurrency', () => {
    /** A project in an organisation the gateway has never seen, so each write's check reads its entitlements from the database. */
    async function unseenProject(label: string, user: number): Promise<{ writer: Client; uuid: string; updatedAt: string }> {
      const owner = client(stack, await stack.token(`${label}-a`, user));
      const p = await create(owner, { name: 'Burst' });
      const writer = client(stack, await stack.token(`${label}-b`, user + 1));
      await stack.query(`UPDATE saved_crosstabs SET org_id = $2 WHERE uuid = $1`, [p.uuid, `${label}-b`]);
      return { writer, uuid: p.uuid, updatedAt: p.updated_at };
    }
    const lockOf = (uuid: string) => ({ sql: 'SELECT uuid FROM saved_crosstabs WHERE uuid = $1 FOR UPDATE', params: [uuid] });

    it('answers a burst of 25 concurrent PUTs and PATCHes of one project with 200 each (no pooled connection held while the body is checked)', async () => {
      const { writer, uuid } = await unseenProject('xtabs-burst', 151);
      const { result: responses, msAfterRelease } = await whileRowLocked(stack.databaseUrl, lockOf(uuid), () =>
        Promise.all(
          Array.from({ length: 25 }, (_, i) =>
            i % 2 === 0 ? writer.put(`${BASE}/${uuid}`, { name: `Burst ${i}` }) : writer.patch(`${BASE}/${uuid}`, { name: `Burst ${i}`, notes: `${i}` }),
          ),
        ),
      );
      expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
      // A generous bound (each write holds the lock for milliseconds): what it catches is a wait for the pool.
      expect(msAfterRelease).toBeLessThan(15_000);
      expect(responses.map((r) => r.body.name)).toContain((await writer.get(`${BASE}/${uuid}`)).body.name);
    });

    it('answers a burst of 25 PATCHes sending the same last_updated_at with one 200 and 24 409, none 5xx', async () => {
      const { writer, uuid, updatedAt } = await unseenProject('xtabs-occ', 161);
      const { result: responses } = await whileRowLocked(stack.databaseUrl, lockOf(uuid), () =>
        Promise.all(Array.from({ length: 25 }, (_, i) => writer.patch(`${BASE}/${uuid}`, { notes: `Burst ${i}`, last_updated_at: updatedAt }))),
      );
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([200, ...Array.from({ length: 24 }, () => 409)]);
      const winner = responses.find((r) => r.status === 200)!;
      expect((await writer.get(`${BASE}/${uuid}`)).body).toEqual(winner.body);
    });
  });

  it('documents the endpoints, the bodies and the errors in OpenAPI', async () => {
    const res = await demo.get('/docs/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    expect(Object.keys(doc.paths[BASE]).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths[`${BASE}/{uuid}`]).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    expect(Object.keys(doc.paths[BASE]['post'].responses)).toEqual(expect.arrayContaining(['200', '400', '403', '409', '413']));
    expect(Object.keys(doc.paths[`${BASE}/{uuid}`]['put'].responses)).toEqual(expect.arrayContaining(['200', '400', '403', '404', '409']));
    expect(Object.keys(doc.components.schemas['SavedCrosstabResponse'].properties)).toEqual([
      'uuid',
      'name',
      'user_id',
      'org_id',
      'rows',
      'columns',
      'country_codes',
      'wave_codes',
      'bases',
      'created_at',
      'updated_at',
      'notes',
      'metadata',
    ]);
    expect(Object.keys(doc.components.schemas['SavedCrosstabExpressionLeaf'].properties)).toEqual(expect.arrayContaining(['qustion', 'options', 'suffixes']));
    expect(doc.components.schemas['SaveSavedCrosstabRequest'].properties).toHaveProperty('last_updated_at');
    expect(Object.keys(doc.components.schemas['SavedCrosstabListResponse'].properties).sort()).toEqual(['data', 'paging']);
  });
});
