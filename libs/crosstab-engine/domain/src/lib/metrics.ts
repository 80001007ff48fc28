/*
 * The metric formulas of docs/metrics.md as small pure functions. Every function is total: where a
 * denominator is 0 the value is 0 and a reason code says why, so no NaN or Infinity ever reaches
 * a result.
 */

/** Why a metric is 0 because its denominator is 0. */
export type ZeroReason = 'empty-base' | 'empty-row' | 'empty-column' | 'no-variance';

/** `numerator / denominator`, 0 when the denominator is 0 (or not finite). */
export function ratio(numerator: number, denominator: number): number {
  if (denominator === 0 || !Number.isFinite(denominator) || !Number.isFinite(numerator)) return 0;
  return numerator / denominator;
}

/** `part / whole x 100`, 0 when `whole` is 0. */
export function percentage(part: number, whole: number): number {
  return ratio(part, whole) * 100;
}

/**
 * Index = (intersect / column) / (row / base) x 100 = intersect x base / (row x column) x 100.
 * 0 when the row or the column is empty (then the intersect is empty too).
 */
export function index(intersectSize: number, rowSize: number, columnSize: number, baseSize: number): number {
  const denominator = rowSize * columnSize;
  return ratio(intersectSize * baseSize, denominator) * 100;
}

/** The reason an index is 0 by definition (not by data), or undefined. */
export function indexZeroReason(rowSize: number, columnSize: number, baseSize: number): ZeroReason | undefined {
  if (baseSize === 0) return 'empty-base';
  if (rowSize === 0) return 'empty-row';
  if (columnSize === 0) return 'empty-column';
  return undefined;
}

/**
 * Chart metrics (docs/metrics.md#chart-metrics): audience % = positive / audience,
 * datapoint % = positive / datapoint, audience index = audience % / (datapoint / base x 100) x 100.
 */
export function chartPercentages(
  positive: number,
  audience: number,
  datapoint: number,
  base: number,
): { audiencePercentage: number; datapointPercentage: number; audienceIndex: number } {
  const audiencePercentage = percentage(positive, audience);
  return {
    audiencePercentage,
    datapointPercentage: percentage(positive, datapoint),
    audienceIndex: percentage(audiencePercentage, percentage(datapoint, base)),
  };
}

/**
 * Kish effective sample size n_eff = (sum w)^2 / sum w^2. With weight classes,
 * sum w = sum_c n_c w_c and sum w^2 = sum_c n_c w_c^2, so it costs as much as a weighted size.
 */
export function kishEffectiveBase(sumWeights: number, sumSquaredWeights: number): number {
  return ratio(sumWeights * sumWeights, sumSquaredWeights);
}

/** A cell is "low base" under 50 respondents and "unreliable" under 30 (docs/metrics.md#low-base-flags). */
export const LOW_BASE_SAMPLE = 50;
export const UNRELIABLE_SAMPLE = 30;

export function sampleFlags(sample: number): { lowBase: boolean; unreliable: boolean } {
  return { lowBase: sample < LOW_BASE_SAMPLE, unreliable: sample < UNRELIABLE_SAMPLE };
}

/** Confidence levels the significance test offers; 0.95 by default. */
export type ConfidenceLevel = 0.9 | 0.95 | 0.99;

/** Two-sided critical values of the standard normal distribution. */
export const CRITICAL_Z: Readonly<Record<ConfidenceLevel, number>> = { 0.9: 1.6448536269514722, 0.95: 1.959963984540054, 0.99: 2.5758293035489004 };

export interface SignificanceResult {
  /** z statistic (0 when it cannot be computed; see `reason`). */
  readonly z: number;
  readonly level: ConfidenceLevel;
  /** |z| > the critical value of `level`. */
  readonly significant: boolean;
  /** 'over' when the column % is significantly above the row's base %, 'under' below, null otherwise. */
  readonly direction: 'over' | 'under' | null;
  readonly reason?: ZeroReason;
}

/**
 * Two-proportion z-test with a pooled proportion on Kish effective bases (see README):
 * p1 = column % (intersect / column, as a share), n1 = n_eff of the column audience;
 * p2 = row's base % (row / base), n2 = n_eff of the base;
 * p = (p1 n1 + p2 n2) / (n1 + n2), se = sqrt(p (1 - p) (1/n1 + 1/n2)), z = (p1 - p2) / se.
 */
export function twoProportionZTest(p1: number, n1: number, p2: number, n2: number, level: ConfidenceLevel = 0.95): SignificanceResult {
  const none = (reason: ZeroReason): SignificanceResult => ({ z: 0, level, significant: false, direction: null, reason });
  if (!(n2 > 0)) return none('empty-base');
  if (!(n1 > 0)) return none('empty-column');
  const pooled = (p1 * n1 + p2 * n2) / (n1 + n2);
  const variance = pooled * (1 - pooled) * (1 / n1 + 1 / n2);
  if (!(variance > 0)) return none('no-variance');
  const z = (p1 - p2) / Math.sqrt(variance);
  const significant = Math.abs(z) > CRITICAL_Z[level];
  return { z, level, significant, direction: significant ? (z > 0 ? 'over' : 'under') : null };
}
