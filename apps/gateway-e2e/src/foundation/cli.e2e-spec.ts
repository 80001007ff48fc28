import { ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { Client } from 'pg';
import { createTestDatabase, deleteRedisPrefix, testRedisUrl, TestDatabase, uniqueRedisPrefix } from '@aas/shared-infra/testing';
import { eventually, freePort, ROOT, runTool, sleep } from '../support/processes';

const REGISTER = path.join(ROOT, 'tools', 'runtime', 'register.js');
const SECRET = 'cli-e2e-secret-0123456789';

/** A built CLI as a child process, its output kept; killed by the test's afterAll if still running. */
class Cli {
  readonly child: ChildProcess;
  output = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(script: string, args: string[], env: NodeJS.ProcessEnv) {
    this.child = spawn(process.execPath, ['-r', REGISTER, path.join(ROOT, 'dist', script), ...args], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (c: Buffer) => (this.output += c.toString()));
    this.child.stderr?.on('data', (c: Buffer) => (this.output += c.toString()));
    this.exited = new Promise((resolve) => this.child.once('close', (code, signal) => resolve({ code, signal })));
  }

  /** Resolves once the output matches; rejects (with the output) when the process ends first or after ms. */
  async waitFor(pattern: RegExp, ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (!pattern.test(this.output)) {
      if (this.child.exitCode !== null || this.child.signalCode !== null) {
        await Promise.race([this.exited, sleep(2000)]);
        if (pattern.test(this.output)) return;
        throw new Error(`${this.child.spawnfile} exited (${this.child.exitCode ?? this.child.signalCode}) before printing ${pattern}:\n${this.output}`);
      }
      if (Date.now() > until) throw new Error(`no ${pattern} within ${ms} ms:\n${this.output}`);
      await sleep(100);
    }
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGINT');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 30_000);
      await this.exited;
      clearTimeout(timer);
    }
  }
}

/** Runs a built CLI to completion, whatever its exit code. */
async function run(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; output: string }> {
  const cli = new Cli(script, args, env);
  const timer = setTimeout(() => cli.child.kill('SIGKILL'), 60_000);
  const { code } = await cli.exited;
  clearTimeout(timer);
  return { code, output: cli.output };
}

const CLIS: [string, string, string][] = [
  ['token', 'tools/token/token.js', 'npm run token -- --org'],
  ['migrate', 'tools/migrate/migrate.js', 'npm run migrate'],
  ['seed', 'tools/seed/seed.js', 'npm run seed -- [--respondents N]'],
  ['import', 'tools/import/import.js', 'npm run import -- <file>'],
  ['setup', 'tools/setup/setup.js', 'npm run setup'],
  ['start', 'tools/start/start.js', 'npm start -- --help'],
];

