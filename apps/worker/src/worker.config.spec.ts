import { availableParallelism } from 'node:os';
import { ConfigError, loadConfig, Metrics } from '@aas/shared-infra';
import { EngineHost } from '@aas/crosstab-engine-data-access';
import { createStorePool, PartitionReader, StoreVersion } from '@aas/respondent-store-data-access';
import { WorkerConfig } from './worker.config';

describe('WorkerConfig: the engine memory settings', () => {
  it('defaults to a 256 MiB arena and a 64 MiB leaf cache, which the engine host passes to the engine', async () => {
    const config = loadConfig(WorkerConfig, {});
    expect([config.ENGINE_ARENA_MB, config.ENGINE_LEAF_CACHE_MB]).toEqual([256, 64]);
    // The pool connects only when the engine reads; these assertions never do.
    const pool = createStorePool('postgres://nobody@127.0.0.1:1/none');
    const host = new EngineHost(
      pool,
      new StoreVersion(new PartitionReader(pool)),
      loadConfig(WorkerConfig, { ENGINE_ARENA_MB: '48', ENGINE_LEAF_CACHE_MB: '8', ENGINE_THREADS: '1' }),
      new Metrics(),
    );
    try {
      expect(host.engine.audiences.arenaBytes).toBe(48 * 2 ** 20);
      expect(host.engine.audiences.leafCacheBytes).toBe(8 * 2 ** 20);
      expect(host.engine.threads).toBe(1);
    } finally {
      await host.onApplicationShutdown();
      await pool.end();
    }
  });

  it('runs the kernel on the available cores unless ENGINE_THREADS says otherwise (0: on the worker thread)', async () => {
    const pool = createStorePool('postgres://nobody@127.0.0.1:1/none');
    const host = (env: Record<string, string>) =>
      new EngineHost(pool, new StoreVersion(new PartitionReader(pool)), loadConfig(WorkerConfig, env), new Metrics());
    const hosts = [host({}), host({ ENGINE_THREADS: '0' })];
    try {
      expect(hosts.map((h) => h.engine.threads)).toEqual([availableParallelism(), 0]);
    } finally {
      for (const h of hosts) await h.onApplicationShutdown();
      await pool.end();
    }
  });

  it('names a size that is not an integer or out of range', () => {
    for (const [name, value, message] of [
      ['ENGINE_ARENA_MB', '8', /ENGINE_ARENA_MB must be at least 16/],
      ['ENGINE_ARENA_MB', '4096', /ENGINE_ARENA_MB must be at most 2047/],
      ['ENGINE_ARENA_MB', 'lots', /ENGINE_ARENA_MB must be an integer/],
      ['ENGINE_LEAF_CACHE_MB', '-1', /ENGINE_LEAF_CACHE_MB/],
      ['ENGINE_THREADS', '-1', /ENGINE_THREADS must be at least 0/],
      ['ENGINE_THREADS', '65', /ENGINE_THREADS must be at most 64/],
      ['ENGINE_THREADS', '1.5', /ENGINE_THREADS must be an integer/],
    ] as const) {
      expect(() => loadConfig(WorkerConfig, { [name]: value })).toThrow(ConfigError);
      expect(() => loadConfig(WorkerConfig, { [name]: value })).toThrow(message);
    }
  });
});
