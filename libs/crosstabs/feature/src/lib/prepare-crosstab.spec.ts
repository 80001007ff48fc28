import { OrganisationCatalogue } from '@aas/shared-contracts';
import { prepareCrosstab } from './prepare-crosstab';

const question = (code: string, datasetCode: string, datapoints: string[], datasetCodes = [datasetCode], midpoints: number[] = []) => ({
  code,
  namespaceCode: datasetCode,
  name: code,
  description: '',
  datasetCode,
  datasetCodes,
  kind: 'single' as const,
  datapoints: datapoints.map((d, i) => ({ code: d, name: d, midpoint: midpoints[i] ?? null })),
  suffixes: [],
});

const QUESTIONS = [
  question('gender', 'core', ['male', 'female'], ['core', 'gaming']),
  question('age_group', 'core', ['16_24', '25_34'], ['core', 'gaming'], [20, 29.5]),
  question('fashion_brands', 'core', ['gucci']),
  question('consoles', 'gaming', ['ps5']),
];
const WAVES = ['w1', 'w2', 'w3', 'w4', 'w5', 'w6'];

function catalogue(entitled: { datasets: string[]; locations: string[]; waves: string[] }): OrganisationCatalogue {
  return {
    orgId: 'o',
    findQuestion: (code) => QUESTIONS.find((q) => q.code === code),
    isDatasetEntitled: (d) => entitled.datasets.includes(d),
    isLocationEntitled: (l) => entitled.locations.includes(l),
    isWaveEntitled: (w) => entitled.waves.includes(w),
    locationExists: (l) => ['gb', 'us', 'de'].includes(l),
    waveExists: (w) => WAVES.includes(w),
    datasetExists: (d) => ['core', 'gaming'].includes(d),
    entitledDatasets: entitled.datasets,
    entitledLocations: entitled.locations.map((code) => ({ code, name: code })),
    entitledWaves: WAVES.filter((w) => entitled.waves.includes(w)).map((code, i) => ({
      code,
      name: code,
      startDate: `2025-0${i + 1}-01`,
      endDate: `2025-0${i + 1}-28`,
    })),
  };
}

const FULL = catalogue({ datasets: ['core', 'gaming'], locations: ['gb', 'us', 'de'], waves: WAVES });
const GENDER = { question: 'gender', datapoints: ['female'] };

