import request from 'supertest';
import { START_TIMEOUT_MS } from '../support/processes';
import { Stack } from '../support/stack';

describe('job path: gateway -> Redis -> worker -> gateway', () => {
  let stack: Stack;
  let auth: string;

  beforeAll(async () => {
    // Short locks so a killed worker's job is noticed and retried within seconds. The retry test's
    // request waits while a replacement worker starts, which on a loaded machine takes as long as
    // any process start (START_TIMEOUT_MS), so its job timeout covers that; the 504 test below
    // has a stack of its own with a short one.
    stack = await Stack.start({
      label: 'jobs',
      jobMode: 'queue',
      workers: 1,
      env: { WORKER_LOCK_MS: '2000', SHUTDOWN_TIMEOUT_MS: '5000', JOB_TIMEOUT_MS: String(START_TIMEOUT_MS + 30_000) },
    });
    auth = `Bearer ${await stack.token('acme', 1)}`;
  });
  afterAll(() => stack?.stop());

  // supertest sends lazily (on then); the .then makes it send now, so a test can act while the job runs.
  const ping = (body: object = {}) =>
    request(stack.baseUrl)
      .post('/v1/system/ping')
      .set('Authorization', auth)
      .send(body)
      .then((res) => res);

  it('runs the job in a separate worker process and returns its result', async () => {
    const res = await ping();
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe('queue');
    expect(res.body.handled_by).toBe(stack.workers[0].pid);
    expect(res.body.gateway_pid).toBe(stack.gateway.pid);
    expect(res.body.handled_by).not.toBe(res.body.gateway_pid);
    expect(res.body.attempt).toBe(1);
  });

  it('retries a job whose worker dies mid-job on another worker, and the request completes', async () => {
    const doomed = stack.workers[0];
    const pending = ping({ delay_ms: 1500 });
    await stack.waitForActiveJob('system'); // the job is now running on the doomed worker
    doomed.child.kill('SIGKILL');
    await doomed.exited;
    const survivor = await stack.startWorker();
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.body.handled_by).toBe(survivor.pid);
    expect(res.body.attempt).toBe(2);
  });

  it('finishes the active job on SIGTERM before exiting', async () => {
    const worker = stack.workers[stack.workers.length - 1];
    const pending = ping({ delay_ms: 1000 });
    await stack.waitForActiveJob('system');
    const exit = worker.stop('SIGTERM');
    const res = await pending;
    expect(res.status).toBe(200);
    expect(res.body.handled_by).toBe(worker.pid);
    expect(res.body.attempt).toBe(1);
    expect(await exit).toEqual({ code: 0, signal: null });
  });
});

describe('job path with no worker', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'jobtimeout', jobMode: 'queue', workers: 0, env: { JOB_TIMEOUT_MS: '3000' } });
  });
  afterAll(() => stack?.stop());

  it('answers 504 when no worker finishes within the timeout', async () => {
    const auth = `Bearer ${await stack.token('acme', 1)}`;
    const started = Date.now();
    const res = await request(stack.baseUrl).post('/v1/system/ping').set('Authorization', auth).send({ delay_ms: 0 });
    expect(res.status).toBe(504);
    expect(res.body.type).toBe('urn:aas:problem:timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
  });
});

describe('job path without Redis (inline mode)', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'inline', jobMode: 'inline', redisUrl: 'redis://127.0.0.1:1' });
  });
  afterAll(() => stack?.stop());

  it('runs the same job handler inside the gateway', async () => {
    const auth = `Bearer ${await stack.token('acme', 1)}`;
    const res = await request(stack.baseUrl).post('/v1/system/ping').set('Authorization', auth).send({});
    expect(res.status).toBe(200);
    expect(res.body.mode).toBe('inline');
    expect(res.body.handled_by).toBe(stack.gateway.pid);
    const ready = await request(stack.baseUrl).get('/health/ready');
    expect(ready.body.checks).toEqual({ postgres: 'up', redis: 'not used', workers: 'not used' });
    expect(ready.body.workers).toEqual([]);
    // No queues, so no queue board either.
    expect((await request(stack.baseUrl).get('/admin/queues').set('Authorization', auth)).status).toBe(404);
  });
});
