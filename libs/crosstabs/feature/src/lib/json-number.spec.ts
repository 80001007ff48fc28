import fc from 'fast-check';
import { jsonNumberText, MAX_JSON_NUMBER_BYTES, writeJsonNumber } from './json-number';

/** A double from its 64 bits: every finite value, subnormals and both zeros included, equally likely per bit pattern. */
const anyBits = fc.tuple(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: 0, max: 0xffffffff })).map(([high, low]) => {
  const view = new DataView(new ArrayBuffer(8));
  view.setUint32(0, high);
  view.setUint32(4, low);
  return view.getFloat64(0);
});

/** The shapes a crosstab's figures take: ratios, percentages, weighted sums, short decimals, integers. */
const figures = fc.oneof(
  fc.tuple(fc.nat(10_000_000), fc.integer({ min: 1, max: 10_000_000 })).map(([a, b]) => (100 * a) / b),
  fc.tuple(fc.nat(1_000_000), fc.integer({ min: 1, max: 1_000_000 })).map(([a, b]) => a / b),
  fc.array(fc.double({ min: 0, max: 5000, noNaN: true }), { minLength: 1, maxLength: 12 }).map((ws) => ws.reduce((a, b) => a + b, 0)),
  fc.tuple(fc.nat(100_000_000), fc.integer({ min: 0, max: 9 })).map(([n, places]) => n / 10 ** places),
  fc.maxSafeNat(),
  fc.double({ min: 2 ** -17, max: 2 ** 54, noNaN: true }),
);

/** Values at the edges of the fast paths and of the decimal format's cases. */
const EDGES = [
  0,
  -0,
  NaN,
  Infinity,
  -Infinity,
  Number.MIN_VALUE,
  Number.MAX_VALUE,
  Number.EPSILON,
  2 ** -16,
  2 ** -16 - 2 ** -70,
  2 ** -17,
  2 ** 52 + 0.5,
  2 ** 53 - 1,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 52 - 0.5,
  1e21,
  1e21 - 65536,
  1e-6,
  1e-7,
  1e-6 - 2 ** -73,
  0.1,
  0.2,
  0.1 + 0.2,
  1 / 3,
  2 / 3,
  5e-324,
  2.2250738585072014e-308,
  123456789.123,
  2 ** 52 - 0.25,
  0.5,
  0.25,
  100 / 7,
  1e15 + 0.5,
  1e16,
  4.35,
  0.000015,
  5e-5,
];

describe('writeJsonNumber', () => {
  it('writes what JSON.stringify writes at the edges', () => {
    for (const x of EDGES) {
      expect([x, jsonNumberText(x)]).toEqual([x, JSON.stringify(x)]);
      expect([-x, jsonNumberText(-x)]).toEqual([-x, JSON.stringify(-x)]);
    }
  });

  it('writes what JSON.stringify writes for any bit pattern', () => {
    fc.assert(
      fc.property(anyBits, (x) => jsonNumberText(x) === JSON.stringify(x)),
      { numRuns: 200_000 },
    );
  });

  it("writes what JSON.stringify writes for a crosstab's kinds of figures, and their neighbours", () => {
    const view = new DataView(new ArrayBuffer(8));
    fc.assert(
      fc.property(figures, fc.integer({ min: -3, max: 3 }), fc.boolean(), (x, step, negative) => {
        // A neighbour a few units in the last place away: the ends of the rounding interval move with it.
        view.setFloat64(0, x);
        view.setBigUint64(0, view.getBigUint64(0) + BigInt(x === 0 ? Math.abs(step) : step));
        const y = negative ? -view.getFloat64(0) : view.getFloat64(0);
        return jsonNumberText(y) === JSON.stringify(y);
      }),
      { numRuns: 200_000 },
    );
  });

  it('writes powers of two, whose interval below is half as wide, and integers of every length', () => {
    for (let k = -1074; k <= 1023; k++) {
      for (const x of [2 ** k, 3 * 2 ** k, 2 ** k * (1 + Number.EPSILON)]) expect([x, jsonNumberText(x)]).toEqual([x, JSON.stringify(x)]);
    }
    for (let digits = 1; digits <= 16; digits++) {
      for (const x of [10 ** (digits - 1), 10 ** digits - 1, Math.floor(10 ** (digits - 1) * 1.234567)]) {
        expect([x, jsonNumberText(x)]).toEqual([x, JSON.stringify(x)]);
      }
    }
  });

  it('writes at the offset given, returns the end, and stays within MAX_JSON_NUMBER_BYTES', () => {
    fc.assert(
      fc.property(anyBits, fc.nat(8), (x, at) => {
        const out = new Uint8Array(at + MAX_JSON_NUMBER_BYTES + 4).fill(0xaa);
        const end = writeJsonNumber(out, at, x);
        const text = JSON.stringify(x);
        expect(end - at).toBe(text.length);
        expect(text.length).toBeLessThanOrEqual(MAX_JSON_NUMBER_BYTES);
        expect(Buffer.from(out.subarray(at, end)).toString('latin1')).toBe(text);
        expect(out.subarray(0, at).every((b) => b === 0xaa) && out.subarray(end).every((b) => b === 0xaa)).toBe(true);
      }),
      { numRuns: 20_000 },
    );
    // The longest text there is: a negative number with five zeros after the point and 17 digits.
    expect(JSON.stringify(Number('-0.0000013168467372896159')).length).toBe(MAX_JSON_NUMBER_BYTES);
  });
});
