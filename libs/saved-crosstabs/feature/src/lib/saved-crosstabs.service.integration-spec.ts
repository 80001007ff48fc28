import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CatalogueAccess, CrosstabExporter, type CrosstabExportOptions, type CrosstabQueryInput, type ExportedFile } from '@aas/shared-contracts';
import { ProblemException } from '@aas/shared-infra';
import { IDENTITY_MIGRATIONS } from '@aas/shared-infra/database';
import { Principal } from '@aas/shared-infra/http';
import { createIntegrationContext, createTestDatabase, TestCatalogue, TestDatabase } from '@aas/shared-infra/testing';
import { PatchSavedCrosstabRequest, SaveSavedCrosstabRequest } from './dto/crosstab-request.dto';
import { SavedCrosstabResponse } from './dto/crosstab-response.dto';
import { SAVED_CROSSTABS_MIGRATIONS } from './migrations/1763769900000-SavedCrosstabs';
import { SavedCrosstabsModule } from './saved-crosstabs.module';
import { SavedCrosstabsService } from './saved-crosstabs.service';

const ANA: Principal = { orgId: 'org-a', userId: 11, email: null, admin: false };
const BEA: Principal = { orgId: 'org-a', userId: 12, email: null, admin: false };
/** Another organisation: core only, gb only, q3_2026 only. */
const OTTO: Principal = { orgId: 'org-b', userId: 21, email: null, admin: false };

const women = { id: 'women', name: 'Women', full_name: 'Gender: Female', expression: { qustion: 'gender', options: ['female'] } };
const men = { id: 'men', name: 'Men', full_name: 'Gender: Male', expression: { qustion: 'gender', options: ['male'] } };
const genZ = { expression: { qustion: 'age_group', options: ['16_24'] } };
const project = (extra: Partial<SaveSavedCrosstabRequest> = {}): SaveSavedCrosstabRequest =>
  ({
    name: 'Gender by age',
    rows: [women, men],
    columns: [genZ],
    country_codes: ['gb'],
    wave_codes: ['q3_2026'],
    notes: 'first cut',
    ...extra,
  }) as SaveSavedCrosstabRequest;
const patch = (body: object) => body as PatchSavedCrosstabRequest;

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

/**
 * The crosstab feature's side of the CrosstabExporter contract, as this feature sees it: records
 * what it is asked to export, and answers a file or the problem it is told to throw.
 */
class RecordingExporter extends CrosstabExporter {
  readonly calls: { orgId: string; query: CrosstabQueryInput; options: CrosstabExportOptions }[] = [];
  failWith?: ProblemException;

  async export(orgId: string, query: CrosstabQueryInput, options: CrosstabExportOptions): Promise<ExportedFile> {
    this.calls.push({ orgId, query, options });
    if (this.failWith) throw this.failWith;
    return { contentType: 'text/csv', fileName: 'x.csv', body: Buffer.from('x') };
  }
}

