/**
 * Numbers as JSON text, written as ASCII straight into a buffer: exactly the characters
 * `JSON.stringify(x)` gives (`null` for NaN and ±Infinity, `0` for -0), two to three times faster than
 * `String(x)` for the numbers a crosstab carries.
 *
 * A 100x100 crosstab writes 60,000 numbers. `String(x)` of a double that needs 16 or 17 digits (a
 * percentage, a weighted size) costs about 0.3-0.5 µs here: V8 runs its shortest-digits search,
 * allocates a string, and the caller then copies it out again. That was the largest single item in
 * the gateway's CPU per crosstab.
 *
 * The digits are the ones ECMAScript's Number::toString requires: the fewest significant digits
 * that read back as the same double, and of those the closest to it. They come from exact integer
 * arithmetic, so they are never approximate:
 *
 * - x = M·2^E exactly (M the 53-bit significand). The doubles next to x bound the interval of
 *   reals that read back as x: (4M - 2)·2^(E-2) .. (4M + 2)·2^(E-2) (4M - 1 below when x is a power
 *   of two: the gap below halves), bounds included when M is even (round half to even).
 * - Scaled by 10^e so x·10^e has 17 or 18 integer digits, those three values are
 *   (4M + c)·5^e / 2^s with s = 2 - E - e, integers over a power of two. With 5^e < 2^53 (e <= 22)
 *   the products fit 107 bits, kept as five 24-bit limbs in doubles (each partial product < 2^48,
 *   so every operation is exact).
 * - The candidates are the integers from the interval's ceiling to its floor; one digit is removed
 *   while a candidate with one digit fewer remains (the loop of Ryu, Adams 2018), tracking how the
 *   removed part of x·10^e compares with one half, and the closest candidate is taken (ties to even).
 *
 * Integers below 2^53 are written digit by digit. Everything else (magnitudes below 2^-16 or at
 * least 2^53 that are not such integers) goes through `String(x)`: correct, only not faster.
 * `json-number.spec.ts` compares the output with `JSON.stringify` over random doubles of many shapes.
 */

/** Bytes `writeJsonNumber` may write for one number: `-0.0000012345678901234567` is 25. */
export const MAX_JSON_NUMBER_BYTES = 25;

const TWO_24 = 16_777_216;
const TWO_48 = 281_474_976_710_656;
const TWO_53 = 9_007_199_254_740_992;
/** 2^-16: below it the scale 10^e would need e > 22 (5^e no longer exact in a double). */
const SMALLEST_FAST = 1 / 65_536;
const E8 = 100_000_000;

const INV_TWO_24 = 1 / TWO_24;

/** 5^e for e = 0..22, exact (5^22 < 2^52), and its limbs (24 bits, least significant first), three per e. */
const FIVE = new Float64Array(23);
const FIVE_LIMBS = new Float64Array(69);
for (let e = 0; e <= 22; e++) {
  const value = 5 ** e;
  FIVE[e] = value;
  FIVE_LIMBS[e * 3] = value % TWO_24;
  FIVE_LIMBS[e * 3 + 1] = Math.floor(value / TWO_24) % TWO_24;
  FIVE_LIMBS[e * 3 + 2] = Math.floor(value / TWO_48);
}
/** 2^k for k = 0..72, exact. */
const POW2 = new Float64Array(73);
for (let k = 0; k <= 72; k++) POW2[k] = 2 ** k;

/**
 * Per biased binary exponent, the decimal scale e of writeShortest: 16 - floor((exponent) x
 * log10 2), a lower bound of 16 - floor(log10 x), so x * 10^e has 17 or 18 integer digits.
 */
const SCALE = new Int16Array(2048);
for (let biased = 0; biased < 2048; biased++) SCALE[biased] = 16 - Math.floor((biased - 1023) * 0.3010299956639812);

/** The double being formatted, and its two 32-bit halves. */
const float = new Float64Array(1);
const words = new Uint32Array(float.buffer);
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
const HIGH = LITTLE_ENDIAN ? 1 : 0;
const LOW = LITTLE_ENDIAN ? 0 : 1;
/** Limbs (base 2^24, least significant first) of 4m * 5^e. */
const limbs = new Float64Array(5);
/**
 * What the helpers hand back beside their return value, at these indices. In a typed array, not in
 * module-level variables: a double stored in a variable of a closure's context is a new heap
 * number each time (~1 MB of garbage per 100x100 crosstab), one stored in a typed array is not.
 */
const results = new Float64Array(5);
/** `shiftToDecimal`: floor(limbs / 2^s) as q * 10^8 + r, and the bits below the point as an integer (< 2^s). */
const SHIFTED_Q = 0;
const SHIFTED_R = 1;
const SHIFTED_REST = 2;
/** `roundedTwoPart`: the chosen candidate's two parts. */
const CHOSEN_Q = 3;
const CHOSEN_R = 4;

