import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CatalogueAccess } from '@aas/shared-contracts';
import { ProblemException } from '@aas/shared-infra';
import { IDENTITY_MIGRATIONS } from '@aas/shared-infra/database';
import { NIL_UUID, Principal } from '@aas/shared-infra/http';
import { createIntegrationContext, createTestDatabase, TestCatalogue, TestDatabase } from '@aas/shared-infra/testing';
import { AudiencesModule } from './audiences.module';
import { AudienceResponse } from './dto/audience-response.dto';
import { PatchAudienceRequest, SaveAudienceRequest } from './dto/audience-request.dto';
import { SAVED_AUDIENCES_MIGRATIONS } from './migrations/1763769800000-SavedAudiences';
import { curatedAudienceId } from './saved-audiences.repository';
import { SavedAudiencesService } from './saved-audiences.service';

const ANA: Principal = { orgId: 'org-a', userId: 11, email: 'ana@a.example', admin: false };
const BEA: Principal = { orgId: 'org-a', userId: 12, email: 'bea@a.example', admin: false };
/** Another organisation, entitled to core only. */
const OTTO: Principal = { orgId: 'org-b', userId: 21, email: 'otto@b.example', admin: false };
const CURATED = curatedAudienceId('Gen Z women');

const women = (extra: Partial<SaveAudienceRequest> = {}): SaveAudienceRequest =>
  ({ name: 'Women', expression: { question: 'gender', datapoints: ['female'] }, folder_id: null, position: 1, ...extra }) as SaveAudienceRequest;

/** The problem a call answered (what the client would see, without request id and instance). */
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

