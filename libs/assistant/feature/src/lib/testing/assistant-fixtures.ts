import { PlannerCatalogue } from '@aas/assistant-domain';
import { EngineComputePayload, EngineComputeResult, OrganisationCatalogue } from '@aas/shared-contracts';
import { CommonConfig, JobRunner, WorkerDirectory } from '@aas/shared-infra';
import { EngineClient } from '@aas/crosstab-engine-client';
import type { PartitionReader, StoreVersion } from '@aas/respondent-store-data-access';

/** A small catalogue (tests only): one licensed dataset, five licensed markets of six, eight licensed waves of nine. */
const QUESTIONS = [
  {
    code: 'social_platform_usage',
    name: 'Social media platforms used',
    description: 'Which of these social media platforms do you use?',
    datasetCode: 'core',
    datapoints: [
      { code: 'tiktok', name: 'TikTok' },
      { code: 'instagram', name: 'Instagram' },
      { code: 'facebook', name: 'Facebook' },
    ],
  },
  {
    code: 'gender',
    name: 'Gender',
    description: 'Gender',
    datasetCode: 'core',
    datapoints: [
      { code: 'female', name: 'Female' },
      { code: 'male', name: 'Male' },
    ],
  },
];
const LOCATIONS = [
  { code: 'us', name: 'United States' },
  { code: 'gb', name: 'United Kingdom' },
  { code: 'de', name: 'Germany' },
  { code: 'fr', name: 'France' },
  { code: 'jp', name: 'Japan' },
  { code: 'br', name: 'Brazil' },
];
const LICENSED_LOCATIONS = ['us', 'gb', 'de', 'fr', 'jp'];
const WAVES = ['q3_2024', 'q4_2024', 'q1_2025', 'q2_2025', 'q3_2025', 'q4_2025', 'q1_2026', 'q2_2026', 'q3_2026'].map((code, i) => {
  const [q, y] = code.slice(1).split('_');
  const start = new Date(Date.UTC(Number(y), (Number(q) - 1) * 3, 1));
  const end = new Date(Date.UTC(Number(y), Number(q) * 3, 0));
  return { code, name: `Q${q} ${y}`, startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10), entitled: i > 0 };
});

export function testPlannerCatalogue(): PlannerCatalogue {
  return {
    questions: QUESTIONS.map((q) => ({ ...q, datasetCodes: ['core'], entitled: true, suffixes: [] })),
    audiences: [],
    locations: LOCATIONS.map((l) => ({ ...l, entitled: LICENSED_LOCATIONS.includes(l.code) })),
    waves: WAVES,
    datasets: [{ code: 'core', name: 'Core survey', entitled: true, fielded: { locations: LOCATIONS.map((l) => l.code), waves: WAVES.map((w) => w.code) } }],
  };
}

export function testOrganisationCatalogue(): OrganisationCatalogue {
  const info = (q: (typeof QUESTIONS)[number]) => ({ ...q, namespaceCode: 'core', datasetCodes: ['core'], suffixes: [] });
  return {
    orgId: 'org-a',
    findQuestion: (code) => {
      const q = QUESTIONS.find((x) => x.code === code);
      return q ? info(q) : undefined;
    },
    isDatasetEntitled: (d) => d === 'core',
    isLocationEntitled: (l) => LICENSED_LOCATIONS.includes(l),
    isWaveEntitled: (w) => WAVES.some((x) => x.code === w && x.entitled),
    locationExists: (l) => LOCATIONS.some((x) => x.code === l),
    waveExists: (w) => WAVES.some((x) => x.code === w),
    datasetExists: (d) => d === 'core',
    entitledDatasets: ['core'],
    entitledLocations: LOCATIONS.filter((l) => LICENSED_LOCATIONS.includes(l.code)),
    entitledWaves: WAVES.filter((w) => w.entitled).map(({ code, name, startDate, endDate }) => ({ code, name, startDate, endDate })),
  };
}

/**
 * Raw sums an engine job would return for a block, with fixed numbers per wave: base 1,000,000
 * people (1,000 respondents), each row 500,000 (500), each column 300,000 (300), each cell
 * 200,000 (200). So every cell reads: audience % 40, base % 30, index 133.3. Split by wave or
 * location, each group holds the same figures (of one wave, or of every wave of one location).
 */
export function engineSums(payload: EngineComputePayload): EngineComputeResult {
  const waves = new Set(payload.waves).size;
  const groups = payload.groupBy === 'wave' ? waves : payload.groupBy === 'location' ? new Set(payload.locations).size : 1;
  const perGroup = payload.groupBy === 'wave' ? 1 : waves;
  const rowCount = payload.rows.length;
  const columnCount = payload.columns.length;
  const stride = groups * 3;
  const singles = new Float64Array((1 + rowCount + columnCount) * stride);
  const put = (array: Float64Array, at: number, size: number, sample: number) => {
    for (let g = 0; g < groups; g++) {
      array[at * stride + g * 3] = size * perGroup;
      array[at * stride + g * 3 + 1] = 0;
      array[at * stride + g * 3 + 2] = sample;
    }
  };
  put(singles, 0, 1_000_000, 1000);
  for (let r = 0; r < rowCount; r++) put(singles, 1 + r, 500_000, 500);
  for (let c = 0; c < columnCount; c++) put(singles, 1 + rowCount + c, 300_000, 300);
  const cells = new Float64Array(rowCount * columnCount * stride);
  for (let i = 0; i < rowCount * columnCount; i++) put(cells, i, 200_000, 200);
  return { groups, rowCount, columnCount, singles, cells };
}

/** A job runner that answers every engine job through `run` (a unit test's stand-in for the workers). */
export type FakeEngineRun = (payload: EngineComputePayload, signal: AbortSignal | undefined) => Promise<EngineComputeResult>;

/** A real EngineClient over a fake job runner; `calls` and `payloads` record every job it queued. */
export function fakeEngine(run: FakeEngineRun = async (payload) => engineSums(payload)) {
  const calls: { payload: EngineComputePayload; signal?: AbortSignal }[] = [];
  const payloads: EngineComputePayload[] = [];
  const jobs = {
    mode: 'inline',
    run: (_name: string, payload: EngineComputePayload, options?: { signal?: AbortSignal }) => {
      calls.push({ payload, signal: options?.signal });
      payloads.push(payload);
      return run(payload, options?.signal);
    },
  };
  const config = Object.assign(new CommonConfig(), { CROSSTAB_CHUNK_CELLS: 5000 });
  // The data is not split into shards (ENGINE_SHARDS 1), so the client never lists partitions.
  const noStore = new Proxy({}, { get: () => () => Promise.reject(new Error('the unsplit engine client read the respondent store')) });
  // No worker heartbeats: the client plans blocks for one worker.
  const directory = { alive: async () => [] } as unknown as WorkerDirectory;
  return { engine: new EngineClient(jobs as unknown as JobRunner, config, noStore as PartitionReader, noStore as StoreVersion, directory), calls, payloads };
}
