import { ChildProcess } from 'node:child_process';
import request from 'supertest';
import { freePort, waitForStatus } from '../support/processes';
import { startRedis } from '../support/redis-server';
import { Stack } from '../support/stack';

describe('readiness follows Redis', () => {
  let stack: Stack;
  let redis: ChildProcess;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    // One worker: in queue mode readiness also wants a live worker (its heartbeat lives in this Redis too).
    stack = await Stack.start({ label: 'health', jobMode: 'queue', workers: 1, redisUrl: `redis://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await stack?.stop();
    redis?.kill('SIGKILL');
  });

  it('is 200 with Postgres and Redis up, 503 with Redis stopped, and 200 again when it returns, without a restart', async () => {
    const up = await request(stack.baseUrl).get('/health/ready');
    expect(up.status).toBe(200);
    expect(up.body.checks).toEqual({ postgres: 'up', redis: 'up', workers: 'up' });

    redis.kill('SIGKILL');
    await waitForStatus(`${stack.baseUrl}/health/ready`, 503, 10_000);
    const down = await request(stack.baseUrl).get('/health/ready');
    expect(down.body.checks).toEqual({ postgres: 'up', redis: 'down', workers: 'down' });
    expect((await request(stack.baseUrl).get('/health/live')).status).toBe(200);

    const gatewayPid = stack.gateway.pid;
    redis = await startRedis(port);
    await waitForStatus(`${stack.baseUrl}/health/ready`, 200, 15_000);
    expect(stack.gateway.pid).toBe(gatewayPid);
    expect(stack.gateway.running).toBe(true);
  });

  it('answers 503 quickly, not a hang, when a job cannot be queued', async () => {
    redis.kill('SIGKILL');
    await waitForStatus(`${stack.baseUrl}/health/ready`, 503, 10_000);
    const auth = `Bearer ${await stack.token('acme', 1)}`;
    const started = Date.now();
    const res = await request(stack.baseUrl).post('/v1/system/ping').set('Authorization', auth).send({});
    expect(res.status).toBe(503);
    expect(res.body.type).toBe('urn:aas:problem:unavailable');
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
