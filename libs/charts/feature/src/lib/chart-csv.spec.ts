import { parse } from 'csv-parse/sync';
import type { ChartCalculation } from './assemble-chart-result';
import { CHART_METRICS } from './chart-codes';
import { chartCsv, type ChartCsvContext } from './chart-csv';

const attribute = (order: number, datapoint: string, label: string) => ({
  namespace_code: 'core',
  question_code: 'social_platform_usage',
  question_label: 'Social platforms used',
  datapoint_code: datapoint,
  datapoint_label: label,
  suffix_code: '',
  suffix_label: '',
  order,
});

const calculation: ChartCalculation = {
  meta: { waves: ['q2_2026', 'q3_2026'], locations: ['us'], splitter: 'wave', datasets: ['core'] },
  stats: [
    {
      attributes: [attribute(1, 'instagram', '@Instagram')],
      code: 200,
      error: '',
      error_type: '',
      group_id: 1,
      meta: { dataset: 'core' },
      data: [
        { audience: 'gen-z', segment: 'q2_2026', waves: ['q2_2026'], metrics: { audience_index: 101.5, audience_percentage: 44.25 } },
        { audience: 'gen-z', segment: 'q3_2026', waves: ['q3_2026'], metrics: { audience_index: 98.125, audience_percentage: 40 } },
      ],
    },
    { attributes: [attribute(0, 'nope', 'nope')], code: 404, error: 'unknown', error_type: 'unknown_attribute', group_id: 2, meta: {}, data: [] },
  ],
};

const context: ChartCsvContext = {
  name: 'Gen Z, platforms',
  baseAudienceName: 'All respondents',
  audienceNames: new Map([['gen-z', 'Gen Z']]),
  metrics: ['audience_percentage', 'audience_index'],
  dataVersion: '42',
  waves: [
    { code: 'q2_2026', name: 'Q2 2026' },
    { code: 'q3_2026', name: 'Q3 2026' },
  ],
  locations: [{ code: 'us', name: 'United States' }],
};

describe('chartCsv', () => {
  const records = parse(chartCsv(calculation, context), { bom: true, relax_column_count: true }) as string[][];
  const blank = records.findIndex((r) => r.length === 1 && r[0] === '');
  const [columns, ...lines] = records.slice(blank + 1);

  it('starts with a header block: chart, base, waves, markets, split, data version', () => {
    expect(records.slice(0, blank)).toEqual([
      ['Chart', 'Gen Z, platforms'],
      ['Base', 'All respondents'],
      ['Waves', 'Q2 2026 (q2_2026); Q3 2026 (q3_2026)'],
      ['Markets', 'United States (us)'],
      ['Split by', 'wave'],
      ['Data version', '42'],
    ]);
  });

  it("one line per data row in the JSON's order, the chart's metrics under their JSON names in the JSON's order", () => {
    expect(columns.slice(-10)).toEqual([
      'audience_index',
      'audience_percentage',
      'code',
      'error_type',
      'letter',
      'higher_than',
      'z',
      'direction',
      'trend_z',
      'trend_direction',
    ]);
    const row = (line: string[]) => Object.fromEntries(columns.map((c, i) => [c, line[i]]));
    expect(lines.map(row)).toEqual([
      expect.objectContaining({
        order: '1',
        datapoint_label: "'@Instagram",
        audience: 'gen-z',
        audience_name: 'Gen Z',
        segment: 'q2_2026',
        waves: 'q2_2026',
        audience_index: '101.5',
        audience_percentage: '44.25',
        code: '200',
      }),
      expect.objectContaining({ order: '1', segment: 'q3_2026', audience_index: '98.125', audience_percentage: '40', dataset: 'core', group_id: '1' }),
      expect.objectContaining({
        order: '0',
        datapoint_code: 'nope',
        audience: '',
        audience_index: '',
        audience_percentage: '',
        code: '404',
        error_type: 'unknown_attribute',
      }),
    ]);
  });

  it('lists every metric when the chart selects none', () => {
    const all = parse(chartCsv(calculation, { ...context, metrics: [] }), { bom: true, relax_column_count: true }) as string[][];
    expect(all[blank + 1].slice(14, -8)).toEqual([...CHART_METRICS]);
  });

  it('carries the letters, the test and the trend of each data row when the calculation has them', () => {
    const tested = {
      ...calculation,
      stats: [
        {
          ...calculation.stats[0],
          data: [
            {
              ...calculation.stats[0].data[1],
              letter: 'A',
              significance: { test: 'columns' as const, level: 0.95, higher_than: ['B', 'C'], std_error: 0.01, critical: 1.96 },
              trend: { previous: 'q2_2026', level: 0.95, z: -2.5, significant: true, direction: 'down' as const },
            },
          ],
        },
      ],
    };
    const [head, line] = (parse(chartCsv(tested, context), { bom: true, relax_column_count: true }) as string[][]).slice(blank + 1);
    expect(Object.fromEntries(head.map((c, i) => [c, line[i]]))).toMatchObject({
      letter: 'A',
      higher_than: 'B C',
      z: '',
      trend_z: '-2.5',
      trend_direction: 'down',
    });
  });
});
