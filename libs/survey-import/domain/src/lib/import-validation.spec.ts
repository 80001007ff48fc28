import { readFileSync } from 'node:fs';
import { decodePartition, partitionInvariantViolations } from '@aas/respondent-store-domain';
import { csvFromText, fixturePath, openFixture } from '../testing/import-fixture';
import { prepareImport } from './import-survey';
import { MemorySpillStore, createFileSpillStore } from './spill-store';
import { MappingError, parseMapping } from './survey-mapping';
import type { SurveyMapping } from './survey-mapping.types';

/** The mapping of the small bad files: waves 1..2 only (3 is unknown), markets 1..2, gender 1..2, hours in two bands. */
const MAPPING: SurveyMapping = {
  dataset: { code: 'bad', name: 'Bad file' },
  respondentId: 'resp_id',
  weight: 'weight',
  wave: {
    variable: 'wave',
    values: [
      { value: 1, code: 'q1_2025', name: 'Q1 2025', start_date: '2025-01-01', end_date: '2025-03-31' },
      { value: 2, code: 'q2_2025', name: 'Q2 2025', start_date: '2025-04-01', end_date: '2025-06-30' },
    ],
  },
  location: {
    variable: 'market',
    values: [
      { value: 1, code: 'us', name: 'United States' },
      { value: 2, code: 'gb', name: 'United Kingdom' },
    ],
  },
  questions: [
    {
      kind: 'single',
      code: 'gender',
      variable: 'gender',
      datapoints: [
        { value: 1, code: 'male', name: 'Male' },
        { value: 2, code: 'female', name: 'Female' },
      ],
    },
    {
      kind: 'numeric',
      code: 'hours',
      name: 'Hours',
      variable: 'hours',
      bands: [
        { code: 'low', name: 'Under 20', max: 20, midpoint: 10 },
        { code: 'high', name: '20 or more', min: 20, midpoint: 30 },
      ],
    },
    { kind: 'single', code: 'empty', variable: 'empty', datapoints: [{ value: 1, code: 'yes', name: 'Yes' }] },
  ],
};

const HEADER = 'resp_id,wave,market,gender,weight,hours,empty';
const GOOD_ROWS = ['1,1,1,1,1.5,10,', '2,1,2,2,0.5,25,1', '3,2,1,2,2,30,'];

async function prepareCsv(rows: string[], mapping: SurveyMapping = MAPPING) {
  return prepareImport(await csvFromText([HEADER, ...rows].join('\n')), mapping);
}

const issue = (report: { issues: { code: string }[] }, code: string) => report.issues.find((i) => i.code === code);

