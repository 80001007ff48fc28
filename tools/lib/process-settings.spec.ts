import { engineThreadsFor, nodeFlagsFor } from './process-settings';

describe('process settings', () => {
  it('divides the cores among the workers, at least one thread each', () => {
    expect([1, 2, 3, 4, 8].map((workers) => engineThreadsFor(workers, 2))).toEqual([2, 1, 1, 1, 1]);
    expect([1, 2, 3, 4].map((workers) => engineThreadsFor(workers, 8))).toEqual([8, 4, 2, 2]);
    expect(engineThreadsFor(0, 4)).toBe(4);
  });

  it('gives the gateway a larger young generation and the worker V8 defaults', () => {
    expect(nodeFlagsFor('apps/gateway/src/main.js')).toEqual(['--max-semi-space-size=32']);
    expect(nodeFlagsFor('apps/worker/src/main.js')).toEqual([]);
  });
});
