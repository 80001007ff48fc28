import { chartPercentages, CRITICAL_Z, index, indexZeroReason, kishEffectiveBase, percentage, ratio, sampleFlags, twoProportionZTest } from './metrics';

describe('metric helpers (hand-computed numbers)', () => {
  it('percentage and ratio: x100 of sizes, 0 on a zero denominator', () => {
    expect(percentage(25, 200)).toBe(12.5);
    expect(percentage(5, 0)).toBe(0);
    expect(ratio(0, 0)).toBe(0);
    expect(ratio(1, Infinity)).toBe(0);
  });

  it('index = intersect x base / (row x column) x 100', () => {
    // base 1000, row 200, column 300, intersect 90: (90/300)/(200/1000) x 100 = 0.3/0.2 x 100 = 150
    expect(index(90, 200, 300, 1000)).toBeCloseTo(150, 12);
    expect(index(0, 0, 300, 1000)).toBe(0);
    expect(indexZeroReason(0, 300, 1000)).toBe('empty-row');
    expect(indexZeroReason(200, 0, 1000)).toBe('empty-column');
    expect(indexZeroReason(200, 300, 0)).toBe('empty-base');
    expect(indexZeroReason(200, 300, 1000)).toBeUndefined();
  });

  it('the worked example of docs/metrics.md: German men x Facebook', () => {
    const positive = 14_656_980;
    const audience = 25_411_761;
    const datapoint = 30_080_227;
    // index 96 means base % = 60.1: datapoint / base = 0.601 -> base = datapoint / 0.601
    const base = datapoint / 0.601;
    const m = chartPercentages(positive, audience, datapoint, base);
    expect(m.audiencePercentage.toFixed(1)).toBe('57.7');
    expect(m.datapointPercentage.toFixed(1)).toBe('48.7');
    expect(Math.round(m.audienceIndex)).toBe(96);
    expect(chartPercentages(0, 0, 0, 0)).toEqual({ audiencePercentage: 0, datapointPercentage: 0, audienceIndex: 0 });
  });

  it('Kish effective base = (sum w)^2 / sum w^2, by weight classes', () => {
    // 10 respondents of weight 1 and 10 of weight 3: (10 + 30)^2 / (10 + 90) = 1600 / 100 = 16
    expect(kishEffectiveBase(10 * 1 + 10 * 3, 10 * 1 + 10 * 9)).toBe(16);
    // equal weights: n_eff = n
    expect(kishEffectiveBase(50 * 2.5, 50 * 6.25)).toBeCloseTo(50, 12);
    expect(kishEffectiveBase(0, 0)).toBe(0);
  });

  it('low base under 50, unreliable under 30', () => {
    expect(sampleFlags(50)).toEqual({ lowBase: false, unreliable: false });
    expect(sampleFlags(49)).toEqual({ lowBase: true, unreliable: false });
    expect(sampleFlags(30)).toEqual({ lowBase: true, unreliable: false });
    expect(sampleFlags(29)).toEqual({ lowBase: true, unreliable: true });
  });

  it('the README worked example of the significance test', () => {
    // p1 = 0.30 on n1 = 400, p2 = 0.25 on n2 = 2500; pooled p = (120 + 625) / 2900 = 0.256896551...
    // se = sqrt(0.2568966 x 0.7431034 x (1/400 + 1/2500)) = sqrt(0.190900 x 0.0029) = 0.0235289...
    // z = 0.05 / 0.0235289 = 2.1250...
    const r = twoProportionZTest(0.3, 400, 0.25, 2500);
    const pooled = 745 / 2900;
    expect(r.z).toBeCloseTo(0.05 / Math.sqrt(pooled * (1 - pooled) * 0.0029), 12);
    expect(r.z.toFixed(3)).toBe('2.125');
    expect(r).toMatchObject({ level: 0.95, significant: true, direction: 'over' });
    expect(twoProportionZTest(0.3, 400, 0.25, 2500, 0.99)).toMatchObject({ significant: false, direction: null });
    expect(twoProportionZTest(0.3, 400, 0.25, 2500, 0.9).significant).toBe(true);
    expect(twoProportionZTest(0.2, 400, 0.25, 2500).direction).toBe('under');
    expect(CRITICAL_Z[0.95]).toBeCloseTo(1.96, 2);
  });

  it('significance on empty or degenerate groups is 0 with a reason, never NaN', () => {
    expect(twoProportionZTest(0, 0, 0.5, 100)).toMatchObject({ z: 0, significant: false, reason: 'empty-column' });
    expect(twoProportionZTest(0.5, 10, 0, 0)).toMatchObject({ z: 0, reason: 'empty-base' });
    expect(twoProportionZTest(1, 10, 1, 100)).toMatchObject({ z: 0, reason: 'no-variance' });
  });
});
