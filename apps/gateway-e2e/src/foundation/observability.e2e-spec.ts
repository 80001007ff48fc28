import request from 'supertest';
import { signDevToken } from '@aas/shared-infra/http';
import { AppProcess, freePort, waitForReadiness, waitForStatus } from '../support/processes';
import { Stack, TEST_JWT_SECRET } from '../support/stack';

const METRICS_TOKEN = 'observability-metrics-token-0123';
const GEN_Z = { question: 'age_group', datapoints: ['16_24'] };
const WOMEN = { question: 'gender', datapoints: ['female'] };

/** The value of one sample of a Prometheus text exposition (undefined when absent), labels matched exactly in any order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) found[pair[1]] = pair[2];
    if (Object.keys(found).length === Object.keys(labels).length && Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(match[3]);
  }
  return undefined;
}

/** The JSON log lines of a process that carry `msg`. */
function logLines(process: AppProcess, msg: string): Record<string, unknown>[] {
  return process.logs
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        return {};
      }
    })
    .filter((line) => line['msg'] === msg);
}

/**
 * What an operator sees of a running service: readiness that knows whether a worker is alive, the
 * gateway's and a worker's Prometheus metrics after a crosstab, a request id followed into the
 * worker's log line of each of its jobs, and the queue board for administrators only.
 */
