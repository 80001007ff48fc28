import { Redis } from 'ioredis';
import request from 'supertest';
import { DEVELOPMENT_JWT_SECRET } from '@aas/shared-infra';
import { OpenApiContract } from '../contract/openapi-contract';
import { AppProcess, freePort, START_TIMEOUT_MS, waitForStatus } from '../support/processes';
import { Stack } from '../support/stack';

const LIMIT = 5;
const WINDOW_SECONDS = 60;

/**
 * The gateway's defaults are safe to run: a per-organisation rate limit (429 with Retry-After,
 * counted in Redis, before any job is queued), the development secret refused beyond loopback,
 * security headers, no x-powered-by, CORS only for configured origins.
 */
describe('safe defaults', () => {
  let stack: Stack;
  let redis: Redis;

  beforeAll(async () => {
    stack = await Stack.start({
      label: 'safedefaults',
      jobMode: 'queue',
      workers: 1,
      env: { RATE_LIMIT_REQUESTS: String(LIMIT), RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS) },
    });
    redis = new Redis(stack.redisUrl);
  });
  afterAll(async () => {
    redis?.disconnect();
    await stack?.stop();
  });

  /** How many system jobs were ever added (BullMQ's id counter): a refused request must not add one. */
  const jobsAdded = async () => Number((await redis.get(`${stack.prefix}:system:id`)) ?? 0);

  describe('per-organisation rate limit', () => {
    it('answers 429 with Retry-After once a tenant passes its limit, before queueing a job, while another tenant is served', async () => {
      const [busy, other] = await Promise.all([stack.token('busy-org', 11), stack.token('quiet-org', 12)]);
      const ping = (token: string) => request(stack.baseUrl).post('/v1/system/ping').set('Authorization', `Bearer ${token}`).send({});

      for (let i = 0; i < LIMIT; i++) {
        const res = await ping(busy);
        expect({ i, status: res.status, body: res.body as unknown }).toMatchObject({ i, status: 200 });
      }
      const before = await jobsAdded();
      const refused = await ping(busy);
      expect({ status: refused.status, body: refused.body as unknown }).toMatchObject({
        status: 429,
        body: { type: 'urn:aas:problem:rate-limited', status: 429, title: 'Too Many Requests' },
      });
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
      expect(await jobsAdded()).toBe(before);

      // Every endpoint of the tenant is refused, not only the one that used the budget up.
      const list = await request(stack.baseUrl).get('/v2/saved/audiences').set('Authorization', `Bearer ${busy}`);
      expect(list.status).toBe(429);

      // The other tenant has its own budget.
      const served = await ping(other);
      expect({ status: served.status, body: served.body as unknown }).toMatchObject({ status: 200 });

      // Counted in Redis under the deployment's prefix (shared by every gateway), one key per organisation.
      const keys = await redis.keys(`${stack.prefix}:ratelimit:*`);
      expect(keys.sort()).toEqual([`${stack.prefix}:ratelimit:org:busy-org`, `${stack.prefix}:ratelimit:org:quiet-org`]);
      expect(Number(await redis.get(`${stack.prefix}:ratelimit:org:busy-org`))).toBeGreaterThan(LIMIT);

      // Public routes are not counted: health answers whatever the tenants did.
      expect((await request(stack.baseUrl).get('/health/live')).status).toBe(200);
    });

    it('answers as the OpenAPI document says a 429 answers', async () => {
      const token = await stack.token('doc-org', 13);
      const doc = await request(stack.baseUrl).get('/docs/openapi.json');
      const contract = new OpenApiContract(doc.body as Record<string, unknown>);
      let res: request.Response | undefined;
      for (let i = 0; i <= LIMIT; i++) res = await request(stack.baseUrl).get('/v2/saved/audiences').set('Authorization', `Bearer ${token}`);
      expect(res!.status).toBe(429);
      expect(contract.check('get', '/v2/saved/audiences', { status: res!.status, headers: res!.headers, text: res!.text })).toEqual([]);
    });
  });

  describe('headers', () => {
    it('sends security headers and no x-powered-by', async () => {
      const res = await request(stack.baseUrl).get('/health/live');
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    });

    it('sends no CORS header when no origin is configured', async () => {
      const res = await request(stack.baseUrl).get('/health/live').set('Origin', 'https://app.example.com');
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      const preflight = await request(stack.baseUrl)
        .options('/v1/system/ping')
        .set('Origin', 'https://app.example.com')
        .set('Access-Control-Request-Method', 'POST');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    });
  });

  describe('bound beyond loopback', () => {
    const gateways: AppProcess[] = [];
    afterAll(() => Promise.all(gateways.map((g) => g.stop())));

    async function gatewayOn(host: string, env: NodeJS.ProcessEnv): Promise<{ gateway: AppProcess; port: number }> {
      const port = await freePort();
      const gateway = new AppProcess(`gateway-${host}`, 'apps/gateway/src/main.js', stack.env({ PORT: String(port), HOST: host, ...env }));
      gateways.push(gateway);
      return { gateway, port };
    }

    it.each([
      ['HOST=0.0.0.0 and no JWT_SECRET', { HOST: '0.0.0.0', JWT_SECRET: '' }, /HOST=0\.0\.0\.0/],
      ['HOST=0.0.0.0 and the development secret set explicitly', { HOST: '0.0.0.0', JWT_SECRET: DEVELOPMENT_JWT_SECRET }, /HOST=0\.0\.0\.0/],
      ['HOST=:: and no JWT_SECRET', { HOST: '::', JWT_SECRET: '' }, /HOST=::/],
      [
        'NODE_ENV=production and the development secret',
        { HOST: '127.0.0.1', NODE_ENV: 'production', JWT_SECRET: DEVELOPMENT_JWT_SECRET },
        /NODE_ENV=production/,
      ],
    ])('refuses to start with %s (exit 78, naming JWT_SECRET)', async (_name, { HOST, ...env }, why) => {
      const { gateway } = await gatewayOn(HOST, env);
      const { code } = await gateway.exited;
      expect({ code, logs: gateway.logs }).toMatchObject({ code: 78 });
      expect(gateway.logs).toContain('JWT_SECRET: the development secret is published in the repository');
      expect(gateway.logs).toMatch(why);
      expect(gateway.logs).not.toContain('listening');
    });

    it('starts on loopback with the development secret, but says so in a warning line at start', async () => {
      const { gateway, port } = await gatewayOn('127.0.0.1', { JWT_SECRET: '' });
      await waitForStatus(`http://127.0.0.1:${port}/health/live`, 200, START_TIMEOUT_MS, gateway);
      const warning = gateway.logs.split('\n').find((line) => line.includes('JWT_SECRET is not set'));
      expect(warning).toBeDefined();
      expect(JSON.parse(warning as string)).toMatchObject({ level: 40, jwt: 'development secret' });
      expect(warning).toMatch(/anyone who can reach this gateway can sign a token/);
      // With a real secret (this file's own stack) there is nothing to warn of.
      expect(stack.gateway.logs).not.toContain('JWT_SECRET is not set');
    });

    it('starts with a real secret, and answers CORS for a configured origin only', async () => {
      const { gateway, port } = await gatewayOn('0.0.0.0', { CORS_ORIGINS: 'https://app.example.com, https://admin.example.com' });
      const base = `http://127.0.0.1:${port}`;
      await waitForStatus(`${base}/health/ready`, 200, START_TIMEOUT_MS, gateway);

      const allowed = await request(base).get('/health/live').set('Origin', 'https://app.example.com');
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(allowed.headers['access-control-expose-headers']).toContain('Retry-After');
      const preflight = await request(base)
        .options('/v2/saved/audiences')
        .set('Origin', 'https://admin.example.com')
        .set('Access-Control-Request-Method', 'POST')
        .set('Access-Control-Request-Headers', 'authorization,content-type');
      expect(preflight.status).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://admin.example.com');
      expect(preflight.headers['access-control-allow-headers']).toMatch(/authorization/i);

      const other = await request(base).get('/health/live').set('Origin', 'https://evil.example.net');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      expect(other.headers['x-powered-by']).toBeUndefined();
    });
  });
});
