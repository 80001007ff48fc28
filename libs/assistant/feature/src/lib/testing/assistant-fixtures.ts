import { PlannerCatalogue } from '@aas/assistant-domain';
import { CrosstabChunkPayload, OrganisationCatalogue } from '@aas/contracts';

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

/** Engine cells for a crosstab chunk: every row x column, with fixed numbers. */
export function engineCells(payload: CrosstabChunkPayload): Record<string, unknown>[] {
  return payload.rows.flatMap((_r, rowIndex) =>
    payload.columns.map((_c, columnIndex) => ({
      rowIndex,
      columnIndex,
      base: { size: 1_000_000, sample: 1000 },
      row: { size: 500_000, sample: 500, percentage: 50, intersectPercentage: 40 },
      column: { size: 300_000, sample: 300, percentage: 30, intersectPercentage: 66.7 },
      intersect: { size: 200_000, sample: 200, percentage: 20, index: 133.3 },
    })),
  );
}
