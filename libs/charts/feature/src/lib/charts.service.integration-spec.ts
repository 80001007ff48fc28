import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CatalogueAccess } from '@aas/shared-contracts';
import { ProblemException } from '@aas/shared-infra';
import { IDENTITY_MIGRATIONS } from '@aas/shared-infra/database';
import { Principal } from '@aas/shared-infra/http';
import { createIntegrationContext, createTestDatabase, TestCatalogue, TestDatabase } from '@aas/shared-infra/testing';
import { ChartTaxonomySource } from './chart-taxonomy.source';
import { ChartsRepository } from './charts.repository';
import { ChartsService } from './charts.service';
import { SaveChartRequest } from './dto/chart-request.dto';
import { CHARTS_MIGRATIONS } from './migrations/1763770000000-Charts';

const ANA: Principal = { orgId: 'org-a', userId: 11, email: 'ana@a.example', admin: false };
const BEA: Principal = { orgId: 'org-a', userId: 12, email: 'bea@a.example', admin: false };
/** Another organisation: core only, gb only, q3_2026 only. */
const OTTO: Principal = { orgId: 'org-b', userId: 21, email: 'otto@b.example', admin: false };

const chart = (extra: object = {}) =>
  ({
    name: 'Platforms by gender',
    attributes: [{ namespace_code: 'core', question_code: 'social_platform_frequency', datapoint_code: 'tiktok', suffix_code: '1' }],
    audiences: [{ id: 'women', name: 'Women', color_index: 0, is_hidden: false, expression: { question: 'gender', datapoints: ['female'] } }],
    wave_codes: ['q3_2026'],
    location_codes: ['gb'],
    ...extra,
  }) as SaveChartRequest;

async function problemOf(call: Promise<unknown>): Promise<{ status: number; type: string; detail: string; errors?: { path: string }[] }> {
  const error = await call.then(
    (value) => {
      throw new Error(`expected a problem, got ${JSON.stringify(value)}`);
    },
    (e: unknown) => e,
  );
  if (!(error instanceof ProblemException)) throw error;
  return error.toProblem();
}

