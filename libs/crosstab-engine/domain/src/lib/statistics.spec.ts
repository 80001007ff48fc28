import { CRITICAL_Z } from './metrics';
import { columnLetter, criticalZ, designFactor, differenceZ, meanEstimate, normalQuantile, proportionEstimate, type PartSums } from './statistics';

/**
 * Ten respondents, the numbers R's survey package gives for them (survey 4.x, printed to 15 digits):
 *   des <- svydesign(ids = ~1, weights = ~w, data = d)
 *   svyby(~y, ~g, des, svymean); svyby(~x, ~g, des, svymean)
 *   svyttest(y ~ g, subset(des, g %in% c("A", "B"))); svyttest(x ~ g, ...)
 */
const W = [1.5, 0.5, 2, 1, 3, 0.25, 1.25, 2.5, 0.75, 1];
const G = ['A', 'A', 'A', 'A', 'B', 'B', 'B', 'B', 'B', 'C'];
const Y = [1, 0, 1, 1, 0, 1, 0, 0, 1, 1];
const X = [1, 2, 4, 4, 3, 1, 2, 2, 4, 3];
const R = {
  proportion: { A: [0.9, 0.110554159678513], B: [0.129032258064516, 0.118106012102881] },
  mean: { A: [2.9, 0.799305253885453], B: [2.54838709677419, 0.31956037816551] },
  tProportion: -4.76566987533569,
  tMean: -0.408463671383439,
  stdDevA: 1.53704261489394,
};

const close = (actual: number | undefined, expected: number, relative = 1e-12) =>
  expect(Math.abs((actual as number) - expected)).toBeLessThanOrEqual(relative * Math.abs(expected));

/** Raw sums over the respondents `pick` keeps. */
function sums(pick: (i: number) => boolean): { w: number; w2: number; n: number } {
  let w = 0;
  let w2 = 0;
  let n = 0;
  W.forEach((weight, i) => {
    if (!pick(i)) return;
    w += weight;
    w2 += weight * weight;
    n++;
  });
  return { w, w2, n };
}

const factor = designFactor(W.length);
function proportionOf(group: string) {
  const hits = sums((i) => G[i] === group && Y[i] === 1);
  const domain = sums((i) => G[i] === group);
  return proportionEstimate(hits.w, hits.w2, domain.w, domain.w2, factor);
}
function meanOf(group: string) {
  const parts: PartSums[] = [1, 2, 3, 4].map((value) => ({ value, ...sums((i) => G[i] === group && X[i] === value) }));
  return meanEstimate(parts, factor);
}

describe('design-based estimates (weights only) agree with R survey', () => {
  it('a proportion of a domain and its linearised standard error (svyby ... svymean)', () => {
    for (const group of ['A', 'B'] as const) {
      const estimate = proportionOf(group);
      close(estimate?.value, R.proportion[group][0]);
      close(Math.sqrt(estimate?.variance as number), R.proportion[group][1]);
    }
  });

  it('a mean of answers from their parts, its standard error, and the standard deviation SPSS prints', () => {
    for (const group of ['A', 'B'] as const) {
      const estimate = meanOf(group);
      close(estimate?.value, R.mean[group][0]);
      close(Math.sqrt(estimate?.variance as number), R.mean[group][1]);
    }
    close(meanOf('A')?.stdDev, R.stdDevA);
    expect(meanOf('A')).toMatchObject({ w: 5, n: 4 });
  });

  it('the difference of two disjoint groups is svyttest\u2019s t statistic', () => {
    close(differenceZ(proportionOf('B'), proportionOf('A')), R.tProportion);
    close(differenceZ(meanOf('B'), meanOf('A')), R.tMean);
  });

  it('empty domains and groups without variance give no estimate or no statistic', () => {
    expect(proportionEstimate(0, 0, 0, 0, factor)).toBeUndefined();
    expect(meanEstimate([{ value: 3, w: 0, w2: 0, n: 0 }], factor)).toBeUndefined();
    // Group C: one respondent, y = 1: p = 1 with variance 0, and C against itself has no variance.
    const c = proportionOf('C');
    expect(c).toEqual({ value: 1, variance: 0 });
    expect(differenceZ(c, c)).toBeUndefined();
    expect(differenceZ(undefined, c)).toBeUndefined();
    expect(designFactor(1)).toBe(0);
    expect(designFactor(4)).toBeCloseTo(4 / 3, 15);
  });
});

describe('critical values', () => {
  it('the normal quantile agrees with R qnorm to 1e-15', () => {
    close(normalQuantile(0.975), 1.9599639845400536, 1e-15);
    close(normalQuantile(1e-10), -6.3613409024040557, 1e-15);
    close(normalQuantile(0.3), -0.52440051270804067, 1e-15);
    expect(() => normalQuantile(1)).toThrow(RangeError);
  });

  it('one comparison uses the usual critical value; Bonferroni divides alpha by the comparisons', () => {
    expect(criticalZ(0.95)).toBe(CRITICAL_Z[0.95]);
    // qnorm(1 - 0.05 / 3 / 2) in R
    close(criticalZ(0.95, 3), 2.3939797998185104, 1e-15);
    expect(criticalZ(0.99, 10)).toBeGreaterThan(criticalZ(0.99));
  });
});

describe('column letters', () => {
  it('A..Z, then AA, AB, .. as spreadsheets name columns', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702].map(columnLetter)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });
});

describe('the worked examples of docs/metrics.md', () => {
  it('an average: household size over a column, from the sums of its three answers', () => {
    const mean = meanEstimate(
      [
        { value: 1, w: 3, w2: 5, n: 2 },
        { value: 3, w: 1.5, w2: 2.25, n: 1 },
        { value: 5.5, w: 0.5, w2: 0.25, n: 1 },
      ],
      designFactor(10),
    );
    expect(mean?.value).toBeCloseTo(2.05, 12);
    expect(mean?.stdDev).toBeCloseTo(1.628842, 6);
    expect(Math.sqrt(mean?.variance as number)).toBeCloseTo(0.68374, 6);
  });

  it('a column test: A (60 of 100) against B (32 of 80) in a design of 401', () => {
    const factor = designFactor(401);
    const a = proportionEstimate(60, 80, 100, 120, factor);
    const b = proportionEstimate(32, 40, 80, 90, factor);
    expect(Math.sqrt(a?.variance as number)).toBeCloseTo(0.052219, 6);
    expect(Math.sqrt(b?.variance as number)).toBeCloseTo(0.059235, 6);
    expect(differenceZ(a, b)).toBeCloseTo(2.5328, 4);
  });
});
