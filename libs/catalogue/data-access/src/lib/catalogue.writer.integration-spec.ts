import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions, upsertOrganisation } from '@aas/shared-infra';
import { IDENTITY_MIGRATIONS } from '@aas/shared-infra/database';
import { createTestDatabase, TestDatabase } from '@aas/shared-infra/testing';
import { testCatalogue } from '../testing/catalogue-fixture';
import { CatalogueConflict, mergeDatasetCatalogue, replaceCatalogue, replaceEntitlements, type EntitlementSet } from './catalogue.writer';
import { CATALOGUE_MIGRATIONS } from './migrations/1763769700000-Catalogue';

const ALL: Omit<EntitlementSet, 'slug'> = {
  datasets: ['core', 'gaming'],
  locations: ['gb', 'fr', 'us'],
  waves: ['q4_2024', 'q1_2025', 'q2_2025', 'q3_2025'],
};

describe('catalogue writer (real Postgres): replaceCatalogue, replaceEntitlements', () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('cataloguewriter', [...IDENTITY_MIGRATIONS, ...CATALOGUE_MIGRATIONS]);
    // Quiet: some tests fail writes on purpose.
    ds = new DataSource(dataSourceOptions(db.url, { logging: false }));
    await ds.initialize();
    for (const org of ['demo', 'other', 'third']) await upsertOrganisation(ds, org, org);
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  async function entitlementsOf(org: string): Promise<{ datasets: string[]; locations: string[]; waves: string[] }> {
    const codes = async (table: string, column: string) =>
      ((await ds.query(`SELECT ${column} AS code FROM ${table} WHERE org_id = $1 ORDER BY 1`, [org])) as { code: string }[]).map((r) => r.code);
    return {
      datasets: await codes('entitled_datasets', 'dataset_code'),
      locations: await codes('entitled_locations', 'location_code'),
      waves: await codes('entitled_waves', 'wave_code'),
    };
  }
  const sorted = (e: Omit<EntitlementSet, 'slug'>) => ({ datasets: [...e.datasets].sort(), locations: [...e.locations].sort(), waves: [...e.waves].sort() });
  const names = async (table: string) => ((await ds.query(`SELECT name FROM ${table} ORDER BY name`)) as { name: string }[]).map((r) => r.name);

  it('writes every table of the catalogue', async () => {
    await ds.transaction((tx) => replaceCatalogue(tx, testCatalogue('v1')));
    expect(await names('datasets')).toEqual(['Core v1', 'Gaming v1']);
    expect(await ds.query(`SELECT id, parent_id FROM categories ORDER BY id`)).toEqual([
      { id: 1, parent_id: null },
      { id: 2, parent_id: 1 },
      { id: 3, parent_id: 2 },
      { id: 5, parent_id: null },
    ]);
    expect(await ds.query(`SELECT question_code, category_id FROM question_categories ORDER BY 1, 2`)).toEqual([
      { question_code: 'gender', category_id: 1 },
      { question_code: 'genres', category_id: 5 },
      { question_code: 'platforms', category_id: 2 },
      { question_code: 'platforms', category_id: 3 },
    ]);
    const [platforms] = (await ds.query(`SELECT datapoints, dataset_codes FROM questions WHERE code = 'platforms'`)) as {
      datapoints: unknown;
      dataset_codes: string[];
    }[];
    expect(platforms).toEqual({ datapoints: testCatalogue().questions[1].datapoints, dataset_codes: ['core'] });
    expect(await ds.query(`SELECT count(*)::int AS n FROM populations`)).toEqual([{ n: 12 }]);
    expect(await ds.query(`SELECT code, to_char(start_date, 'YYYY-MM-DD') AS start FROM waves ORDER BY start_date`)).toEqual([
      { code: 'q4_2024', start: '2024-10-01' },
      { code: 'q1_2025', start: '2025-01-01' },
      { code: 'q2_2025', start: '2025-04-01' },
      { code: 'q3_2025', start: '2025-07-01' },
    ]);
  });

  it("sets an organisation's entitlements to exactly the given codes, leaving other organisations alone", async () => {
    await ds.transaction((tx) =>
      replaceEntitlements(tx, [
        { slug: 'demo', ...ALL },
        { slug: 'other', ...ALL },
      ]),
    );
    const fewer = { datasets: ['core'], locations: ['gb'], waves: ['q3_2025', 'q2_2025'] };
    await ds.transaction((tx) => replaceEntitlements(tx, [{ slug: 'demo', ...fewer }]));
    expect(await entitlementsOf('demo')).toEqual(sorted(fewer));
    expect(await entitlementsOf('other')).toEqual(sorted(ALL));
  });

  it('refuses entitlements of an organisation that does not exist, or to codes the catalogue lacks, and writes none of them', async () => {
    const before = await entitlementsOf('demo');
    await expect(ds.transaction((tx) => replaceEntitlements(tx, [{ slug: 'nobody', ...ALL }]))).rejects.toThrow(/foreign key/);
    await expect(ds.transaction((tx) => replaceEntitlements(tx, [{ slug: 'demo', ...ALL, waves: ['q9_2099'] }]))).rejects.toThrow(/foreign key/);
    expect(await entitlementsOf('demo')).toEqual(before);
    expect(await entitlementsOf('nobody')).toEqual({ datasets: [], locations: [], waves: [] });
  });

  it("keeps every organisation's entitlements whose codes still exist when the catalogue is replaced, and drops the others", async () => {
    await ds.transaction((tx) => replaceEntitlements(tx, [{ slug: 'other', ...ALL }]));
    const demoBefore = await entitlementsOf('demo');
    await ds.transaction((tx) => replaceCatalogue(tx, testCatalogue('v2', { datasets: ['gaming'], locations: ['fr'], waves: ['q4_2024'] })));
    expect(await names('datasets')).toEqual(['Core v2']);
    expect(await entitlementsOf('other')).toEqual({ datasets: ['core'], locations: ['gb', 'us'], waves: ['q1_2025', 'q2_2025', 'q3_2025'] });
    expect(await entitlementsOf('demo')).toEqual(demoBefore);
    // Codes that come back later do not bring back entitlements that went with them.
    await ds.transaction((tx) => replaceCatalogue(tx, testCatalogue('v3')));
    expect(await entitlementsOf('other')).toEqual({ datasets: ['core'], locations: ['gb', 'us'], waves: ['q1_2025', 'q2_2025', 'q3_2025'] });
  });

  it('shows readers the old catalogue until the replacing transaction commits, and nothing of one that fails', async () => {
    await ds.transaction((tx) => replaceEntitlements(tx, [{ slug: 'third', ...ALL }]));
    const reader = new Client({ connectionString: db.url });
    await reader.connect();
    try {
      const readNames = async () => (await reader.query<{ name: string }>(`SELECT name FROM datasets ORDER BY name`)).rows.map((r) => r.name);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let reached!: () => void;
      const written = new Promise<void>((resolve) => (reached = resolve));
      const writing = ds.transaction(async (tx) => {
        await replaceCatalogue(tx, testCatalogue('v4'));
        reached();
        await held;
      });
      await written;
      expect(await readNames()).toEqual(['Core v3', 'Gaming v3']);
      release();
      await writing;
      expect(await readNames()).toEqual(['Core v4', 'Gaming v4']);

      // A question in a category the catalogue does not have: the whole replacement rolls back.
      const broken = testCatalogue('v5');
      broken.questions[0].category_ids.push(404);
      await expect(ds.transaction((tx) => replaceCatalogue(tx, broken))).rejects.toThrow(/foreign key/);
      expect(await readNames()).toEqual(['Core v4', 'Gaming v4']);
      expect(await entitlementsOf('third')).toEqual(sorted(ALL));
    } finally {
      await reader.end();
    }
  });

  it('refuses an imported dataset whose question code another dataset uses, saying why and what to call it, and writes nothing', async () => {
    await ds.transaction((tx) => replaceCatalogue(tx, testCatalogue('clash')));
    const core = testCatalogue('clash');
    const gender = core.questions.find((q) => q.code === 'gender');
    if (!gender) throw new Error('the test catalogue has no gender question');
    const tracker = {
      dataset: { code: 'tracker', name: 'Tracker', description: '', base_namespace_code: 'tracker', depth: 0, order: 3, is_syndicated: false },
      categories: [{ id: 1, dataset_code: 'tracker', name: 'Demographics', description: '', order: 1, parent_id: null }],
      questions: [{ ...gender, namespace_code: 'tracker', category_ids: [1], dataset_codes: ['tracker'] }],
      waves: core.waves.slice(0, 1),
      locations: core.locations.slice(0, 1),
      populations: [],
    };
    const error = await ds
      .transaction((tx) => mergeDatasetCatalogue(tx, tracker))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(CatalogueConflict);
    expect((error as CatalogueConflict).problems).toEqual([
      "question code 'gender' is already used by namespace 'core' (question codes are unique across the catalogue): give the question another code in the mapping, e.g. 'tracker_gender'",
    ]);
    expect(await ds.query(`SELECT code FROM datasets WHERE code = 'tracker'`)).toEqual([]);
    // Under another code it joins the catalogue.
    await ds.transaction((tx) => mergeDatasetCatalogue(tx, { ...tracker, questions: [{ ...tracker.questions[0], code: 'tracker_gender' }] }));
    expect(await ds.query(`SELECT code, namespace_code FROM questions WHERE code LIKE '%gender' ORDER BY code`)).toEqual([
      { code: 'gender', namespace_code: 'core' },
      { code: 'tracker_gender', namespace_code: 'tracker' },
    ]);
  });

  it("corrects a stored wave's dates only when asked to, and says what changed (issue 29, trap 3)", async () => {
    const core = testCatalogue('dates');
    await ds.transaction((tx) => replaceCatalogue(tx, core));
    const wave = core.waves[0];
    const placeholder = { ...wave, start_date: '2000-01-01', end_date: '2000-03-31' };
    const survey = {
      dataset: { code: 'survey', name: 'Survey', description: '', base_namespace_code: 'survey', depth: 0, order: 3, is_syndicated: false },
      categories: [{ id: 1, dataset_code: 'survey', name: 'All', description: '', order: 1, parent_id: null }],
      questions: [],
      waves: [placeholder],
      locations: core.locations.slice(0, 1),
      populations: [],
    };
    const stored = () =>
      ds.query(`SELECT to_char(start_date, 'YYYY-MM-DD') AS s, to_char(end_date, 'YYYY-MM-DD') AS e FROM waves WHERE code = $1`, [wave.code]);
    const refused = await ds
      .transaction((tx) => mergeDatasetCatalogue(tx, survey))
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect((refused as CatalogueConflict).problems).toEqual([
      `wave '${wave.code}' exists from ${wave.start_date} to ${wave.end_date}, the mapping says 2000-01-01 to 2000-03-31 ` +
        '(to correct the stored dates, import with the option to correct wave dates: npm run import -- ... --correct-wave-dates)',
    ]);
    expect(await stored()).toEqual([{ s: wave.start_date, e: wave.end_date }]);
    const corrected = await ds.transaction((tx) => mergeDatasetCatalogue(tx, survey, { correctWaveDates: true }));
    expect(corrected.waveCorrections).toEqual([
      { code: wave.code, from: { start_date: wave.start_date, end_date: wave.end_date }, to: { start_date: '2000-01-01', end_date: '2000-03-31' } },
    ]);
    expect(await stored()).toEqual([{ s: '2000-01-01', e: '2000-03-31' }]);
    // Back to the right dates by the same route; a second run with the same dates changes nothing.
    await ds.transaction((tx) => mergeDatasetCatalogue(tx, { ...survey, waves: [wave] }, { correctWaveDates: true }));
    expect((await ds.transaction((tx) => mergeDatasetCatalogue(tx, { ...survey, waves: [wave] }, { correctWaveDates: true }))).waveCorrections).toEqual([]);
    expect(await stored()).toEqual([{ s: wave.start_date, e: wave.end_date }]);
  });

  it('writes parents before children across insert batches (6,000 categories, every child listed before its parent)', async () => {
    // Rows go in batches of 5,000 categories: a child in the first batch whose parent is in the
    // second would break the self-reference unless the writer orders parents first.
    const base = testCatalogue('big');
    const children = Array.from({ length: 5999 }, (_, i) => ({
      id: 100 + i,
      dataset_code: 'core',
      name: `c${i}`,
      description: '',
      order: i,
      parent_id: i % 2 ? 99 : 98,
    }));
    const big = {
      ...base,
      categories: [
        ...base.categories,
        ...children,
        { id: 98, dataset_code: 'core', name: 'left', description: '', order: 1, parent_id: 97 },
        { id: 99, dataset_code: 'core', name: 'right', description: '', order: 2, parent_id: 97 },
        { id: 97, dataset_code: 'core', name: 'root', description: '', order: 3, parent_id: null },
      ],
    };
    await ds.transaction((tx) => replaceCatalogue(tx, big));
    expect(await ds.query(`SELECT parent_id, count(*)::int AS n FROM categories WHERE id >= 97 GROUP BY 1 ORDER BY 1 NULLS FIRST`)).toEqual([
      { parent_id: null, n: 1 },
      { parent_id: 97, n: 2 },
      { parent_id: 98, n: 3000 },
      { parent_id: 99, n: 2999 },
    ]);
  });
});
