import { chartMetricsOf, chartRatios, selectMetrics } from './chart-metrics';

describe('chart metrics (docs/metrics.md#chart-metrics)', () => {
  it('reproduces the published worked example: German men x Facebook, 57.7 / 48.7 and an index of 96 at a base % of 60.1', () => {
    const positive = 14_656_980;
    const audience = 25_411_761;
    const datapoint = 30_080_227;
    // "an index of 96 means base % = 60.1": the base whose datapoint share is 60.1%.
    const base = datapoint / 0.601;
    const r = chartRatios(positive, audience, datapoint, base);
    expect(r.audience_percentage.toFixed(1)).toBe('57.7');
    expect(r.datapoint_percentage.toFixed(1)).toBe('48.7');
    expect(Math.round(r.audience_index)).toBe(96);
    expect(r.audience_index).toBeCloseTo((57.6778 / 60.1) * 100, 1);
  });

  it('gives 0, never NaN or Infinity, where a denominator is 0', () => {
    expect(chartRatios(0, 0, 0, 0)).toEqual({ audience_percentage: 0, datapoint_percentage: 0, audience_index: 0 });
    expect(chartRatios(0, 10, 0, 100).audience_index).toBe(0);
  });

  const cell = {
    base: { size: 1000, sample: 100 },
    row: { size: 400, sample: 40, intersectPercentage: (100 * 120) / 400 },
    column: { size: 300, sample: 30, intersectPercentage: (100 * 120) / 300 },
    intersect: { size: 120, sample: 12, index: (120 * 1000 * 100) / (400 * 300) },
  };

  it('maps an engine cell (datapoint rows x audience columns) onto the nine metrics, agreeing with the formulas', () => {
    const m = chartMetricsOf(cell);
    expect(m).toEqual({
      audience_index: 100,
      audience_percentage: 40,
      audience_sample: 30,
      audience_size: 300,
      datapoint_percentage: 30,
      datapoint_sample: 40,
      datapoint_size: 400,
      positive_sample: 12,
      positive_size: 120,
    });
    const r = chartRatios(120, 300, 400, 1000);
    expect(m.audience_percentage).toBeCloseTo(r.audience_percentage, 12);
    expect(m.datapoint_percentage).toBeCloseTo(r.datapoint_percentage, 12);
    expect(m.audience_index).toBeCloseTo(r.audience_index, 12);
  });

  it('indexes a segment against the whole selection when asked (segmented_base false)', () => {
    // Whole selection: the datapoint is 20% of the base; the segment's audience % is 40 -> index 200.
    expect(chartMetricsOf(cell, { datapointSize: 200, baseSize: 1000 }).audience_index).toBeCloseTo(200, 12);
  });

  it('selects metrics in canonical order; empty selects all nine', () => {
    const m = chartMetricsOf(cell);
    expect(Object.keys(selectMetrics(m, []))).toHaveLength(9);
    expect(selectMetrics(m, ['positive_size', 'audience_index'])).toEqual({ audience_index: 100, positive_size: 120 });
  });
});
