import { Test, TestingModule } from '@nestjs/testing';
import { DataSource } from 'typeorm';
import {
  AudienceDirectory,
  CatalogueAccess,
  type CatalogueView,
  type DirectoryAudience,
  type OrganisationCatalogue,
  type Question,
} from '@aas/shared-contracts';
import { AppConfigModule, CommonConfig, dataSourceOptions, loadConfig } from '@aas/shared-infra';
import { createTestDatabase, TestDatabase } from '@aas/shared-infra/testing';
import { encodePartition, PARTITION_FORMAT_VERSION } from '@aas/respondent-store-domain';
import { PartitionReader, RESPONDENT_STORE_MIGRATIONS, RespondentStoreModule, SurveyDataVersion } from '@aas/respondent-store-data-access';
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
    // Another name the survey's catalogue gives the answer: the planner reads it as the answer.
    { code: 'yes', name: 'Yes', order: 1, midpoint: null, aliases: ['aye'] },
    { code: 'no', name: 'No', order: 2, midpoint: null },
  ],
  suffixes: [],
  // Other names of the question itself (an import's mapping can give them): words of its name.
  ...(code === 'gender' ? { aliases: ['sex'] } : {}),
});

/** Two datasets (`gaming` a panel of its own namespace), three markets, three quarters; `label` names the core dataset. */
function view(version: string, label: string): CatalogueView {
  return {
    version,
    datasets: [
      { code: 'core', name: `Core ${label}`, description: '', base_namespace_code: 'core', depth: 0, order: 1, is_syndicated: false },
      { code: 'gaming', name: 'Gaming', description: '', base_namespace_code: 'gaming', depth: 1, order: 2, is_syndicated: true },
    ],
    categories: [{ id: 1, dataset_code: 'core', name: 'All', description: '', order: 1, parent_id: null }],
    questions: [question('core', 'gender', 1, ['core', 'gaming']), question('gaming', 'plays_rpg', 2, ['gaming'])],
    locations: [
      { code: 'fr', name: 'France', region: 'europe' },
      { code: 'gb', name: 'United Kingdom', region: 'europe' },
      { code: 'us', name: 'United States', region: 'americas' },
    ],
    waves: [
      { code: 'q1_2025', name: 'Q1 2025', kind: 'quarter', start_date: '2025-01-01', end_date: '2025-03-31' },
      { code: 'q2_2025', name: 'Q2 2025', kind: 'quarter', start_date: '2025-04-01', end_date: '2025-06-30' },
      { code: 'q3_2025', name: 'Q3 2025', kind: 'quarter', start_date: '2025-07-01', end_date: '2025-09-30' },
    ],
  };
}

interface Entitled {
  datasets: string[];
  locations: string[];
  waves: string[];
}

/**
 * The catalogue's side of CatalogueAccess, as the catalogue lib serves it (one view object per
 * data version; per organisation, what exists and what it may use). The catalogue lib is a
 * feature the assistant may not import, so its service cannot be put in this module; its own
 * spec tests it against Postgres. The version here is the respondent store's, as there.
 */
class Catalogue extends CatalogueAccess {
  current!: CatalogueView;
  readonly entitled = new Map<string, Entitled>();

  async view(): Promise<CatalogueView> {
    return this.current;
  }

  async forOrganisation(orgId: string): Promise<OrganisationCatalogue> {
    const v = this.current;
    const e = this.entitled.get(orgId) ?? { datasets: [], locations: [], waves: [] };
    return {
      orgId,
      findQuestion: (code) => {
        const q = v.questions.find((x) => x.code === code);
        const datasetCode = q && (v.datasets.find((d) => d.base_namespace_code === q.namespace_code)?.code ?? q.dataset_codes[0]);
        return q && datasetCode
          ? {
              code: q.code,
              namespaceCode: q.namespace_code,
              name: q.name,
              description: q.description,
              datasetCode,
              datasetCodes: q.dataset_codes,
              datapoints: q.datapoints,
              suffixes: q.suffixes,
            }
          : undefined;
      },
      isDatasetEntitled: (code) => e.datasets.includes(code),
      isLocationEntitled: (code) => e.locations.includes(code),
      isWaveEntitled: (code) => e.waves.includes(code),
      locationExists: (code) => v.locations.some((l) => l.code === code),
      waveExists: (code) => v.waves.some((w) => w.code === code),
      datasetExists: (code) => v.datasets.some((d) => d.code === code),
      entitledDatasets: v.datasets.filter((d) => e.datasets.includes(d.code)).map((d) => d.code),
      entitledLocations: v.locations.filter((l) => e.locations.includes(l.code)).map((l) => ({ code: l.code, name: l.name })),
      entitledWaves: v.waves.filter((w) => e.waves.includes(w.code)).map((w) => ({ code: w.code, name: w.name, startDate: w.start_date, endDate: w.end_date })),
    };
  }
}

