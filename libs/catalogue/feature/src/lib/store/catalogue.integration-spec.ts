import { Test, TestingModule } from '@nestjs/testing';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { CatalogueAccess } from '@aas/shared-contracts';
import { AppConfigModule, CommonConfig, loadConfig, upsertOrganisation } from '@aas/shared-infra';
import { DatabaseModule, IDENTITY_MIGRATIONS } from '@aas/shared-infra/database';
import { createTestDatabase, TestDatabase } from '@aas/shared-infra/testing';
import { PartitionReader, RESPONDENT_STORE_MIGRATIONS, RespondentStoreModule, StoreVersion, SurveyDataVersion } from '@aas/respondent-store-data-access';
import { CatalogueAccessModule } from '../catalogue.module';
import { testCatalogue } from '@aas/catalogue-data-access/testing';
import { CatalogueRepository } from './catalogue.repository';
import { CatalogueService } from './catalogue.service';
import {
  CATALOGUE_MIGRATIONS,
  grantEntitlements,
  mergeDatasetCatalogue,
  replaceCatalogue,
  replaceEntitlements,
  revokeEntitlements,
  type EntitlementSet,
} from '@aas/catalogue-data-access';

const DEMO: EntitlementSet = { slug: 'demo', datasets: ['core'], locations: ['gb', 'us'], waves: ['q3_2025', 'q1_2025', 'q4_2024'] };

/** Resolves once a session of the database waits for a lock (a read blocked behind a writer), or throws after ms. */
async function waitForBlockedRead(db: TestDatabase, table: string, ms = 10_000): Promise<void> {
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    const until = Date.now() + ms;
    let seen: unknown[] = [];
    while (Date.now() < until) {
      const res = await client.query(`SELECT wait_event_type, query FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`);
      seen = res.rows;
      if (res.rows.some((r: { wait_event_type: string | null; query: string }) => r.wait_event_type === 'Lock' && r.query.includes(`FROM ${table}`))) return;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`no read of ${table} waited for a lock within ${ms} ms; sessions: ${JSON.stringify(seen)}`);
  } finally {
    await client.end();
  }
}

