/*
 * Design-based estimates and tests for a weights-only design (docs/metrics.md#column-tests): the
 * respondents of the base are a with-replacement sample of n, each with its weight, and nothing
 * else (no strata, no clusters). Every variance is Taylor linearisation, as R's survey package gives
 * it for `svydesign(ids = ~1, weights = ~w)`: for a ratio estimate over a domain D,
 *
 *   V = n / (n - 1) x sum over D of w_i^2 (y_i - estimate)^2 / (sum over D of w_i)^2
 *
 * where n is the design's sample (every respondent of the base, whichever domain is estimated).
 * Everything here takes the raw sums the engine computes (sum w, sum w^2, count), so a proportion
 * costs nothing more than the crosstab itself; a mean is the sum of its answers' parts.
 */

import { CRITICAL_Z, type ConfidenceLevel } from './metrics';

/** An estimate over a domain and its linearised variance (undefined: the domain is empty, nothing to test). */
export interface Estimate {
  readonly value: number;
  readonly variance: number;
}

/** n / (n - 1), the with-replacement correction of a design of n respondents (0 when n < 2: no variance can be estimated). */
export function designFactor(designSample: number): number {
  return designSample > 1 ? designSample / (designSample - 1) : 0;
}

/**
 * The proportion of a domain that is in `hits` (hits within the domain), from raw sums: p = hits w / domain w,
 * V = f (sum_hits w^2 (1 - p)^2 + sum_(domain - hits) w^2 p^2) / (domain w)^2
 *   = f (hits w^2 (1 - 2p) + p^2 domain w^2) / (domain w)^2.
 * Undefined when the domain is empty.
 */
export function proportionEstimate(hitsW: number, hitsW2: number, domainW: number, domainW2: number, factor: number): Estimate | undefined {
  if (!(domainW > 0)) return undefined;
  const p = hitsW / domainW;
  return { value: p, variance: proportionVariance(p, hitsW2, domainW, domainW2, factor) };
}

/** The variance of `proportionEstimate` for its p = hits w / domain w (domain w > 0), for callers that keep numbers, not objects. */
export function proportionVariance(p: number, hitsW2: number, domainW: number, domainW2: number, factor: number): number {
  const spread = hitsW2 * (1 - 2 * p) + p * p * domainW2;
  return (factor * Math.max(0, spread)) / (domainW * domainW);
}

/** The raw sums of one answer of a mean: respondents who gave it, the value it stands for. */
export interface PartSums {
  readonly value: number;
  /** sum of weights, sum of squared weights, count. */
  readonly w: number;
  readonly w2: number;
  readonly n: number;
}

/** A weighted mean with its spread and its size. */
export interface MeanEstimate extends Estimate {
  /** sum w, sum w^2 and count over everyone who gave one of the answers. */
  readonly w: number;
  readonly w2: number;
  readonly n: number;
  /**
   * sqrt(sum w (y - mean)^2 / (sum w - 1)): the weighted standard deviation with weights read as
   * frequencies, as SPSS and PSPP print it (MEANS, DESCRIPTIVES). 0 when sum w <= 1.
   */
  readonly stdDev: number;
}

/**
 * A weighted mean of answers' values over the respondents who gave one of them, from each answer's
 * raw sums (each respondent gives at most one of the answers): mean = sum value w / sum w;
 * V = f sum_answers w^2 (value - mean)^2 / (sum w)^2, summed answer by answer so no squares of large
 * values are subtracted. Undefined when nobody gave any.
 */
export function meanEstimate(parts: readonly PartSums[], factor: number): MeanEstimate | undefined {
  let w = 0;
  let w2 = 0;
  let n = 0;
  let weighted = 0;
  for (const part of parts) {
    w += part.w;
    w2 += part.w2;
    n += part.n;
    weighted += part.value * part.w;
  }
  if (!(w > 0)) return undefined;
  const mean = weighted / w;
  let squares = 0;
  let squaresW2 = 0;
  for (const part of parts) {
    const d = part.value - mean;
    squares += part.w * d * d;
    squaresW2 += part.w2 * d * d;
  }
  return { value: mean, variance: (factor * squaresW2) / (w * w), w, w2, n, stdDev: w > 1 ? Math.sqrt(squares / (w - 1)) : 0 };
}

