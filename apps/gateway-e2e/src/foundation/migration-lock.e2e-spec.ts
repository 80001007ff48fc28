import { Client } from 'pg';
import { createTestDatabase, deleteRedisPrefix, TestDatabase, testRedisUrl, uniqueRedisPrefix } from '@aas/shared-infra/testing';
import { ALL_MIGRATIONS } from '@aas/shared-schema';
import { AppProcess, freePort, START_TIMEOUT_MS, waitForStatus } from '../support/processes';
import { TEST_JWT_SECRET } from '../support/stack';

/** The names the gateways logged as applied (their 'migrations applied' lines), one list per gateway. */
function appliedBy(gateway: AppProcess): string[] {
  return gateway.logs
    .split('\n')
    .filter((line) => line.includes('"migrations applied"'))
    .flatMap((line) => (JSON.parse(line) as { applied: string[] }).applied);
}

describe('migrations on an empty database: once, under the lock, by gateways only', () => {
  let db: TestDatabase;
  const prefix = uniqueRedisPrefix('migrationlock');
  const processes: AppProcess[] = [];

  const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    DATABASE_URL: db.url,
    REDIS_URL: testRedisUrl(),
    REDIS_PREFIX: prefix,
    JOB_MODE: 'queue',
    JWT_SECRET: TEST_JWT_SECRET,
    ...extra,
  });

  async function query<T>(sql: string): Promise<T[]> {
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      return (await client.query(sql)).rows as T[];
    } finally {
      await client.end();
    }
  }

  const tables = async () =>
    (await query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`)).map((r) => r.name);

  beforeAll(async () => {
    db = await createTestDatabase('migrationlock');
  });
  afterAll(async () => {
    await Promise.allSettled(processes.map((p) => p.stop()));
    await Promise.allSettled([db?.drop(), deleteRedisPrefix(prefix)]);
  });

  it('a worker started on the empty database serves without creating a table', async () => {
    const worker = new AppProcess('worker-alone', 'apps/worker/src/main.js', env());
    processes.push(worker);
    await worker.waitForLog('worker ready', START_TIMEOUT_MS);
    expect(await tables()).toEqual([]);
  });

  it('three gateways and a worker started at once apply every migration exactly once, and every gateway becomes ready', async () => {
    const ports = [await freePort(), await freePort(), await freePort()];
    const gateways = ports.map((port, i) => new AppProcess(`gateway-${i + 1}`, 'apps/gateway/src/main.js', env({ PORT: String(port), HOST: '127.0.0.1' })));
    const worker = new AppProcess('worker-with-gateways', 'apps/worker/src/main.js', env());
    processes.push(...gateways, worker);

    await Promise.all([
      ...gateways.map((gateway, i) => waitForStatus(`http://127.0.0.1:${ports[i]}/health/ready`, 200, START_TIMEOUT_MS, gateway)),
      worker.waitForLog('worker ready', START_TIMEOUT_MS),
    ]);

    const everyMigration = ALL_MIGRATIONS.map((m) => new m().name ?? m.name).sort();
    expect(everyMigration.length).toBeGreaterThan(5);
    // The table TypeORM records applied migrations in: each name once, none missing.
    const recorded = await query<{ name: string; times: number }>(`SELECT name, count(*)::int AS times FROM migrations GROUP BY name ORDER BY name`);
    expect(recorded).toEqual(everyMigration.map((name) => ({ name, times: 1 })));
    // What the processes did: one gateway applied them all while the others waited on the lock
    // and then found nothing to do; the worker applied none.
    const applied = gateways.map(appliedBy);
    expect(applied.filter((names) => names.length > 0)).toHaveLength(1);
    expect(applied.flat().sort()).toEqual(everyMigration);
    expect(worker.logs).not.toContain('migrations applied');
    expect(await tables()).toEqual(expect.arrayContaining(['migrations', 'organisations', 'datasets', 'respondent_partitions', 'saved_audiences']));
    for (const process of [...gateways, worker]) expect(process.running).toBe(true);
  });
});
