/** Global lookups are slow inside jest's vm context (10x on the hot loops); a module-local alias is not. */
const M = Math;
/*
 * The latent-trait model behind the demo survey. Every respondent has a discrete profile
 * (age group, gender, parent, income third, tech-savviness, gamer); every answer probability is a
 * logistic function of the profile, the market and the wave. The catalogue definitions
 * (question-definitions.ts) attach effects to datapoints; the generator compiles them into
 * per-partition probability tables so the hot loop is table look-ups and PRNG draws only.
 */

/** Logit effects along [age, female, parent, income, tech, gamer]; see PROFILE_DIMENSIONS for the scales. */
export type Effects = readonly [number, number, number, number, number, number];

export const NO_EFFECTS: Effects = [0, 0, 0, 0, 0, 0];

export const AGE_GROUPS = ['16_24', '25_34', '35_44', '45_54', '55_64'] as const;

/** Standardised value of each profile dimension, in the order of Effects. */
export const AGE_Z = [-1, -0.5, 0, 0.5, 1];
export const FEMALE_Z = [-0.5, 0.5];
export const PARENT_Z = [-0.5, 0.5];
export const INCOME_Z = [-1, 0, 1];
export const TECH_Z = [-1, 0, 1];
export const GAMER_Z = [-0.5, 0.5];

export const PROFILE_COUNT = 5 * 2 * 2 * 3 * 3 * 2;

export function profileIndex(age: number, gender: number, parent: number, income: number, tech: number, gamer: number): number {
  return ((((age * 2 + gender) * 2 + parent) * 3 + income) * 3 + tech) * 2 + gamer;
}

/** The standardised trait vector of every profile, row-major [PROFILE_COUNT x 6]. */
export const PROFILE_Z: Float64Array = (() => {
  const z = new Float64Array(PROFILE_COUNT * 6);
  for (let a = 0; a < 5; a++)
    for (let g = 0; g < 2; g++)
      for (let p = 0; p < 2; p++)
        for (let i = 0; i < 3; i++)
          for (let t = 0; t < 3; t++)
            for (let m = 0; m < 2; m++) {
              const o = profileIndex(a, g, p, i, t, m) * 6;
              z[o] = AGE_Z[a];
              z[o + 1] = FEMALE_Z[g];
              z[o + 2] = PARENT_Z[p];
              z[o + 3] = INCOME_Z[i];
              z[o + 4] = TECH_Z[t];
              z[o + 5] = GAMER_Z[m];
            }
  return z;
})();

export function logit(p: number): number {
  const q = M.min(M.max(p, 1e-6), 1 - 1e-6);
  return M.log(q / (1 - q));
}

export function sigmoid(x: number): number {
  return 1 / (1 + M.exp(-x));
}

/** A 32-bit string hash (FNV-1a): deterministic per-item randomness that does not depend on generation order. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = M.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A uniform float in [-1, 1) from a string key. */
export function hashUnit(text: string): number {
  let h = hash32(text);
  h = M.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = M.imul(h ^ (h >>> 13), 0xc2b2ae35);
  h ^= h >>> 16;
  return ((h >>> 0) / 4294967296) * 2 - 1;
}

/**
 * A fast seedable PRNG (mulberry32) kept local so the generator's hot loop has one monomorphic
 * call site; the stream is a pure function of the seed.
 */
export class Rng {
  private state: number;

  constructor(seed: number) {
    let z = (seed | 0) + 0x9e3779b9;
    z = M.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = M.imul(z ^ (z >>> 13), 0xc2b2ae35);
    this.state = (z ^ (z >>> 16)) | 0;
  }

  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = M.imul(t ^ (t >>> 15), t | 1);
    t ^= t + M.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
}
