import { OrganisationCatalogue } from '@aas/shared-contracts';
import { assembleChartResult, GroupCells } from './assemble-chart-result';
import { ChartDefinition } from './chart-definition';
import { ChartCell } from './chart-metrics';
import { prepareChartCalculation } from './prepare-chart-calculation';

const question = (code: string, dataset: string, datapoints: string[], suffixes: string[] = []) => ({
  code,
  namespaceCode: dataset,
  name: code.toUpperCase(),
  description: `about ${code}`,
  datasetCode: dataset,
  datasetCodes: [dataset],
  datapoints: datapoints.map((d) => ({ code: d, name: d.toUpperCase() })),
  suffixes: suffixes.map((s) => ({ code: s, name: `S${s}` })),
});

const QUESTIONS = [
  question('gender', 'core', ['male', 'female']),
  question('grid', 'core', ['a', 'b'], ['1', '2']),
  question('consoles', 'gaming', ['ps5', 'xbox']),
];

function catalogue(entitled: string[]): OrganisationCatalogue {
  return {
    orgId: 'o',
    findQuestion: (code, ns) => QUESTIONS.find((q) => q.code === code && (ns === undefined || q.namespaceCode === ns)),
    isDatasetEntitled: (d) => entitled.includes(d),
    isLocationEntitled: () => true,
    isWaveEntitled: () => true,
    locationExists: (c) => ['us', 'gb'].includes(c),
    waveExists: (c) => ['w1', 'w2'].includes(c),
    datasetExists: (d) => ['core', 'gaming'].includes(d),
    entitledDatasets: entitled,
    entitledLocations: [
      { code: 'us', name: 'US' },
      { code: 'gb', name: 'GB' },
    ],
    entitledWaves: [
      { code: 'w1', name: 'W1', startDate: '', endDate: '' },
      { code: 'w2', name: 'W2', startDate: '', endDate: '' },
    ],
  };
}

function chart(over: Partial<ChartDefinition> = {}): ChartDefinition {
  return {
    attributes: [
      { namespace_code: 'core', question_code: 'gender', datapoint_code: 'female', suffix_code: '' },
      { namespace_code: 'core', question_code: 'nope', datapoint_code: 'x', suffix_code: '' },
      { namespace_code: 'gaming', question_code: 'consoles', datapoint_code: 'ps5', suffix_code: '' },
      { namespace_code: 'core', question_code: 'grid', datapoint_code: 'a', suffix_code: '2' },
      { namespace_code: 'core', question_code: 'grid', datapoint_code: 'a', suffix_code: '9' },
    ],
    audiences: [
      { id: 'men', name: 'Men', color_index: 0, is_hidden: false, expression: { question: 'gender', datapoints: ['male'] } },
      { id: 'broken', name: 'Broken', color_index: 1, is_hidden: false, expression: { question: 'gender', datapoints: ['other'] } },
    ],
    base_audience: { id: 'base', name: 'All', color_index: 0, is_hidden: false, expression: {} },
    wave_codes: [],
    location_codes: [],
    metrics: [],
    splitter: '',
    segments: [],
    segmented_base: true,
    group_type: 0,
    sort_type: 0,
    sort_parameter_type: 0,
    sort_parameter_value: '',
    ...over,
  };
}

const cell = (positive: number, datapoint: number, audience = 500, base = 1000): ChartCell => ({
  base: { size: base, sample: base / 10 },
  row: { size: datapoint, sample: datapoint / 10, intersectPercentage: (100 * positive) / datapoint },
  column: { size: audience, sample: audience / 10, intersectPercentage: (100 * positive) / audience },
  intersect: { size: positive, sample: positive / 10, index: (100 * positive * base) / (datapoint * audience) },
});