describe('ChartsService storage (real Postgres)', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let service: ChartsService;
  let outside: Client;
  /** Runs once, inside the next catalogue read: what another client does between a write's check and its lock. */
  let meanwhile: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    db = await createTestDatabase('chartsservice', [...IDENTITY_MIGRATIONS, ...CHARTS_MIGRATIONS]);
    outside = new Client({ connectionString: db.url });
    await outside.connect();
    await outside.query(`INSERT INTO organisations (id, name) VALUES ('org-a', 'A'), ('org-b', 'B')`);
    const catalogue = new TestCatalogue({ 'org-b': { datasets: ['core'], locations: ['gb'], waves: ['q3_2026'] } }, async () => {
      // Like the real catalogue on a cache miss: a read through the pool.
      await app.get(DataSource).query('SELECT 1');
      const step = meanwhile;
      meanwhile = undefined;
      await step?.();
    });
    // The storage use cases only: the calculation (and its engine client) is covered by the e2e tests.
    app = await createIntegrationContext({
      databaseUrl: db.url,
      imports: [{ module: class ChartsStorage {}, providers: [ChartsRepository, ChartsService, ChartTaxonomySource] }],
      globals: [{ provide: CatalogueAccess, useValue: catalogue }],
    });
    service = app.get(ChartsService);
  });
  afterAll(async () => {
    await app?.close();
    await outside?.end();
    await db?.drop();
  });

  const stored = async (id: string) => (await outside.query(`SELECT *, updated_at::text AS updated_at FROM charts WHERE id = $1`, [id])).rows[0];

  it('creates a chart with the owner from the token and answers it as written, dataset names included', async () => {
    const created = await service.create(ANA, chart({ id: 'ignored', owner_id: 99 }));
    expect(created).toMatchObject({
      name: 'Platforms by gender',
      owner_id: 11,
      owner_email: 'ana@a.example',
      is_owner: true,
      dataset_codes: ['core'],
      dataset_names: ['Core survey'],
      wave_codes: ['q3_2026'],
      location_codes: ['gb'],
    });
    expect(created.id).not.toBe('ignored');
    expect(await service.get(ANA, created.id)).toEqual(created);
    expect(await service.get(BEA, created.id)).toEqual({ ...created, is_owner: false });
  });

  it('answers 400 and 403 and stores nothing', async () => {
    const before = (await outside.query(`SELECT count(*)::int AS n FROM charts`)).rows[0].n;
    expect(await problemOf(service.create(ANA, chart({ sort_parameter_value: 'nobody' })))).toMatchObject({
      status: 400,
      errors: [{ path: '/sort_parameter_value' }],
    });
    expect(await problemOf(service.create(OTTO, chart({ wave_codes: ['q2_2026'] })))).toMatchObject({ status: 403, errors: [{ path: '/wave_codes/0' }] });
    expect((await outside.query(`SELECT count(*)::int AS n FROM charts`)).rows[0].n).toBe(before);
  });

  it('PUT replaces every member, keeps the owner and created_at, answers the id; 404 comes before a bad body', async () => {
    const created = await service.create(ANA, chart());
    expect(await service.replace(BEA, created.id, chart({ name: 'Renamed', view_type: 3, audiences: [] }))).toBe(created.id);
    expect(await service.get(ANA, created.id)).toMatchObject({ name: 'Renamed', view_type: 3, audiences: [], owner_id: 11, created_at: created.created_at });
    expect(await problemOf(service.replace(ANA, randomUUID(), chart({ sort_parameter_value: 'nobody' })))).toMatchObject({ status: 404 });
    expect(await problemOf(service.replace(ANA, created.id, chart({ sort_parameter_value: 'nobody' })))).toMatchObject({ status: 400 });
  });

  it('answers 404 to a PUT of a chart deleted between its check and its lock', async () => {
    const created = await service.create(ANA, chart());
    meanwhile = async () => {
      await outside.query(`DELETE FROM charts WHERE id = $1`, [created.id]);
    };
    expect(await problemOf(service.replace(ANA, created.id, chart({ name: 'Too late' })))).toMatchObject({ status: 404 });
    expect(await stored(created.id)).toBeUndefined();
  });

  it("answers another organisation's chart exactly like a missing one, on every method, and changes nothing", async () => {
    const created = await service.create(ANA, chart());
    const before = await stored(created.id);
    const calls = (id: string) => [service.get(OTTO, id), service.replace(OTTO, id, chart({ name: 'stolen' })), service.delete(OTTO, id)];
    const [foreign, absent] = [calls(created.id), calls(randomUUID())];
    for (let i = 0; i < foreign.length; i++) {
      const [a, b] = [await problemOf(foreign[i]), await problemOf(absent[i])];
      expect(a).toEqual(b);
      expect(a).toMatchObject({ status: 404, detail: 'No chart with this id exists in your organisation' });
    }
    expect(await stored(created.id)).toEqual(before);
  });

  it('lists newest change first with the total of the organisation alone', async () => {
    const mine = await service.create(OTTO, chart({ name: 'Mine' }));
    const list = await service.list(OTTO, { limit: 1 });
    expect(list.data.map((c) => c.id)).toEqual([mine.id]);
    expect(list.paging.total).toBe((await outside.query(`SELECT count(*)::int AS n FROM charts WHERE org_id = 'org-b'`)).rows[0].n);
  });

  it('deletes; a second delete is 404', async () => {
    const created = await service.create(ANA, chart());
    await service.delete(BEA, created.id);
    expect(await stored(created.id)).toBeUndefined();
    expect(await problemOf(service.delete(ANA, created.id))).toMatchObject({ status: 404 });
  });

  it('completes a burst of 25 PUTs of one chart while the whole pool waits on its lock', async () => {
    const created = await service.create(ANA, chart());
    await outside.query('BEGIN');
    await outside.query('SELECT 1 FROM charts WHERE id = $1 FOR UPDATE', [created.id]);
    const puts = Array.from({ length: 25 }, (_, i) =>
      service.replace(ANA, created.id, chart({ name: `Burst ${i}` })).then(
        () => 200,
        (e: unknown) => (e instanceof ProblemException ? e.getStatus() : String(e)),
      ),
    );
    const lockWaiters = async () => {
      await outside.query('SELECT pg_stat_clear_snapshot()');
      const r = await outside.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
      );
      return r.rows[0].n as number;
    };
    for (let i = 0; i < 500 && (await lockWaiters()) < 10; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await lockWaiters()).toBe(10);
    await outside.query('COMMIT');
    const statuses = await Promise.all(puts);
    expect(statuses).toEqual(statuses.map(() => 200));
    expect((await service.get(ANA, created.id)).name).toMatch(/^Burst \d+$/);
  });
});
