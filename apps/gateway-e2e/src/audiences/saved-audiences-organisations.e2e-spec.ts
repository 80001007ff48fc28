import { randomUUID } from 'node:crypto';
import { Stack } from '../support/stack';
import { AudienceBody, BASE, Client, client, Method, problemWithoutRequest, storedRow, SURVEY, women } from './audiences-helpers';

/**
 * Organisation B (acme-retail) on organisation A's (demo) audience: every method answers 404
 * with the body a missing id gets, and A's row is unchanged.
 */
describe('saved audiences across organisations', () => {
  let stack: Stack;
  let orgA: Client;
  let orgB: Client;
  let orgBAdmin: Client;
  let audience: AudienceBody;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'audiencesorgs', jobMode: 'inline', seed: SURVEY });
    orgA = client(stack, await stack.token('demo', 301));
    orgB = client(stack, await stack.token('acme-retail', 401));
    orgBAdmin = client(stack, await stack.token('acme-retail', 402, { admin: true }));
    const res = await orgA.post(BASE, { ...women, name: "A's audience", flags: ['isP2'] });
    expect(res.status).toBe(201);
    audience = res.body.data;
  });
  afterAll(() => stack?.stop());

  const bodies: Record<Method, Record<string, unknown>> = {
    get: {},
    put: { ...women, name: 'Taken over' },
    patch: { name: 'Taken over' },
    delete: {},
  };

  it.each(['get', 'put', 'patch', 'delete'] as Method[])('%s answers 404 exactly like a missing audience and changes nothing', async (method) => {
    const before = await storedRow(stack, audience.id);
    const foreign = await orgB.send(method, `${BASE}/${audience.id}`, bodies[method]);
    const missing = await orgB.send(method, `${BASE}/${randomUUID()}`, bodies[method]);
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.headers['content-type']).toBe(missing.headers['content-type']);
    expect(JSON.stringify(problemWithoutRequest(foreign.body))).toBe(JSON.stringify(problemWithoutRequest(missing.body)));
    expect(await storedRow(stack, audience.id)).toEqual(before);
  });

  it.each(['get', 'put', 'patch', 'delete'] as Method[])(
    '%s by an administrator of the other organisation also answers 404: the admin claim opens only the admin endpoints',
    async (method) => {
      const before = await storedRow(stack, audience.id);
      const foreign = await orgBAdmin.send(method, `${BASE}/${audience.id}`, bodies[method]);
      const missing = await orgBAdmin.send(method, `${BASE}/${randomUUID()}`, bodies[method]);
      expect(foreign.status).toBe(404);
      expect(JSON.stringify(problemWithoutRequest(foreign.body))).toBe(JSON.stringify(problemWithoutRequest(missing.body)));
      expect(await storedRow(stack, audience.id)).toEqual(before);
      // The same token does open the admin endpoints: it is an administrator's.
      expect((await orgBAdmin.get('/v1/admin/organisations/demo')).status).toBe(200);
    },
  );

  it("does not list the other organisation's audience", async () => {
    const res = await orgB.get(`${BASE}?limit=200`);
    expect(res.status).toBe(200);
    expect((res.body.data as AudienceBody[]).map((a) => a.id)).not.toContain(audience.id);
    const folder = await orgB.get(`${BASE}?folder_id=${audience.folder_id}&include_curated=false`);
    expect(folder.body).toEqual({ data: [], paging: { limit: 50, offset: 0, total: 0 } });
  });

  it("leaves A's audience exactly as A created it", async () => {
    const res = await orgA.get(`${BASE}/${audience.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(audience);
    expect(await storedRow(stack, audience.id)).toMatchObject({ org_id: 'demo', name: "A's audience", created_by: 301 });
  });
});