describe('validation before anything is built', () => {
  it('a clean file has no issue and builds one partition per wave x location', async () => {
    const prepared = await prepareCsv(GOOD_ROWS);
    expect(prepared.report.issues).toEqual([]);
    expect(prepared.report.ok).toBe(true);
    const built = [];
    for await (const p of prepared.partitions()) built.push(p);
    expect(built.map((p) => [p.key.wave, p.key.location, p.respondentCount])).toEqual([
      ['q1_2025', 'gb', 1],
      ['q1_2025', 'us', 1],
      ['q2_2025', 'us', 1],
    ]);
    expect(built.map((p) => p.firstRespondentId)).toEqual([1, 2, 3]);
    expect(built.map((p) => p.sourceIds)).toEqual([[2], [1], [3]]);
  });

  it('duplicate respondent ids are an error listing the repeated rows and ids; nothing is built', async () => {
    const prepared = await prepareCsv([...GOOD_ROWS, '2,1,1,1,1,5,', '3,1,1,1,1,5,', '2,2,2,1,1,5,']);
    expect(prepared.report.ok).toBe(false);
    expect(issue(prepared.report, 'duplicate-id')).toMatchObject({ severity: 'error', variable: 'resp_id', count: 3, rows: [4, 5, 6], values: [2, 3] });
    await expect(prepared.partitions().next()).rejects.toThrow(/has errors/);
  });

  it('missing, zero, negative and non-numeric weights are errors with their rows', async () => {
    const prepared = await prepareCsv([...GOOD_ROWS, '4,1,1,1,,5,', '5,1,1,1,0,5,', '6,1,1,1,-2,5,', '7,1,1,1,heavy,5,']);
    expect(prepared.report.ok).toBe(false);
    expect(issue(prepared.report, 'missing-weight')).toMatchObject({ severity: 'error', variable: 'weight', count: 2, rows: [4, 7] });
    expect(issue(prepared.report, 'non-positive-weight')).toMatchObject({ severity: 'error', count: 2, rows: [5, 6], values: [0, -2] });
  });

  it('wave and location values the mapping does not know are errors naming the values', async () => {
    const prepared = await prepareCsv([...GOOD_ROWS, '4,3,1,1,1,5,', '5,1,9,1,1,5,', '6,,1,1,1,5,']);
    expect(issue(prepared.report, 'unknown-wave')).toMatchObject({ severity: 'error', variable: 'wave', count: 2, rows: [4, 6], values: [3, '(empty)'] });
    expect(issue(prepared.report, 'unknown-location')).toMatchObject({ severity: 'error', variable: 'market', count: 1, rows: [5], values: [9] });
    expect(prepared.report.ok).toBe(false);
  });

  it('values without a datapoint or band are warnings: the import goes on without those answers', async () => {
    const prepared = await prepareCsv([...GOOD_ROWS, '4,1,1,7,1,5,', '5,1,1,8,1,-5,']);
    expect(prepared.report.ok).toBe(true);
    const warnings = prepared.report.issues.filter((i) => i.code === 'value-without-label');
    expect(warnings.map((w) => [w.severity, w.variable, w.count, w.rows, w.values])).toEqual([['warning', 'gender', 2, [4, 5], [7, 8]]]);
    expect(prepared.report.respondents).toBe(5);
  });

  it('a numeric value outside every band is a value-without-label warning too', async () => {
    const mapping: SurveyMapping = {
      ...MAPPING,
      questions: MAPPING.questions.map((q) => (q.kind === 'numeric' ? { ...q, bands: [{ code: 'low', name: 'Low', min: 0, max: 20, midpoint: 10 }] } : q)),
    };
    const prepared = await prepareCsv([...GOOD_ROWS], mapping);
    expect(prepared.report.issues.find((i) => i.variable === 'hours')).toMatchObject({
      code: 'value-without-label',
      severity: 'warning',
      rows: [2, 3],
      values: [25, 30],
    });
  });

  it('a variable nobody answered and an unmapped variable are warnings', async () => {
    const mapping: SurveyMapping = { ...MAPPING, questions: MAPPING.questions.filter((q) => q.code !== 'hours') };
    const prepared = await prepareImport(await csvFromText([HEADER, '1,1,1,1,1,5,', '2,1,1,2,1,5,'].join('\n')), mapping);
    expect(prepared.report.ok).toBe(true);
    expect(issue(prepared.report, 'empty-variable')).toMatchObject({ severity: 'warning', variable: 'empty' });
    expect(issue(prepared.report, 'unmapped-variable')).toMatchObject({ severity: 'warning', variable: 'hours' });
    expect(prepared.report.unmapped).toEqual(['hours']);
  });

  it('rows listed per issue stop at maxListedRows while the count goes on', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => `${i + 10},1,1,1,0,5,`);
    const prepared = await prepareImport(await csvFromText([HEADER, ...rows].join('\n')), MAPPING, { maxListedRows: 10 });
    expect(issue(prepared.report, 'non-positive-weight')).toMatchObject({ count: 25, rows: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
  });

  it('a mapping naming variables the file does not have is refused before any row is read', async () => {
    const mapping: SurveyMapping = {
      ...MAPPING,
      weight: 'wgt',
      questions: [...MAPPING.questions, { kind: 'multi', code: 'apps', options: [{ variable: 'app_1', code: 'a' }] }],
    };
    const prepared = await prepareCsv(GOOD_ROWS, mapping);
    expect(prepared.report.ok).toBe(false);
    expect(prepared.report.rowsRead).toBe(0);
    expect(prepared.report.issues.map((i) => [i.code, i.variable])).toEqual([
      ['mapping-invalid', 'wgt'],
      ['mapping-invalid', 'app_1'],
    ]);
    expect(prepared.catalogue).toBeNull();
  });

  it('the PSPP-made invalid.sav: one problem of each kind, found in one pass', async () => {
    const prepared = await prepareImport(await openFixture('invalid.sav'), { ...MAPPING, questions: MAPPING.questions });
    const byCode = Object.fromEntries(prepared.report.issues.map((i) => [i.code, { severity: i.severity, variable: i.variable, rows: i.rows }]));
    expect(byCode).toEqual({
      'duplicate-id': { severity: 'error', variable: 'resp_id', rows: [3] },
      'non-positive-weight': { severity: 'error', variable: 'weight', rows: [4, 5] },
      'missing-weight': { severity: 'error', variable: 'weight', rows: [8] },
      'unknown-wave': { severity: 'error', variable: 'wave', rows: [7] },
      'value-without-label': { severity: 'warning', variable: 'gender', rows: [6] },
      'empty-variable': { severity: 'warning', variable: 'empty', rows: [] },
    });
    expect(prepared.report.ok).toBe(false);
  });
});

