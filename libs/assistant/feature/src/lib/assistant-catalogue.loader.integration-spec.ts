import { Test, TestingModule } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import { CATALOGUE_MIGRATIONS, CatalogueAccessModule, replaceCatalogue, replaceEntitlements, type CatalogueContent } from '@aas/catalogue';
import { AudienceDirectory, type DirectoryAudience, type Question } from '@aas/contracts';
import { AppConfigModule, CommonConfig, DatabaseModule, IDENTITY_MIGRATIONS, loadConfig, upsertOrganisation } from '@aas/infra';
import { createTestDatabase, TestDatabase } from '@aas/infra/testing';
import { encodePartition, PARTITION_FORMAT_VERSION } from '@aas/respondent-store';
import { PartitionReader, RESPONDENT_STORE_MIGRATIONS, RespondentStoreModule, StoreVersion, SurveyDataVersion } from '@aas/respondent-store-data';
import { AssistantCatalogueLoader } from './assistant-catalogue.loader';

const question = (namespace: string, code: string, order: number, datasets: string[]): Question => ({
  namespace_code: namespace,
  code,
  name: `${code} name`,
  description: `${code} asked`,
  kind: 'single',
  unit: '',
  flags: [],
  order,
  knowledge_base: '',
  message: '',
  notice: '',
  warning: '',
  category_ids: [1],
  dataset_codes: datasets,
  attribute_count: 2,
  datapoints: [
    { code: 'yes', name: 'Yes', order: 1, midpoint: null },
    { code: 'no', name: 'No', order: 2, midpoint: null },
  ],
  suffixes: [],
});

/** Two datasets (`gaming` a panel of its own namespace), three markets, three quarters listed newest first. */
function catalogue(label: string): CatalogueContent {
  return {
    datasets: [
      { code: 'core', name: `Core ${label}`, description: '', base_namespace_code: 'core', depth: 0, order: 1, is_syndicated: false },
      { code: 'gaming', name: 'Gaming', description: '', base_namespace_code: 'gaming', depth: 1, order: 2, is_syndicated: true },
    ],
    categories: [{ id: 1, dataset_code: 'core', name: 'All', description: '', order: 1, parent_id: null }],
    questions: [question('core', 'gender', 1, ['core', 'gaming']), question('gaming', 'plays_rpg', 2, ['gaming'])],
    locations: [
      { code: 'gb', name: 'United Kingdom', region: 'europe' },
      { code: 'fr', name: 'France', region: 'europe' },
      { code: 'us', name: 'United States', region: 'americas' },
    ],
    waves: [
      { code: 'q3_2025', name: 'Q3 2025', kind: 'quarter', start_date: '2025-07-01', end_date: '2025-09-30' },
      { code: 'q2_2025', name: 'Q2 2025', kind: 'quarter', start_date: '2025-04-01', end_date: '2025-06-30' },
      { code: 'q1_2025', name: 'Q1 2025', kind: 'quarter', start_date: '2025-01-01', end_date: '2025-03-31' },
    ],
    populations: [],
  };
}

/** Where the survey has respondents: [dataset, wave, location, respondents]. */
type Fielded = [string, string, string, number][];

/** The saved audiences each organisation may read, as the audiences lib would answer (that lib is out of this one's scope). */
class Audiences extends AudienceDirectory {
  readonly byOrg = new Map<string, DirectoryAudience[]>();
  async readable(orgId: string): Promise<DirectoryAudience[]> {
    return (this.byOrg.get(orgId) ?? []).map((a) => ({ ...a }));
  }
}

const GAMERS: DirectoryAudience = {
  id: 'a1',
  name: 'Gamers',
  description: 'Play weekly',
  expression: { question: 'plays_rpg', datapoints: ['yes'] },
  curated: true,
};

