import { Redis } from 'ioredis';
import { Client } from 'pg';
import { signDevToken } from '@aas/shared-infra/http';
import { createTestDatabase, deleteRedisPrefix, testRedisUrl, TestDatabase, uniqueRedisPrefix } from '@aas/shared-infra/testing';
import { AppProcess, freePort, runTool, START_TIMEOUT_MS, waitForReadiness, waitForStatus } from './processes';

export const TEST_JWT_SECRET = 'e2e-secret-0123456789abcdef';

export interface StackOptions {
  label: string;
  jobMode?: 'queue' | 'inline';
  workers?: number;
  /** Extra variables for every process (e.g. WORKER_LOCK_MS, JOB_TIMEOUT_MS). */
  env?: NodeJS.ProcessEnv;
  /** Redis for this stack (default: the shared test Redis). */
  redisUrl?: string;
  /**
   * What the start waits for: `ready` (/health/ready answers 200: the default, with workers or
   * inline), `dependencies` (Postgres and Redis up, whatever the workers: the default in queue mode
   * with no worker, when readiness says 503 for want of one) or `live` (when Redis is meant to be down).
   */
  waitFor?: 'ready' | 'dependencies' | 'live';
  /** Load the demo survey (catalogue, organisations `demo` and `acme-retail`, curated audiences, respondents). */
  seed?: boolean | { respondents: number; seed: number };
}

/** The demo survey the e2e tests run against: small, deterministic. */
export const E2E_SURVEY = { respondents: 5000, seed: 1 };

/**
 * The real service for one e2e file: its own database and Redis prefix, the built
 * gateway as a process, and worker processes in queue mode.
 */
export class Stack {
  gateway!: AppProcess;
  workers: AppProcess[] = [];
  baseUrl = '';
  private db!: TestDatabase;
  readonly prefix: string;
  readonly redisUrl: string;

  private constructor(private readonly options: StackOptions) {
    this.prefix = uniqueRedisPrefix(options.label);
    this.redisUrl = options.redisUrl ?? testRedisUrl();
  }

  static async start(options: StackOptions): Promise<Stack> {
    const stack = new Stack(options);
    try {
      await stack.boot();
    } catch (err) {
      await stack.stop();
      throw err;
    }
    return stack;
  }

  get databaseUrl(): string {
    return this.db.url;
  }

  env(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    return {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: this.db.url,
      REDIS_URL: this.redisUrl,
      REDIS_PREFIX: this.prefix,
      JOB_MODE: this.options.jobMode ?? 'queue',
      JWT_SECRET: TEST_JWT_SECRET,
      // The per-organisation rate limit is on (every request passes its guard and Redis counter) but
      // out of reach; safe-defaults.e2e-spec.ts sets a small one to provoke it.
      RATE_LIMIT_REQUESTS: '1000000',
      ...this.options.env,
      ...extra,
    };
  }

  private async boot(): Promise<void> {
    this.db = await createTestDatabase(this.options.label);
    if (this.options.seed) {
      const survey = this.options.seed === true ? E2E_SURVEY : this.options.seed;
      await runTool('tools/seed/seed.js', ['--respondents', String(survey.respondents), '--seed', String(survey.seed)], {
        DATABASE_URL: this.db.url,
      });
    }
    const port = await freePort();
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.gateway = new AppProcess('gateway', 'apps/gateway/src/main.js', this.env({ PORT: String(port), HOST: '127.0.0.1' }));
    const workerCount = (this.options.jobMode ?? 'queue') === 'queue' ? (this.options.workers ?? 1) : 0;
    // Started together, and waited for together: one bound for the whole start, not one per process.
    const workers = Array.from({ length: workerCount }, () => this.startWorker());
    const waitFor = this.options.waitFor ?? (workerCount === 0 && (this.options.jobMode ?? 'queue') === 'queue' ? 'dependencies' : 'ready');
    const gatewayUp =
      waitFor === 'dependencies'
        ? waitForReadiness(`${this.baseUrl}/health/ready`, (checks) => checks.postgres === 'up' && checks.redis === 'up', START_TIMEOUT_MS, this.gateway)
        : waitForStatus(`${this.baseUrl}/health/${waitFor}`, 200, START_TIMEOUT_MS, this.gateway);
    const started = await Promise.allSettled([gatewayUp, ...workers]);
    const failures = started.flatMap((s) => (s.status === 'rejected' ? [s.reason instanceof Error ? s.reason.message : String(s.reason)] : []));
    if (failures.length > 0) throw new Error(`the stack '${this.options.label}' did not start:\n${failures.join('\n\n')}`);
  }

  /** Starts one more worker process and waits until it consumes (failing with its pid, state and output). */
  async startWorker(extra: NodeJS.ProcessEnv = {}): Promise<AppProcess> {
    const worker = new AppProcess(`worker-${this.workers.length + 1}`, 'apps/worker/src/main.js', this.env(extra));
    this.workers.push(worker);
    await worker.waitForLog('worker ready', START_TIMEOUT_MS);
    return worker;
  }

  /** A token for org/user, creating both in this stack's database; `admin` adds the admin claim. */
  async token(org = 'acme', user = 1, options: { email?: string; expiresInSeconds?: number; admin?: boolean } = {}): Promise<string> {
    const client = new Client({ connectionString: this.db.url });
    await client.connect();
    try {
      await client.query('INSERT INTO organisations (id, name) VALUES ($1, $1) ON CONFLICT DO NOTHING', [org]);
      await client.query('INSERT INTO users (id, org_id, email) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [
        user,
        org,
        options.email ?? `user${user}@${org}.example`,
      ]);
    } finally {
      await client.end();
    }
    return signDevToken(TEST_JWT_SECRET, { sub: user, org, email: options.email, admin: options.admin }, { expiresInSeconds: options.expiresInSeconds });
  }

  /** Resolves once a worker holds at least one job of the queue (BullMQ's active list), so a test can act on a running job. */
  async waitForActiveJob(queue: string, ms = 10_000): Promise<void> {
    const redis = new Redis(this.redisUrl);
    try {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        if ((await redis.llen(`${this.prefix}:${queue}:active`)) > 0) return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no ${queue} job became active within ${ms} ms`);
    } finally {
      redis.disconnect();
    }
  }

  async query<T = Record<string, unknown>>(sql: string, params: unknown[] = []): Promise<T[]> {
    const client = new Client({ connectionString: this.db.url });
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  async stop(): Promise<void> {
    await Promise.allSettled([this.gateway?.stop(), ...this.workers.map((w) => w.stop())]);
    await Promise.allSettled([this.db?.drop(), deleteRedisPrefix(this.prefix, this.redisUrl)]);
  }
}
