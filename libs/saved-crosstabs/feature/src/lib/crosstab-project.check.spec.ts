import { CatalogueQuestion } from '@aas/audience-expression-domain';
import { AudienceInput, checkProject, ContentMember, isStale, MAX_REPORTED_ERRORS, ProjectCatalogue, ProjectContent } from './crosstab-project.check';

const question = (code: string, datasetCode: string, datapoints: [string, string][], suffixes: string[] = []): CatalogueQuestion => ({
  code,
  namespaceCode: datasetCode,
  name: code === 'gender' ? 'Gender' : code,
  datasetCode,
  datapoints: datapoints.map(([c, name]) => ({ code: c, name })),
  suffixes: suffixes.map((c) => ({ code: c, name: `S${c}` })),
});

const QUESTIONS = [
  question('gender', 'core', [
    ['male', 'Male'],
    ['female', 'Female'],
  ]),
  question('age_group', 'core', [
    ['16_24', '16-24'],
    ['25_34', '25-34'],
  ]),
  question('social_platform_frequency', 'core', [['tiktok', 'TikTok']], ['1', '2']),
  question('gaming_platforms_used', 'gaming', [['pc', 'PC']]),
];

/** Like acme-retail: core only, four locations, two waves. */
const acme: ProjectCatalogue = {
  findQuestion: (code) => QUESTIONS.find((q) => q.code === code),
  isDatasetEntitled: (code) => code === 'core',
  locationExists: (code) => ['us', 'gb', 'es'].includes(code),
  isLocationEntitled: (code) => ['us', 'gb'].includes(code),
  waveExists: (code) => ['q4_2024', 'q3_2026'].includes(code),
  isWaveEntitled: (code) => code === 'q3_2026',
};

const ALL: ReadonlySet<ContentMember> = new Set(['rows', 'columns', 'bases', 'country_codes', 'wave_codes']);
let ids = 0;
const options = (sent = ALL) => ({ sent, newId: () => `gen-${++ids}` });
const empty: ProjectContent = { rows: [], columns: [], bases: null, country_codes: [], wave_codes: [] };
const women: AudienceInput = { id: 'w', name: 'Women', full_name: 'All women', expression: { qustion: 'gender', options: ['female'] } };

