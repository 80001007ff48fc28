import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, deleteRedisPrefix, testRedisUrl, type TestDatabase, uniqueRedisPrefix } from '@aas/shared-infra/testing';

export const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
/** Started, seeded (a small survey), the explorer built when stale, ready: seconds to a few minutes on a busy machine. */
export const START_TIMEOUT_MS = 300_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The service as `npm start` starts it (the compiled tools/start/start.js: migrations, the demo
 * survey, the explorer built when its sources changed, gateway and worker), on its own database,
 * Redis prefix, port and state folder, so the browser tests use exactly the link a person is given.
 */
export class StartedService {
  private output = '';
  /** The explorer link of the start banner (`.../explorer/#token=...`). */
  link = '';
  baseUrl = '';
  token = '';

  private constructor(
    private readonly child: ChildProcess,
    private readonly db: TestDatabase,
    private readonly prefix: string,
    private readonly dataDir: string,
  ) {
    const keep = (chunk: Buffer) => {
      this.output += chunk.toString();
      if (this.output.length > 400_000) this.output = this.output.slice(-200_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
  }

  static async start(label: string, respondents = 5000): Promise<StartedService> {
    const db = await createTestDatabase(label);
    const prefix = uniqueRedisPrefix(label);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `aas-${label}-`));
    const port = await freePort();
    const child = spawn(process.execPath, ['-r', path.join(ROOT, 'tools', 'runtime', 'register.js'), path.join(ROOT, 'dist', 'tools', 'start', 'start.js')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATABASE_URL: db.url,
        REDIS_URL: testRedisUrl(),
        REDIS_PREFIX: prefix,
        AAS_DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_RESPONDENTS: String(respondents),
        RATE_LIMIT_REQUESTS: '1000000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const service = new StartedService(child, db, prefix, dataDir);
    try {
      await service.waitForBanner();
    } catch (err) {
      await service.stop();
      throw err;
    }
    return service;
  }

  get logs(): string {
    return this.output;
  }

  private async waitForBanner(): Promise<void> {
    const until = Date.now() + START_TIMEOUT_MS;
    while (Date.now() < until) {
      const found = /\[start\] explorer, signed in as the demo user: (\S+)/.exec(this.output);
      if (found && /\[start\] try: curl/.test(this.output)) {
        this.link = found[1];
        const url = new URL(this.link);
        this.baseUrl = url.origin;
        this.token = new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
        return;
      }
      if (this.child.exitCode !== null || this.child.signalCode !== null) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const state = this.child.exitCode !== null ? `exited ${this.child.exitCode}` : this.child.signalCode ? `killed ${this.child.signalCode}` : 'still running';
    throw new Error(`npm start printed no explorer link within ${START_TIMEOUT_MS} ms (${state}); its output:\n${this.output.slice(-8000)}`);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
    }
    await Promise.allSettled([this.db.drop(), deleteRedisPrefix(this.prefix)]);
    fs.rmSync(this.dataDir, { recursive: true, force: true });
  }
}