describe('SavedCrosstabsService (real Postgres)', () => {
  const exporter = new RecordingExporter();
  let db: TestDatabase;
  let app: INestApplicationContext;
  let service: SavedCrosstabsService;
  let catalogue: TestCatalogue;
  let outside: Client;
  /** Runs once, inside the next catalogue read: what another client does between a write's check and its lock. */
  let meanwhile: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    db = await createTestDatabase('crosstabsservice', [...IDENTITY_MIGRATIONS, ...SAVED_CROSSTABS_MIGRATIONS]);
    outside = new Client({ connectionString: db.url });
    await outside.connect();
    await outside.query(`INSERT INTO organisations (id, name) VALUES ('org-a', 'A'), ('org-b', 'B')`);
    catalogue = new TestCatalogue({ 'org-b': { datasets: ['core'], locations: ['gb'], waves: ['q3_2026'] } }, async () => {
      // Like the real catalogue on a cache miss: a read through the pool.
      await app.get(DataSource).query('SELECT 1');
      const step = meanwhile;
      meanwhile = undefined;
      await step?.();
    });
    app = await createIntegrationContext({
      databaseUrl: db.url,
      imports: [SavedCrosstabsModule],
      globals: [
        { provide: CatalogueAccess, useValue: catalogue },
        { provide: CrosstabExporter, useValue: exporter },
      ],
    });
    service = app.get(SavedCrosstabsService);
  });
  afterAll(async () => {
    await app?.close();
    await outside?.end();
    await db?.drop();
  });

  const stored = async (uuid: string, orgId = 'org-a') =>
    (await outside.query(`SELECT *, rows::text, metadata::text, updated_at::text FROM saved_crosstabs WHERE uuid = $1 AND org_id = $2`, [uuid, orgId])).rows[0];
  const count = async () => (await outside.query(`SELECT count(*)::int AS n FROM saved_crosstabs`)).rows[0].n as number;

  describe('create', () => {
    it('stores the project and answers it as written, with generated labels and metadata', async () => {
      const created = await service.create(ANA, project());
      expect(created).toMatchObject({
        name: 'Gender by age',
        user_id: 11,
        org_id: 'org-a',
        rows: [women, men],
        columns: [{ id: expect.any(String), name: 'Age group: 16-24', full_name: expect.any(String), expression: genZ.expression }],
        metadata: { row_count: 2, column_count: 1, cell_count: 2, datasets: ['core'], generated_labels: { rows: 0, columns: 1, bases: 0 } },
      });
      expect(created.updated_at).toBe(created.created_at);
      expect(await service.get(BEA, created.uuid)).toEqual(created);
    });

    it("uses the client's uuid (lower-cased): 409 when its organisation uses it, free when only another does", async () => {
      const uuid = randomUUID();
      expect((await service.create(ANA, project({ uuid: uuid.toUpperCase() }))).uuid).toBe(uuid);
      expect(await problemOf(service.create(BEA, project({ uuid, name: 'Again' })))).toMatchObject({ status: 409, type: 'urn:aas:problem:conflict' });
      expect(await service.create(OTTO, project({ uuid, name: "B's own" }))).toMatchObject({ uuid, org_id: 'org-b', name: "B's own" });
      expect((await stored(uuid)).name).toBe('Gender by age');
    });

    it('answers 400 and 403 (403 wins) and stores nothing', async () => {
      const before = await count();
      expect(await problemOf(service.create(ANA, project({ rows: [{ expression: { qustion: 'gender', options: ['robot'] } }] } as object)))).toMatchObject({
        status: 400,
        errors: [expect.objectContaining({ path: '/rows/0/expression/options/0' })],
      });
      expect(await problemOf(service.create(OTTO, project({ country_codes: ['jp', 'narnia'] })))).toMatchObject({ status: 403 });
      expect(await count()).toBe(before);
    });
  });

  describe('export', () => {
    const options = { mediaType: 'text/csv' as const, metric: 'all' as const, requestId: 'r' };

    it('hands the stored project to the exporter as a crosstab in the standard form, titled with its name', async () => {
      const p = await service.create(ANA, project({ bases: men }));
      exporter.calls.length = 0;
      expect(await service.export(BEA, p.uuid, options)).toMatchObject({ fileName: 'x.csv' });
      expect(exporter.calls).toEqual([
        {
          orgId: 'org-a',
          query: {
            rows: [
              { id: 'women', name: 'Women', expression: { question: 'gender', datapoints: ['female'] } },
              { id: 'men', name: 'Men', expression: { question: 'gender', datapoints: ['male'] } },
            ],
            columns: [{ id: p.columns[0].id, name: 'Age group: 16-24', expression: { question: 'age_group', datapoints: ['16_24'] } }],
            base_audience: { id: 'men', name: 'Men', expression: { question: 'gender', datapoints: ['male'] } },
            waves: ['q3_2026'],
            locations: ['gb'],
          },
          options: { ...options, title: 'Gender by age' },
        },
      ]);
    });

    it("answers another organisation's project, and a missing one, with the same 404, and asks the exporter nothing", async () => {
      const p = await service.create(ANA, project());
      exporter.calls.length = 0;
      const other = await problemOf(service.export(OTTO, p.uuid, options));
      const missing = await problemOf(service.export(ANA, randomUUID(), options));
      expect(other).toEqual(missing);
      expect(other).toMatchObject({ status: 404, type: 'urn:aas:problem:not-found' });
      expect(exporter.calls).toEqual([]);
    });

    it("names the project's members in the crosstab's problems (a licence that ended since the project was saved)", async () => {
      const p = await service.create(ANA, project({ bases: men }));
      exporter.failWith = ProblemException.forbidden('not licensed', [
        { path: '/base_audience/expression', message: 'dataset core is not licensed' },
        { path: '/waves/0', message: "wave 'q3_2026' is not licensed" },
        { path: '/rows/1/expression', message: 'dataset core is not licensed' },
      ]);
      try {
        expect(await problemOf(service.export(ANA, p.uuid, options))).toMatchObject({
          status: 403,
          type: 'urn:aas:problem:forbidden',
          errors: [{ path: '/bases/expression' }, { path: '/wave_codes/0' }, { path: '/rows/1/expression' }],
        });
      } finally {
        exporter.failWith = undefined;
      }
    });
  });

  describe('replace and patch', () => {
    let p: SavedCrosstabResponse;
    beforeEach(async () => {
      p = await service.create(ANA, project({ bases: women }));
    });

    it('PUT replaces every member (left out: defaults), keeps uuid, user_id and created_at', async () => {
      const put = await service.replace(BEA, p.uuid, { name: 'Men only', uuid: p.uuid, rows: [men] } as SaveSavedCrosstabRequest);
      expect(put).toEqual({
        ...p,
        name: 'Men only',
        rows: [men],
        columns: [],
        country_codes: [],
        wave_codes: [],
        bases: null,
        notes: '',
        updated_at: expect.any(String),
        metadata: { row_count: 1, column_count: 0, cell_count: 1, datasets: ['core'], generated_labels: { rows: 0, columns: 0, bases: 0 } },
      });
      expect(Date.parse(put.updated_at)).toBeGreaterThan(Date.parse(p.updated_at));
      expect(await service.get(ANA, p.uuid)).toEqual(put);
    });

    it('PATCH changes the members sent and recomputes the metadata; {} answers the project unchanged', async () => {
      const patched = await service.patch(ANA, p.uuid, patch({ columns: [{ expression: { qustion: 'gaming_platforms_used' } }, genZ], notes: '' }));
      expect(patched).toMatchObject({ name: p.name, rows: p.rows, bases: p.bases, notes: '' });
      expect(patched.metadata).toEqual({
        row_count: 2,
        column_count: 2,
        cell_count: 4,
        datasets: ['core', 'gaming'],
        generated_labels: { rows: 0, columns: 2, bases: 0 },
      });
      expect(await service.patch(ANA, p.uuid, patch({}))).toEqual(patched);
    });

    it('keeps the order of answers: uuid mismatch 400, then 404, then 409 (stale), then the content', async () => {
      const missing = randomUUID();
      const bad = { rows: [{ expression: { and: [] } }] };
      expect(await problemOf(service.patch(ANA, missing, patch({ uuid: randomUUID() })))).toMatchObject({ status: 400, errors: [{ path: '/uuid' }] });
      expect(await problemOf(service.patch(ANA, missing, patch({ ...bad, last_updated_at: '2000-01-01T00:00:00Z' })))).toMatchObject({ status: 404 });
      expect(await problemOf(service.replace(ANA, missing, project(bad as object)))).toMatchObject({ status: 404 });
      expect(await problemOf(service.patch(ANA, p.uuid, patch({ ...bad, last_updated_at: '2000-01-01T00:00:00Z' })))).toMatchObject({ status: 409 });
      expect(await problemOf(service.patch(ANA, p.uuid, patch(bad)))).toMatchObject({ status: 400, errors: [{ path: '/rows/0/expression/and' }] });
      expect(await problemOf(service.patch(OTTO, (await service.create(OTTO, project())).uuid, patch({ wave_codes: ['q2_2026'] })))).toMatchObject({
        status: 403,
      });
    });

    it('optimistic concurrency: the updated_at just read is accepted, an older one is 409 and changes nothing', async () => {
      const first = await service.patch(ANA, p.uuid, patch({ name: 'First', last_updated_at: p.updated_at }));
      const before = await stored(p.uuid);
      expect(await problemOf(service.replace(BEA, p.uuid, project({ name: 'Stale', last_updated_at: p.updated_at })))).toMatchObject({
        status: 409,
        detail: expect.stringContaining('last_updated_at'),
      });
      expect(await stored(p.uuid)).toEqual(before);
      expect((await service.replace(BEA, p.uuid, project({ name: 'Fresh', last_updated_at: first.updated_at }))).name).toBe('Fresh');
    });

    it('refuses, under the lock, a write whose last_updated_at was overtaken between its check and its lock', async () => {
      meanwhile = async () => {
        await outside.query(`UPDATE saved_crosstabs SET name = 'Overtaken', updated_at = clock_timestamp() WHERE uuid = $1`, [p.uuid]);
      };
      expect(await problemOf(service.patch(ANA, p.uuid, patch({ notes: 'mine', last_updated_at: p.updated_at })))).toMatchObject({ status: 409 });
      expect(await stored(p.uuid)).toMatchObject({ name: 'Overtaken', notes: 'first cut' });
    });

    it('merges a PATCH with the project as locked when another write landed after its check', async () => {
      meanwhile = async () => {
        // Another client's PATCH of the columns lands first.
        await outside.query(
          `UPDATE saved_crosstabs SET columns = $2::jsonb, updated_at = clock_timestamp(),
                  metadata = jsonb_set(jsonb_set(metadata, '{column_count}', '2'), '{cell_count}', '4') WHERE uuid = $1`,
          [p.uuid, JSON.stringify([women, men])],
        );
      };
      const patched = await service.patch(ANA, p.uuid, patch({ rows: [men] }));
      expect(patched.columns).toEqual([women, men]);
      expect(patched.rows).toEqual([men]);
      expect(patched.metadata).toMatchObject({ row_count: 1, column_count: 2, cell_count: 2 });
    });

    it('answers 404 to a PUT of a project deleted between its check and its lock', async () => {
      meanwhile = async () => {
        await outside.query(`DELETE FROM saved_crosstabs WHERE uuid = $1`, [p.uuid]);
      };
      expect(await problemOf(service.replace(ANA, p.uuid, project({ name: 'Too late' })))).toMatchObject({ status: 404 });
      expect(await stored(p.uuid)).toBeUndefined();
    });
  });

  it("answers another organisation's project exactly like a missing one, on every method, and changes nothing", async () => {
    const mine = await service.create(ANA, project());
    const before = await stored(mine.uuid);
    const missing = randomUUID();
    const calls = (uuid: string) => [
      service.get(OTTO, uuid),
      service.replace(OTTO, uuid, project({ name: 'Taken over' })),
      service.patch(OTTO, uuid, patch({ name: 'Taken over', notes: 'mine now' })),
      service.delete(OTTO, uuid),
    ];
    const [foreign, absent] = [calls(mine.uuid), calls(missing)];
    for (let i = 0; i < foreign.length; i++) {
      const [a, b] = [await problemOf(foreign[i]), await problemOf(absent[i])];
      expect(a).toEqual(b);
      expect(a.status).toBe(404);
    }
    expect(await stored(mine.uuid)).toEqual(before);
  });

  it('lists the organisation’s projects, newest change first, with a total of its own', async () => {
    const page = await service.list(OTTO, { limit: 2, offset: 0 });
    const all = await service.list(OTTO, { limit: 200 });
    expect(page.paging).toEqual({ limit: 2, offset: 0, total: all.data.length });
    expect(page.data).toEqual(all.data.slice(0, 2));
    expect(all.data.every((x) => x.org_id === 'org-b')).toBe(true);
    const times = all.data.map((x) => Date.parse(x.updated_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('deletes; a second delete is 404', async () => {
    const p = await service.create(ANA, project());
    await service.delete(BEA, p.uuid);
    expect(await stored(p.uuid)).toBeUndefined();
    expect(await problemOf(service.delete(ANA, p.uuid))).toMatchObject({ status: 404 });
  });

  describe('bursts on one project while the whole pool waits on its lock', () => {
    const lockWaiters = async () => {
      await outside.query('SELECT pg_stat_clear_snapshot()');
      const r = await outside.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
      );
      return r.rows[0].n as number;
    };
    async function burst<T>(uuid: string, writes: () => Promise<T>[]): Promise<T[]> {
      await outside.query('BEGIN');
      try {
        await outside.query('SELECT 1 FROM saved_crosstabs WHERE uuid = $1 FOR UPDATE', [uuid]);
        const running = writes();
        for (let i = 0; i < 500 && (await lockWaiters()) < 10; i++) await new Promise((r) => setTimeout(r, 20));
        expect(await lockWaiters()).toBe(10);
        await outside.query('COMMIT');
        return await Promise.all(running);
      } catch (error) {
        await outside.query('ROLLBACK');
        throw error;
      }
    }
    const statusOf = (call: Promise<unknown>) =>
      call.then(
        () => 200,
        (e: unknown) => (e instanceof ProblemException ? e.getStatus() : String(e)),
      );

    it('25 PUTs and PATCHes without last_updated_at: every one 200', async () => {
      const p = await service.create(ANA, project());
      const statuses = await burst(p.uuid, () =>
        Array.from({ length: 25 }, (_, i) =>
          statusOf(i % 2 === 0 ? service.replace(ANA, p.uuid, project({ name: `Burst ${i}` })) : service.patch(ANA, p.uuid, patch({ name: `Burst ${i}` }))),
        ),
      );
      expect(statuses).toEqual(statuses.map(() => 200));
    });

    it('25 PATCHes all sending the same last_updated_at: exactly one 200, every other 409', async () => {
      const p = await service.create(ANA, project());
      const statuses = await burst(p.uuid, () =>
        Array.from({ length: 25 }, (_, i) => statusOf(service.patch(ANA, p.uuid, patch({ notes: `Burst ${i}`, last_updated_at: p.updated_at })))),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(24);
    });
  });
});