describe('CatalogueRepository and CatalogueService (real Postgres)', () => {
  let db: TestDatabase;
  let moduleRef: TestingModule;
  let ds: DataSource;
  let repository: CatalogueRepository;
  let service: CatalogueService;

  /** Writes a catalogue and a new data version in one transaction, as a seed or an import does; returns the version. */
  async function publish(label: string, without: Parameters<typeof testCatalogue>[1] = {}): Promise<string> {
    return ds.transaction(async (tx) => {
      const version = await SurveyDataVersion.begin(tx);
      await replaceCatalogue(tx, testCatalogue(label, without));
      await version.commit({ label });
      return version.version;
    });
  }

  beforeAll(async () => {
    db = await createTestDatabase('catalogue', [...IDENTITY_MIGRATIONS, ...CATALOGUE_MIGRATIONS, ...RESPONDENT_STORE_MIGRATIONS]);
    moduleRef = await Test.createTestingModule({
      imports: [
        AppConfigModule.forRoot(loadConfig(CommonConfig, { NODE_ENV: 'test', DATABASE_URL: db.url })),
        DatabaseModule,
        RespondentStoreModule,
        CatalogueAccessModule,
      ],
    })
      // The process's signal asks the store at most once a second; asking every time lets a test see a version it just wrote.
      .overrideProvider(StoreVersion)
      .useFactory({ factory: (reader: PartitionReader) => new StoreVersion(reader, 0), inject: [PartitionReader] })
      .compile();
    ds = moduleRef.get(DataSource);
    // Quiet: one test breaks a table on purpose (an empty list still replaces the logger, `false` would not).
    ds.setOptions({ logging: [] });
    repository = moduleRef.get(CatalogueRepository);
    service = moduleRef.get(CatalogueService);
    for (const org of ['demo', 'acme']) await upsertOrganisation(ds, org, org);
    await publish('v1');
    await ds.transaction((tx) => replaceEntitlements(tx, [DEMO]));
  });
  afterAll(async () => {
    await moduleRef?.close();
    await db?.drop();
  });

  it('is what CatalogueAccess resolves to', () => {
    expect(moduleRef.get(CatalogueAccess)).toBe(service);
  });

  it('loads every catalogue table into one snapshot, labelled with the version it is given', async () => {
    const snapshot = await repository.loadSnapshot('42');
    expect(snapshot.version).toBe('42');
    expect(snapshot.datasets.map((d) => [d.code, d.name, d.is_syndicated])).toEqual([
      ['core', 'Core v1', false],
      ['gaming', 'Gaming v1', true],
    ]);
    expect(snapshot.questions.map((q) => [q.code, q.category_ids])).toEqual([
      ['gender', [1]],
      ['platforms', [2, 3]],
      ['genres', [5]],
    ]);
    expect(snapshot.findQuestion('platforms')).toMatchObject({
      namespace_code: 'core',
      dataset_codes: ['core'],
      datapoints: testCatalogue().questions[1].datapoints,
    });
    expect(snapshot.wavesByEnd.map((w) => [w.code, w.start_date, w.end_date])).toEqual([
      ['q4_2024', '2024-10-01', '2024-12-31'],
      ['q1_2025', '2025-01-01', '2025-03-31'],
      ['q2_2025', '2025-04-01', '2025-06-30'],
      ['q3_2025', '2025-07-01', '2025-09-30'],
    ]);
    expect(snapshot.locations.map((l) => l.code)).toEqual(['fr', 'gb', 'us']);
    expect(snapshot.lineage(3).map((c) => c.id)).toEqual([1, 2, 3]);
    expect(snapshot.questionsUnder(1).map((q) => q.code)).toEqual(['gender', 'platforms']);
  });

  it('reads the tables in one REPEATABLE READ snapshot: a catalogue replaced halfway through the read does not leak in', async () => {
    // A writer holds the last table the load reads; the load reads the others, then waits. The
    // writer replaces the whole catalogue and commits; the load must still see v1 everywhere.
    const writer = new Client({ connectionString: db.url });
    await writer.connect();
    try {
      await writer.query('BEGIN');
      await writer.query('LOCK TABLE waves IN ACCESS EXCLUSIVE MODE');
      const loading = repository.loadSnapshot('mid');
      await waitForBlockedRead(db, 'waves');
      await replaceCatalogue({ query: (sql, params) => writer.query(sql, params).then((r) => r.rows) }, testCatalogue('v2'));
      await writer.query('COMMIT');
      const snapshot = await loading;
      expect(snapshot.datasets.map((d) => d.name)).toEqual(['Core v1', 'Gaming v1']);
      expect(snapshot.wavesByEnd.map((w) => w.name)).toEqual(['Q4 2024 v1', 'Q1 2025 v1', 'Q2 2025 v1', 'Q3 2025 v1']);
      expect((await repository.loadSnapshot('after')).wavesByEnd.map((w) => w.name)).toEqual(['Q4 2024 v2', 'Q1 2025 v2', 'Q2 2025 v2', 'Q3 2025 v2']);
    } finally {
      await writer.query('ROLLBACK').catch(() => undefined);
      await writer.end();
      await publish('v1');
    }
  });

  it("reads an organisation's entitlements with their version, and none (version 0) for an organisation without any", async () => {
    const demo = await repository.entitlements('demo');
    expect(demo.value).toEqual({
      datasets: new Set(['core']),
      locations: new Set(['gb', 'us']),
      waves: new Set(['q3_2025', 'q1_2025', 'q4_2024']),
    });
    expect(demo.version).toBe(await repository.entitlementVersion('demo'));
    expect(Number(demo.version)).toBeGreaterThan(0);
    expect(await repository.entitlements('acme')).toEqual({ version: '0', value: { datasets: new Set(), locations: new Set(), waves: new Set() } });
  });

  it('serves one snapshot per data version, and the next one as soon as the version moves', async () => {
    const current = (await ds.query(`SELECT version::text AS v FROM data_versions WHERE name = 'survey'`)) as { v: string }[];
    const first = await service.view();
    expect(first.version).toBe(current[0].v);
    expect(await service.view()).toBe(first);
    expect(await service.current()).toBe(await service.current());

    const next = await publish('v3', { waves: ['q4_2024'] });
    const view = await service.view();
    expect(view).not.toBe(first);
    expect(view.version).toBe(next);
    expect(view.datasets.map((d) => d.name)).toEqual(['Core v3', 'Gaming v3']);
    expect(view.waves.map((w) => w.code)).toEqual(['q1_2025', 'q2_2025', 'q3_2025']);
    // A catalogue written without a new data version is not seen: the version is the signal.
    await ds.transaction((tx) => replaceCatalogue(tx, testCatalogue('unversioned')));
    expect((await service.view()).datasets.map((d) => d.name)).toEqual(['Core v3', 'Gaming v3']);
    await publish('v1');
  });

  it('loads a new version once however many callers ask for it at the same time', async () => {
    await publish('v4');
    const loads = jest.spyOn(repository, 'loadSnapshot');
    try {
      const views = await Promise.all(Array.from({ length: 10 }, () => service.view()));
      expect(new Set(views).size).toBe(1);
      expect(loads).toHaveBeenCalledTimes(1);
    } finally {
      loads.mockRestore();
    }
  });

  it('does not keep a failed load: the next call loads again', async () => {
    await publish('v5');
    await ds.query('ALTER TABLE waves RENAME TO waves_away');
    try {
      await expect(service.view()).rejects.toThrow(/waves/);
    } finally {
      await ds.query('ALTER TABLE waves_away RENAME TO waves');
    }
    expect((await service.view()).datasets.map((d) => d.name)).toEqual(['Core v5', 'Gaming v5']);
  });

  describe("forOrganisation: the organisation's view of the catalogue", () => {
    it('tells unknown codes (400) from codes the organisation may not use (403)', async () => {
      // Earlier tests wrote catalogues without some codes, which took the entitlements to them along.
      await ds.transaction((tx) => replaceEntitlements(tx, [DEMO]));
      await publish('v1');
      const demo = await service.forOrganisation('demo');
      expect(demo.orgId).toBe('demo');
      // Unknown: does not exist at all.
      expect([demo.locationExists('zz'), demo.waveExists('q1_1999'), demo.datasetExists('nope')]).toEqual([false, false, false]);
      // Known, not licensed.
      expect([demo.locationExists('fr'), demo.isLocationEntitled('fr')]).toEqual([true, false]);
      expect([demo.waveExists('q2_2025'), demo.isWaveEntitled('q2_2025')]).toEqual([true, false]);
      expect([demo.datasetExists('gaming'), demo.isDatasetEntitled('gaming')]).toEqual([true, false]);
      // Licensed.
      expect([demo.isLocationEntitled('gb'), demo.isWaveEntitled('q3_2025'), demo.isDatasetEntitled('core')]).toEqual([true, true, true]);
      expect(demo.entitledDatasets).toEqual(['core']);
      expect(demo.entitledLocations).toEqual([
        { code: 'gb', name: 'United Kingdom v1' },
        { code: 'us', name: 'United States v1' },
      ]);
      // Oldest first by end date, whatever order they were licensed or written in.
      expect(demo.entitledWaves.map((w) => w.code)).toEqual(['q4_2024', 'q1_2025', 'q3_2025']);
      expect(demo.entitledWaves[0]).toEqual({ code: 'q4_2024', name: 'Q4 2024 v1', startDate: '2024-10-01', endDate: '2024-12-31' });
    });

    it('finds questions by code or by namespace and code, with the dataset they are licensed through', async () => {
      const demo = await service.forOrganisation('demo');
      expect(demo.findQuestion('genres')).toMatchObject({ code: 'genres', namespaceCode: 'gaming', datasetCode: 'gaming', datasetCodes: ['gaming'] });
      expect(demo.findQuestion('gender', 'core')).toMatchObject({
        datasetCode: 'core',
        datasetCodes: ['core', 'gaming'],
        datapoints: [
          { code: 'female', name: 'female name' },
          { code: 'male', name: 'male name' },
        ],
      });
      expect(demo.findQuestion('gender', 'gaming')).toBeUndefined();
      expect(demo.findQuestion('nope')).toBeUndefined();
    });

    it('gives an organisation with no entitlements the whole catalogue to check against, and nothing to use', async () => {
      const acme = await service.forOrganisation('acme');
      expect([acme.entitledDatasets, acme.entitledLocations, acme.entitledWaves]).toEqual([[], [], []]);
      expect([acme.locationExists('gb'), acme.isLocationEntitled('gb')]).toEqual([true, false]);
    });

    it('serves a change of entitlements from the next call on, however it was written', async () => {
      expect((await service.forOrganisation('demo')).entitledDatasets).toEqual(['core']);
      await ds.transaction((tx) => replaceEntitlements(tx, [{ ...DEMO, datasets: ['core', 'gaming'] }]));
      expect((await service.forOrganisation('demo')).entitledDatasets).toEqual(['core', 'gaming']);
      await ds.transaction((tx) => revokeEntitlements(tx, 'demo', { datasets: ['gaming'] }));
      expect((await service.forOrganisation('demo')).entitledDatasets).toEqual(['core']);
      // SQL typed by hand moves the version too (the trigger), so it is not served stale either.
      await ds.query(`INSERT INTO entitled_locations (org_id, location_code) VALUES ('demo', 'fr')`);
      expect((await service.forOrganisation('demo')).entitledLocations.map((l) => l.code)).toEqual(['fr', 'gb', 'us']);
      await ds.query(`DELETE FROM entitled_locations WHERE org_id = 'demo' AND location_code = 'fr'`);
      expect((await service.forOrganisation('demo')).entitledLocations.map((l) => l.code)).toEqual(['gb', 'us']);
      // Another organisation's change leaves this one's version, and its entry, alone.
      const before = await repository.entitlementVersion('demo');
      await ds.transaction((tx) => grantEntitlements(tx, 'acme', { waves: ['q1_2025'] }));
      expect(await repository.entitlementVersion('demo')).toBe(before);
      expect((await service.forOrganisation('acme')).entitledWaves.map((w) => w.code)).toEqual(['q1_2025']);
      await ds.transaction((tx) => revokeEntitlements(tx, 'acme', { waves: ['q1_2025'] }));
      expect((await service.forOrganisation('acme')).entitledWaves).toEqual([]);
    });

    it('reads only the version while the entitlements stand, and loads them again once it moves', async () => {
      await service.forOrganisation('demo');
      const loads = jest.spyOn(repository, 'entitlements');
      try {
        for (let i = 0; i < 3; i++) expect((await service.forOrganisation('demo')).entitledDatasets).toEqual(['core']);
        expect(loads).not.toHaveBeenCalled();
        // Granting what it already has changes no row, so no version either.
        const before = await repository.entitlementVersion('demo');
        await ds.transaction((tx) => grantEntitlements(tx, 'demo', { datasets: ['core'] }));
        expect(await repository.entitlementVersion('demo')).toBe(before);
        await service.forOrganisation('demo');
        expect(loads).not.toHaveBeenCalled();
        await ds.transaction((tx) => grantEntitlements(tx, 'demo', { datasets: ['gaming'] }));
        expect((await service.forOrganisation('demo')).entitledDatasets).toEqual(['core', 'gaming']);
        expect(loads).toHaveBeenCalledTimes(1);
      } finally {
        loads.mockRestore();
        await ds.transaction((tx) => replaceEntitlements(tx, [DEMO]));
      }
    });
  });

  it("serves the aliases an import gave a dataset's questions and answers, where it serves their datapoints", async () => {
    await ds.transaction(async (tx) => {
      const version = await SurveyDataVersion.begin(tx);
      await mergeDatasetCatalogue(tx, {
        dataset: { code: 'social', name: 'Social', description: '', base_namespace_code: 'social', depth: 0, order: 3, is_syndicated: false },
        categories: [{ id: 1, dataset_code: 'social', name: 'Social', description: '', order: 1, parent_id: null }],
        questions: [
          {
            ...testCatalogue().questions[1],
            code: 'main_platform',
            namespace_code: 'social',
            dataset_codes: ['social'],
            category_ids: [1],
            aliases: ['main network'],
            datapoints: [
              { code: 'facebook', name: 'Facebook (Meta)', order: 1, midpoint: null, aliases: ['Meta', 'Facebook'] },
              { code: 'instagram', name: 'Instagram', order: 2, midpoint: null },
            ],
          },
        ],
        waves: [],
        locations: [],
        populations: [],
      });
      await version.commit({ label: 'social' });
    });
    const view = await service.view();
    const imported = view.questions.find((q) => q.code === 'main_platform');
    expect(imported?.aliases).toEqual(['main network']);
    expect(imported?.datapoints).toEqual([
      { code: 'facebook', name: 'Facebook (Meta)', order: 1, midpoint: null, aliases: ['Meta', 'Facebook'] },
      { code: 'instagram', name: 'Instagram', order: 2, midpoint: null },
    ]);
    // A question written without any has none (the column's default).
    expect(view.questions.find((q) => q.code === 'gender')?.aliases).toEqual([]);
  });
});