/** Where the survey has respondents: [dataset, wave, location, respondents]. */
type Fielded = [string, string, string, number][];

/** The saved audiences each organisation may read, as the audiences lib answers AudienceDirectory (also a feature the assistant may not import). */
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

describe('AssistantCatalogueLoader (the real respondent store in Postgres)', () => {
  let db: TestDatabase;
  let moduleRef: TestingModule;
  let ds: DataSource;
  let loader: AssistantCatalogueLoader;
  let reader: PartitionReader;
  const audiences = new Audiences();
  const catalogue = new Catalogue();

  /** The respondents' partitions as one new data version (as a seed writes them), and the catalogue at that version. */
  async function publish(label: string, fielded: Fielded): Promise<string> {
    const written = await ds.transaction(async (tx) => {
      const version = await SurveyDataVersion.begin(tx);
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
    catalogue.current = view(written, label);
    return written;
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
    db = await createTestDatabase('assistantloader', RESPONDENT_STORE_MIGRATIONS);
    ds = new DataSource(dataSourceOptions(db.url));
    await ds.initialize();
    moduleRef = await Test.createTestingModule({
      imports: [AppConfigModule.forRoot(loadConfig(CommonConfig, { NODE_ENV: 'test', DATABASE_URL: db.url })), RespondentStoreModule],
      providers: [AssistantCatalogueLoader, { provide: CatalogueAccess, useValue: catalogue }, { provide: AudienceDirectory, useValue: audiences }],
    }).compile();
    loader = moduleRef.get(AssistantCatalogueLoader);
    reader = moduleRef.get(PartitionReader);
    await publish('v1', FIELDED);
    catalogue.entitled.set('demo', { datasets: ['core'], locations: ['gb', 'us'], waves: ['q2_2025', 'q3_2025'] });
    catalogue.entitled.set('acme', { datasets: ['core', 'gaming'], locations: ['gb'], waves: ['q1_2025'] });
    audiences.byOrg.set('demo', [GAMERS]);
  });
  afterAll(async () => {
    await moduleRef?.close();
    await ds?.destroy();
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
          { code: 'yes', name: 'Yes', aliases: ['aye'] },
          { code: 'no', name: 'No' },
        ],
        suffixes: [],
        aliases: ['sex'],
      },
      expect.objectContaining({ code: 'plays_rpg', datasetCode: 'gaming', datasetCodes: ['gaming'], entitled: false }),
    ]);
    // A question without aliases has no list of them.
    expect(planner.questions[1]).not.toHaveProperty('aliases');
    // Every market and wave, so the planner can tell "not licensed" from "unknown".
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

  it('rebuilds for a new data version (catalogue and coverage), and for new entitlements', async () => {
    const before = (await loader.load('demo')).planner;
    await publish('v2', [...FIELDED, ['gaming', 'q1_2025', 'fr', 3]]);
    const after = (await loader.load('demo')).planner;
    expect(after).not.toBe(before);
    expect(after.datasets.map((d) => [d.name, d.fielded])).toEqual([
      ['Core v2', { locations: ['fr', 'gb', 'us'], waves: ['q1_2025', 'q2_2025', 'q3_2025'] }],
      ['Gaming', { locations: ['fr', 'gb'], waves: ['q1_2025', 'q3_2025'] }],
    ]);

    // Each kind of entitlement on its own: a market, a wave, a dataset.
    let previous = after;
    const entitle = async (change: Partial<Entitled>) => {
      catalogue.entitled.set('demo', { ...catalogue.entitled.get('demo')!, ...change });
      const planner = (await loader.load('demo')).planner;
      expect(planner).not.toBe(previous);
      previous = planner;
      return planner;
    };
    expect((await entitle({ locations: ['gb', 'us', 'fr'] })).locations.every((l) => l.entitled)).toBe(true);
    expect((await entitle({ waves: ['q1_2025', 'q2_2025', 'q3_2025'] })).waves.every((w) => w.entitled)).toBe(true);
    const entitled = await entitle({ datasets: ['core', 'gaming'] });
    expect(entitled.datasets.map((d) => d.entitled)).toEqual([true, true]);
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
