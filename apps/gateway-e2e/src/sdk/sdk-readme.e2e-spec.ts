import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { ROOT } from '../support/processes';
import { Stack } from '../support/stack';

const SDK = path.join(ROOT, 'libs', 'sdk');
const RUN_TIMEOUT_MS = 60_000;

/** The ```ts blocks of a Markdown file, in order. */
function typescriptBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
}

function run(file: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [file], { cwd, env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => {
      stderr += `\n[test] killed after ${RUN_TIMEOUT_MS} ms`;
      child.kill('SIGKILL');
    }, RUN_TIMEOUT_MS);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * The SDK as a user gets it: built, packed with `npm pack`, installed from the tarball into a
 * scratch folder, and every example of its README type-checked against the packed .d.ts and run as
 * an ES module against a gateway with the demo data.
 */
describe('the @aas/sdk package and its README examples', () => {
  let stack: Stack;
  let token: string;
  let scratch: string;
  const examples = typescriptBlocks(fs.readFileSync(path.join(SDK, 'README.md'), 'utf8'));

  beforeAll(async () => {
    stack = await Stack.start({ label: 'sdk-readme', jobMode: 'inline', seed: true });
    token = await stack.token('demo', 1);
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'aas-sdk-readme-'));
    execFileSync(process.execPath, [path.join(SDK, 'scripts', 'build.mjs')], { cwd: ROOT, stdio: 'pipe' });
  }, 180_000);

  afterAll(async () => {
    await stack?.stop();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('packs into a tarball with the ES modules, their types and the README, and installs from it', () => {
    const npm = process.env['npm_execpath'];
    const pack = npm && /npm-cli\.js$/.test(npm) ? [process.execPath, npm] : ['npm'];
    const out = execFileSync(pack[0], [...pack.slice(1), 'pack', './libs/sdk', '--pack-destination', scratch, '--json'], { cwd: ROOT, encoding: 'utf8' });
    const [packed] = JSON.parse(out) as { filename: string; files: { path: string }[]; name: string; version: string }[];
    expect(packed.name).toBe('@aas/sdk');
    const files = packed.files.map((f) => f.path);
    expect(files).toEqual(expect.arrayContaining(['README.md', 'package.json', 'dist/index.js', 'dist/index.d.ts', 'dist/package.json']));
    expect(files.filter((f) => /\.spec\.|\.ts$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);

    const installed = path.join(scratch, 'node_modules', '@aas', 'sdk');
    fs.mkdirSync(installed, { recursive: true });
    execFileSync('tar', ['-xzf', path.join(scratch, packed.filename), '-C', installed, '--strip-components=1']);
    // Its dependency, as npm would install it beside it.
    for (const dep of ['openapi-fetch', 'openapi-typescript-helpers'])
      fs.symlinkSync(path.join(ROOT, 'node_modules', dep), path.join(scratch, 'node_modules', dep), 'dir');
    fs.writeFileSync(path.join(scratch, 'package.json'), JSON.stringify({ name: 'sdk-readme-check', private: true, type: 'module' }));
  });

  it('README examples type-check against the packed types (NodeNext resolution, strict)', () => {
    expect(examples.length).toBeGreaterThanOrEqual(6);
    const files = examples.map((code, i) => {
      const file = path.join(scratch, `example-${i + 1}.ts`);
      fs.writeFileSync(file, code);
      return file;
    });
    fs.writeFileSync(
      path.join(scratch, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          lib: ['es2023', 'dom'],
          strict: true,
          noEmit: true,
          types: ['node'],
          typeRoots: [path.join(ROOT, 'node_modules', '@types')],
        },
        files,
      }),
    );
    const tsc = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
    const result = (() => {
      try {
        return { status: 0, output: execFileSync(process.execPath, [tsc, '-p', scratch], { cwd: scratch, encoding: 'utf8', timeout: 120_000 }) };
      } catch (err) {
        const e = err as { status: number; stdout: string; stderr: string };
        return { status: e.status, output: `${e.stdout}${e.stderr}` };
      }
    })();
    expect(result).toEqual({ status: 0, output: '' });
  });

  it(
    'README examples run against the demo data and end without error',
    async () => {
      const outputs: string[] = [];
      for (const [i, code] of examples.entries()) {
        const js = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText;
        const file = path.join(scratch, `example-${i + 1}.mjs`);
        fs.writeFileSync(file, js);
        const result = await run(file, scratch, { AAS_URL: stack.baseUrl, AAS_TOKEN: token });
        expect({ example: i + 1, code: result.code, stderr: result.stderr }).toEqual({ example: i + 1, code: 0, stderr: '' });
        outputs.push(result.stdout);
      }
      const all = outputs.join('\n');
      expect(all).toMatch(/^datasets: core, gaming/m);
      expect(all).toMatch(/^Gen Z x .+: index \d/m);
      expect(all).toMatch(/^first cell, then stop: \d+ respondents/m);
      expect(all).toMatch(/\/rows\/0\/expression\/question: unknown question/);
      expect(all).toMatch(/^found Gen Z women \(SDK example\)/m);
      expect(all).toMatch(/^CSV \d+ bytes \(text\/csv/m);
      expect(all).toMatch(/^gen-z \d/m);
    },
    8 * RUN_TIMEOUT_MS,
  );
});
