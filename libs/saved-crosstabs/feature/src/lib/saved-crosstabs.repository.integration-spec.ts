import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { INestApplicationContext } from '@nestjs/common';
import { CatalogueAccess, CrosstabExporter } from '@aas/shared-contracts';
import { IDENTITY_MIGRATIONS } from '@aas/shared-infra/database';
import { createIntegrationContext, createTestDatabase, TestCatalogue, TestDatabase } from '@aas/shared-infra/testing';
import { SAVED_CROSSTABS_MIGRATIONS } from './migrations/1763769900000-SavedCrosstabs';
import { SavedCrosstabsModule } from './saved-crosstabs.module';
import { SavedCrosstabContent, SavedCrosstabsRepository } from './saved-crosstabs.repository';

const WOMEN = { id: 'w', name: 'Women', full_name: 'Gender: Female', expression: { qustion: 'gender', options: ['female'] } };
const content = (extra: Partial<SavedCrosstabContent> = {}): SavedCrosstabContent => ({
  name: 'Project',
  notes: '',
  rows: [WOMEN],
  columns: [],
  bases: null,
  countryCodes: ['gb'],
  waveCodes: ['q3_2026'],
  metadata: { row_count: 1 },
  ...extra,
});

describe('SavedCrosstabsRepository (real Postgres)', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let repo: SavedCrosstabsRepository;
  let outside: Client;

  beforeAll(async () => {
    db = await createTestDatabase('crosstabsrepo', [...IDENTITY_MIGRATIONS, ...SAVED_CROSSTABS_MIGRATIONS]);
    outside = new Client({ connectionString: db.url });
    await outside.connect();
    await outside.query(`INSERT INTO organisations (id, name) VALUES ('org-a', 'A'), ('org-b', 'B'), ('org-list', 'L')`);
    app = await createIntegrationContext({
      databaseUrl: db.url,
      imports: [SavedCrosstabsModule],
      // The module's service needs an exporter; the repository's SQL never reaches it.
      globals: [
        { provide: CatalogueAccess, useValue: new TestCatalogue() },
        { provide: CrosstabExporter, useValue: {} },
      ],
    });
    repo = app.get(SavedCrosstabsRepository);
  });
  afterAll(async () => {
    await app?.close();
    await outside?.end();
    await db?.drop();
  });

  const insert = (orgId: string, uuid = randomUUID(), extra: Partial<SavedCrosstabContent> = {}) =>
    repo.write(
      async () => undefined,
      (tx) => repo.insertIfFree(tx, { orgId, uuid, userId: 5 }, content(extra)),
    );

  it('inserts and answers the row as stored (jsonb, arrays, a null base, times from the database)', async () => {
    const uuid = randomUUID();
    const row = await insert('org-a', uuid, { bases: WOMEN, notes: 'n' });
    expect(row).toEqual({
      orgId: 'org-a',
      uuid,
      userId: 5,
      name: 'Project',
      rows: [WOMEN],
      columns: [],
      bases: WOMEN,
      countryCodes: ['gb'],
      waveCodes: ['q3_2026'],
      notes: 'n',
      metadata: { row_count: 1 },
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    expect(await repo.find('org-a', uuid)).toEqual(row);
    expect((await insert('org-a', randomUUID(), { bases: null }))?.bases).toBeNull();
  });

  it('keys by (org_id, uuid): a taken uuid is refused in its organisation only', async () => {
    const uuid = randomUUID();
    expect(await insert('org-a', uuid)).toBeDefined();
    expect(await insert('org-a', uuid, { name: 'Again' })).toBeUndefined();
    const theirs = await insert('org-b', uuid, { name: "B's own" });
    expect(theirs).toMatchObject({ orgId: 'org-b', uuid, name: "B's own" });
    expect((await repo.find('org-a', uuid))?.name).toBe('Project');
  });

  it("updates and deletes by (org_id, uuid) only, never another organisation's row", async () => {
    const uuid = randomUUID();
    const mine = (await insert('org-a', uuid))!;
    await insert('org-b', uuid, { name: 'B' });
    const [updated, foreign, deletedForeign] = await repo.write(
      async () => undefined,
      async (tx) => [
        await repo.update(tx, 'org-a', uuid, { name: 'Renamed', bases: WOMEN }),
        await repo.update(tx, 'org-b', randomUUID(), { name: 'x' }),
        await repo.delete(tx, 'org-a', randomUUID()),
      ],
    );
    expect(updated).toEqual({ ...mine, name: 'Renamed', bases: WOMEN, updatedAt: expect.any(Date) });
    expect((updated as { updatedAt: Date }).updatedAt.getTime()).toBeGreaterThan(mine.updatedAt.getTime());
    expect([foreign, deletedForeign]).toEqual([undefined, false]);
    expect(
      await repo.write(
        async () => undefined,
        (tx) => repo.delete(tx, 'org-b', uuid),
      ),
    ).toBe(true);
    expect(await repo.find('org-b', uuid)).toBeUndefined();
    expect((await repo.find('org-a', uuid))?.name).toBe('Renamed');
  });

  it('pages by updated_at descending, then uuid, with the total of the organisation alone', async () => {
    const uuids = Array.from({ length: 4 }, () => randomUUID());
    for (const uuid of uuids) await insert('org-list', uuid);
    await insert('org-a', randomUUID());
    const now = Math.floor(Date.now() / 1000);
    // Explicit times: [0] newest, [1] and [2] tied (ordered by uuid), [3] oldest.
    const at = (uuid: string, secondsAgo: number) =>
      outside.query(`UPDATE saved_crosstabs SET updated_at = to_timestamp($2) WHERE uuid = $1`, [uuid, now - secondsAgo]);
    await at(uuids[0], 10);
    await at(uuids[1], 20);
    await at(uuids[2], 20);
    await at(uuids[3], 30);
    const expected = [uuids[0], ...[uuids[1], uuids[2]].sort(), uuids[3]];
    const all = await repo.page('org-list', 50, 0);
    expect(all.rows.map((r) => r.uuid)).toEqual(expected);
    expect(all.total).toBe(4);
    const page = await repo.page('org-list', 2, 1);
    expect(page.rows.map((r) => r.uuid)).toEqual(expected.slice(1, 3));
    expect(page.total).toBe(4);
    expect(await repo.page('org-list', 2, 9)).toEqual({ rows: [], total: 4 });
  });
});
