import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { INestApplicationContext } from '@nestjs/common';
import { CatalogueAccess } from '@aas/shared-contracts';
import { IDENTITY_MIGRATIONS } from '@aas/shared-infra/database';
import { NIL_UUID } from '@aas/shared-infra/http';
import { createIntegrationContext, createTestDatabase, TestCatalogue, TestDatabase } from '@aas/shared-infra/testing';
import { AudiencesModule } from './audiences.module';
import { SAVED_AUDIENCES_MIGRATIONS } from './migrations/1763769800000-SavedAudiences';
import { curatedAudienceId, NewSavedAudience, replaceCuratedAudiences, SavedAudiencesRepository } from './saved-audiences.repository';

const WOMEN = { question: 'gender', datapoints: ['female'] };

describe('SavedAudiencesRepository (real Postgres)', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let repo: SavedAudiencesRepository;
  let outside: Client;

  beforeAll(async () => {
    db = await createTestDatabase('audiencesrepo', [...IDENTITY_MIGRATIONS, ...SAVED_AUDIENCES_MIGRATIONS]);
    outside = new Client({ connectionString: db.url });
    await outside.connect();
    await outside.query(`INSERT INTO organisations (id, name) VALUES ('org-a', 'A'), ('org-b', 'B')`);
    app = await createIntegrationContext({
      databaseUrl: db.url,
      imports: [AudiencesModule],
      globals: [{ provide: CatalogueAccess, useValue: new TestCatalogue() }],
    });
    repo = app.get(SavedAudiencesRepository);
  });
  afterAll(async () => {
    await app?.close();
    await outside?.end();
    await db?.drop();
  });

  const audience = (orgId: string, extra: Partial<NewSavedAudience> = {}): NewSavedAudience => ({
    id: randomUUID(),
    orgId,
    name: 'Women',
    expression: WOMEN,
    folderId: NIL_UUID,
    position: 1,
    flags: ['authored'],
    datasets: ['core'],
    createdBy: 7,
    ...extra,
  });
  const insert = (row: NewSavedAudience) =>
    repo.write(
      async () => row,
      (tx, r) => repo.insert(tx, r),
    );
  const folder = () => randomUUID();

  it('inserts and answers the row as stored, which reads back the same', async () => {
    const row = await insert(audience('org-a', { name: 'Créée', flags: ['authored', 'isP2'], position: 2.5 }));
    expect(row).toMatchObject({ orgId: 'org-a', v1Id: null, name: 'Créée', description: '', expression: WOMEN, position: 2.5, flags: ['authored', 'isP2'] });
    expect(row.createdAt).toBeInstanceOf(Date);
    expect(row.updatedAt.getTime()).toBe(row.createdAt.getTime());
    expect(await repo.findVisible('org-a', row.id)).toEqual(row);
  });

  it("finds an organisation's own and curated audiences, never another organisation's", async () => {
    const own = await insert(audience('org-a'));
    await outside.query(`INSERT INTO saved_audiences (id, org_id, name, expression, flags) VALUES ($1, NULL, 'Curated', '{}', '{curated}')`, [
      curatedAudienceId('find-test'),
    ]);
    expect((await repo.findVisible('org-a', own.id))?.id).toBe(own.id);
    expect(await repo.findVisible('org-b', own.id)).toBeUndefined();
    expect((await repo.findVisible('org-b', curatedAudienceId('find-test')))?.orgId).toBeNull();
    expect(await repo.findVisible('org-a', randomUUID())).toBeUndefined();
  });

  describe('page', () => {
    it('orders by position, then created_at, then id; filters by folder; counts every match', async () => {
      const f = folder();
      // Inserted in an order unlike the expected one; c and d tie on position and created_at (one transaction).
      const b = await insert(audience('org-a', { folderId: f, position: 2, name: 'b' }));
      const a = await insert(audience('org-a', { folderId: f, position: 1, name: 'a' }));
      const [c, d] = await repo.write(
        async () => undefined,
        async (tx) => [
          await repo.insert(tx, audience('org-a', { folderId: f, position: 3, name: 'c' })),
          await repo.insert(tx, audience('org-a', { folderId: f, position: 3, name: 'd' })),
        ],
      );
      const e = await insert(audience('org-a', { folderId: f, position: 3, name: 'e' }));
      await insert(audience('org-b', { folderId: f, position: 0, name: 'theirs' }));
      const tied = [c, d].sort((x, y) => (x.id < y.id ? -1 : 1));
      const expected = [a, b, ...tied, e].map((r) => r.name);

      const all = await repo.page({ orgId: 'org-a', folderId: f, includeCurated: false, limit: 50, offset: 0 });
      expect(all.rows.map((r) => r.name)).toEqual(expected);
      expect(all.total).toBe(5);
      const second = await repo.page({ orgId: 'org-a', folderId: f.toUpperCase(), includeCurated: false, limit: 2, offset: 2 });
      expect(second.rows.map((r) => r.name)).toEqual(expected.slice(2, 4));
      expect(second.total).toBe(5);
      const past = await repo.page({ orgId: 'org-a', folderId: f, includeCurated: false, limit: 2, offset: 10 });
      expect(past).toEqual({ rows: [], total: 5 });
    });

    it('includes the curated audiences unless asked not to, and never another organisation’s', async () => {
      const mine = await insert(audience('org-b', { position: -1 }));
      const withCurated = await repo.page({ orgId: 'org-b', includeCurated: true, limit: 200, offset: 0 });
      expect(withCurated.rows.some((r) => r.orgId === null)).toBe(true);
      expect(withCurated.rows.every((r) => r.orgId === null || r.orgId === 'org-b')).toBe(true);
      const without = await repo.page({ orgId: 'org-b', includeCurated: false, limit: 200, offset: 0 });
      expect(without.rows.every((r) => r.orgId === 'org-b')).toBe(true);
      expect(without.rows.map((r) => r.id)).toContain(mine.id);
      expect(withCurated.total).toBe(without.total + withCurated.rows.filter((r) => r.orgId === null).length);
    });
  });

  describe('update and delete', () => {
    it('changes only the members given, sets updated_at, and answers the row as written', async () => {
      const row = await insert(audience('org-a'));
      const written = await repo.write(
        async () => undefined,
        async (tx) => {
          await repo.lockVisible(tx, 'org-a', row.id);
          return repo.update(tx, 'org-a', row.id, { name: 'Renamed', flags: [], expression: { question: 'gender', datapoints: ['male'] } });
        },
      );
      expect(written).toEqual({
        ...row,
        name: 'Renamed',
        flags: [],
        expression: { question: 'gender', datapoints: ['male'] },
        updatedAt: expect.any(Date),
      });
      expect(written!.updatedAt.getTime()).toBeGreaterThanOrEqual(row.updatedAt.getTime());
      expect(await repo.findVisible('org-a', row.id)).toEqual(written);
    });

    it("touches neither a curated audience nor another organisation's", async () => {
      const theirs = await insert(audience('org-a'));
      const curated = curatedAudienceId('update-test');
      await outside.query(`INSERT INTO saved_audiences (id, org_id, name, expression) VALUES ($1, NULL, 'Curated', '{}')`, [curated]);
      const results = await repo.write(
        async () => undefined,
        async (tx) => [
          await repo.update(tx, 'org-b', theirs.id, { name: 'x' }),
          await repo.update(tx, 'org-b', curated, { name: 'x' }),
          await repo.delete(tx, 'org-b', theirs.id),
          await repo.delete(tx, 'org-b', curated),
        ],
      );
      expect(results).toEqual([undefined, undefined, false, false]);
      expect(await repo.findVisible('org-a', theirs.id)).toEqual(theirs);
      expect((await repo.findVisible('org-a', curated))?.name).toBe('Curated');
    });

    it('deletes its own', async () => {
      const row = await insert(audience('org-a'));
      expect(
        await repo.write(
          async () => undefined,
          (tx) => repo.delete(tx, 'org-a', row.id),
        ),
      ).toBe(true);
      expect(await repo.findVisible('org-a', row.id)).toBeUndefined();
    });

    it('lockVisible holds the row: a second writer waits until the first commits', async () => {
      const row = await insert(audience('org-a'));
      await outside.query('BEGIN');
      await outside.query('SELECT 1 FROM saved_audiences WHERE id = $1 FOR UPDATE', [row.id]);
      let done = false;
      const second = repo
        .write(
          async () => undefined,
          async (tx) => {
            await repo.lockVisible(tx, 'org-a', row.id);
            return repo.update(tx, 'org-a', row.id, { name: 'After the lock' });
          },
        )
        .finally(() => (done = true));
      const waiting = async () => {
        await outside.query('SELECT pg_stat_clear_snapshot()');
        const r = await outside.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
        return r.rows[0].n as number;
      };
      for (let i = 0; i < 250 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 20));
      expect({ waiting: await waiting(), done }).toEqual({ waiting: 1, done: false });
      await outside.query('COMMIT');
      expect((await second)?.name).toBe('After the lock');
    });
  });

  describe('readable (the AudienceDirectory) and the curated writer', () => {
    const writeCurated = (names: string[]) =>
      repo.write(
        async () => undefined,
        (tx) =>
          replaceCuratedAudiences(
            { query: (sql, params) => tx.rows(sql, params) },
            names.map((name) => ({ name, description: `${name}, curated`, expression: WOMEN })),
            ['core'],
          ),
      );

    it('replaces only the curated audiences, under ids stable across runs', async () => {
      const own = await insert(audience('org-b', { name: 'Own, kept' }));
      await writeCurated(['Gen Z', 'Gamers']);
      await writeCurated(['Gen Z', 'Parents']);
      const readable = await repo.readable('org-b');
      const curated = readable.filter((a) => a.curated);
      expect(curated.map((a) => [a.id, a.name])).toEqual([
        [curatedAudienceId('Gen Z'), 'Gen Z'],
        [curatedAudienceId('Parents'), 'Parents'],
      ]);
      expect(curated[0]).toEqual({ id: curatedAudienceId('Gen Z'), name: 'Gen Z', description: 'Gen Z, curated', expression: WOMEN, curated: true });
      // Curated first, then the organisation's own in list order.
      expect(readable.findIndex((a) => !a.curated)).toBe(curated.length);
      expect(readable.map((a) => a.id)).toContain(own.id);
      expect(await repo.findVisible('org-b', own.id)).toMatchObject({ name: 'Own, kept' });
    });

    it("answers only readable ids among those asked for: not another organisation's, not malformed ones", async () => {
      await writeCurated(['Gen Z']);
      const mine = await insert(audience('org-a', { name: 'Mine' }));
      const theirs = await insert(audience('org-b', { name: 'Theirs' }));
      const found = await repo.readable('org-a', [mine.id.toUpperCase(), theirs.id, 'not-a-uuid', curatedAudienceId('Gen Z'), randomUUID()]);
      expect(found.map((a) => a.name)).toEqual(['Gen Z', 'Mine']);
      expect(await repo.readable('org-a', ['not-a-uuid'])).toEqual([]);
    });
  });
});
