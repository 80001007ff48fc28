import fs from 'node:fs';
import path from 'node:path';
import { engineThreadsFor, environmentFor, nodeFlagsFor } from './process-settings';

describe('process settings', () => {
  it("divides the cores among the workers; with less than a core each, the kernel runs on each worker's own thread", () => {
    expect([1, 2, 3, 4, 8].map((workers) => engineThreadsFor(workers, 2))).toEqual([2, 1, 0, 0, 0]);
    expect([1, 2, 3, 4, 8, 9].map((workers) => engineThreadsFor(workers, 8))).toEqual([8, 4, 2, 2, 1, 0]);
    expect(engineThreadsFor(0, 4)).toBe(4);
  });

  it('gives the gateway a larger young generation, the worker a way to collect after loading and a small one, the rest V8 defaults', () => {
    expect(nodeFlagsFor('apps/gateway/src/main.js')).toEqual(['--max-semi-space-size=32']);
    expect(nodeFlagsFor('apps/worker/src/main.js')).toEqual(['--expose-gc', '--max-semi-space-size=4']);
    expect(nodeFlagsFor('tools/setup/setup.js')).toEqual([]);
  });

  it("fixes the worker's malloc mapping threshold unless the caller set one", () => {
    expect(environmentFor('apps/worker/src/main.js', {})).toEqual({ MALLOC_MMAP_THRESHOLD_: '65536' });
    expect(environmentFor('apps/worker/src/main.js', { MALLOC_MMAP_THRESHOLD_: '131072' })).toEqual({});
    expect(environmentFor('apps/gateway/src/main.js', {})).toEqual({});
  });

  it('is what npm run start:gateway and start:worker run with', () => {
    const scripts = (JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const [name, script] of [
      ['start:gateway', 'dist/apps/gateway/src/main.js'],
      ['start:worker', 'dist/apps/worker/src/main.js'],
    ] as const) {
      const command = `node ${[...nodeFlagsFor(script), '-r', './tools/runtime/register.js', script].join(' ')}`;
      const environment = Object.entries(environmentFor(script, {})).map(([key, value]) => `${key}=\${${key}:-${value}} `);
      expect(scripts[name]).toBe(environment.join('') + command);
    }
  });
});
