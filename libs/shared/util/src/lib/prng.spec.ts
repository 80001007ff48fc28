import { Prng } from './prng';

describe('Prng', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = new Prng(42);
    const b = new Prng(42);
    const xs = Array.from({ length: 5 }, () => a.next());
    expect(Array.from({ length: 5 }, () => b.next())).toEqual(xs);
    expect(new Prng(43).next()).not.toEqual(xs[0]);
  });

  it('stays within bounds and is roughly uniform', () => {
    const rng = new Prng(7);
    const counts = [0, 0, 0, 0];
    let outside = 0;
    for (let i = 0; i < 40000; i++) {
      const v = rng.int(0, 3);
      if (v < 0 || v > 3 || !Number.isInteger(v)) outside++;
      else counts[v]++;
    }
    expect(outside).toBe(0);
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(500);
  });

  it('draws weighted indices in proportion', () => {
    const rng = new Prng(1);
    let ones = 0;
    for (let i = 0; i < 20000; i++) if (rng.weighted([1, 3]) === 1) ones++;
    expect(ones / 20000).toBeCloseTo(0.75, 1);
  });
});
