/**
 * A small, fast, seedable PRNG (mulberry32 seeded through splitmix32).
 * Deterministic across platforms and Node versions: the same seed always gives the
 * same sequence, which is what the demo survey generator and fixed-seed tests need.
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    let z = (seed | 0) + 0x9e3779b9;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    this.state = (z ^ (z >>> 16)) | 0;
  }

  /** A float in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max] (both inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One item of a non-empty array. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** An index drawn with probability proportional to weights[i] (weights >= 0, sum > 0). */
  weighted(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let r = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      r -= weights[i];
      if (r < 0) return i;
    }
    return weights.length - 1;
  }

  /** A derived, independent generator (for per-partition streams that must not depend on order). */
  fork(salt: number): Prng {
    return new Prng(Math.imul(this.int(0, 0x7fffffff), 31) ^ salt);
  }
}
