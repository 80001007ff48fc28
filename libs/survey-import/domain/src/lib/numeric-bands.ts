import { slug } from './mapping-labels';

/** A band a draft proposes for an unlabelled number: min <= x < max (an open end left out), with a midpoint. */
export interface DraftBand {
  code: string;
  name: string;
  min?: number;
  max?: number;
  midpoint: number;
}

/** Integer variables with at most this many distinct values get one band per value. */
const MAX_EXACT_VALUES = 12;
const QUANTILES = [0.2, 0.4, 0.6, 0.8];

/**
 * Bands for a number from the values the file holds (value -> rows): one per value for a small
 * integer count (0..12 children), else about five bands cut at the quintiles, each cut rounded
 * to a round step of the range (1, 2, 2.5 or 5 times a power of ten), the ends open so later
 * waves fit. Each midpoint is the mean of the values in its band. Empty when the data cannot say
 * (no value, or one): the import then asks for bands.
 */
export function numericBands(counts: ReadonlyMap<number, number>): DraftBand[] {
  const values = [...counts.keys()].sort((a, b) => a - b);
  if (values.length < 2) return [];
  const integers = values.every(Number.isInteger);
  if (integers && values.length <= MAX_EXACT_VALUES) {
    return values.map((v) => ({ code: `${v < 0 ? 'minus_' : ''}${slug(String(Math.abs(v)))}`, name: String(v), min: v, max: v + 1, midpoint: v }));
  }
  const total = [...counts.values()].reduce((n, c) => n + c, 0);
  const step = roundStep((values[values.length - 1] - values[0]) / 20, integers);
  const cuts: number[] = [];
  let seen = 0;
  let q = 0;
  for (const v of values) {
    seen += counts.get(v) as number;
    while (q < QUANTILES.length && seen >= QUANTILES[q] * total) {
      const cut = Math.round(v / step) * step;
      if (cut > values[0] && cut <= values[values.length - 1] && !cuts.includes(cut)) cuts.push(cut);
      q++;
    }
  }
  cuts.sort((a, b) => a - b);
  if (cuts.length === 0) return [];
  const edges = [-Infinity, ...cuts, Infinity];
  const bands: DraftBand[] = [];
  for (let i = 0; i + 1 < edges.length; i++) {
    const [low, high] = [edges[i], edges[i + 1]];
    let sum = 0;
    let n = 0;
    for (const v of values) {
      if (v >= low && v < high) {
        sum += v * (counts.get(v) as number);
        n += counts.get(v) as number;
      }
    }
    const name = bandName(low, high, integers);
    bands.push({
      code: slug(name),
      name,
      ...(Number.isFinite(low) ? { min: low } : {}),
      ...(Number.isFinite(high) ? { max: high } : {}),
      midpoint: n === 0 ? (Number.isFinite(low) ? low : high) : Math.round((sum / n) * 100) / 100,
    });
  }
  return bands;
}

function roundStep(rough: number, integers: boolean): number {
  if (!(rough > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  return integers ? Math.max(1, Math.round(step)) : step;
}

function bandName(low: number, high: number, integers: boolean): string {
  if (!Number.isFinite(high)) return `${low} or more`;
  if (!Number.isFinite(low)) return `Under ${high}`;
  return integers ? `${low} to ${high - 1}` : `${low} to under ${high}`;
}