describe('prepareCrosstab', () => {
  it('defaults to the last 4 licensed waves and every licensed location', () => {
    const out = prepareCrosstab({ rows: [{ expression: GENDER }] }, FULL, 100);
    expect(out.ok && out.value.waves).toEqual(['w3', 'w4', 'w5', 'w6']);
    expect(out.ok && out.value.locations).toEqual(['gb', 'us', 'de']);
    const few = prepareCrosstab({ rows: [{ expression: GENDER }] }, catalogue({ datasets: ['core'], locations: ['gb'], waves: ['w1', 'w2'] }), 100);
    expect(few.ok && few.value.waves).toEqual(['w1', 'w2']);
  });

  it('names an audience sent without a name with the label charts use, and keeps the names sent', () => {
    const out = prepareCrosstab(
      {
        rows: [{ id: 'a', expression: GENDER }, { expression: { or: [GENDER, { question: 'age_group', datapoints: ['16_24'], not: true }] } }],
        columns: [{ name: 'Gamers', expression: { question: 'consoles' } }],
      },
      FULL,
      100,
    );
    expect(out.ok && out.value.rows.map((r) => [r.id, r.name])).toEqual([
      ['a', 'gender: female'],
      ['rows-2', 'gender: female OR NOT (age_group: 16_24)'],
    ]);
    expect(out.ok && out.value.columns.map((c) => [c.id, c.name])).toEqual([['columns-1', 'Gamers']]);
    const neither = prepareCrosstab({}, FULL, 100);
    expect(neither.ok && neither.value.rows[0].name).toBe('All respondents');
  });

  it('lets the base stand in for a missing side with index 0, and for both when neither is given', () => {
    const rowsOnly = prepareCrosstab({ rows: [{ id: 'a', expression: GENDER }] }, FULL, 100);
    expect(rowsOnly.ok && rowsOnly.value.rows.map((r) => r.index)).toEqual([1]);
    expect(rowsOnly.ok && rowsOnly.value.columns.map((c) => [c.index, c.wire])).toEqual([[0, {}]]);
    const neither = prepareCrosstab({ base_audience: { expression: GENDER } }, FULL, 100);
    expect(neither.ok && [neither.value.rows[0].index, neither.value.columns[0].index]).toEqual([0, 0]);
    expect(neither.ok && neither.value.rows[0].wire).toEqual(GENDER);
  });

  it('computes within one dataset: the one the topic belongs to, demographics read there; the first licensed one for `{}` only', () => {
    const gaming = prepareCrosstab({ rows: [{ expression: { question: 'consoles' } }], columns: [{ expression: GENDER }] }, FULL, 100);
    expect(gaming.ok && gaming.value.dataset).toBe('gaming');
    const demographics = prepareCrosstab({ rows: [{ expression: GENDER }], columns: [{ expression: { question: 'age_group' } }] }, FULL, 100);
    expect(demographics.ok && demographics.value.dataset).toBe('core');
    const all = prepareCrosstab({}, FULL, 100);
    expect(all.ok && all.value.dataset).toBe('core');
  });

  it('refuses questions that share no dataset with a 400 naming them', () => {
    const mixed = prepareCrosstab(
      { rows: [{ expression: { question: 'fashion_brands' } }], columns: [{ expression: { question: 'consoles' } }, { expression: GENDER }] },
      FULL,
      100,
    );
    expect(!mixed.ok && mixed.status).toBe(400);
    expect(!mixed.ok && mixed.detail).toContain("'fashion_brands' (core)");
    expect(!mixed.ok && mixed.detail).toContain("'consoles' (gaming)");
    expect(!mixed.ok && mixed.errors.map((e) => e.path)).toEqual(['/columns/0/expression/question']);
  });

  it('names unknown codes with 400 and unlicensed ones with 403 (403 wins)', () => {
    const bad = prepareCrosstab({ rows: [{ expression: { question: 'nope' } }], waves: ['w9'], locations: ['xx'] }, FULL, 100);
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.status).toBe(400);
    expect(!bad.ok && bad.errors.map((e) => e.path)).toEqual(['/rows/0/expression/question', '/waves/0', '/locations/0']);
    const limited = catalogue({ datasets: ['core'], locations: ['gb'], waves: ['w5', 'w6'] });
    const forbidden = prepareCrosstab({ rows: [{ expression: { question: 'consoles' } }], waves: ['w1', 'w9'], locations: ['us'] }, limited, 100);
    expect(!forbidden.ok && forbidden.status).toBe(403);
    expect(!forbidden.ok && forbidden.errors.map((e) => e.path)).toEqual(['/rows/0/expression/question', '/waves/0', '/locations/0']);
  });

  it('refuses more cells than the limit before parsing anything', () => {
    const many = Array.from({ length: 11 }, () => ({ expression: { broken: true } }));
    const out = prepareCrosstab({ rows: many, columns: many }, FULL, 100);
    expect(!out.ok && out.status).toBe(400);
    expect(!out.ok && out.detail).toContain('121 cells');
  });

  it('an average item: its answers with their midpoints, its audience who gave one, named after the question', () => {
    const out = prepareCrosstab({ rows: [{ avg: { question: 'age_group', with_datapoints: {} } }], columns: [{ expression: GENDER }] }, FULL, 100);
    if (!out.ok) throw new Error(JSON.stringify(out));
    const row = out.value.rows[0];
    expect([row.id, row.name, row.wire]).toEqual(['rows-1', 'Average: age_group', { question: 'age_group', datapoints: ['16_24', '25_34'] }]);
    expect(out.value.spec.rows[0].average).toEqual([
      { expression: { question: 'age_group', datapoints: ['16_24'] }, value: 20 },
      { expression: { question: 'age_group', datapoints: ['25_34'] }, value: 29.5 },
    ]);
    expect(out.value.spec.validBases).toEqual([]);
  });

  it('refuses an average as the base, an item with neither expression nor avg, and avg errors at their paths', () => {
    const base = prepareCrosstab({ base_audience: { avg: { question: 'age_group', with_datapoints: {} } } }, FULL, 100);
    expect(!base.ok && base.errors.map((e) => e.path)).toEqual(['/base_audience/avg']);
    const empty = prepareCrosstab({ rows: [{ id: 'x' }] }, FULL, 100);
    expect(!empty.ok && empty.errors).toEqual([{ path: '/rows/0', message: 'an audience needs an expression or avg' }]);
    const noMidpoints = prepareCrosstab({ columns: [{ avg: { question: 'gender', with_datapoints: {} } }] }, FULL, 100);
    expect(!noMidpoints.ok && noMidpoints.errors.map((e) => e.path)).toEqual(['/columns/0/avg/with_datapoints/datapoints']);
  });

  it('percent_base=answered puts each row within those who answered its questions, shared by rows of one question', () => {
    const out = prepareCrosstab(
      {
        rows: [
          { expression: { question: 'age_group', datapoints: ['16_24'] } },
          { expression: { question: 'age_group', datapoints: ['25_34'], not: true } },
          { expression: {} },
        ],
        columns: [{ expression: GENDER }],
      },
      FULL,
      100,
      { percentBase: 'answered' },
    );
    if (!out.ok) throw new Error(JSON.stringify(out));
    expect(out.value.spec.validBases).toEqual([{ question: 'age_group' }]);
    expect(out.value.spec.rows).toEqual([
      { expression: { question: 'age_group', datapoints: ['16_24'] }, validBase: 0 },
      { expression: { and: [{ question: 'age_group', datapoints: ['25_34'], not: true }, { question: 'age_group' }] }, validBase: 0 },
      { expression: {} },
    ]);
  });
});