describe('mapping files', () => {
  it('the schema rejects a malformed mapping, naming each problem by JSON pointer', () => {
    const text = JSON.stringify({
      dataset: { code: 'Bad Code', name: 'x' },
      respondentId: 'id',
      weight: 'w',
      wave: { variable: 'wave' },
      location: { variable: 'm', rule: 'code' },
      questions: [{ kind: 'single', code: 'q' }],
    });
    let error: MappingError | undefined;
    try {
      parseMapping(text);
    } catch (e) {
      error = e as MappingError;
    }
    expect(error).toBeInstanceOf(MappingError);
    const paths = error!.problems.map((p) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['/dataset/code', '/wave', '/questions/0']));
  });

  it('JSON and YAML mappings are read the same way', () => {
    const json = parseMapping(readFileSync(fixturePath('tracker.mapping.json'), 'utf8'));
    const yaml = parseMapping(readFileSync(fixturePath('panel.mapping.yaml'), 'utf8'));
    expect(json.dataset.code).toBe('tracker');
    expect(yaml.wave).toEqual({ variable: 'period', rule: 'quarter' });
  });
});

describe('building partitions', () => {
  it('a file spill gives the same blobs as the memory spill, and the temp files go away on dispose', async () => {
    const mapping = parseMapping(readFileSync(fixturePath('tracker.mapping.json'), 'utf8'));
    const blobs = async (spill: MemorySpillStore | Awaited<ReturnType<typeof createFileSpillStore>>) => {
      const prepared = await prepareImport(await openFixture('tracker.sav'), mapping, { spill });
      const out: string[] = [];
      for await (const p of prepared.partitions()) out.push(p.blob.toString('base64'));
      await prepared.dispose();
      return out;
    };
    expect(await blobs(await createFileSpillStore())).toEqual(await blobs(new MemorySpillStore()));
  });

  it('every partition keeps the codec invariants; one weight class per distinct weight, in ascending order', async () => {
    const mapping = parseMapping(readFileSync(fixturePath('tracker.mapping.json'), 'utf8'));
    const progress: string[] = [];
    const prepared = await prepareImport(await openFixture('tracker.sav'), mapping, {
      progressEvery: 1000,
      onProgress: (p) => progress.push(`${p.phase}:${p.rowsRead}:${p.partitionsBuilt}`),
    });
    let respondents = 0;
    for await (const p of prepared.partitions()) {
      const decoded = decodePartition(p.blob);
      expect(partitionInvariantViolations(decoded)).toEqual([]);
      const weights = decoded.weightClasses.map((c) => c.weight);
      expect(weights).toEqual([...new Set(weights)].sort((a, b) => a - b));
      respondents += decoded.respondentCount;
    }
    expect(respondents).toBe(2400);
    expect(progress.slice(0, 3)).toEqual(['read:1000:0', 'read:2000:0', 'read:2400:0']);
    expect(progress.at(-1)).toBe(`build:2400:${prepared.report.partitions.length}`);
    expect(prepared.report.partitions.every((s) => s.weightClasses !== undefined && s.bytes !== undefined)).toBe(true);
  });

  it('the catalogue rows: questions with datapoints, suffixes and midpoints, waves, locations, populations', async () => {
    const mapping = parseMapping(readFileSync(fixturePath('tracker.mapping.json'), 'utf8'));
    const prepared = await prepareImport(await openFixture('tracker.sav'), mapping);
    const catalogue = prepared.catalogue!;
    expect(catalogue.dataset).toMatchObject({ code: 'tracker', base_namespace_code: 'tracker' });
    expect(catalogue.categories.map((c) => [c.id, c.name])).toEqual([
      [1, 'Demographics'],
      [2, 'Media'],
    ]);
    const grid = catalogue.questions.find((q) => q.code === 'media_frequency')!;
    expect(grid).toMatchObject({ kind: 'grid_single', name: 'How often', attribute_count: 16, category_ids: [2] });
    expect(grid.suffixes.map((s) => [s.code, s.name])).toEqual([
      ['1', 'Daily'],
      ['2', 'Weekly'],
      ['3', 'Monthly'],
      ['4', 'Less often'],
    ]);
    expect(catalogue.questions.find((q) => q.code === 'hours_online')!.datapoints.map((d) => d.midpoint)).toEqual([2.5, 10, 22.5, 40]);
    expect(catalogue.questions.find((q) => q.code === 'social')!.datapoints.map((d) => d.name)).toEqual([
      'Facebook',
      'Instagram',
      'TikTok',
      'Pinterest',
      'YouTube',
      'Mastodon',
    ]);
    expect(catalogue.waves.map((w) => w.code)).toEqual(['q1_2025', 'q2_2025', 'q3_2025']);
    expect(catalogue.locations.map((l) => l.code)).toEqual(['us', 'gb', 'de', 'br']);
    expect(catalogue.populations).toHaveLength(12);
    // 3 + 5 + 6 singles/multi datapoints, 4 x 4 grid attributes, 4 bands
    expect(catalogue.dictionary.attributes).toHaveLength(3 + 5 + 6 + 16 + 4);
    expect(prepared.report.unmapped).toEqual(['minutes']);
  });
});
