import { randomUUID } from 'node:crypto';
import { Stack } from '../support/stack';
import { BASE, Client, client, Method, problemWithoutRequest, project, ProjectBody, storedRow, SURVEY } from './saved-crosstabs-helpers';

/**
 * Organisation B (acme-retail) on organisation A's (demo) project: every method answers 404
 * with the body a missing uuid gets, and A's row is unchanged. The key is (org_id, uuid), so
 * POST of A's uuid is no oracle: B gets its own project under that uuid, as with a free one.
 */
describe('saved crosstabs across organisations', () => {
  let stack: Stack;
  let orgA: Client;
  let orgB: Client;
  let mine: ProjectBody;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'xtabsorgs', jobMode: 'inline', seed: SURVEY });
    orgA = client(stack, await stack.token('demo', 311));
    orgB = client(stack, await stack.token('acme-retail', 411));
    const res = await orgA.post(BASE, { ...project, name: "A's project" });
    expect(res.status).toBe(200);
    mine = res.body;
  });
  afterAll(() => stack?.stop());

  const bodies: Record<Method, Record<string, unknown>> = {
    get: {},
    put: { ...project, name: 'Taken over' },
    patch: { name: 'Taken over', notes: 'mine now' },
    delete: {},
  };

  it.each(['get', 'put', 'patch', 'delete'] as Method[])('%s answers 404 exactly like a missing project and changes nothing', async (method) => {
    const before = await storedRow(stack, mine.uuid, 'demo');
    const foreign = await orgB.send(method, `${BASE}/${mine.uuid}`, bodies[method]);
    const missing = await orgB.send(method, `${BASE}/${randomUUID()}`, bodies[method]);
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.headers['content-type']).toBe(missing.headers['content-type']);
    expect(JSON.stringify(problemWithoutRequest(foreign.body))).toBe(JSON.stringify(problemWithoutRequest(missing.body)));
    expect(await storedRow(stack, mine.uuid, 'demo')).toEqual(before);
  });

  it("lets B POST A's uuid and get its own project, exactly as with a free uuid, leaving A's row unchanged", async () => {
    const before = await storedRow(stack, mine.uuid, 'demo');
    const free = await orgB.post(BASE, { ...project, name: 'Free', uuid: randomUUID() });
    const foreign = await orgB.post(BASE, { ...project, name: "B's own", uuid: mine.uuid.toUpperCase() });
    expect(free.status).toBe(200);
    expect(foreign.status).toBe(free.status);
    expect(foreign.headers['content-type']).toBe(free.headers['content-type']);
    expect(Object.keys(foreign.body)).toEqual(Object.keys(free.body));
    expect(foreign.body).toMatchObject({ uuid: mine.uuid, org_id: 'acme-retail', user_id: 411, name: "B's own", notes: project.notes });
    expect(foreign.body.created_at).not.toBe(mine.created_at);
    expect(JSON.stringify(foreign.body)).not.toContain("A's project");

    expect(await storedRow(stack, mine.uuid, 'demo')).toEqual(before);
    expect(await storedRow(stack, mine.uuid, 'acme-retail')).toMatchObject({ org_id: 'acme-retail', user_id: 411, name: "B's own" });
    expect((await orgA.get(`${BASE}/${mine.uuid}`)).body).toEqual(mine);
    expect((await orgB.get(`${BASE}/${mine.uuid}`)).body).toEqual(foreign.body);
  });

  it("answers 409 only for a uuid B's own organisation already uses", async () => {
    const before = await storedRow(stack, mine.uuid, 'acme-retail');
    const again = await orgB.post(BASE, { ...project, name: 'Again', uuid: mine.uuid });
    expect(again.status).toBe(409);
    expect(again.body.type).toBe('urn:aas:problem:conflict');
    expect(JSON.stringify(again.body)).not.toContain("A's project");
    expect(await storedRow(stack, mine.uuid, 'acme-retail')).toEqual(before);
  });

  it.each(['put', 'patch', 'delete'] as Method[])("%s by B on the shared uuid touches only B's project", async (method) => {
    const theirs = await storedRow(stack, mine.uuid, 'demo');
    if ((await storedRow(stack, mine.uuid, 'acme-retail')) === undefined) {
      expect((await orgB.post(BASE, { ...project, name: "B's own", uuid: mine.uuid })).status).toBe(200);
    }
    const res = await orgB.send(method, `${BASE}/${mine.uuid}`, bodies[method]);
    expect(res.status).toBe(method === 'delete' ? 204 : 200);
    const own = await storedRow(stack, mine.uuid, 'acme-retail');
    if (method === 'delete') expect(own).toBeUndefined();
    else expect(own).toMatchObject({ org_id: 'acme-retail', name: 'Taken over' });
    expect(await storedRow(stack, mine.uuid, 'demo')).toEqual(theirs);
  });

  it("does not list the other organisation's project", async () => {
    expect((await orgB.post(BASE, { ...project, name: "B's own", uuid: mine.uuid })).status).toBe(200);
    const res = await orgB.get(`${BASE}?limit=200`);
    expect(res.status).toBe(200);
    const data = res.body.data as ProjectBody[];
    expect(data.every((p) => p.org_id === 'acme-retail')).toBe(true);
    expect(data.filter((p) => p.uuid === mine.uuid).map((p) => p.name)).toEqual(["B's own"]);
    expect(JSON.stringify(res.body)).not.toContain("A's project");
  });

  it("leaves A's project exactly as A created it", async () => {
    const res = await orgA.get(`${BASE}/${mine.uuid}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(mine);
    expect(await storedRow(stack, mine.uuid, 'demo')).toMatchObject({ org_id: 'demo', name: "A's project", user_id: 311 });
  });
});
