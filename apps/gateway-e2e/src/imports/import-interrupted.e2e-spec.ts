import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixturePath } from '@aas/survey-import-domain/testing';
import { ROOT, runTool } from '../support/processes';
import { Stack } from '../support/stack';

const REGISTER = path.join(ROOT, 'tools', 'runtime', 'register.js');
const IMPORT = path.join(ROOT, 'dist', 'tools', 'import', 'import.js');

/**
 * An import killed (SIGKILL) while it writes its partitions leaves the previous data version
 * served, unchanged, and the next import succeeds: the new version is written beside the old one
 * in one transaction, which dies with the process.
 */
describe('an import killed mid-way', () => {
  let stack: Stack;
  let dir: string;
  let big: string;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'importkill', jobMode: 'queue', workers: 1 });
    await runTool('tools/import/import.js', [fixturePath('tracker.sav'), '--mapping', fixturePath('tracker.mapping.json')], {
      DATABASE_URL: stack.databaseUrl,
    });
    // The same design, 150 times the respondents (new ids): big enough to be killed while it writes.
    dir = mkdtempSync(path.join(tmpdir(), 'aas-import-kill-'));
    big = path.join(dir, 'tracker-big.csv');
    const [header, ...rows] = readFileSync(fixturePath('tracker.csv'), 'utf8').trimEnd().split('\n');
    const out: string[] = [header];
    for (let copy = 0; copy < 150; copy++) for (const row of rows) out.push(row.replace(/^\d+/, (id) => String(Number(id) + copy * 10_000_000)));
    writeFileSync(big, out.join('\n') + '\n');
  });
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await stack?.stop();
  });

  const version = async () => (await stack.query<{ version: string }>(`SELECT version::text AS version FROM data_versions WHERE name = 'survey'`))[0]?.version;
  const current = async () =>
    stack.query<{ n: number; respondents: number }>(
      `SELECT count(*)::int AS n, sum(respondent_count)::int AS respondents FROM respondent_partitions WHERE replaced_at IS NULL`,
    );

  it('leaves the previous version served, and the next import succeeds', async () => {
    const before = await version();
    const served = await current();
    expect(served).toEqual([{ n: 12, respondents: 2400 }]);

    const child = spawn(process.execPath, ['-r', REGISTER, IMPORT, big, '--mapping', fixturePath('tracker.mapping.json')], {
      env: { PATH: process.env.PATH, DATABASE_URL: stack.databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    const writing = new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (/partition 1\/\d+ written/.test(output)) resolve();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      void exited.then(() => reject(new Error(`the import ended before it was killed:\n${output}`)));
      setTimeout(() => reject(new Error(`the import did not start writing within 60 s:\n${output}`)), 60_000).unref();
    });
    await writing;
    child.kill('SIGKILL');
    expect((await exited).signal).toBe('SIGKILL');

    // Postgres rolls the dead session's transaction back; wait (bounded) until its backend is gone.
    for (let i = 0; i < 100; i++) {
      const open = await stack.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
      );
      if (open[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await version()).toBe(before);
    expect(await current()).toEqual(served);
    expect(await stack.query(`SELECT count(*)::int AS n FROM respondent_partitions WHERE version > $1::bigint`, [before])).toEqual([{ n: 0 }]);

    const out = await runTool('tools/import/import.js', [big, '--mapping', fixturePath('tracker.mapping.json')], { DATABASE_URL: stack.databaseUrl });
    expect(JSON.parse(out.trim().split('\n').at(-1) as string)).toMatchObject({ dataset: 'tracker', respondents: 360_000 });
    expect(BigInt((await version()) as string)).toBeGreaterThan(BigInt(before as string));
    expect(await current()).toEqual([{ n: 12, respondents: 360_000 }]);
  });
});
