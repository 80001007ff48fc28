import { ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import request from 'supertest';
import { freePort, sleep, waitForStatus } from '../support/processes';
import { Stack } from '../support/stack';

/** A private redis-server, so this test can stop Redis without disturbing anyone else. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.end(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return child;
    await sleep(100);
  }
  throw new Error('redis-server did not start');
}

describe('readiness follows Redis', () => {
  let stack: Stack;
  let redis: ChildProcess;
  let port: number;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
    stack = await Stack.start({ label: 'health', jobMode: 'queue', workers: 0, redisUrl: `redis://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await stack?.stop();
    redis?.kill('SIGKILL');
  });

  it('is 200 with Postgres and Redis up, 503 with Redis stopped, and 200 again when it returns, without a restart', async () => {
    const up = await request(stack.baseUrl).get('/health/ready');
    expect(up.status).toBe(200);
    expect(up.body.checks).toEqual({ postgres: 'up', redis: 'up' });

    redis.kill('SIGKILL');
    await waitForStatus(`${stack.baseUrl}/health/ready`, 503, 10_000);
    const down = await request(stack.baseUrl).get('/health/ready');
    expect(down.body.checks).toEqual({ postgres: 'up', redis: 'down' });
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