/**
 * Writes the JSON text of `x` into `out` at `at` and returns the offset after it. The caller makes
 * sure `out` has MAX_JSON_NUMBER_BYTES bytes from `at`.
 */
export function writeJsonNumber(out: Uint8Array, at: number, x: number): number {
  if (x !== x || x === Infinity || x === -Infinity) {
    out[at] = 110; // null
    out[at + 1] = 117;
    out[at + 2] = 108;
    out[at + 3] = 108;
    return at + 4;
  }
  if (x < 0) {
    out[at++] = 45; // -
    x = -x;
  }
  if (x < TWO_53 && Math.floor(x) === x) return writeInteger(out, at, x);
  if (x >= SMALLEST_FAST && x < TWO_53) {
    const end = writeShortest(out, at, x);
    if (end >= 0) return end;
  }
  return writeAscii(out, at, String(x));
}

/** The text of `x` exactly as `JSON.stringify` gives it (a convenience for callers and tests). */
export function jsonNumberText(x: number): string {
  const out = new Uint8Array(MAX_JSON_NUMBER_BYTES);
  return Buffer.from(out.buffer, 0, writeJsonNumber(out, 0, x)).toString('latin1');
}

function writeAscii(out: Uint8Array, at: number, text: string): number {
  for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
  return at + text.length;
}

/** A non-negative integer below 2^53. */
function writeInteger(out: Uint8Array, at: number, x: number): number {
  if (x < E8) {
    const k = digitCount(x);
    putDigits(out, x, at, k);
    return at + k;
  }
  const high = Math.floor(x / E8); // below 2^53 / 10^8, so fewer than 9 digits
  const k = digitCount(high);
  putDigits(out, high, at, k);
  putDigits(out, x - high * E8, at + k, 8);
  return at + k + 8;
}

/**
 * The shortest digits of a finite x in [2^-16, 2^53) that is not an integer, formatted as
 * Number::toString does (always positional here: -5 <= exponent < 21). Returns a negative number
 * where it does not apply (the caller falls back to `String`).
 */
function writeShortest(out: Uint8Array, at: number, x: number): number {
  float[0] = x;
  const high = words[HIGH];
  const low = words[LOW];
  const biased = high >>> 20;
  const fractionHigh = high & 0xfffff;
  const exponent = biased - 1075; // x = m * 2^exponent, m = 2^52 + fraction (normal: x >= 2^-16)
  const e = SCALE[biased];
  const s = 2 - exponent - e;
  if (e < 0 || e > 22 || s < 1 || s > 49) return -1;

  // 4m in limbs of 24 bits: m = mh * 2^32 + low, mh < 2^21 (the implicit bit included).
  const mh = fractionHigh | 0x100000;
  const a0 = (low & 0x3fffff) << 2;
  const a1 = (low >>> 22) | ((mh & 0x3fff) << 10);
  const a2 = mh >>> 14;
  const acceptBounds = (low & 1) === 0;
  const lowerGap = fractionHigh === 0 && low === 0 && biased > 1 ? 1 : 2;
  // v = 4m * 5^e over 2^s: its integer part (q * 10^8 + r) and the rest below the point (< 2^s).
  const f = e * 3;
  multiply(a0, a1, a2, FIVE_LIMBS[f], FIVE_LIMBS[f + 1], FIVE_LIMBS[f + 2]);
  shiftToDecimal(s);
  let vq = results[SHIFTED_Q];
  let vr = results[SHIFTED_R];
  const rest = results[SHIFTED_REST];
  const unit = POW2[s];
  // How the part of x * 10^(e - j) below v compares with 1/2 (-1, 0, 1), and whether it is 0.
  const halfUnit = unit / 2;
  let half = rest < halfUnit ? -1 : rest > halfUnit ? 1 : 0;
  let zero = rest === 0;
  // The interval's ends relative to v's integer part: upper = v + 2 * 5^e, lower = v - lowerGap * 5^e
  // (over 2^s). Excluded ends narrow the integers inside by one unit. Every numerator is below 2^53.
  const five = FIVE[e];
  const narrow = acceptBounds ? 0 : 1;
  const up = Math.floor((rest + 2 * five - narrow) / unit);
  const down = -Math.floor((lowerGap * five - rest - narrow) / unit);
  // upper's floor and lower's ceiling, as two-part values.
  let pq = vq;
  let pr = vr + up;
  if (pr >= E8) {
    pr -= E8;
    pq += 1;
  }
  let mq = vq;
  let mr = vr + down;
  if (mr < 0) {
    mr += E8;
    mq -= 1;
  }
  let removed = 0;

  // Remove digits while a candidate with one digit fewer exists: floor(p / 10) >= ceil(lo / 10).
  // Two-part values (q * 10^8 + r, r < 10^8 < 2^31) while they may exceed 2^53, single doubles after.
  while (pq >= 90_000_000) {
    const pq10 = Math.floor(pq / 10);
    const pr10 = (pq - pq10 * 10) * 10_000_000 + ((pr / 10) | 0);
    let mq10 = Math.floor(mq / 10);
    let mr10 = (mq - mq10 * 10) * 10_000_000 + (((mr + 9) / 10) | 0);
    if (mr10 >= E8) {
      mr10 -= E8;
      mq10 += 1;
    }
    if (pq10 < mq10 || (pq10 === mq10 && pr10 < mr10)) break;
    const vr10 = (vr / 10) | 0;
    const digit = vr - vr10 * 10;
    const vq10 = Math.floor(vq / 10);
    vr = (vq - vq10 * 10) * 10_000_000 + vr10;
    vq = vq10;
    half = digit < 5 ? -1 : digit > 5 ? 1 : zero ? 0 : 1;
    zero = zero && digit === 0;
    pq = pq10;
    pr = pr10;
    mq = mq10;
    mr = mr10;
    removed++;
  }
  if (pq >= 90_000_000) {
    // The loop above stopped while the values were still two-part: v is final, written in two parts.
    return writeDigits(out, at, roundedTwoPart(vq, vr, half, mq, mr, pq, pr), removed - e);
  }
  let p = pq * E8 + pr;
  let lo = mq * E8 + mr;
  let v = vq * E8 + vr;
  for (;;) {
    const p10 = Math.floor(p / 10);
    const m10 = Math.floor((lo + 9) / 10);
    if (p10 < m10) break;
    const v10 = Math.floor(v / 10);
    const digit = v - v10 * 10;
    half = digit < 5 ? -1 : digit > 5 ? 1 : zero ? 0 : 1;
    zero = zero && digit === 0;
    v = v10;
    p = p10;
    lo = m10;
    removed++;
  }
  let d = half > 0 || (half === 0 && v % 2 === 1) ? v + 1 : v;
  if (d > p) d = p;
  if (d < lo) d = lo;
  return writeDigits(out, at, d, removed - e);
}