describe('prepareChartCalculation + assembleChartResult', () => {
  it('gives an unknown or unlicensed attribute its own code, error and error_type while the other stats are computed', () => {
    const prepared = prepareChartCalculation(chart(), {}, catalogue(['core']));
    if (!prepared.ok) throw new Error('prepare failed');
    const p = prepared.value;
    expect(p.waves).toEqual(['w1', 'w2']);
    expect(p.groups).toEqual([{ dataset: 'core', attributes: [0, 3] }]);
    expect(p.audiences.map((a) => a.id)).toEqual(['men']);
    expect(p.audienceErrors).toEqual([expect.objectContaining({ audience: 'broken', code: 422, error_type: 'invalid_audience' })]);
    expect(p.attributes[3].wire).toEqual({ question: 'grid', datapoints: ['a'], suffixes: ['2'] });

    const results = new Map<string, GroupCells>([['core', { segments: [], total: [cell(100, 400), cell(50, 200)] }]]);
    const out = assembleChartResult(chart(), p, results, (a) => ({ order: a.index }));
    expect(out.stats.map((s) => [s.code, s.error_type, s.data.length])).toEqual([
      [200, '', 1],
      [404, 'unknown_attribute', 0],
      [403, 'attribute_not_licensed', 0],
      [200, '', 1],
      [404, 'unknown_attribute', 0],
    ]);
    expect(out.stats[1].error).toMatch(/unknown question "core.nope"/);
    expect(out.stats[4].error).toMatch(/suffix "9"/);
    expect(out.stats[0].data[0]).toEqual({
      audience: 'men',
      segment: 'all',
      waves: ['w1', 'w2'],
      metrics: expect.objectContaining({ audience_percentage: 20, datapoint_percentage: 25, audience_index: 50, positive_size: 100 }),
    });
    expect(out.stats.map((s) => s.group_id)).toEqual([1, 2, 3, 4, 5]);
    expect(out.meta.audience_errors).toHaveLength(1);
  });

  it('reports every stat as invalid_base_audience when the base no longer validates', () => {
    const c = chart({ base_audience: { id: 'b', name: 'B', color_index: 0, is_hidden: false, expression: { question: 'gone' } } });
    const prepared = prepareChartCalculation(c, {}, catalogue(['core']));
    if (!prepared.ok) throw new Error('prepare failed');
    expect(prepared.value.groups).toEqual([]);
    const out = assembleChartResult(c, prepared.value, new Map(), () => ({}));
    expect(out.stats[0]).toMatchObject({ code: 422, error_type: 'invalid_base_audience', data: [] });
  });

  it('rows per segment, filtered by segments, indexed against the whole selection when segmented_base is false', () => {
    const c = chart({
      attributes: [chart().attributes[0]],
      audiences: [chart().audiences[0]],
      splitter: 'wave',
      segments: ['w2'],
      segmented_base: false,
      metrics: ['audience_index', 'positive_size'],
    });
    const prepared = prepareChartCalculation(c, {}, catalogue(['core']));
    if (!prepared.ok) throw new Error('prepare failed');
    const results = new Map<string, GroupCells>([
      [
        'core',
        {
          segments: [
            { segment: 'w1', waves: ['w1'], locations: ['us', 'gb'], cells: [cell(10, 100)] },
            { segment: 'w2', waves: ['w2'], locations: ['us', 'gb'], cells: [cell(100, 400)] },
          ],
          total: [cell(55, 250)],
        },
      ],
    ]);
    const out = assembleChartResult(c, prepared.value, results, () => ({}));
    // w2: audience % = 100 / 500 = 20; whole selection datapoint share = 250 / 1000 = 25% -> index 80.
    expect(out.stats[0].data).toEqual([{ audience: 'men', segment: 'w2', waves: ['w2'], metrics: { audience_index: 80, positive_size: 100 } }]);
  });

  it('sorts stats by a metric of the chosen audience (errors last) and groups by question', () => {
    const c = chart({ sort_type: 2, sort_parameter_type: 0, sort_parameter_value: 'men', group_type: 1 });
    const prepared = prepareChartCalculation(c, {}, catalogue(['core']));
    if (!prepared.ok) throw new Error('prepare failed');
    const results = new Map<string, GroupCells>([['core', { segments: [], total: [cell(100, 400), cell(300, 400)] }]]);
    const out = assembleChartResult(c, prepared.value, results, (a) => ({ order: a.index }));
    expect(out.stats.map((s) => s.attributes[0].order)).toEqual([3, 0, 1, 2, 4]);
    expect(out.stats.map((s) => s.group_id)).toEqual([4, 1, 2, 3, 4]);
  });

  it("answers 400 for an unknown wave; the body overrides the chart's locations, the chart's waves apply otherwise", () => {
    const bad = prepareChartCalculation(chart(), { waves: ['w9'] }, catalogue(['core']));
    expect(bad).toMatchObject({ ok: false, status: 400, errors: [{ path: '/waves/0' }] });
    const ok = prepareChartCalculation(chart({ wave_codes: ['w2'] }), { locations: ['gb'] }, catalogue(['core']));
    expect(ok.ok && [ok.value.waves, ok.value.locations]).toEqual([['w2'], ['gb']]);
  });
});