describe('checkProject', () => {
  beforeEach(() => (ids = 0));

  it('normalises audiences, generates missing ids and labels, and computes metadata', () => {
    const result = checkProject(
      {
        ...empty,
        rows: [
          women,
          {
            expression: {
              and: [
                { options: ['male'], qustion: 'gender' },
                { qustion: 'age_group', options: ['16_24'], not: true },
              ],
            },
          },
        ],
        columns: [
          {
            expression: { qustion: 'social_platform_frequency', options: ['tiktok'], suffixes: [1] },
            avg: { question: 'social_platform_frequency', with_suffixes: { datapoint: 'tiktok', suffixes: [1, 2] } },
          },
        ],
        country_codes: ['us'],
        wave_codes: ['q3_2026'],
      },
      acme,
      options(),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.rows).toEqual([
      { id: 'w', name: 'Women', full_name: 'All women', expression: { qustion: 'gender', options: ['female'] } },
      {
        id: 'gen-1',
        name: 'Gender: Male AND NOT (age_group: 16-24)',
        full_name: 'Gender: Male AND NOT (age_group: 16-24)',
        expression: {
          and: [
            { qustion: 'gender', options: ['male'] },
            { qustion: 'age_group', options: ['16_24'], not: true },
          ],
        },
      },
    ]);
    expect(JSON.stringify(result.value.rows[1].expression)).toBe(
      '{"and":[{"qustion":"gender","options":["male"]},{"qustion":"age_group","options":["16_24"],"not":true}]}',
    );
    expect(result.value.columns[0]).toMatchObject({
      id: 'gen-2',
      avg: { question: 'social_platform_frequency', with_suffixes: { datapoint: 'tiktok', suffixes: [1, 2] } },
    });
    expect(result.value.metadata).toEqual({
      row_count: 2,
      column_count: 1,
      cell_count: 2,
      datasets: ['core'],
      generated_labels: { rows: 1, columns: 1, bases: 0 },
    });
  });

  it('counts a missing side as the base line of cells', () => {
    const result = checkProject({ ...empty, bases: { expression: {} } }, acme, options());
    expect(result).toMatchObject({ ok: true, value: { bases: { name: 'All respondents' }, metadata: { cell_count: 1, generated_labels: { bases: 1 } } } });
  });

  it('locates structural errors under the side, index and expression, in the crosstab spelling', () => {
    const result = checkProject(
      { ...empty, rows: [women, women, { expression: { and: [{ question: 'gender' }] } }], bases: { expression: { qustion: 'gender', suffixes: ['1'] } } },
      acme,
      options(),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(result.errors.map((e) => e.path)).toEqual(expect.arrayContaining(['/rows/2/expression/and/0/question', '/bases/expression/suffixes/0']));
  });

  it('names unknown codes with 400 and lets 403 win for unentitled datasets, locations and waves', () => {
    const unknown = checkProject(
      {
        ...empty,
        columns: [
          { expression: { qustion: 'shoe_size' } },
          { expression: { qustion: 'gender', options: ['robot'] }, avg: { question: 'gender', with_datapoints: { datapoints: ['x'] } } },
        ],
        country_codes: ['zz'],
        wave_codes: ['q9_2030'],
      },
      acme,
      options(),
    );
    expect(unknown).toEqual({
      ok: false,
      status: 400,
      detail:
        'The request is invalid: /columns/0/expression/qustion, /columns/1/expression/options/0, /columns/1/avg/with_datapoints/datapoints/0, /country_codes/0, /wave_codes/0',
      errors: [
        { path: '/columns/0/expression/qustion', message: expect.stringContaining('shoe_size') },
        { path: '/columns/1/expression/options/0', message: expect.stringContaining('robot') },
        { path: '/columns/1/avg/with_datapoints/datapoints/0', message: expect.stringContaining('"x"') },
        { path: '/country_codes/0', message: expect.stringContaining('zz') },
        { path: '/wave_codes/0', message: expect.stringContaining('q9_2030') },
      ],
    });
    const forbidden = checkProject(
      {
        ...empty,
        rows: [{ expression: { qustion: 'shoe_size' } }, { expression: { qustion: 'gaming_platforms_used' } }],
        country_codes: ['es'],
        wave_codes: ['q4_2024'],
      },
      acme,
      options(),
    );
    expect(forbidden).toMatchObject({
      ok: false,
      status: 403,
      detail: 'The saved crosstab uses a dataset, location or wave your organisation is not entitled to',
      errors: [{ path: '/rows/1/expression/qustion', message: expect.stringContaining('gaming') }, { path: '/country_codes/0' }, { path: '/wave_codes/0' }],
    });
    expect(checkProject({ ...empty, rows: [{ ...women, avg: { question: 'gaming_platforms_used' } }] }, acme, options())).toMatchObject({
      status: 403,
      errors: [{ path: '/rows/0/avg/question' }],
    });
  });

  it('checks avg suffixes and datapoints against the avg question', () => {
    const result = checkProject(
      { ...empty, rows: [{ ...women, avg: { question: 'social_platform_frequency', with_suffixes: { datapoint: 'vine', suffixes: [2, 7] } } }] },
      acme,
      options(),
    );
    expect(result).toMatchObject({
      status: 400,
      errors: [{ path: '/rows/0/avg/with_suffixes/datapoint' }, { path: '/rows/0/avg/with_suffixes/suffixes/1', message: expect.stringContaining('7') }],
    });
  });

  it('bounds the number of errors reported', () => {
    const rows = Array.from({ length: 300 }, () => ({ expression: { qustion: 'nope' } }));
    const result = checkProject({ ...empty, rows }, acme, options());
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors).toHaveLength(MAX_REPORTED_ERRORS);
  });

  it('checks only the members sent and keeps stored sides and their label counts', () => {
    const storedGamer = { id: 'g', name: 'Gamers', full_name: 'Gamers', expression: { qustion: 'gaming_platforms_used' } };
    const result = checkProject({ ...empty, rows: [storedGamer], columns: [{ expression: { qustion: 'gender' } }], wave_codes: ['q4_2024'] }, acme, {
      sent: new Set<ContentMember>(['columns']),
      previousLabels: { rows: 4, columns: 9, bases: 0 },
      newId: () => 'new',
    });
    expect(result).toMatchObject({
      ok: true,
      value: { rows: [storedGamer], wave_codes: ['q4_2024'], metadata: { datasets: ['core', 'gaming'], generated_labels: { rows: 4, columns: 1, bases: 0 } } },
    });
  });
});

describe('isStale', () => {
  const stored = new Date('2025-11-21T10:15:30.123Z');

  it('is never stale without last_updated_at', () => expect(isStale(undefined, stored)).toBe(false));

  it('accepts the updated_at just read, in any zone, and anything later', () => {
    expect(isStale('2025-11-21T10:15:30.123Z', stored)).toBe(false);
    expect(isStale('2025-11-21T11:15:30.123+01:00', stored)).toBe(false);
    expect(isStale('2025-11-21T10:15:31Z', stored)).toBe(false);
  });

  it('refuses an older version', () => expect(isStale('2025-11-21T10:15:30.122Z', stored)).toBe(true));
});