/** The closest candidate when it has more than 16 digits (kept as q * 10^8 + r); returns -1 as a marker for writeDigits. */
function roundedTwoPart(vq: number, vr: number, half: number, mq: number, mr: number, pq: number, pr: number): number {
  let q = vq;
  let r = vr;
  if (half > 0 || (half === 0 && r % 2 === 1)) {
    r += 1;
    if (r === E8) {
      r = 0;
      q += 1;
    }
  }
  if (q > pq || (q === pq && r > pr)) {
    q = pq;
    r = pr;
  }
  if (q < mq || (q === mq && r < mr)) {
    q = mq;
    r = mr;
  }
  results[CHOSEN_Q] = q;
  results[CHOSEN_R] = r;
  return -1;
}

/**
 * Writes d * 10^power (d an integer with no trailing zero; -1: the two-part candidate of
 * `roundedTwoPart`) as Number::toString does for a non-integer: positional, with a point.
 */
function writeDigits(out: Uint8Array, at: number, d: number, power: number): number {
  // The digits in chunks of eight that 32-bit integer arithmetic handles: d = c2 * 10^16 + c1 * 10^8 + c0.
  let c2: number;
  let c1: number;
  let c0: number;
  if (d === -1) {
    const q = results[CHOSEN_Q];
    c0 = results[CHOSEN_R];
    c2 = Math.floor(q / E8);
    c1 = q - c2 * E8;
  } else {
    c2 = 0;
    c1 = Math.floor(d / E8);
    c0 = d - c1 * E8;
  }
  const k = c2 > 0 ? 16 + digitCount(c2) : c1 > 0 ? 8 + digitCount(c1) : digitCount(c0);
  // Value = digits * 10^power; n = k + power is the position of the point (ECMAScript's n).
  const n = k + power;
  if (n >= k || n <= -6) return -1; // not reachable for non-integers in range; the caller falls back
  let start = at;
  if (n <= 0) {
    out[start++] = 48; // 0
    out[start++] = 46; // .
    for (let i = n; i < 0; i++) out[start++] = 48;
  } else {
    // The digits one place right, then the n integer digits moved back in front of the point.
    start++;
  }
  const end = start + k;
  if (k > 16) {
    putDigits(out, c0 | 0, end - 8, 8);
    putDigits(out, c1 | 0, end - 16, 8);
    putDigits(out, c2 | 0, start, k - 16);
  } else if (k > 8) {
    putDigits(out, c0 | 0, end - 8, 8);
    putDigits(out, c1 | 0, start, k - 8);
  } else {
    putDigits(out, c0 | 0, start, k);
  }
  if (n > 0) {
    for (let j = at; j < at + n; j++) out[j] = out[j + 1];
    out[at + n] = 46; // .
  }
  return end;
}