/**
 * z = (a - b) / sqrt(V(a) + V(b)) of two estimates over disjoint domains; undefined when either is
 * missing or there is no variance. A variance below 1e-20 of the estimates' squares is none: what
 * rounding leaves of a share of exactly 1 (its hits and its domain are summed apart) or of a mean of
 * one value, which would otherwise give a z of noise.
 */
export function differenceZ(a: Estimate | undefined, b: Estimate | undefined): number | undefined {
  if (a === undefined || b === undefined) return undefined;
  const variance = a.variance + b.variance;
  if (!(variance > NO_VARIANCE * (a.value * a.value + b.value * b.value))) return undefined;
  return (a.value - b.value) / Math.sqrt(variance);
}

/** Below this share of the estimates' squares, a variance is rounding, not spread. */
export const NO_VARIANCE = 1e-20;

/**
 * The two-sided critical value of the standard normal for a confidence level, with the Bonferroni
 * adjustment for `comparisons` tests (alpha / comparisons each). One comparison: CRITICAL_Z.
 */
export function criticalZ(level: ConfidenceLevel, comparisons = 1): number {
  if (comparisons <= 1) return CRITICAL_Z[level];
  const alpha = (1 - level) / comparisons;
  return normalQuantile(1 - alpha / 2);
}

/**
 * The inverse of the standard normal distribution function, by Wichura's algorithm AS 241
 * (PPND16, relative accuracy about 1e-16). p in (0, 1).
 */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile needs 0 < p < 1 (got ${p})`);
  const q = p - 0.5;
  if (Math.abs(q) <= 0.425) {
    const r = 0.180625 - q * q;
    return (
      (q *
        (((((((2509.0809287301227 * r + 33430.57558358813) * r + 67265.7709270087) * r + 45921.95393154987) * r + 13731.69376550946) * r + 1971.5909503065513) *
          r +
          133.14166789178438) *
          r +
          3.3871328727963665)) /
      (((((((5226.495278852546 * r + 28729.085735721943) * r + 39307.89580009271) * r + 21213.794301586597) * r + 5394.196021424751) * r + 687.1870074920579) *
        r +
        42.31333070160091) *
        r +
        1)
    );
  }
  let r = Math.sqrt(-Math.log(q < 0 ? p : 1 - p));
  let value: number;
  if (r <= 5) {
    r -= 1.6;
    value =
      (((((((0.0007745450142783414 * r + 0.022723844989269184) * r + 0.2417807251774506) * r + 1.2704582524523684) * r + 3.6478483247632045) * r +
        5.769497221460691) *
        r +
        4.630337846156546) *
        r +
        1.4234371107496835) /
      (((((((1.0507500716444169e-9 * r + 0.0005475938084995345) * r + 0.015198666563616457) * r + 0.14810397642748008) * r + 0.6897673349851) * r +
        1.6763848301838038) *
        r +
        2.053191626637759) *
        r +
        1);
  } else {
    r -= 5;
    value =
      (((((((2.0103343992922881e-7 * r + 0.000027115555687434876) * r + 0.0012426609473880784) * r + 0.026532189526576124) * r + 0.29656057182850487) * r +
        1.7848265399172913) *
        r +
        5.463784911164114) *
        r +
        6.657904643501103) /
      (((((((2.0442631033899397e-15 * r + 1.421511758316446e-7) * r + 0.000018463183175100548) * r + 0.0007868691311456133) * r + 0.014875361290850615) * r +
        0.1369298809227358) *
        r +
        0.599832206555888) *
        r +
        1);
  }
  return q < 0 ? -value : value;
}

/** The letter of the column at 0-based position `i`, as spreadsheets name columns: A..Z, AA..AZ, BA.. */
export function columnLetter(i: number): string {
  let n = i + 1;
  let letters = '';
  while (n > 0) {
    const d = (n - 1) % 26;
    letters = String.fromCharCode(65 + d) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}