describe('observability: readiness by worker heartbeats, metrics, request ids in job logs, the queue board', () => {
  let stack: Stack;
  let worker: AppProcess;
  let workerMetricsUrl: string;
  let user: string;
  let admin: string;

  beforeAll(async () => {
    // No worker at first: readiness must say so. The metrics token guards both metrics endpoints.
    stack = await Stack.start({ label: 'observe', jobMode: 'queue', workers: 0, seed: true, env: { METRICS_TOKEN } });
    user = await stack.token('demo', 1);
    admin = signDevToken(TEST_JWT_SECRET, { sub: 1, org: 'demo', admin: true });
  });
  afterAll(() => stack?.stop());

  const metrics = (url: string) => request(url).get('/metrics').set('Authorization', `Bearer ${METRICS_TOKEN}`);

  it('readiness is 503 in queue mode with no worker alive, and 200 once one beats, naming it', async () => {
    const none = await request(stack.baseUrl).get('/health/ready');
    expect({ status: none.status, body: none.body }).toEqual({
      status: 503,
      body: { status: 'unavailable', checks: { postgres: 'up', redis: 'up', workers: 'down' }, workers: [] },
    });

    const port = await freePort();
    workerMetricsUrl = `http://127.0.0.1:${port}`;
    worker = await stack.startWorker({ WORKER_METRICS_PORT: String(port), WORKER_METRICS_HOST: '127.0.0.1' });
    await waitForStatus(`${stack.baseUrl}/health/ready`, 200, 15_000, stack.gateway);
    const ready = await request(stack.baseUrl).get('/health/ready');
    expect(ready.body).toEqual({
      status: 'ok',
      checks: { postgres: 'up', redis: 'up', workers: 'up' },
      workers: [{ id: expect.stringContaining(`-${worker.pid}-`), queues: ['system', 'engine', 'imports'], started_at: expect.any(String) }],
    });
  });

  it('shows the HTTP and job series on the gateway and the worker after a crosstab, and the request id in the worker log line of each job', async () => {
    const requestId = `trace-${Date.now()}`;
    const res = await request(stack.baseUrl)
      .post('/v2/query/crosstab')
      .set('Authorization', `Bearer ${user}`)
      .set('x-request-id', requestId)
      .send({ rows: [{ id: 'women', expression: WOMEN }], columns: [{ id: 'genz', expression: GEN_Z }] });
    expect({ status: res.status, text: res.status === 200 ? '' : res.text }).toEqual({ status: 200, text: '' });
    expect(res.headers['x-request-id']).toBe(requestId);
    // Two more routes: one with an id in its path (one series per template, not per id), one unknown.
    expect((await request(stack.baseUrl).get('/v2/saved/audiences/7b0c6a1e-5b1f-4c55-9d4a-1f0e2d3c4b5a').set('Authorization', `Bearer ${user}`)).status).toBe(
      404,
    );
    expect((await request(stack.baseUrl).get('/no/such/path/42')).status).toBe(404);

    // The worker's one line per job: the request id, a job id derived from it, name, queue, attempt, time, outcome.
    await worker.waitForLog(requestId, 10_000);
    const runs = logLines(worker, 'job run').filter((line) => line['requestId'] === requestId);
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) {
      expect(run).toMatchObject({ level: 30, requestId, job: 'engine.compute', queue: 'engine', attempt: 1, outcome: 'completed', ms: expect.any(Number) });
      expect(String(run['jobId']).startsWith(`${requestId}.`)).toBe(true);
    }
    expect(new Set(runs.map((run) => run['jobId'])).size).toBe(runs.length);

    const gateway = await metrics(stack.baseUrl);
    expect(gateway.status).toBe(200);
    expect(gateway.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const g = gateway.text;
    expect(sample(g, 'aas_http_request_duration_seconds_count', { method: 'POST', route: '/v2/query/crosstab', status_code: '200' })).toBeGreaterThanOrEqual(1);
    expect(sample(g, 'aas_http_request_duration_seconds_count', { method: 'GET', route: '/v2/saved/audiences/:id', status_code: '404' })).toBe(1);
    expect(sample(g, 'aas_http_request_duration_seconds_count', { method: 'GET', route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
    expect(g).not.toContain('7b0c6a1e-5b1f-4c55-9d4a-1f0e2d3c4b5a');
    expect(g).not.toContain('/no/such/path');
    expect(sample(g, 'aas_job_wait_seconds_count', { queue: 'engine', name: 'engine.compute', outcome: 'completed' })).toBe(runs.length);
    for (const state of ['waiting', 'active', 'delayed']) expect(sample(g, 'aas_queue_jobs', { queue: 'engine', state })).toBe(0);
    expect(sample(g, 'aas_workers_alive', { queue: 'engine' })).toBe(1);
    expect(sample(g, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    // The gateway hands every computation to workers: it has no engine to report.
    expect(g).not.toContain('aas_engine_partitions_loaded');

    const w = (await metrics(workerMetricsUrl).expect(200)).text;
    expect(sample(w, 'aas_job_run_seconds_count', { queue: 'engine', name: 'engine.compute', outcome: 'completed' })).toBe(runs.length);
    expect(sample(w, 'aas_job_queued_seconds_count', { queue: 'engine', name: 'engine.compute' })).toBe(runs.length);
    expect(sample(w, 'aas_jobs_active', { queue: 'engine' })).toBe(0);
    expect(sample(w, 'aas_engine_partitions_loaded')).toBeGreaterThan(0);
    expect(sample(w, 'aas_engine_arena_used_bytes')).toBeGreaterThan(0);
    expect(w).toMatch(/^aas_engine_data_version_info\{version="[^"]+"\} 1$/m);
    expect(sample(w, 'nodejs_eventloop_lag_seconds')).toBeDefined();
  });

  it('the metrics endpoints want the metrics token when one is set', async () => {
    for (const base of [stack.baseUrl, workerMetricsUrl]) {
      expect((await request(base).get('/metrics')).status).toBe(401);
      expect((await request(base).get('/metrics').set('Authorization', 'Bearer wrong-token-0123456789')).status).toBe(401);
    }
    expect((await request(workerMetricsUrl).get('/other').set('Authorization', `Bearer ${METRICS_TOKEN}`)).status).toBe(404);
  });

  it('the queue board answers 401 without a token, 403 to a token without the admin claim, and shows the queues to an admin', async () => {
    const anonymous = await request(stack.baseUrl).get('/admin/queues');
    expect({ status: anonymous.status, type: anonymous.body.type }).toEqual({ status: 401, type: 'urn:aas:problem:unauthorized' });
    expect(anonymous.headers['www-authenticate']).toContain('Bearer realm="aas"');
    expect((await request(stack.baseUrl).get('/admin/queues/api/queues').set('Authorization', 'Bearer not-a-token')).status).toBe(401);
    const member = await request(stack.baseUrl).get('/admin/queues').set('Authorization', `Bearer ${user}`);
    expect({ status: member.status, type: member.body.type }).toEqual({ status: 403, type: 'urn:aas:problem:forbidden' });

    const page = await request(stack.baseUrl).get('/admin/queues').set('Authorization', `Bearer ${admin}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const api = await request(stack.baseUrl).get('/admin/queues/api/queues').set('Authorization', `Bearer ${admin}`);
    expect(api.status).toBe(200);
    const queues = (api.body as { queues: { name: string; readOnlyMode: boolean }[] }).queues;
    expect(queues.map((q) => [q.name, q.readOnlyMode]).sort()).toEqual([
      ['engine', true],
      ['imports', true],
      ['system', true],
    ]);
    // Read-only: an admin cannot pause a queue from the board either.
    const pause = await request(stack.baseUrl).put('/admin/queues/api/queues/engine/pause').set('Authorization', `Bearer ${admin}`);
    expect(pause.status).toBeGreaterThanOrEqual(400);
    expect(pause.status).toBeLessThan(500);
  });

  it('readiness goes back to 503 when the last worker stops, and to 200 when another starts', async () => {
    await worker.stop('SIGTERM');
    // A clean stop leaves the registry at once; readiness re-checks every second.
    const down = await waitForReadiness(`${stack.baseUrl}/health/ready`, (checks) => checks.workers === 'down', 10_000, stack.gateway);
    expect(down).toEqual({ postgres: 'up', redis: 'up', workers: 'down' });
    expect((await request(stack.baseUrl).get('/health/ready')).status).toBe(503);
    await stack.startWorker();
    await waitForStatus(`${stack.baseUrl}/health/ready`, 200, 15_000, stack.gateway);
  });
});
