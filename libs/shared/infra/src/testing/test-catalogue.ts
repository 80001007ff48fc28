import type { CatalogueQuestionInfo, CatalogueView, Dataset, OrganisationCatalogue, Question, Wave } from '@aas/shared-contracts';
import { CatalogueAccess } from '@aas/shared-contracts';

/** What one organisation may use in a TestCatalogue: dataset, location and wave codes. */
export interface TestEntitlements {
  readonly datasets: readonly string[];
  readonly locations: readonly string[];
  readonly waves: readonly string[];
}

const dataset = (code: string, order: number): Dataset => ({
  code,
  name: `${code[0].toUpperCase()}${code.slice(1)} survey`,
  description: '',
  base_namespace_code: code,
  depth: 0,
  order,
  is_syndicated: true,
});

const question = (
  code: string,
  namespace: string,
  order: number,
  datapoints: [string, string][],
  suffixes: string[] = [],
): Omit<Question, 'attribute_count'> => ({
  code,
  namespace_code: namespace,
  name: code === 'gender' ? 'Gender' : code === 'age_group' ? 'Age group' : code,
  description: '',
  kind: suffixes.length > 0 ? 'grid_single' : 'single',
  unit: '',
  flags: [],
  order,
  knowledge_base: '',
  message: '',
  notice: '',
  warning: '',
  category_ids: [],
  dataset_codes: [namespace],
  datapoints: datapoints.map(([c, name], i) => ({ code: c, name, order: i, midpoint: null })),
  suffixes: suffixes.map((c, i) => ({ code: c, name: `Level ${c}`, order: i, midpoint: null })),
});

const wave = (code: string, start: string, end: string): Wave => ({ code, name: code, kind: 'quarter', start_date: start, end_date: end });

/**
 * A small fixed catalogue for integration specs of the features that check requests against
 * the catalogue: datasets `core` and `gaming`; questions `gender`, `age_group`,
 * `social_platform_frequency` (a grid with suffixes 1 and 2) in core and `gaming_platforms_used`
 * in gaming; locations gb, us, jp; waves q2_2026, q3_2026.
 */
export const TEST_CATALOGUE_VIEW: CatalogueView = {
  version: 'test-1',
  datasets: [dataset('core', 0), dataset('gaming', 1)],
  categories: [],
  questions: [
    question('gender', 'core', 0, [
      ['male', 'Male'],
      ['female', 'Female'],
    ]),
    question('age_group', 'core', 1, [
      ['16_24', '16-24'],
      ['25_34', '25-34'],
    ]),
    question('social_platform_frequency', 'core', 2, [['tiktok', 'TikTok']], ['1', '2']),
    question('gaming_platforms_used', 'gaming', 0, [['pc', 'PC']]),
  ],
  locations: [
    { code: 'gb', name: 'Great Britain', region: 'emea' },
    { code: 'us', name: 'United States', region: 'americas' },
    { code: 'jp', name: 'Japan', region: 'apac' },
  ],
  waves: [wave('q2_2026', '2026-04-01', '2026-06-30'), wave('q3_2026', '2026-07-01', '2026-09-30')],
};

/** Everything in the catalogue: what an organisation not named in a TestCatalogue gets. */
export const ALL_ENTITLEMENTS: TestEntitlements = {
  datasets: TEST_CATALOGUE_VIEW.datasets.map((d) => d.code),
  locations: TEST_CATALOGUE_VIEW.locations.map((l) => l.code),
  waves: TEST_CATALOGUE_VIEW.waves.map((w) => w.code),
};

/**
 * The catalogue contract over TEST_CATALOGUE_VIEW, with entitlements per organisation (all of
 * it unless named). `beforeRead` runs on every `forOrganisation`: a spec gives it what the real
 * catalogue does on a cache miss (read through the pool), to show a write does not need it
 * while holding a lock. The real catalogue is exercised by the e2e tests.
 */
export class TestCatalogue extends CatalogueAccess {
  reads = 0;

  constructor(
    private readonly entitlements: Readonly<Record<string, TestEntitlements>> = {},
    private readonly beforeRead: () => Promise<void> = async () => undefined,
  ) {
    super();
  }

  async view(): Promise<CatalogueView> {
    return TEST_CATALOGUE_VIEW;
  }

  async forOrganisation(orgId: string): Promise<OrganisationCatalogue> {
    this.reads++;
    await this.beforeRead();
    const own = this.entitlements[orgId] ?? ALL_ENTITLEMENTS;
    const view = TEST_CATALOGUE_VIEW;
    const datasetOf = (q: Omit<Question, 'attribute_count'>) => view.datasets.find((d) => d.base_namespace_code === q.namespace_code)?.code ?? q.namespace_code;
    const info = (q: Omit<Question, 'attribute_count'>): CatalogueQuestionInfo => ({
      code: q.code,
      namespaceCode: q.namespace_code,
      name: q.name,
      description: q.description,
      datasetCode: datasetOf(q),
      datasetCodes: q.dataset_codes,
      datapoints: q.datapoints.map((d) => ({ code: d.code, name: d.name, midpoint: d.midpoint })),
      suffixes: q.suffixes.map((s) => ({ code: s.code, name: s.name, midpoint: s.midpoint })),
      kind: q.kind,
    });
    return {
      orgId,
      findQuestion: (code, namespaceCode) => {
        const found = view.questions.find((q) => q.code === code && (namespaceCode === undefined || q.namespace_code === namespaceCode));
        return found && info(found);
      },
      isDatasetEntitled: (code) => own.datasets.includes(code),
      isLocationEntitled: (code) => own.locations.includes(code),
      isWaveEntitled: (code) => own.waves.includes(code),
      locationExists: (code) => view.locations.some((l) => l.code === code),
      waveExists: (code) => view.waves.some((w) => w.code === code),
      datasetExists: (code) => view.datasets.some((d) => d.code === code),
      entitledDatasets: own.datasets,
      entitledLocations: view.locations.filter((l) => own.locations.includes(l.code)).map((l) => ({ code: l.code, name: l.name })),
      entitledWaves: view.waves
        .filter((w) => own.waves.includes(w.code))
        .map((w) => ({ code: w.code, name: w.name, startDate: w.start_date, endDate: w.end_date })),
    };
  }
}
