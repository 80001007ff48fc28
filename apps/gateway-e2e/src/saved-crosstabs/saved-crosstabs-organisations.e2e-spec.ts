import { randomUUID } from 'node:crypto';
import { Stack } from '../support/stack';
import { BASE, Client, client, Method, problemWithoutRequest, project, ProjectBody, storedRow, SURVEY } from './saved-crosstabs-helpers';

/**
 * Organisation B (acme-retail) on organisation A's (demo) project: every method answers 404
 * with the body a missing uuid gets, and A's row is unchanged.
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
    const before = await storedRow(stack, mine.uuid);
    const foreign = await orgB.send(method, `${BASE}/${mine.uuid}`, bodies[method]);
    const missing = await orgB.send(method, `${BASE}/${randomUUID()}`, bodies[method]);
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.headers['content-type']).toBe(missing.headers['content-type']);
    expect(JSON.stringify(problemWithoutRequest(foreign.body))).toBe(JSON.stringify(problemWithoutRequest(missing.body)));
    expect(await storedRow(stack, mine.uuid)).toEqual(before);
  });

  it("answers a POST of A's uuid exactly like a POST of B's own taken uuid, revealing nothing", async () => {
    const own = await orgB.post(BASE, { ...project, name: "B's" });
    expect(own.status).toBe(200);
    const before = await storedRow(stack, mine.uuid);
    const foreign = await orgB.post(BASE, { ...project, name: 'Hijack', uuid: mine.uuid });
    const taken = await orgB.post(BASE, { ...project, name: 'Again', uuid: own.body.uuid });
    expect(foreign.status).toBe(409);
    expect(taken.status).toBe(409);
    expect(JSON.stringify(problemWithoutRequest(foreign.body))).toBe(JSON.stringify(problemWithoutRequest(taken.body)));
    expect(JSON.stringify(foreign.body)).not.toContain("A's project");
    expect(await storedRow(stack, mine.uuid)).toEqual(before);
  });

  it("does not list the other organisation's project", async () => {
    const res = await orgB.get(`${BASE}?limit=200`);
    expect(res.status).toBe(200);
    expect((res.body.data as ProjectBody[]).map((p) => p.uuid)).not.toContain(mine.uuid);
    expect((res.body.data as ProjectBody[]).every((p) => p.org_id === 'acme-retail')).toBe(true);
  });

  it("leaves A's project exactly as A created it", async () => {
    const res = await orgA.get(`${BASE}/${mine.uuid}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(mine);
    expect(await storedRow(stack, mine.uuid)).toMatchObject({ org_id: 'demo', name: "A's project", user_id: 311 });
  });
});