/** "00".."99" as ASCII pairs. */
const PAIRS = new Uint8Array(200);
for (let i = 0; i < 100; i++) {
  PAIRS[2 * i] = 48 + Math.floor(i / 10);
  PAIRS[2 * i + 1] = 48 + (i % 10);
}

/** Writes the `count` digits of v (0 <= v < 10^count, count <= 10) at out[at..], zeros first. */
function putDigits(out: Uint8Array, v: number, at: number, count: number): void {
  let i = at + count;
  while (i - at >= 2) {
    const q = (v / 100) | 0;
    const r = (v - q * 100) * 2;
    out[--i] = PAIRS[r + 1];
    out[--i] = PAIRS[r];
    v = q;
  }
  if (i > at) out[at] = 48 + v;
}

/** Digits of 0 < v < 2^31. */
function digitCount(v: number): number {
  return v >= 10_000
    ? v >= 1_000_000
      ? v >= 100_000_000
        ? v >= 1_000_000_000
          ? 10
          : 9
        : v >= 10_000_000
          ? 8
          : 7
      : v >= 100_000
        ? 6
        : 5
    : v >= 100
      ? v >= 1000
        ? 4
        : 3
      : v >= 10
        ? 2
        : 1;
}

/** limbs = a * b, given as limbs of 24 bits (a < 2^55, b < 2^52: every partial sum below 2^50). */
function multiply(a0: number, a1: number, a2: number, b0: number, b1: number, b2: number): void {
  let c = a0 * b0;
  let carry = Math.floor(c * INV_TWO_24);
  limbs[0] = c - carry * TWO_24;
  c = carry + a0 * b1 + a1 * b0;
  carry = Math.floor(c * INV_TWO_24);
  limbs[1] = c - carry * TWO_24;
  c = carry + a0 * b2 + a1 * b1 + a2 * b0;
  carry = Math.floor(c * INV_TWO_24);
  limbs[2] = c - carry * TWO_24;
  c = carry + a1 * b2 + a2 * b1;
  carry = Math.floor(c * INV_TWO_24);
  limbs[3] = c - carry * TWO_24;
  limbs[4] = carry + a2 * b2;
}

/** floor(limbs / 2^s) as q * 10^8 + r (the value is below 10^18), and the remainder (limbs mod 2^s). */
function shiftToDecimal(s: number): void {
  const word = (s / 24) | 0;
  const bit = s - word * 24;
  const mask = (1 << bit) - 1;
  const up = 24 - bit;
  // s <= 49 (x >= 2^-16), so word <= 2 and limbs up to word + 2 exist; the one after is 0 when past the end.
  const l0 = limbs[word];
  const l1 = limbs[word + 1];
  const l2 = limbs[word + 2];
  const l3 = word + 3 < 5 ? limbs[word + 3] : 0;
  // The integer part's limbs n0 + n1 * 2^24 + n2 * 2^48 (each below 2^24, so 32-bit operations are exact).
  const n0 = (l0 >>> bit) | ((l1 & mask) << up);
  const n1 = (l1 >>> bit) | ((l2 & mask) << up);
  const n2 = (l2 >>> bit) | ((l3 & mask) << up);
  // The remainder: the limbs below `word` and the low bits of limb `word` (below 2^49: exact).
  let rest = (l0 & mask) * POW2[24 * word];
  if (word > 0) rest += limbs[0];
  if (word > 1) rest += limbs[1] * TWO_24;
  results[SHIFTED_REST] = rest;
  // N = (n2 * 2^24 + n1) * 2^24 + n0, divided by 10^8 in two steps of exact double arithmetic.
  const h = n2 * TWO_24 + n1;
  const hq = quotientE8(h);
  const u = (h - hq * E8) * TWO_24 + n0;
  const uq = quotientE8(u);
  results[SHIFTED_Q] = hq * TWO_24 + uq;
  results[SHIFTED_R] = u - uq * E8;
}

/** floor(v / 10^8) for an integer 0 <= v < 2^53 (a quotient from a rounded division may be one off; the remainder's range shows it). */
function quotientE8(v: number): number {
  const q = Math.floor(v / E8);
  const r = v - q * E8;
  return r < 0 ? q - 1 : r >= E8 ? q + 1 : q;
}
