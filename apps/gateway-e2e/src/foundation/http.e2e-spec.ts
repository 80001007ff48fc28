import http from 'node:http';
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

  it('answers a request whose headers are too large (a 100 KB Authorization) with 431, never a reset connection', async () => {
    const big = `Bearer ${'a'.repeat(100 * 1024)}`;
    /** One request on a connection of its own: its status, or the socket error it met instead. */
    const send = (method: 'GET' | 'POST') =>
      new Promise<{ status: number | string; type?: string; body: string }>((resolve) => {
        const url = new URL(`${stack.baseUrl}/v2/saved/audiences`);
        const req = http.request(
          { host: url.hostname, port: url.port, path: url.pathname, method, agent: false, headers: { authorization: big, 'content-type': 'application/json' } },
          (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => (body += chunk.toString()));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], body }));
          },
        );
        req.on('error', (err: NodeJS.ErrnoException) => resolve({ status: err.code ?? err.message, body: '' }));
        req.end(method === 'POST' ? JSON.stringify({ name: 'x'.repeat(20_000) }) : undefined);
      });
    // Node's own answer reset most of these connections (the client was still sending); every one must read its 431.
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await send('GET'), await send('POST'));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 431));
    expect(answers[0].type).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(answers[1].body)).toMatchObject({ status: 431, title: 'Request Header Fields Too Large', type: 'urn:aas:problem:http' });
    // The gateway still answers on new connections.
    expect((await post('/v1/system/ping').send({})).status).toBe(200);
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
