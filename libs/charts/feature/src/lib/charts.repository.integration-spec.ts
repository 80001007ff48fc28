import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import type { INestApplicationContext } from '@nestjs/common';
import { IDENTITY_MIGRATIONS } from '@aas/shared-infra/database';
import { NIL_UUID } from '@aas/shared-infra/http';
import { createIntegrationContext, createTestDatabase, TestDatabase } from '@aas/shared-infra/testing';
import { ChartContent, ChartRow, ChartsRepository } from './charts.repository';
import { CHARTS_MIGRATIONS } from './migrations/1763770000000-Charts';

const AUDIENCE = { id: 'women', name: 'Women', color_index: 1, is_hidden: false, expression: { question: 'gender', datapoints: ['female'] } };
const content = (extra: Partial<ChartContent> = {}): ChartContent => ({
  name: 'Chart',
  attributes: [{ namespace_code: 'core', question_code: 'gender', datapoint_code: 'male', suffix_code: '' }],
  audiences: [AUDIENCE],
  baseAudience: null,
  color: '',
  datasetCodes: ['core'],
  folderId: NIL_UUID,
  groupType: 0,
  viewType: 3,
  sortType: 0,
  sortParameterType: 0,
  sortParameterValue: '',
  locationCodes: ['gb'],
  waveCodes: ['q3_2026'],
  metrics: ['audience_index'],
  segments: [],
  splitter: '',
  segmentedBase: true,
  ...extra,
});

describe('ChartsRepository (real Postgres)', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let repo: ChartsRepository;
  let outside: Client;

  beforeAll(async () => {
    db = await createTestDatabase('chartsrepo', [...IDENTITY_MIGRATIONS, ...CHARTS_MIGRATIONS]);
    outside = new Client({ connectionString: db.url });
    await outside.connect();
    await outside.query(`INSERT INTO organisations (id, name) VALUES ('org-a', 'A'), ('org-b', 'B'), ('org-list', 'L')`);
    app = await createIntegrationContext({ databaseUrl: db.url, imports: [{ module: class ChartsStorage {}, providers: [ChartsRepository] }] });
    repo = app.get(ChartsRepository);
  });
  afterAll(async () => {
    await app?.close();
    await outside?.end();
    await db?.drop();
  });

  const insert = (orgId: string, extra: Partial<ChartContent> = {}): Promise<ChartRow> =>
    repo.write(
      async () => undefined,
      (tx) => repo.insert(tx, { id: randomUUID(), orgId, ownerId: 3, ownerEmail: 'o@a.example' }, content(extra)),
    );

  it('inserts and answers the row as stored, every column, times from the database', async () => {
    const row = await insert('org-a', { baseAudience: AUDIENCE });
    expect(row).toEqual({
      id: expect.any(String),
      orgId: 'org-a',
      ownerId: 3,
      ownerEmail: 'o@a.example',
      ...content({ baseAudience: AUDIENCE }),
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
      sharedAt: expect.any(Date),
    });
    expect(row.sharedAt).toEqual(row.createdAt);
    expect(await repo.find('org-a', row.id)).toEqual(row);
  });

  it("replaces every content member, keeps owner and times but updated_at, and never touches another organisation's chart", async () => {
    const row = await insert('org-a');
    const changed = content({ name: 'Renamed', audiences: [], baseAudience: AUDIENCE, splitter: 'wave', segmentedBase: false, metrics: [] });
    const [replaced, foreign, foreignDelete] = await repo.write(
      async () => undefined,
      async (tx) => [
        await repo.replace(tx, 'org-a', row.id, changed),
        await repo.replace(tx, 'org-b', row.id, changed),
        await repo.delete(tx, 'org-b', row.id),
      ],
    );
    expect(replaced).toEqual({ ...row, ...changed, updatedAt: expect.any(Date) });
    expect((replaced as ChartRow).updatedAt.getTime()).toBeGreaterThan(row.updatedAt.getTime());
    expect([foreign, foreignDelete]).toEqual([undefined, false]);
    expect(await repo.find('org-b', row.id)).toBeUndefined();
    expect(await repo.find('org-a', row.id)).toEqual(replaced);
  });

  it('deletes its own', async () => {
    const row = await insert('org-a');
    expect(
      await repo.write(
        async () => undefined,
        (tx) => repo.delete(tx, 'org-a', row.id),
      ),
    ).toBe(true);
    expect(await repo.find('org-a', row.id)).toBeUndefined();
  });

  it('pages by updated_at descending, then id, with the total of the organisation alone', async () => {
    const rows = [await insert('org-list'), await insert('org-list'), await insert('org-list'), await insert('org-list')];
    await insert('org-a');
    const now = Math.floor(Date.now() / 1000);
    const at = (id: string, secondsAgo: number) => outside.query(`UPDATE charts SET updated_at = to_timestamp($2) WHERE id = $1`, [id, now - secondsAgo]);
    await at(rows[0].id, 10);
    await at(rows[1].id, 20);
    await at(rows[2].id, 20);
    await at(rows[3].id, 30);
    const expected = [rows[0].id, ...[rows[1].id, rows[2].id].sort(), rows[3].id];
    const all = await repo.page('org-list', 50, 0);
    expect(all.rows.map((r) => r.id)).toEqual(expected);
    expect(all.total).toBe(4);
    const page = await repo.page('org-list', 2, 1);
    expect(page.rows.map((r) => r.id)).toEqual(expected.slice(1, 3));
    expect(await repo.page('org-list', 2, 9)).toEqual({ rows: [], total: 4 });
  });
});
