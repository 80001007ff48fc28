import { randomUUID } from 'node:crypto';
import { whileRowLocked } from '../support/row-lock';
import { Stack } from '../support/stack';
import { AudienceBody, BASE, Client, client, NIL_UUID, storedRow, SURVEY, women } from './audiences-helpers';

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('saved audiences', () => {
  let stack: Stack;
  let demo: Client;
  let demoColleague: Client;
  let acme: Client;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'audiences', jobMode: 'inline', seed: SURVEY });
    demo = client(stack, await stack.token('demo', 101));
    demoColleague = client(stack, await stack.token('demo', 102));
    acme = client(stack, await stack.token('acme-retail', 201));
  });
  afterAll(() => stack?.stop());

  async function create(c: Client, body: Record<string, unknown> = women): Promise<AudienceBody> {
    const res = await c.post(BASE, body);
    expect(res.status).toBe(201);
    return res.body.data as AudienceBody;
  }

  describe('POST', () => {
    it('creates an audience and answers it in a data wrapper with every member of a saved audience', async () => {
      const res = await demo.post(BASE, {
        name: 'Gen Z women',
        expression: {
          and: [
            { datapoints: ['16_24'], question: 'age_group' },
            { question: 'gender', datapoints: ['female'] },
          ],
        },
        folder_id: NIL_UUID,
        position: 2.5,
        flags: ['isP2'],
      });
      expect(res.status).toBe(201);
      expect(Object.keys(res.body)).toEqual(['data']);
      const a = res.body.data as AudienceBody;
      expect(a).toEqual({
        id: expect.stringMatching(UUID),
        v1_id: null,
        name: 'Gen Z women',
        expression: {
          and: [
            { question: 'age_group', datapoints: ['16_24'] },
            { question: 'gender', datapoints: ['female'] },
          ],
        },
        created_at: expect.stringMatching(ISO_UTC),
        updated_at: expect.stringMatching(ISO_UTC),
        folder_id: NIL_UUID,
        position: 2.5,
        permissions: { audience_overall: 'edit' },
        datasets: ['core'],
        flags: ['authored', 'isP2'],
      });
      // Member order of the expression is the standard form's, not jsonb's.
      expect(JSON.stringify(a.expression)).toBe('{"and":[{"question":"age_group","datapoints":["16_24"]},{"question":"gender","datapoints":["female"]}]}');
      const row = await storedRow(stack, a.id);
      expect(row).toMatchObject({ org_id: 'demo', created_by: 101, v1_id: null, datasets: ['core'] });
    });

    it('computes datasets from the expression, whatever the client sends', async () => {
      const a = await create(demo, {
        ...women,
        name: 'Female gamers',
        expression: {
          and: [
            { question: 'gender', datapoints: ['female'] },
            { question: 'gaming_hours_per_week', datapoints: ['range_7'] },
          ],
        },
        datasets: ['core'],
      });
      expect(a.datasets).toEqual(['core', 'gaming']);
      const whole = await create(demo, { ...women, name: 'Everyone', expression: {} });
      expect(whole.datasets).toEqual([]);
    });

    it('reads a null folder as the nil UUID and keeps a folder UUID', async () => {
      expect((await create(demo, { ...women, folder_id: null })).folder_id).toBe(NIL_UUID);
      const folder = randomUUID();
      expect((await create(demo, { ...women, folder_id: folder.toUpperCase() })).folder_id).toBe(folder);
    });
  });

  describe('bad input answers 400 (or 403) and stores nothing', () => {
    async function rejected(body: Record<string, unknown>, status = 400) {
      const before = await stack.query(`SELECT count(*)::int AS n FROM saved_audiences`);
      const res = await demo.post(BASE, body);
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(await stack.query(`SELECT count(*)::int AS n FROM saved_audiences`)).toEqual(before);
      return res.body as { type: string; detail: string; errors: { path: string; message: string }[] };
    }

    it('locates a structural expression error by its JSON pointer', async () => {
      const body = await rejected({ ...women, expression: { and: [{ question: 'gender', datapoints: ['female'], min_count: 0 }] } });
      expect(body.type).toBe('urn:aas:problem:validation');
      expect(body.errors).toEqual([{ path: '/expression/and/0/min_count', message: expect.any(String) }]);
    });

    it('names an unknown question, datapoint and suffix', async () => {
      const body = await rejected({
        ...women,
        expression: {
          or: [
            { question: 'shoe_size' },
            { question: 'gender', datapoints: ['robot'] },
            { question: 'social_platform_frequency', datapoints: ['tiktok'], suffixes: ['99'] },
          ],
        },
      });
      expect(body.errors).toEqual([
        { path: '/expression/or/0/question', message: expect.stringContaining('shoe_size') },
        { path: '/expression/or/1/datapoints/0', message: expect.stringContaining('robot') },
        { path: '/expression/or/2/suffixes/0', message: expect.stringContaining('99') },
      ]);
    });

    it('answers 403 for a dataset the organisation is not entitled to', async () => {
      const expression = { question: 'gaming_hours_per_week', datapoints: ['range_1'] };
      const res = await acme.post(BASE, { ...women, expression });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        type: 'urn:aas:problem:forbidden',
        errors: [{ path: '/expression/question', message: expect.stringContaining('gaming') }],
      });
      expect(await stack.query(`SELECT id FROM saved_audiences WHERE org_id = 'acme-retail'`)).toEqual([]);
      const unknownDataset = await acme.post(BASE, { ...women, datasets: ['core', 'astrology'] });
      expect(unknownDataset.status).toBe(400);
      expect(unknownDataset.body.errors).toEqual([{ path: '/datasets/1', message: expect.stringContaining('astrology') }]);
      const unentitled = await acme.post(BASE, { ...women, datasets: ['gaming'] });
      expect(unentitled.status).toBe(403);
    });

    it('allows 255 characters in a name and refuses 256', async () => {
      expect((await create(demo, { ...women, name: 'n'.repeat(255) })).name).toHaveLength(255);
      const body = await rejected({ ...women, name: 'n'.repeat(256) });
      expect(body.errors).toEqual([{ path: '/name', message: 'name must be at most 255 characters' }]);
    });

    it('names unknown, missing and read-only members', async () => {
      expect((await rejected({ ...women, colour: 'red' })).errors).toEqual([{ path: '/colour', message: "unknown member 'colour' is not allowed" }]);
      expect((await rejected({})).errors.map((e) => e.path).sort()).toEqual(['/expression', '/folder_id', '/name', '/position']);
      expect((await rejected({ ...women, id: randomUUID() })).errors).toEqual([{ path: '/id', message: "'id' is read-only and cannot be set" }]);
      expect((await rejected({ ...women, folder_id: 'inbox' })).errors.map((e) => e.path)).toEqual(['/folder_id']);
      expect((await rejected({ ...women, flags: ['curated'] })).errors.map((e) => e.path)).toEqual(['/flags']);
      expect((await rejected({ ...women, position: '1' })).errors.map((e) => e.path)).toEqual(['/position']);
    });

    it('answers 400 for an id that is not a UUID, on every method', async () => {
      for (const method of ['get', 'put', 'patch', 'delete'] as const) {
        const res = await demo.send(method, `${BASE}/not-a-uuid`, women);
        expect({ method, status: res.status }).toEqual({ method, status: 400 });
        expect(res.body.errors).toEqual([{ path: '/id', message: 'id must be a UUID' }]);
      }
    });
  });

  describe('GET one', () => {
    it('answers an audience to every user of its organisation', async () => {
      const a = await create(demo);
      const mine = await demo.get(`${BASE}/${a.id}`);
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual({ data: a });
      const colleague = await demoColleague.get(`${BASE}/${a.id.toUpperCase()}`);
      expect(colleague.status).toBe(200);
      expect(colleague.body.data).toEqual(a);
    });

    it('answers 404 for an id that does not exist', async () => {
      const res = await demo.get(`${BASE}/${randomUUID()}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ type: 'urn:aas:problem:not-found', status: 404 });
    });
  });

  describe('PUT', () => {
    it('replaces every writable member and answers 200 with the audience', async () => {
      const a = await create(demo, { ...women, flags: ['isP2'] });
      const folder = randomUUID();
      const res = await demoColleague.put(`${BASE}/${a.id}`, {
        name: 'Young men',
        expression: {
          and: [
            { question: 'gender', datapoints: ['male'] },
            { question: 'age_group', datapoints: ['16_24', '25_34'], min_count: 1 },
          ],
        },
        folder_id: folder,
        position: 7,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({
        ...a,
        name: 'Young men',
        expression: {
          and: [
            { question: 'gender', datapoints: ['male'] },
            { question: 'age_group', datapoints: ['16_24', '25_34'], min_count: 1 },
          ],
        },
        folder_id: folder,
        position: 7,
        flags: ['authored'],
        updated_at: expect.stringMatching(ISO_UTC),
      });
      expect(Date.parse(res.body.data.updated_at)).toBeGreaterThan(Date.parse(a.updated_at));
      expect((await demo.get(`${BASE}/${a.id}`)).body.data).toEqual(res.body.data);
    });

    it('changes nothing when the replacement is invalid', async () => {
      const a = await create(demo);
      const before = await storedRow(stack, a.id);
      const invalid = await demo.put(`${BASE}/${a.id}`, { ...women, name: 'Renamed', expression: { question: 'gender', datapoints: ['robot'] } });
      expect(invalid.status).toBe(400);
      const incomplete = await demo.put(`${BASE}/${a.id}`, { name: 'Renamed' });
      expect(incomplete.status).toBe(400);
      const forbidden = await acme.put(`${BASE}/${a.id}`, women);
      expect(forbidden.status).toBe(404);
      expect(await storedRow(stack, a.id)).toEqual(before);
    });
  });

  describe('PATCH', () => {
    it('changes only the members sent', async () => {
      const a = await create(demo, { ...women, flags: ['isP2'] });
      const renamed = await demo.patch(`${BASE}/${a.id}`, { name: 'Women (all ages)' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.data).toEqual({ ...a, name: 'Women (all ages)', updated_at: expect.stringMatching(ISO_UTC) });

      const moved = await demo.patch(`${BASE}/${a.id}`, {
        position: 12,
        folder_id: null,
        expression: { question: 'gaming_hours_per_week', datapoints: ['range_7'] },
      });
      expect(moved.status).toBe(200);
      expect(moved.body.data).toMatchObject({
        name: 'Women (all ages)',
        position: 12,
        folder_id: NIL_UUID,
        expression: { question: 'gaming_hours_per_week', datapoints: ['range_7'] },
        datasets: ['gaming'],
        flags: ['authored', 'isP2'],
      });
    });

    it('answers an empty patch with the audience unchanged', async () => {
      const a = await create(demo);
      const res = await demo.patch(`${BASE}/${a.id}`, {});
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual(a);
    });

    it('refuses read-only members, a fractional position and null, changing nothing', async () => {
      const a = await create(demo);
      const before = await storedRow(stack, a.id);
      const cases: [Record<string, unknown>, string][] = [
        [{ id: randomUUID() }, '/id'],
        [{ created_at: '2020-01-01T00:00:00.000Z', name: 'x' }, '/created_at'],
        [{ updated_at: '2020-01-01T00:00:00.000Z' }, '/updated_at'],
        [{ v1_id: 3 }, '/v1_id'],
        [{ permissions: { audience_overall: 'view' } }, '/permissions'],
        [{ position: 1.5 }, '/position'],
        [{ name: null }, '/name'],
        [{ name: 'x'.repeat(256) }, '/name'],
        [{ owner: 'someone' }, '/owner'],
        [{ expression: { and: [] } }, '/expression/and'],
      ];
      for (const [body, path] of cases) {
        const res = await demo.patch(`${BASE}/${a.id}`, body);
        expect({ body, status: res.status }).toEqual({ body, status: 400 });
        expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
      }
      expect(await storedRow(stack, a.id)).toEqual(before);
    });

    it('answers 403 for an unentitled dataset and changes nothing', async () => {
      const a = await create(acme);
      const before = await storedRow(stack, a.id);
      const res = await acme.patch(`${BASE}/${a.id}`, { name: 'Gamers', expression: { question: 'gaming_hours_per_week' } });
      expect(res.status).toBe(403);
      expect(await storedRow(stack, a.id)).toEqual(before);
    });
  });

  describe('DELETE', () => {
    it('answers 204 and removes the audience', async () => {
      const a = await create(demo);
      const res = await demoColleague.delete(`${BASE}/${a.id}`);
      expect(res.status).toBe(204);
      expect(res.text).toBe('');
      expect(await storedRow(stack, a.id)).toBeUndefined();
      expect((await demo.get(`${BASE}/${a.id}`)).status).toBe(404);
      expect((await demo.delete(`${BASE}/${a.id}`)).status).toBe(404);
    });
  });

  describe('curated audiences', () => {
    let curated: AudienceBody;

    beforeAll(async () => {
      const res = await demo.get(`${BASE}?limit=200`);
      curated = (res.body.data as AudienceBody[]).find((a) => a.name === 'Gen Z women' && a.flags?.includes('curated')) as AudienceBody;
    });

    it('are readable by every organisation, view-only', async () => {
      expect(curated).toMatchObject({
        expression: {
          and: [
            { question: 'age_group', datapoints: ['16_24'] },
            { question: 'gender', datapoints: ['female'] },
          ],
        },
        permissions: { audience_overall: 'view' },
        flags: ['curated'],
        datasets: ['core'],
        v1_id: null,
      });
      for (const c of [demo, acme]) {
        const res = await c.get(`${BASE}/${curated.id}`);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual(curated);
      }
    });

    it('are writable by none: 403 on PUT, PATCH and DELETE, and unchanged', async () => {
      const before = await storedRow(stack, curated.id);
      expect(before).toMatchObject({ org_id: null });
      for (const c of [demo, acme]) {
        for (const method of ['put', 'patch', 'delete'] as const) {
          const res = await c.send(method, `${BASE}/${curated.id}`, { ...women, name: 'Mine now' });
          expect({ method, status: res.status }).toEqual({ method, status: 403 });
          expect(res.body.type).toBe('urn:aas:problem:forbidden');
        }
      }
      expect(await storedRow(stack, curated.id)).toEqual(before);
    });
  });

  describe('GET list', () => {
    it('pages through one folder ordered by position, then created_at', async () => {
      const folder = randomUUID();
      const positions = [5, -1, 3, 3, 0.5, 10, 3];
      const created: AudienceBody[] = [];
      for (const [i, position] of positions.entries()) {
        created.push(await create(demo, { ...women, name: `list ${i}`, folder_id: folder, position }));
      }
      // Equal positions keep creation order.
      const expected = ['list 1', 'list 4', 'list 2', 'list 3', 'list 6', 'list 0', 'list 5'];

      const pages: AudienceBody[][] = [];
      for (const offset of [0, 3, 6]) {
        const res = await demo.get(`${BASE}?folder_id=${folder}&limit=3&offset=${offset}`);
        expect(res.status).toBe(200);
        expect(res.body.paging).toEqual({ limit: 3, offset, total: 7 });
        pages.push(res.body.data);
      }
      expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
      expect(pages.flat().map((a) => a.name)).toEqual(expected);
      expect(pages.flat()).toEqual(expected.map((name) => created.find((a) => a.name === name)));

      const beyond = await demo.get(`${BASE}?folder_id=${folder}&limit=3&offset=7`);
      expect(beyond.body).toEqual({ data: [], paging: { limit: 3, offset: 7, total: 7 } });
    });

    it("lists the organisation's audiences and the curated ones, with defaults limit 50 offset 0", async () => {
      const mine = await stack.query<{ n: number }>(`SELECT count(*)::int AS n FROM saved_audiences WHERE org_id = 'demo'`);
      const curated = await stack.query<{ n: number }>(`SELECT count(*)::int AS n FROM saved_audiences WHERE org_id IS NULL`);
      expect(curated[0].n).toBeGreaterThan(0);

      const all = await demo.get(BASE);
      expect(all.status).toBe(200);
      expect(all.body.paging).toEqual({ limit: 50, offset: 0, total: mine[0].n + curated[0].n });
      expect(all.body.data).toHaveLength(Math.min(50, mine[0].n + curated[0].n));

      const own = await demo.get(`${BASE}?include_curated=false&limit=200`);
      expect(own.body.paging.total).toBe(mine[0].n);
      expect((own.body.data as AudienceBody[]).every((a) => a.permissions.audience_overall === 'edit')).toBe(true);

      const acmeList = await acme.get(`${BASE}?limit=200`);
      const acmeOwn = (acmeList.body.data as AudienceBody[]).filter((a) => !a.flags?.includes('curated'));
      const acmeRows = await stack.query<{ id: string }>(`SELECT id FROM saved_audiences WHERE org_id = 'acme-retail'`);
      expect(acmeOwn.map((a) => a.id).sort()).toEqual(acmeRows.map((r) => r.id).sort());
    });

    it('is ordered across the whole list', async () => {
      const res = await demo.get(`${BASE}?limit=200`);
      const list = res.body.data as AudienceBody[];
      for (let i = 1; i < list.length; i++) {
        const [a, b] = [list[i - 1], list[i]];
        const inOrder = a.position < b.position || (a.position === b.position && a.created_at <= b.created_at);
        expect({ a: a.name, b: b.name, inOrder }).toEqual({ a: a.name, b: b.name, inOrder: true });
      }
    });

    it('refuses bad paging and unknown parameters', async () => {
      for (const query of ['limit=201', 'limit=0', 'limit=ten', 'offset=-1', 'offset=1.5', 'include_curated=maybe', 'folder_id=inbox', 'sort=name']) {
        const res = await demo.get(`${BASE}?${query}`);
        expect({ query, status: res.status }).toEqual({ query, status: 400 });
        expect(res.body.type).toBe('urn:aas:problem:validation');
      }
      expect((await demo.get(`${BASE}?limit=200`)).status).toBe(200);
    });
  });

  describe('concurrency', () => {
    it('answers a burst of 25 concurrent PUTs and PATCHes of one audience with 200 each (no pooled connection held while the body is checked)', async () => {
      // The audience is moved to an organisation the gateway has never seen, so each write's check
      // must read its entitlements from the database (nothing cached). An expression that touches no
      // dataset needs none.
      const owner = client(stack, await stack.token('audiences-burst-a', 141));
      const created = await owner.post(BASE, { ...women, name: 'Burst', expression: {} });
      expect(created.status).toBe(201);
      const id = created.body.data.id as string;
      const burst = client(stack, await stack.token('audiences-burst-b', 142));
      await stack.query(`UPDATE saved_audiences SET org_id = 'audiences-burst-b' WHERE id = $1`, [id]);
      const { result: responses, msAfterRelease } = await whileRowLocked(
        stack.databaseUrl,
        { sql: 'SELECT id FROM saved_audiences WHERE id = $1 FOR UPDATE', params: [id] },
        () =>
          Promise.all(
            Array.from({ length: 25 }, (_, i) =>
              i % 2 === 0
                ? burst.put(`${BASE}/${id}`, { ...women, name: `Burst ${i}`, expression: {}, position: i })
                : burst.patch(`${BASE}/${id}`, { name: `Burst ${i}`, position: i }),
            ),
          ),
      );
      expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
      // A generous bound (each write holds the lock for milliseconds): what it catches is a wait for the pool.
      expect(msAfterRelease).toBeLessThan(15_000);
      const final = (await burst.get(`${BASE}/${id}`)).body.data as AudienceBody;
      expect(responses.map((r) => r.body.data.name)).toContain(final.name);
    });
  });

  it('documents the endpoints and the list paging in OpenAPI', async () => {
    const res = await demo.get('/docs/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as {
      paths: Record<string, Record<string, unknown>>;
      components: { schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    expect(Object.keys(doc.paths[BASE]).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths[`${BASE}/{id}`]).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    expect(Object.keys(doc.components.schemas['AudienceListResponse'].properties).sort()).toEqual(['data', 'paging']);
    expect(Object.keys(doc.components.schemas['AudiencePaging'].properties).sort()).toEqual(['limit', 'offset', 'total']);
    expect(doc.components.schemas['AudiencePermissions'].properties['audience_overall']).toMatchObject({ enum: ['edit', 'view'] });
  });
});
