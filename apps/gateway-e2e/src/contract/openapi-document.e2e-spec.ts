import SwaggerParser from '@apidevtools/swagger-parser';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { ROOT } from '../support/processes';
import { Stack } from '../support/stack';

type Json = Record<string, unknown>;

const COMMITTED_DOCUMENT = path.join(ROOT, 'docs', 'api', 'openapi.json');
const COMMITTED_TYPES = path.join(ROOT, 'libs', 'sdk', 'src', 'generated', 'openapi-types.ts');
const SAMPLE = path.join(ROOT, 'apps', 'gateway-e2e', 'src', 'contract', 'typed-client-sample.ts');
const REGENERATE = 'the code and docs/api/openapi.json have drifted apart: run `npm run openapi` and commit the result';

/**
 * The served document, checked with the tools integrators use: it is the committed one (so a
 * change to the code that changes the contract shows in review), swagger-parser validates it,
 * Redocly's recommended rules find nothing (redocly.yaml says which do not apply and why), and the
 * types openapi-typescript generates from it are the committed ones, which the sample client
 * type-checks against.
 */
describe('the OpenAPI document', () => {
  let stack: Stack;
  let served: Json;
  let tmp: string;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'openapi-doc', jobMode: 'inline' });
    const res = await request(stack.baseUrl).get('/docs/openapi.json');
    expect(res.status).toBe(200);
    served = res.body as Json;
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'aas-openapi-'));
    fs.writeFileSync(path.join(tmp, 'openapi.json'), JSON.stringify(served));
  });

  afterAll(async () => {
    await stack?.stop();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('is the committed docs/api/openapi.json', () => {
    const committed = JSON.parse(fs.readFileSync(COMMITTED_DOCUMENT, 'utf8')) as Json;
    if (JSON.stringify(served) !== JSON.stringify(committed)) {
      // The first difference, so the failure says where to look.
      expect({ hint: REGENERATE, document: served }).toEqual({ hint: REGENERATE, document: committed });
    }
  });

  it('is valid for swagger-parser', async () => {
    await expect(SwaggerParser.validate(structuredClone(served) as never)).resolves.toBeDefined();
  });

  it('has no problem for Redocly lint (recommended rules, redocly.yaml)', () => {
    const cli = path.join(ROOT, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
    const run = spawnSync(process.execPath, [cli, 'lint', COMMITTED_DOCUMENT, '--format=json'], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
    const report = JSON.parse(run.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect({ totals: report.totals, problems: report.problems.map((p) => `${p.ruleId}: ${p.message}`) }).toMatchObject({
      totals: { errors: 0, warnings: 0 },
      problems: [],
    });
    expect(run.status).toBe(0);
  });

  it('names every operation in camelCase and describes every response it documents', () => {
    const paths = served['paths'] as Record<string, Record<string, Json>>;
    const problems: string[] = [];
    for (const [route, item] of Object.entries(paths)) {
      for (const [method, op] of Object.entries(item)) {
        if (!/^[a-z][A-Za-z0-9]+$/.test(String(op['operationId']))) problems.push(`${method} ${route}: operationId ${String(op['operationId'])}`);
        for (const [status, response] of Object.entries(op['responses'] as Record<string, Json>)) {
          const content = response['content'] as Record<string, Json> | undefined;
          const isError = status === 'default' || Number(status) >= 400;
          if (isError && !response['$ref'] && !content) problems.push(`${method} ${route} ${status}: no body schema`);
          if (status.startsWith('2') && status !== '202' && status !== '204' && !content) problems.push(`${method} ${route} ${status}: no body schema`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('generates, with openapi-typescript, the committed client types, and the sample client type-checks against them', () => {
    const regenerated = path.join(tmp, 'openapi-types.ts');
    execFileSync(process.execPath, [path.join(ROOT, 'tools', 'openapi', 'generate-client-types.mjs'), path.join(tmp, 'openapi.json'), regenerated], {
      cwd: ROOT,
    });
    expect({ hint: REGENERATE, types: fs.readFileSync(regenerated, 'utf8') }).toEqual({ hint: REGENERATE, types: fs.readFileSync(COMMITTED_TYPES, 'utf8') });

    const tsconfig = path.join(tmp, 'tsconfig.json');
    fs.writeFileSync(
      tsconfig,
      JSON.stringify({
        extends: path.join(ROOT, 'tsconfig.base.json'),
        compilerOptions: { noEmit: true, types: ['node'], typeRoots: [path.join(ROOT, 'node_modules', '@types')] },
        files: [SAMPLE],
      }),
    );
    const tsc = spawnSync(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', tsconfig], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect({ status: tsc.status, output: `${tsc.stdout}${tsc.stderr}` }).toEqual({ status: 0, output: '' });
  });
});