describe('AssistantCatalogueLoader (real Postgres, the real catalogue service and respondent store)', () => {
  let db: TestDatabase;
  let moduleRef: TestingModule;
  let ds: DataSource;
  let loader: AssistantCatalogueLoader;
  let reader: PartitionReader;
  const audiences = new Audiences();

  /** A catalogue and the respondents' partitions in one new data version, as a seed writes them. */
  async function publish(label: string, fielded: Fielded): Promise<string> {
    return ds.transaction(async (tx) => {
      const version = await SurveyDataVersion.begin(tx);
      await replaceCatalogue(tx, catalogue(label));
      for (const [dataset, wave, location, respondents] of fielded) {
        const key = { dataset, wave, location };
        const blob = encodePartition({
          key,
          dictionaryHash: 1,
          firstRespondentId: 1,
          respondentCount: respondents,
          bitLength: 64,
          weightClasses: respondents > 0 ? [{ weight: 1, startBit: 0, count: respondents }] : [],
          attributes: new Map(),
        });
        await version.putPartition({ key, respondentCount: respondents, formatVersion: PARTITION_FORMAT_VERSION, dictionaryHash: 1, blob });
      }
      await version.retireOthers();
      await version.commit({ label });
      return version.version;
    });
  }

  const FIELDED: Fielded = [
    ['core', 'q1_2025', 'gb', 10],
    ['core', 'q2_2025', 'us', 10],
    ['core', 'q3_2025', 'fr', 10],
    ['gaming', 'q3_2025', 'gb', 5],
    // Planned but nobody answered: not fielded.
    ['gaming', 'q2_2025', 'us', 0],
  ];

  beforeAll(async () => {
    db = await createTestDatabase('assistantloader', [...IDENTITY_MIGRATIONS, ...CATALOGUE_MIGRATIONS, ...RESPONDENT_STORE_MIGRATIONS]);
    moduleRef = await Test.createTestingModule({
      imports: [
        AppConfigModule.forRoot(loadConfig(CommonConfig, { NODE_ENV: 'test', DATABASE_URL: db.url })),
        DatabaseModule,
        RespondentStoreModule,
        CatalogueAccessModule,
      ],
      providers: [AssistantCatalogueLoader, { provide: AudienceDirectory, useValue: audiences }],
    })
      // Asked on every call (the process's signal waits a second), so a version a test writes is seen at once.
      .overrideProvider(StoreVersion)
      .useFactory({ factory: (r: PartitionReader) => new StoreVersion(r, 0), inject: [PartitionReader] })
      .compile();
    ds = moduleRef.get(DataSource);
    loader = moduleRef.get(AssistantCatalogueLoader);
    reader = moduleRef.get(PartitionReader);
    for (const org of ['demo', 'acme']) await upsertOrganisation(ds, org, org);
    await publish('v1', FIELDED);
    await ds.transaction((tx) =>
      replaceEntitlements(tx, [
        { slug: 'demo', datasets: ['core'], locations: ['gb', 'us'], waves: ['q2_2025', 'q3_2025'] },
        { slug: 'acme', datasets: ['core', 'gaming'], locations: ['gb'], waves: ['q1_2025'] },
      ]),
    );
    audiences.byOrg.set('demo', [GAMERS]);
  });
  afterAll(async () => {
    await moduleRef?.close();
    await db?.drop();
  });

  it("builds the planner's catalogue from the catalogue view, the organisation's entitlements, its audiences and where the survey was fielded", async () => {
    const { planner, organisation } = await loader.load('demo');
    expect(organisation.orgId).toBe('demo');
    expect(planner.questions).toEqual([
      {
        code: 'gender',
        name: 'gender name',
        description: 'gender asked',
        datasetCode: 'core',
        datasetCodes: ['core', 'gaming'],
        entitled: true,
        datapoints: [
          { code: 'yes', name: 'Yes' },
          { code: 'no', name: 'No' },
        ],
        suffixes: [],
      },
      expect.objectContaining({ code: 'plays_rpg', datasetCode: 'gaming', datasetCodes: ['gaming'], entitled: false }),
    ]);
    // Every market and wave, so the planner can tell "not licensed" from "unknown"; waves oldest first.
    expect(planner.locations).toEqual([
      { code: 'fr', name: 'France', entitled: false },
      { code: 'gb', name: 'United Kingdom', entitled: true },
      { code: 'us', name: 'United States', entitled: true },
    ]);
    expect(planner.waves.map((w) => [w.code, w.startDate, w.endDate, w.entitled])).toEqual([
      ['q1_2025', '2025-01-01', '2025-03-31', false],
      ['q2_2025', '2025-04-01', '2025-06-30', true],
      ['q3_2025', '2025-07-01', '2025-09-30', true],
    ]);
    expect(planner.datasets).toEqual([
      { code: 'core', name: 'Core v1', entitled: true, fielded: { locations: ['fr', 'gb', 'us'], waves: ['q1_2025', 'q2_2025', 'q3_2025'] } },
      { code: 'gaming', name: 'Gaming', entitled: false, fielded: { locations: ['gb'], waves: ['q3_2025'] } },
    ]);
    expect(planner.audiences).toEqual([GAMERS]);
    expect((await loader.load('acme')).planner.audiences).toEqual([]);
  });

  it('reuses the built catalogue while nothing it was built from changed, per organisation', async () => {
    const first = (await loader.load('demo')).planner;
    const acme = (await loader.load('acme')).planner;
    expect((await loader.load('demo')).planner).toBe(first);
    expect((await loader.load('acme')).planner).toBe(acme);
    expect(acme).not.toBe(first);
  });

  it("rebuilds when the organisation's audiences change, and only that organisation's", async () => {
    const before = (await loader.load('demo')).planner;
    const acme = (await loader.load('acme')).planner;
    audiences.byOrg.set('demo', [{ ...GAMERS, name: 'Core gamers' }]);
    const renamed = (await loader.load('demo')).planner;
    expect(renamed).not.toBe(before);
    expect(renamed.audiences.map((a) => a.name)).toEqual(['Core gamers']);
    audiences.byOrg.set('demo', [{ ...GAMERS, name: 'Core gamers', expression: { question: 'plays_rpg', datapoints: ['no'] } }]);
    const redefined = (await loader.load('demo')).planner;
    expect(redefined).not.toBe(renamed);
    expect(redefined.audiences[0].expression).toEqual({ question: 'plays_rpg', datapoints: ['no'] });
    expect((await loader.load('acme')).planner).toBe(acme);
  });

  it('rebuilds for a new data version (catalogue and coverage), and for new entitlements once the catalogue serves them', async () => {
    const before = (await loader.load('demo')).planner;
    await publish('v2', [...FIELDED, ['gaming', 'q1_2025', 'fr', 3]]);
    const after = (await loader.load('demo')).planner;
    expect(after).not.toBe(before);
    expect(after.datasets.map((d) => [d.name, d.fielded])).toEqual([
      ['Core v2', { locations: ['fr', 'gb', 'us'], waves: ['q1_2025', 'q2_2025', 'q3_2025'] }],
      ['Gaming', { locations: ['fr', 'gb'], waves: ['q1_2025', 'q3_2025'] }],
    ]);

    await ds.transaction((tx) =>
      replaceEntitlements(tx, [{ slug: 'demo', datasets: ['core', 'gaming'], locations: ['gb', 'us', 'fr'], waves: ['q2_2025', 'q3_2025'] }]),
    );
    await publish('v3', FIELDED);
    const entitled = (await loader.load('demo')).planner;
    expect(entitled.datasets.map((d) => d.entitled)).toEqual([true, true]);
    expect(entitled.locations.every((l) => l.entitled)).toBe(true);
    expect(entitled.questions.find((q) => q.code === 'plays_rpg')?.entitled).toBe(true);
  });

  it('reads where the survey was fielded once per data version, however many organisations load', async () => {
    await publish('v4', FIELDED);
    const coverage = jest.spyOn(reader, 'coverage');
    try {
      await Promise.all([loader.load('demo'), loader.load('acme'), loader.load('demo')]);
      await loader.load('acme');
      expect(coverage).toHaveBeenCalledTimes(1);
      await publish('v5', FIELDED);
      await loader.load('demo');
      expect(coverage).toHaveBeenCalledTimes(2);
    } finally {
      coverage.mockRestore();
    }
  });
});
