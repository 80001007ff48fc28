import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { runTool } from '../support/processes';
import { Stack, TEST_JWT_SECRET } from '../support/stack';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

describe('authentication', () => {
  let stack: Stack;
  let good: string;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'auth', jobMode: 'inline' });
    good = await stack.token('acme', 7);
  });
  afterAll(() => stack?.stop());

  const sign = (claims: object, secret = TEST_JWT_SECRET) => jwt.sign(claims, secret, { algorithm: 'HS256' });

  it('accepts a valid token with and without the Bearer scheme', async () => {
    for (const header of [`Bearer ${good}`, good, `bearer ${good}`]) {
      const res = await request(stack.baseUrl).post('/v1/system/ping').set('Authorization', header).send({});
      expect(res.status).toBe(200);
    }
  });

  it('tolerates 30 s of clock skew on exp', async () => {
    const token = sign({ sub: '7', org: 'acme', exp: now() - 20 });
    const res = await request(stack.baseUrl).post('/v1/system/ping').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
  });

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const flipped = (() => {
    const [h, p, s] = sign({ sub: '7', org: 'acme', exp: now() + 600 }).split('.');
    const bytes = Buffer.from(s, 'base64url');
    bytes[0] ^= 0x01;
    return `${h}.${p}.${bytes.toString('base64url')}`;
  })();

  const cases: [string, () => string | undefined][] = [
    ['alg none', () => `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: '7', org: 'acme', exp: now() + 600 })}.`],
    ['HS256 signed with a wrong secret', () => sign({ sub: '7', org: 'acme', exp: now() + 600 }, 'not-the-secret-at-all')],
    ['expired by 61 s', () => sign({ sub: '7', org: 'acme', exp: now() - 61 })],
    ['nbf in the future', () => sign({ sub: '7', org: 'acme', exp: now() + 600, nbf: now() + 120 })],
    ['no exp', () => sign({ sub: '7', org: 'acme' })],
    ['a flipped signature byte', () => flipped],
    ['an unknown organisation', () => sign({ sub: '7', org: 'nobody', exp: now() + 600 })],
    ['a sub that is not an integer', () => sign({ sub: 'alice', org: 'acme', exp: now() + 600 })],
    ['RS256 when HS256 is configured', () => jwt.sign({ sub: '7', org: 'acme', exp: now() + 600 }, privateKey, { algorithm: 'RS256' })],
    ['an empty header', () => ''],
    ['garbage', () => 'not a token at all !!'],
    ['no header', () => undefined],
  ];

  it.each(cases)('answers 401 in the problem shape for %s', async (_name, make) => {
    const token = make();
    let req = request(stack.baseUrl).post('/v1/system/ping');
    if (token !== undefined) req = req.set('Authorization', token);
    const res = await req;
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ type: 'urn:aas:problem:unauthorized', title: 'Unauthorized', status: 401 });
    expect(typeof res.body.detail).toBe('string');
    expect(res.body.request_id).toBe(res.headers['x-request-id']);
  });

  it('needs no token for health and docs', async () => {
    expect((await request(stack.baseUrl).get('/health/live')).status).toBe(200);
    expect((await request(stack.baseUrl).get('/health/ready')).status).toBe(200);
    const doc = await request(stack.baseUrl).get('/docs/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(doc.body.components.schemas.Problem).toBeDefined();
    expect((await request(stack.baseUrl).get('/docs')).status).toBe(200);
  });
});

