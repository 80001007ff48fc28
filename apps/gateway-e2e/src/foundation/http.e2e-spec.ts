import request from 'supertest';
import { Stack } from '../support/stack';

describe('HTTP conventions', () => {
  let stack: Stack;
  let auth: string;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'http', jobMode: 'inline', env: { BODY_LIMIT_BYTES: '4096' } });
    auth = `Bearer ${await stack.token('acme', 1)}`;
  });
  afterAll(() => stack?.stop());

  const post = (path: string) => request(stack.baseUrl).post(path).set('Authorization', auth);

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await post('/v1/system/ping').set('Content-Type', 'application/json').send('{"delay_ms": ');
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ type: 'urn:aas:problem:bad-request', status: 400, title: 'Bad Request' });
    expect(res.body.detail).toMatch(/JSON/);
  });

  it('answers a body over BODY_LIMIT_BYTES with 413', async () => {
    const res = await post('/v1/system/ping')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ pad: 'x'.repeat(5000) }));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ type: 'urn:aas:problem:payload-too-large', status: 413 });
  });

  it('answers a body nested too deep with 400 before any validator walks it', async () => {
    const depth = 700; // ~2 KiB of brackets: within the 4 KiB limit of this stack, far past the 100-level bound
    const res = await post('/v1/system/ping')
      .set('Content-Type', 'application/json')
      .send(`{"delay_ms":${'['.repeat(depth)}${']'.repeat(depth)}}`);
    expect(res.status).toBe(400);
    expect(res.body.detail).toBe('The request body nests deeper than 100 levels');
  });

  it('names unknown members with 400', async () => {
    const res = await post('/v1/system/ping').send({ delay_ms: 0, colour: 'red' });
    expect(res.status).toBe(400);
    expect(res.body.type).toBe('urn:aas:problem:validation');
    expect(res.body.errors).toEqual([{ path: '/colour', message: "unknown member 'colour' is not allowed" }]);
  });

  it('names the invalid member with its path', async () => {
    const res = await post('/v1/system/ping').send({ delay_ms: 'soon' });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain('/delay_ms');
  });

  it('answers unknown routes with 404 in the same shape', async () => {
    const res = await post('/v9/nothing/here');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ type: 'urn:aas:problem:not-found', status: 404 });
  });

  it('echoes a client request id and makes one when absent', async () => {
    const mine = await post('/v1/system/ping').set('x-request-id', 'trace-abc-123').send({});
    expect(mine.headers['x-request-id']).toBe('trace-abc-123');
    const made = await post('/v1/system/ping').send({});
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const unsafe = await post('/v1/system/ping').set('x-request-id', 'bad id with spaces').send({});
    expect(unsafe.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('writes structured JSON logs that carry the request id', async () => {
    await post('/v1/system/ping').set('x-request-id', 'log-check-42').send({});
    // The access log line is written when the response finishes, so it may trail the response a little.
    // The ping's job line carries the id too (as requestId); the access line is the one with req.
    const accessLine = () =>
      stack.gateway.logs
        .split('\n')
        .filter((l) => l.includes('log-check-42'))
        .map((l) => JSON.parse(l) as { req?: { id?: string } })
        .find((e) => e.req !== undefined);
    const until = Date.now() + 5000;
    while (!accessLine() && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(accessLine()?.req?.id).toBe('log-check-42');
  });
});
