import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateSurvey } from '@aas/demo-data-domain';
import { toRespondentRecords, type RespondentRecord } from '@aas/respondent-store-domain';

/**
 * Writes an extract of the demo survey as a CSV and the mapping that imports it (see README.md):
 * the core dataset's respondents of three waves and three markets, with gender, age group,
 * household size, TikTok use (a multi; blank for whoever was not asked it) and how often TikTok
 * and Instagram are used (a grid routed to each platform's users). Committed, and imported by the
 * e2e tests, so the references R and PSPP computed from it stay right whatever the generator does.
 *
 *   node -r ./tools/runtime/register.js dist/tools/oracle/demo-extract.js [out-dir]
 */

const OUT = process.argv[2] ?? path.join(__dirname, '..', '..', '..', 'apps', 'gateway-e2e', 'src', 'statistics', 'oracle');
const SURVEY = { respondents: 30000, seed: 20261130 };
const WAVES = [
  { code: 'q1_2026', name: 'Q1 2026', start_date: '2026-01-01', end_date: '2026-03-31' },
  { code: 'q2_2026', name: 'Q2 2026', start_date: '2026-04-01', end_date: '2026-06-30' },
  { code: 'q3_2026', name: 'Q3 2026', start_date: '2026-07-01', end_date: '2026-09-30' },
];
const MARKETS = [
  { code: 'us', name: 'United States', region: 'north_america' },
  { code: 'gb', name: 'United Kingdom', region: 'europe' },
  { code: 'de', name: 'Germany', region: 'europe' },
];
const AGE = [
  ['16_24', '16-24', 20],
  ['25_34', '25-34', 29.5],
  ['35_44', '35-44', 39.5],
  ['45_54', '45-54', 49.5],
  ['55_64', '55-64', 59.5],
] as const;
const HOUSEHOLD = [
  ['size_1', '1 person', 1],
  ['size_2', '2 people', 2],
  ['size_3', '3 people', 3],
  ['size_4', '4 people', 4],
  ['size_5', '5 or more people', 5.5],
] as const;
/** The frequency scale, with the days a month each answer stands for. */
const FREQUENCY = [
  ['1', 'Daily', 30],
  ['2', 'Weekly', 4.3],
  ['3', 'Monthly', 1],
  ['4', 'Less often', 0.3],
] as const;

const survey = generateSurvey(SURVEY);
const records: RespondentRecord[] = [];
for (const partition of survey.partitions()) {
  const { dataset, wave, location } = partition.key;
  if (dataset !== 'core' || !WAVES.some((w) => w.code === wave) || !MARKETS.some((m) => m.code === location)) continue;
  records.push(...toRespondentRecords(partition, survey.dictionaries[dataset]));
}
if (records.length === 0) throw new Error('the demo survey has no respondents in the extract\u2019s waves and markets');

const answer = (r: RespondentRecord, question: string) => r.answers.filter((a) => a.question === question);
const position = (codes: readonly (readonly [string, ...unknown[]])[], code: string | undefined) => {
  const i = codes.findIndex((c) => c[0] === code);
  return i < 0 ? '' : String(i + 1);
};
const lines = ['resp_id,wave,market,weight,gender,age,household,tiktok,tiktok_freq,instagram_freq'];
for (const r of records) {
  const usage = answer(r, 'social_platform_usage');
  const frequency = (platform: string) => position(FREQUENCY, answer(r, 'social_platform_frequency').find((a) => a.datapoint === platform)?.suffix);
  lines.push(
    [
      r.id + 1,
      WAVES.findIndex((w) => w.code === r.wave) + 1,
      MARKETS.findIndex((m) => m.code === r.location) + 1,
      r.weight,
      { male: '1', female: '2' }[answer(r, 'gender')[0]?.datapoint ?? ''] ?? '',
      position(AGE, answer(r, 'age_group')[0]?.datapoint),
      position(HOUSEHOLD, answer(r, 'household_size')[0]?.datapoint),
      usage.length === 0 ? '' : usage.some((a) => a.datapoint === 'tiktok') ? '1' : '0',
      frequency('tiktok'),
      frequency('instagram'),
    ].join(','),
  );
}
writeFileSync(path.join(OUT, 'demo-extract.csv'), `${lines.join('\n')}\n`);

const bands = (codes: readonly (readonly [string, string, number])[]) =>
  codes.map(([code, name, midpoint], i) => ({ code, name, min: i + 1, max: i + 2, midpoint }));
const mapping = {
  dataset: {
    code: 'demo_extract',
    name: 'Demo survey extract',
    description: `The demo survey (${SURVEY.respondents} respondents, seed ${SURVEY.seed}): core, 3 waves, 3 markets.`,
  },
  respondentId: 'resp_id',
  weight: 'weight',
  wave: { variable: 'wave', values: WAVES.map((w, i) => ({ value: i + 1, ...w })) },
  location: { variable: 'market', values: MARKETS.map((m, i) => ({ value: i + 1, ...m })) },
  categories: [{ code: 'extract', name: 'Extract' }],
  questions: [
    {
      kind: 'single',
      code: 'gender',
      name: 'Gender',
      variable: 'gender',
      datapoints: [
        { value: 1, code: 'male', name: 'Male' },
        { value: 2, code: 'female', name: 'Female' },
      ],
    },
    { kind: 'numeric', code: 'age_group', name: 'Age group', variable: 'age', unit: 'years', bands: bands(AGE) },
    { kind: 'numeric', code: 'household_size', name: 'Household size', variable: 'household', unit: 'people', bands: bands(HOUSEHOLD) },
    {
      kind: 'multi',
      code: 'social_platform_usage',
      name: 'Social media platforms used',
      selected: 1,
      options: [{ variable: 'tiktok', code: 'tiktok', name: 'TikTok' }],
    },
    {
      kind: 'grid',
      code: 'social_platform_frequency',
      name: 'Social media platform usage frequency',
      rows: [
        { variable: 'tiktok_freq', code: 'tiktok', name: 'TikTok' },
        { variable: 'instagram_freq', code: 'instagram', name: 'Instagram' },
      ],
      scale: FREQUENCY.map(([value, name, midpoint]) => ({ value: Number(value), name, midpoint })),
    },
  ],
};
writeFileSync(path.join(OUT, 'demo-extract.mapping.json'), `${JSON.stringify(mapping, null, 2)}\n`);
console.log(`${records.length} respondents written to ${path.join(OUT, 'demo-extract.csv')}`);