describe('SavedAudiencesService (real Postgres)', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let service: SavedAudiencesService;
  let catalogue: TestCatalogue;
  let outside: Client;

  beforeAll(async () => {
    db = await createTestDatabase('audiencesservice', [...IDENTITY_MIGRATIONS, ...SAVED_AUDIENCES_MIGRATIONS]);
    outside = new Client({ connectionString: db.url });
    await outside.connect();
    await outside.query(`INSERT INTO organisations (id, name) VALUES ('org-a', 'A'), ('org-b', 'B')`);
    await outside.query(
      `INSERT INTO saved_audiences (id, org_id, name, expression, position, flags, datasets)
       VALUES ($1, NULL, 'Gen Z women', '{"and":[{"question":"age_group","datapoints":["16_24"]},{"question":"gender","datapoints":["female"]}]}', 0, '{curated}', '{core}')`,
      [CURATED],
    );
    // Like the real catalogue on a cache miss, every check reads through the pool.
    catalogue = new TestCatalogue({ 'org-b': { datasets: ['core'], locations: ['gb'], waves: ['q3_2026'] } }, async () => {
      await app.get(DataSource).query('SELECT 1');
    });
    app = await createIntegrationContext({ databaseUrl: db.url, imports: [AudiencesModule], globals: [{ provide: CatalogueAccess, useValue: catalogue }] });
    service = app.get(SavedAudiencesService);
  });
  afterAll(async () => {
    await app?.close();
    await outside?.end();
    await db?.drop();
  });

  const stored = async (id: string) => (await outside.query(`SELECT *, expression::text AS expression FROM saved_audiences WHERE id = $1`, [id])).rows[0];

  describe('create', () => {
    it('stores the audience in the caller’s organisation and answers the row as written', async () => {
      const created = await service.create(ANA, women({ flags: ['isP2'], datasets: ['core'] }));
      expect(created).toEqual({
        id: expect.any(String),
        v1_id: null,
        name: 'Women',
        expression: { question: 'gender', datapoints: ['female'] },
        created_at: expect.stringMatching(/Z$/),
        updated_at: created.created_at,
        folder_id: NIL_UUID,
        position: 1,
        permissions: { audience_overall: 'edit' },
        datasets: ['core'],
        flags: ['authored', 'isP2'],
      });
      expect(await stored(created.id)).toMatchObject({ org_id: 'org-a', created_by: 11 });
      expect(await service.get(BEA, created.id)).toEqual(created);
    });

    it('answers 400 naming the path, or 403 for an unentitled dataset, and stores nothing', async () => {
      const before = (await outside.query(`SELECT count(*)::int AS n FROM saved_audiences`)).rows[0].n;
      expect(await problemOf(service.create(ANA, women({ expression: { question: 'gender', datapoints: ['robot'] } })))).toMatchObject({ status: 400 });
      expect(await problemOf(service.create(ANA, women({ expression: { and: [] } })))).toMatchObject({
        status: 400,
        errors: [expect.objectContaining({ path: '/expression/and' })],
      });
      expect(await problemOf(service.create(OTTO, women({ expression: { question: 'gaming_platforms_used', datapoints: ['pc'] } })))).toMatchObject({
        status: 403,
      });
      expect((await outside.query(`SELECT count(*)::int AS n FROM saved_audiences`)).rows[0].n).toBe(before);
    });
  });

  describe('read and list', () => {
    it('answers curated audiences to every organisation, view-only', async () => {
      for (const p of [ANA, OTTO]) {
        expect(await service.get(p, CURATED)).toMatchObject({ id: CURATED, permissions: { audience_overall: 'view' }, flags: ['curated'] });
      }
    });

    it('pages in position order with a total, the curated ones included unless excluded', async () => {
      const folder = randomUUID();
      const late = await service.create(ANA, women({ name: 'late', position: 5, folder_id: folder }));
      const early = await service.create(BEA, women({ name: 'early', position: 2, folder_id: folder }));
      const page = await service.list(ANA, { folder_id: folder, limit: 1, offset: 1 });
      expect(page).toEqual({ data: [late], paging: { limit: 1, offset: 1, total: 2 } });
      expect((await service.list(ANA, { folder_id: folder })).data).toEqual([early, late]);
      const everything = await service.list(ANA, { limit: 200 });
      expect(everything.data[0]).toMatchObject({ id: CURATED });
      expect((await service.list(ANA, { include_curated: false, limit: 200 })).data.map((a) => a.id)).not.toContain(CURATED);
    });
  });

  describe('replace, patch, delete', () => {
    let audience: AudienceResponse;
    beforeEach(async () => {
      audience = await service.create(ANA, women({ flags: ['isP2'] }));
    });

    it('PUT replaces every writable member and answers the row as written', async () => {
      const folder = randomUUID();
      const replaced = await service.replace(
        BEA,
        audience.id,
        women({ name: 'Men', expression: { question: 'gender', datapoints: ['male'] }, folder_id: folder, position: 7 }),
      );
      expect(replaced).toEqual({
        ...audience,
        name: 'Men',
        expression: { question: 'gender', datapoints: ['male'] },
        folder_id: folder,
        position: 7,
        flags: ['authored'],
        updated_at: expect.any(String),
      });
      expect(Date.parse(replaced.updated_at)).toBeGreaterThan(Date.parse(audience.updated_at));
      expect(await service.get(ANA, audience.id)).toEqual(replaced);
    });

    it('PATCH changes only the members sent; {} changes nothing, not even updated_at', async () => {
      const patched = await service.patch(ANA, audience.id, {
        position: 3,
        expression: { question: 'gaming_platforms_used', datapoints: ['pc'] },
      } as PatchAudienceRequest);
      expect(patched).toMatchObject({ name: 'Women', position: 3, datasets: ['gaming'], flags: ['authored', 'isP2'] });
      expect(await service.patch(ANA, audience.id, {} as PatchAudienceRequest)).toEqual(patched);
    });

    it('DELETE removes it; a second DELETE is 404', async () => {
      await service.delete(BEA, audience.id);
      expect(await stored(audience.id)).toBeUndefined();
      expect(await problemOf(service.delete(ANA, audience.id))).toMatchObject({ status: 404 });
    });

    it('keeps the order of answers: 404 (missing) and 403 (curated) before any complaint about the body', async () => {
      const bad = women({ expression: { question: 'gender', datapoints: ['robot'] } });
      expect(await problemOf(service.replace(ANA, randomUUID(), bad))).toMatchObject({ status: 404 });
      expect(await problemOf(service.patch(ANA, randomUUID(), { expression: { and: [] } } as PatchAudienceRequest))).toMatchObject({ status: 404 });
      expect(await problemOf(service.replace(ANA, CURATED, bad))).toMatchObject({ status: 403, type: 'urn:aas:problem:forbidden' });
      expect(await problemOf(service.replace(ANA, audience.id, bad))).toMatchObject({ status: 400 });
    });

    it('curated audiences are read-only: 403 on PUT, PATCH and DELETE, unchanged', async () => {
      const before = await stored(CURATED);
      for (const call of [
        service.replace(OTTO, CURATED, women()),
        service.patch(ANA, CURATED, { name: 'Mine' } as PatchAudienceRequest),
        service.delete(OTTO, CURATED),
      ]) {
        expect(await problemOf(call)).toMatchObject({ status: 403 });
      }
      expect(await stored(CURATED)).toEqual(before);
    });

    it("answers another organisation's audience exactly like a missing one, on every method, and changes nothing", async () => {
      const before = await stored(audience.id);
      const missing = randomUUID();
      const pairs: [Promise<unknown>, Promise<unknown>][] = [
        [service.get(OTTO, audience.id), service.get(OTTO, missing)],
        [service.replace(OTTO, audience.id, women({ name: 'Taken' })), service.replace(OTTO, missing, women({ name: 'Taken' }))],
        [service.patch(OTTO, audience.id, { name: 'Taken' } as PatchAudienceRequest), service.patch(OTTO, missing, { name: 'Taken' } as PatchAudienceRequest)],
        [service.delete(OTTO, audience.id), service.delete(OTTO, missing)],
      ];
      for (const [foreign, absent] of pairs) {
        const [a, b] = [await problemOf(foreign), await problemOf(absent)];
        expect(a).toEqual(b);
        expect(a.status).toBe(404);
      }
      expect(await stored(audience.id)).toEqual(before);
    });

    it('answers 404 when the audience is deleted between the check and the lock', async () => {
      // The check passes on the row, the delete lands, then the lock finds nothing.
      let deleteBetween: (() => Promise<void>) | undefined = async () => {
        await outside.query(`DELETE FROM saved_audiences WHERE id = $1`, [audience.id]);
      };
      const reads = catalogue.reads;
      const original = catalogue.forOrganisation.bind(catalogue);
      catalogue.forOrganisation = async (orgId) => {
        const result = await original(orgId);
        await deleteBetween?.();
        deleteBetween = undefined;
        return result;
      };
      try {
        expect(await problemOf(service.replace(ANA, audience.id, women({ name: 'Too late' })))).toMatchObject({ status: 404 });
      } finally {
        catalogue.forOrganisation = original;
      }
      expect(catalogue.reads).toBe(reads + 1);
      expect(await stored(audience.id)).toBeUndefined();
    });
  });

  it('completes a burst of 25 PUTs and PATCHes of one row while the whole pool waits on its lock (checks read the catalogue through the pool)', async () => {
    const audience = await service.create(ANA, women());
    await outside.query('BEGIN');
    await outside.query('SELECT 1 FROM saved_audiences WHERE id = $1 FOR UPDATE', [audience.id]);
    const writes = Array.from({ length: 25 }, (_, i) =>
      (i % 2 === 0
        ? service.replace(ANA, audience.id, women({ name: `Burst ${i}`, position: i }))
        : service.patch(ANA, audience.id, { name: `Burst ${i}`, position: i } as PatchAudienceRequest)
      ).then(
        (a) => ({ ok: true, name: a.name }),
        (e: Error) => ({ ok: false, name: e.message }),
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
    // The pool has 10 connections: all of them now wait on the row held outside.
    expect(await lockWaiters()).toBe(10);
    await outside.query('COMMIT');
    const results = await Promise.all(writes);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    const final = await service.get(ANA, audience.id);
    expect(results.map((r) => r.name)).toContain(final.name);
  });
});
