import { OrganisationCatalogue } from '@aas/contracts';
import { prepareCrosstab } from './prepare-crosstab';
import { planChunks } from './run-crosstab.usecase';

const question = (code: string, datasetCode: string, datapoints: string[]) => ({
  code,
  namespaceCode: datasetCode,
  name: code,
  description: '',
  datasetCode,
  datasetCodes: [datasetCode],
  datapoints: datapoints.map((d) => ({ code: d, name: d })),
  suffixes: [],
});

const QUESTIONS = [question('gender', 'core', ['male', 'female']), question('age_group', 'core', ['16_24', '25_34']), question('consoles', 'gaming', ['ps5'])];
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

  it('lets the base stand in for a missing side with index 0, and for both when neither is given', () => {
    const rowsOnly = prepareCrosstab({ rows: [{ id: 'a', expression: GENDER }] }, FULL, 100);
    expect(rowsOnly.ok && rowsOnly.value.rows.map((r) => r.index)).toEqual([1]);
    expect(rowsOnly.ok && rowsOnly.value.columns.map((c) => [c.index, c.wire])).toEqual([[0, {}]]);
    const neither = prepareCrosstab({ base_audience: { expression: GENDER } }, FULL, 100);
    expect(neither.ok && [neither.value.rows[0].index, neither.value.columns[0].index]).toEqual([0, 0]);
    expect(neither.ok && neither.value.rows[0].wire).toEqual(GENDER);
  });

  it('uses the datasets the audiences touch, or the first licensed one for `{}` only', () => {
    const gaming = prepareCrosstab({ rows: [{ expression: { question: 'consoles' } }] }, FULL, 100);
    expect(gaming.ok && gaming.value.datasets).toEqual(['gaming']);
    const all = prepareCrosstab({}, FULL, 100);
    expect(all.ok && all.value.datasets).toEqual(['core']);
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
});

describe('planChunks', () => {
  it('covers every row exactly once in blocks of about the chunk size', () => {
    expect(planChunks(10, 10, 25)).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
      { start: 4, end: 6 },
      { start: 6, end: 8 },
      { start: 8, end: 10 },
    ]);
    expect(planChunks(3, 1000, 25)).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 2 },
      { start: 2, end: 3 },
    ]);
    expect(planChunks(100, 100, 2500)).toHaveLength(4);
  });
});