describe('authentication with RS256 (JWT_PUBLIC_KEY)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  let stack: Stack;

  beforeAll(async () => {
    stack = await Stack.start({
      label: 'rs256',
      jobMode: 'inline',
      env: { JWT_PUBLIC_KEY: publicKey.export({ type: 'spki', format: 'pem' }).toString(), JWT_ISSUER: 'https://idp.example', JWT_AUDIENCE: 'aas' },
    });
    await stack.token('acme', 3);
  });
  afterAll(() => stack?.stop());

  const ping = (token: string) => request(stack.baseUrl).post('/v1/system/ping').set('Authorization', `Bearer ${token}`).send({});
  const claims = { sub: '3', org: 'acme', exp: now() + 600 };

  it('accepts an RS256 token with the configured issuer and audience', async () => {
    const token = jwt.sign(claims, privateKey, { algorithm: 'RS256', issuer: 'https://idp.example', audience: 'aas' });
    expect((await ping(token)).status).toBe(200);
  });

  it.each([
    [
      'an HS256 token signed with the public key (algorithm confusion)',
      () =>
        jwt.sign(claims, publicKey.export({ type: 'spki', format: 'pem' }).toString(), { algorithm: 'HS256', issuer: 'https://idp.example', audience: 'aas' }),
    ],
    ['a wrong issuer', () => jwt.sign(claims, privateKey, { algorithm: 'RS256', issuer: 'https://evil.example', audience: 'aas' })],
    ['a wrong audience', () => jwt.sign(claims, privateKey, { algorithm: 'RS256', issuer: 'https://idp.example', audience: 'other' })],
  ])('refuses %s with 401', async (_name, make) => {
    const res = await ping(make());
    expect(res.status).toBe(401);
    expect(res.body.type).toBe('urn:aas:problem:unauthorized');
    expect(res.headers['www-authenticate']).toBe(
      `Bearer realm="aas", error="invalid_token", resource_metadata="${stack.baseUrl}/.well-known/oauth-protected-resource"`,
    );
  });

  it('names the configured issuer as the authorization server in the protected-resource metadata (RFC 9728), for the API and the MCP server', async () => {
    const api = await request(stack.baseUrl).get('/.well-known/oauth-protected-resource');
    expect(api.status).toBe(200);
    expect(api.body).toEqual({
      resource: stack.baseUrl,
      authorization_servers: ['https://idp.example'],
      bearer_methods_supported: ['header'],
      resource_name: 'Audience Analytics Service',
      resource_documentation: `${stack.baseUrl}/docs`,
    });
    const mcp = await request(stack.baseUrl).get('/.well-known/oauth-protected-resource/v1/assistant-api/mcp');
    expect(mcp.body).toMatchObject({ resource: `${stack.baseUrl}/v1/assistant-api/mcp`, authorization_servers: ['https://idp.example'] });
    const anonymous = await request(stack.baseUrl).post('/v1/assistant-api/mcp').send({ jsonrpc: '2.0', id: 1, method: 'ping' });
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers['www-authenticate']).toBe(
      `Bearer realm="aas", resource_metadata="${stack.baseUrl}/.well-known/oauth-protected-resource/v1/assistant-api/mcp"`,
    );
  });
});

describe('npm run token', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'tokencli', jobMode: 'inline' });
  });
  afterAll(() => stack?.stop());

  it('creates the organisation and user and prints a token the gateway accepts', async () => {
    const output = await runTool('tools/token/token.js', ['--org', 'cli-org', '--user', '42', '--email', 'ana@cli.example'], {
      DATABASE_URL: stack.databaseUrl,
      JWT_SECRET: TEST_JWT_SECRET,
    });
    const token = output.trim().split('\n').pop()!;
    const res = await request(stack.baseUrl).post('/v1/system/ping').set('Authorization', `Bearer ${token}`).send({});
    expect(res.status).toBe(200);
    const users = await stack.query<{ id: number; org_id: string; email: string }>('SELECT id, org_id, email FROM users WHERE id = 42');
    expect(users).toEqual([{ id: 42, org_id: 'cli-org', email: 'ana@cli.example' }]);
    await expect(runTool('tools/token/token.js', ['--org', 'Bad Org!', '--user', '1'], { DATABASE_URL: stack.databaseUrl })).rejects.toThrow(/--org/);
  });

  it('--admin adds the admin claim, which opens the admin endpoints; without it they answer 403', async () => {
    const mint = async (...extra: string[]) =>
      (await runTool('tools/token/token.js', ['--org', 'cli-ops', '--user', '43', ...extra], { DATABASE_URL: stack.databaseUrl, JWT_SECRET: TEST_JWT_SECRET }))
        .trim()
        .split('\n')
        .pop()!;
    const admin = await mint('--admin');
    const member = await mint();
    expect((await request(stack.baseUrl).get('/v1/admin/organisations').set('Authorization', `Bearer ${admin}`)).status).toBe(200);
    const refused = await request(stack.baseUrl).get('/v1/admin/organisations').set('Authorization', `Bearer ${member}`);
    expect({ status: refused.status, type: refused.body.type }).toEqual({ status: 403, type: 'urn:aas:problem:forbidden' });
    await expect(runTool('tools/token/token.js', ['--org', 'cli-ops', '--user', '43', '--admin', 'yes'], { DATABASE_URL: stack.databaseUrl })).rejects.toThrow(
      /--admin takes no value/,
    );
  });
});