describe('the CLIs', () => {
  const databases: TestDatabase[] = [];
  const running: Cli[] = [];
  const dirs: string[] = [];
  const prefixes: string[] = [];

  afterAll(async () => {
    await Promise.allSettled(running.map((c) => c.stop()));
    await Promise.allSettled([...databases.map((d) => d.drop()), ...prefixes.map((p) => deleteRedisPrefix(p))]);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** What an `npm start` of a test needs of its own: a database, a data directory, a Redis prefix and a port, all cleaned up after the file. */
  async function startSetup(label: string): Promise<{ port: number; env: NodeJS.ProcessEnv; dataDir: string }> {
    const db = await createTestDatabase(label);
    databases.push(db);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'aas-start-'));
    dirs.push(dataDir);
    const prefix = uniqueRedisPrefix(label);
    prefixes.push(prefix);
    const port = await freePort();
    const env = {
      AAS_DATA_DIR: dataDir,
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      REDIS_PREFIX: prefix,
      PORT: String(port),
      JWT_SECRET: SECRET,
      SEED_RESPONDENTS: '2000',
    };
    return { port, env, dataDir };
  }

  it.each(CLIS)('%s --help prints its usage and exits 0, touching nothing', async (_name, script, usage) => {
    // No database reachable: --help must not need one.
    const { code, output } = await run(script, ['--help'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect({ code, output }).toMatchObject({ code: 0 });
    expect(output).toContain('usage:');
    expect(output).toContain(usage);
  });

  it.each(CLIS.filter(([name]) => name !== 'start' && name !== 'import'))('%s names an unknown option and exits 64', async (_name, script) => {
    const { code, output } = await run(script, ['--colour', 'blue'], { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect({ code, output }).toMatchObject({ code: 64 });
    expect(output).toContain('unknown option --colour');
    expect(output).toContain('usage:');
  });

  it('token migrates a database that has never been set up, creates the organisation and prints a token', async () => {
    const db = await createTestDatabase('clitoken');
    databases.push(db);
    const out = await runTool('tools/token/token.js', ['--org', 'fresh-org', '--user', '7'], { DATABASE_URL: db.url, JWT_SECRET: SECRET });
    const token = out.trim().split('\n').at(-1) as string;
    expect(jwt.verify(token, SECRET, { algorithms: ['HS256'] })).toMatchObject({ org: 'fresh-org', sub: '7', email: 'user7@fresh-org.example' });
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      expect((await client.query(`SELECT id FROM organisations WHERE id = 'fresh-org'`)).rows).toEqual([{ id: 'fresh-org' }]);
    } finally {
      await client.end();
    }
    expect((await runTool('tools/migrate/migrate.js', [], { DATABASE_URL: db.url })).trim()).toBe('no pending migrations');
  });

  it('says what is wrong, not undefined, when the database cannot be reached', async () => {
    const { code, output } = await run('tools/migrate/migrate.js', [], { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' });
    expect(code).toBe(1);
    expect(output).toMatch(/^error: .*ECONNREFUSED/m);
    expect(output).not.toContain('undefined');
  });

  it('seed stops cleanly on Ctrl-C: exit 130, a few lines, nothing written', async () => {
    const db = await createTestDatabase('cliseedint');
    databases.push(db);
    const seed = new Cli('tools/seed/seed.js', ['--respondents', '400000', '--seed', '3'], { DATABASE_URL: db.url });
    running.push(seed);
    // The first partition written: the seed's transaction is open and holds data.
    await seed.waitFor(/partitions: 0\/\d+/, 120_000);
    seed.child.kill('SIGINT');
    const { code } = await seed.exited;
    expect({ code, output: seed.output }).toMatchObject({ code: 130 });
    expect(seed.output).toContain('stopping');
    expect(seed.output).toContain('interrupted');
    expect(seed.output.length).toBeLessThan(4000);
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      // Postgres rolls the transaction back; its data never became visible.
      expect((await client.query(`SELECT count(*)::int AS n FROM data_versions WHERE name = 'survey'`)).rows).toEqual([{ n: 0 }]);
    } finally {
      await client.end();
    }
  });

  it('start refuses a --workers that is not a whole number from 1 to 64, before touching anything', async () => {
    for (const bad of [['--workers', '0'], ['--workers=abc'], ['--workers']]) {
      const { code, output } = await run('tools/start/start.js', bad, { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
      expect({ bad, code, output }).toMatchObject({ code: 64 });
      expect(output).toContain('--workers takes a whole number from 1 to 64');
    }
  });

  it('start --workers 2 splits the data into two shards, one worker on each, and computes across both', async () => {
    const { port, env } = await startSetup('clistartshards');
    const start = new Cli('tools/start/start.js', ['--workers', '2'], env);
    running.push(start);
    await start.waitFor(/\[start\] try: curl/, 180_000);
    expect(start.output).toContain('2 worker processes, one shard of the data each');
    const lines = start.output.trim().split('\n');
    const token = lines[lines.findIndex((l) => l.includes('[start] demo token')) + 1];
    const base = `http://127.0.0.1:${port}`;
    // Ready means one worker is up; the other announces itself within a heartbeat or two.
    const shardsServed = async () => {
      const ready = (await (await fetch(`${base}/health/ready`)).json()) as { workers: { queues: string[] }[] };
      return ready.workers.map((w) => w.queues.filter((q) => q.startsWith('engine')).sort()).sort();
    };
    await eventually(
      'each worker serving its own shard',
      async () => JSON.stringify(await shardsServed()) === JSON.stringify([['engine-s0'], ['engine-s1']]),
      async () => `served: ${JSON.stringify(await shardsServed())}\n${start.output}`,
    );
    const res = await fetch(`${base}/v2/query/crosstab`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ rows: [{ expression: { question: 'gender', datapoints: ['female'] } }] }),
    });
    const text = await res.text();
    expect({ status: res.status, text: text.slice(0, 500) }).toMatchObject({ status: 200 });
    await start.stop();
  });

  it('a second npm start in the same clone says what is running, where, and exits 1; the first starts in few lines', async () => {
    const { port, env, dataDir } = await startSetup('clistart');
    const first = new Cli('tools/start/start.js', [], env);
    running.push(first);
    await first.waitFor(/\[start\] try: curl/, 180_000);

    const lines = first.output.trim().split('\n');
    // Nest's module and route mapping is at debug; what is left fits on a screen.
    expect(first.output).not.toMatch(/Mapped \{|dependencies initialized/);
    expect({ fits: lines.length <= 30, lines: lines.length, output: first.output }).toMatchObject({ fits: true });
    expect(first.output).toContain(`[start] ready: http://localhost:${port}`);
    const token = lines[lines.findIndex((l) => l.includes('[start] demo token')) + 1];
    expect(jwt.verify(token, SECRET)).toMatchObject({ org: 'demo', sub: '1' });

    const second = await run('tools/start/start.js', [], env);
    expect({ code: second.code, output: second.output }).toMatchObject({ code: 1 });
    expect(second.output).toContain('npm start is already running in this clone');
    expect(second.output).toContain(`pid ${first.child.pid}`);
    expect(second.output).toContain(`http://localhost:${port}`);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'start.json'), 'utf8'))).toMatchObject({ pid: first.child.pid });

    await first.stop();
    expect(fs.existsSync(path.join(dataDir, 'start.json'))).toBe(false);
  });
});
