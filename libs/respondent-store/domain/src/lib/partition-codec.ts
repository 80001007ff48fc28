import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { endianness } from 'node:os';
import type { DecodedPartition, PartitionKey, WeightClass } from './partition.types';

/** Global lookups are slow inside jest's vm context (10x on the hot loops); a module-local alias is not. */
const M = Math;

/**
 * Binary layout of a partition blob (little-endian throughout); see README.md for the rationale.
 *
 *   0  4  magic "AASP"
 *   4  1  version (1, or 2 when the blob has an asked section)
 *   5  1  flags: bit 0 = attribute section deflated (raw deflate)
 *   6  2  reserved (0)
 *   8  4  dictionary hash (u32)
 *  12  4  first respondent id (u32)
 *  16  4  respondent count (u32)
 *  20  4  bit length (u32, multiple of 64)
 *  24  4  weight class count C (u32)
 *  28  4  attribute count A (u32)
 *  32     key: dataset, wave, location, each u8 length + UTF-8 bytes
 *         C x { weight f64, start bit u32, count u32 }
 *         version 2 only, the asked section: u32 Q, then Q x (question codes ascending):
 *           u8 length + UTF-8 question code, encoding u8 (0 dense, 1 sparse, 2 everyone), payload length u32, payload
 *         attribute section (if deflated: u32 inflated length, then the deflated bytes), A x:
 *           id u32, encoding u8 (0 dense, 1 sparse), payload length u32, payload
 *           dense:  bitLength / 8 bytes, the bitset words as little-endian u32
 *           sparse: varint n, then n varints: first set bit, then gaps to the previous set bit
 *           everyone (asked only): no payload, every respondent of the partition
 *
 * A partition without asked entries is written as version 1, byte for byte as before the asked
 * section existed, so stored blobs stay valid and equal data gives equal bytes.
 */
export const PARTITION_FORMAT_VERSION = 2;
const VERSION_WITHOUT_ASKED = 1;
const MAGIC = 0x50534141; // "AASP" read as LE u32
const FLAG_DEFLATED = 1;
const ENC_DENSE = 0;
const ENC_SPARSE = 1;
const ENC_EVERYONE = 2;

if (endianness() !== 'LE') {
  // Dense bitsets are copied byte for byte into Uint32Arrays; a big-endian host would need a swap.
  throw new Error('partition-codec assumes a little-endian host');
}

export interface EncodeOptions {
  /** Deflate the attribute section (smaller rows, slower decode; measured in README.md). Default false. */
  compress?: boolean;
}

/** The fields encodePartition reads (a DecodedPartition fits; weights/universe are derived on decode). */
export type PartitionContent = Pick<
  DecodedPartition,
  'key' | 'dictionaryHash' | 'firstRespondentId' | 'respondentCount' | 'bitLength' | 'weightClasses' | 'attributes' | 'asked'
>;

class ByteWriter {
  buf: Uint8Array;
  pos = 0;
  private view: DataView;

  constructor(size: number) {
    this.buf = new Uint8Array(size);
    this.view = new DataView(this.buf.buffer);
  }

  ensure(extra: number): void {
    if (this.pos + extra <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.pos + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  u8(v: number): void {
    this.ensure(1);
    this.buf[this.pos++] = v;
  }

  u32(v: number): void {
    this.ensure(4);
    this.view.setUint32(this.pos, v, true);
    this.pos += 4;
  }

  f64(v: number): void {
    this.ensure(8);
    this.view.setFloat64(this.pos, v, true);
    this.pos += 8;
  }

  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    this.buf.set(b, this.pos);
    this.pos += b.length;
  }

  varint(v: number): void {
    this.ensure(5);
    while (v >= 0x80) {
      this.buf[this.pos++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.buf[this.pos++] = v;
  }

  patchU32(at: number, v: number): void {
    this.view.setUint32(at, v, true);
  }
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (M.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

/** Number of set bits of a bitset. */
export function popcount(words: Uint32Array): number {
  let n = 0;
  for (let i = 0; i < words.length; i++) if (words[i] !== 0) n += popcount32(words[i]);
  return n;
}

/** Weighted size of a bitset: one popcount per word, one multiply per weight class. */
export function weightedCount(partition: Pick<DecodedPartition, 'weightClasses'>, words: Uint32Array): number {
  let total = 0;
  for (const c of partition.weightClasses) {
    const from = c.startBit >>> 5;
    const to = (c.startBit + c.count + 31) >>> 5;
    let n = 0;
    for (let i = from; i < to; i++) if (words[i] !== 0) n += popcount32(words[i]);
    total += n * c.weight;
  }
  return total;
}

function writeSparse(w: ByteWriter, words: Uint32Array, count: number): void {
  w.varint(count);
  let prev = 0;
  for (let i = 0; i < words.length; i++) {
    let x = words[i];
    while (x !== 0) {
      const t = x & -x;
      const bit = (i << 5) + (31 - M.clz32(t));
      w.varint(bit - prev);
      prev = bit;
      x ^= t;
    }
  }
}

/** Writes one bitset as the smaller of dense and sparse: encoding u8, payload length u32, payload. */
function writeBitset(w: ByteWriter, words: Uint32Array, denseBytes: number): void {
  const count = popcount(words);
  // A sparse entry costs at least one byte per set bit: only try it when that can beat dense.
  if (count < denseBytes) {
    const start = w.pos;
    w.u8(ENC_SPARSE);
    w.u32(0);
    writeSparse(w, words, count);
    const length = w.pos - start - 5;
    if (length < denseBytes) {
      w.patchU32(start + 1, length);
      return;
    }
    w.pos = start;
  }
  w.u8(ENC_DENSE);
  w.u32(denseBytes);
  w.bytes(new Uint8Array(words.buffer, words.byteOffset, denseBytes));
}

/** The respondents of the classes, as a bitset of `wordCount` words. */
function universeOf(classes: readonly WeightClass[], wordCount: number): Uint32Array {
  const universe = new Uint32Array(wordCount);
  for (const c of classes) setRange(universe, c.startBit, c.startBit + c.count);
  return universe;
}

function sameWords(a: Uint32Array, b: Uint32Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The asked section (format 2): question codes ascending, "everyone" without a payload. */
function writeAsked(head: ByteWriter, p: PartitionContent, wordCount: number): void {
  const asked = p.asked as Map<string, Uint32Array>;
  const codes = [...asked.keys()].sort();
  const universe = universeOf(p.weightClasses, wordCount);
  head.u32(codes.length);
  for (const code of codes) {
    const words = asked.get(code) as Uint32Array;
    const name = Buffer.from(code, 'utf8');
    if (name.length === 0 || name.length > 255) throw new Error(`asked: question code of ${name.length} bytes: ${code}`);
    if (words.length !== wordCount) throw new Error(`asked ${code}: ${words.length} words, expected ${wordCount}`);
    head.u8(name.length);
    head.bytes(name);
    if (sameWords(words, universe)) {
      head.u8(ENC_EVERYONE);
      head.u32(0);
    } else {
      writeBitset(head, words, wordCount * 4);
    }
  }
}

/** Serialises a partition; the output is a pure function of the input (byte for byte). */
export function encodePartition(p: PartitionContent, options: EncodeOptions = {}): Buffer {
  if (p.bitLength % 64 !== 0) throw new Error(`bitLength ${p.bitLength} is not a multiple of 64`);
  const wordCount = p.bitLength >>> 5;
  const withAsked = p.asked !== undefined && p.asked.size > 0;
  const head = new ByteWriter(256 + p.weightClasses.length * 16);
  head.u32(MAGIC);
  head.u8(withAsked ? PARTITION_FORMAT_VERSION : VERSION_WITHOUT_ASKED);
  head.u8(options.compress ? FLAG_DEFLATED : 0);
  head.u8(0);
  head.u8(0);
  head.u32(p.dictionaryHash >>> 0);
  head.u32(p.firstRespondentId);
  head.u32(p.respondentCount);
  head.u32(p.bitLength);
  head.u32(p.weightClasses.length);
  head.u32(p.attributes.size);
  for (const part of [p.key.dataset, p.key.wave, p.key.location]) {
    const b = Buffer.from(part, 'utf8');
    if (b.length > 255) throw new Error(`key part too long: ${part}`);
    head.u8(b.length);
    head.bytes(b);
  }
  for (const c of p.weightClasses) {
    if (c.startBit % 64 !== 0) throw new Error(`weight class at bit ${c.startBit} is not 64-bit aligned`);
    head.f64(c.weight);
    head.u32(c.startBit);
    head.u32(c.count);
  }
  if (withAsked) writeAsked(head, p, wordCount);
  const denseBytes = wordCount * 4;
  const body = new ByteWriter(1 << 16);
  const ids = [...p.attributes.keys()].sort((a, b) => a - b);
  for (const id of ids) {
    const words = p.attributes.get(id) as Uint32Array;
    if (words.length !== wordCount) throw new Error(`attribute ${id}: ${words.length} words, expected ${wordCount}`);
    body.u32(id);
    writeBitset(body, words, denseBytes);
  }
  let section = body.buf.subarray(0, body.pos);
  if (options.compress) {
    const deflated = deflateRawSync(section, { level: 1 });
    const withLength = new Uint8Array(4 + deflated.length);
    new DataView(withLength.buffer).setUint32(0, section.length, true);
    withLength.set(deflated, 4);
    section = withLength;
  }
  const out = Buffer.allocUnsafe(head.pos + section.length);
  out.set(head.buf.subarray(0, head.pos), 0);
  out.set(section, head.pos);
  return out;
}

/**
 * Reads a sparse payload (varint n, then n varint gaps) from `bytes` at `at` into `words`
 * (zeroed), which must hold every bit it names.
 */
function readSparse(bytes: Uint8Array, at: number, words: Uint32Array): void {
  let q = at;
  let n = 0;
  let shift = 0;
  let b: number;
  do {
    b = bytes[q++];
    n |= (b & 0x7f) << shift;
    shift += 7;
  } while (b & 0x80);
  let bit = 0;
  for (let k = 0; k < n; k++) {
    let delta = 0;
    shift = 0;
    do {
      b = bytes[q++];
      delta |= (b & 0x7f) << shift;
      shift += 7;
    } while (b & 0x80);
    bit += delta;
    words[bit >>> 5] |= 1 << (bit & 31);
  }
}

/** The asked section of a format-2 blob at `pos`: the entries and where the section ends. */
function readAsked(buf: Uint8Array, view: DataView, pos: number, universe: Uint32Array): { asked: Map<string, Uint32Array>; end: number } {
  const wordCount = universe.length;
  const count = view.getUint32(pos, true);
  pos += 4;
  const asked = new Map<string, Uint32Array>();
  let store: Uint32Array | undefined;
  let used = 0;
  for (let i = 0; i < count; i++) {
    const len = buf[pos++];
    const code = Buffer.from(buf.buffer, buf.byteOffset + pos, len).toString('utf8');
    pos += len;
    const encoding = buf[pos];
    const length = view.getUint32(pos + 1, true);
    pos += 5;
    if (encoding === ENC_EVERYONE) {
      asked.set(code, universe);
      continue;
    }
    // One buffer for the section's bitsets, as for the attributes.
    store ??= new Uint32Array(wordCount * count);
    const words = store.subarray(used * wordCount, (used + 1) * wordCount);
    used++;
    if (encoding === ENC_DENSE) new Uint8Array(words.buffer, words.byteOffset, wordCount * 4).set(buf.subarray(pos, pos + length));
    else if (encoding === ENC_SPARSE) readSparse(buf, pos, words);
    else throw new Error(`asked ${code}: unknown encoding ${encoding}`);
    pos += length;
    asked.set(code, words);
  }
  return { asked, end: pos };
}

/** Decodes a blob (format 1 or 2) into the engine's in-memory form; all attribute bitsets share one zeroed ArrayBuffer. */
export function decodePartition(buf: Uint8Array): DecodedPartition {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  if (buf.byteLength < 32 || view.getUint32(0, true) !== MAGIC) throw new Error('not a partition blob (bad magic)');
  const version = buf[4];
  if (version !== PARTITION_FORMAT_VERSION && version !== VERSION_WITHOUT_ASKED) throw new Error(`unsupported partition format version ${version}`);
  const flags = buf[5];
  const dictionaryHash = view.getUint32(8, true);
  const firstRespondentId = view.getUint32(12, true);
  const respondentCount = view.getUint32(16, true);
  const bitLength = view.getUint32(20, true);
  const classCount = view.getUint32(24, true);
  const attributeCount = view.getUint32(28, true);
  let pos = 32;
  const keyParts: string[] = [];
  for (let i = 0; i < 3; i++) {
    const len = buf[pos++];
    keyParts.push(Buffer.from(buf.buffer, buf.byteOffset + pos, len).toString('utf8'));
    pos += len;
  }
  const key: PartitionKey = { dataset: keyParts[0], wave: keyParts[1], location: keyParts[2] };
  const wordCount = bitLength >>> 5;
  const weightClasses: WeightClass[] = [];
  const weights = new Float64Array(bitLength);
  const universe = new Uint32Array(wordCount);
  for (let i = 0; i < classCount; i++) {
    const weight = view.getFloat64(pos, true);
    const startBit = view.getUint32(pos + 8, true);
    const count = view.getUint32(pos + 12, true);
    pos += 16;
    weightClasses.push({ weight, startBit, count });
    weights.fill(weight, startBit, startBit + count);
    setRange(universe, startBit, startBit + count);
  }
  let asked = new Map<string, Uint32Array>();
  if (version === PARTITION_FORMAT_VERSION) ({ asked, end: pos } = readAsked(buf, view, pos, universe));
  let section: Uint8Array = buf.subarray(pos);
  if (flags & FLAG_DEFLATED) {
    section = inflateRawSync(section.subarray(4));
  }
  const sv = new DataView(section.buffer, section.byteOffset, section.byteLength);
  const store = new Uint32Array(wordCount * attributeCount);
  const storeBytes = new Uint8Array(store.buffer);
  const attributes = new Map<number, Uint32Array>();
  let p = 0;
  for (let a = 0; a < attributeCount; a++) {
    const id = sv.getUint32(p, true);
    const encoding = section[p + 4];
    const length = sv.getUint32(p + 5, true);
    p += 9;
    const offset = a * wordCount;
    const words = store.subarray(offset, offset + wordCount);
    if (encoding === ENC_DENSE) {
      storeBytes.set(section.subarray(p, p + length), offset * 4);
    } else if (encoding === ENC_SPARSE) {
      readSparse(section, p, words);
    } else {
      throw new Error(`attribute ${id}: unknown encoding ${encoding}`);
    }
    p += length;
    attributes.set(id, words);
  }
  return { key, dictionaryHash, firstRespondentId, respondentCount, bitLength, wordCount, weightClasses, weights, universe, attributes, asked };
}

/** Sets bits [from, to) of a bitset. */
export function setRange(words: Uint32Array, from: number, to: number): void {
  for (let b = from; b < to;) {
    if ((b & 31) === 0 && to - b >= 32) {
      words[b >>> 5] = 0xffffffff;
      b += 32;
    } else {
      words[b >>> 5] |= 1 << (b & 31);
      b++;
    }
  }
}

/**
 * The layout invariants an engine relies on; returns the violations (empty when valid).
 * Classes: 64-bit aligned, in order, not overlapping, counts summing to respondentCount, positive
 * finite weights; bitsets: wordCount words, no bit outside the classes.
 */
export function partitionInvariantViolations(p: Pick<DecodedPartition, 'respondentCount' | 'bitLength' | 'weightClasses' | 'attributes' | 'asked'>): string[] {
  const problems: string[] = [];
  if (p.bitLength % 64 !== 0) problems.push(`bitLength ${p.bitLength} not a multiple of 64`);
  let end = 0;
  let total = 0;
  for (const c of p.weightClasses) {
    if (c.startBit % 64 !== 0) problems.push(`class at ${c.startBit} not 64-bit aligned`);
    if (c.startBit < end) problems.push(`class at ${c.startBit} overlaps the previous one`);
    if (!(c.weight > 0) || !Number.isFinite(c.weight)) problems.push(`class at ${c.startBit} has weight ${c.weight}`);
    if (c.count <= 0) problems.push(`class at ${c.startBit} is empty`);
    end = c.startBit + c.count;
    total += c.count;
  }
  if (end > p.bitLength) problems.push(`classes end at ${end} beyond bitLength ${p.bitLength}`);
  if (M.ceil(end / 64) * 64 !== p.bitLength) problems.push(`bitLength ${p.bitLength} is not the padded end ${end}`);
  if (total !== p.respondentCount) problems.push(`classes hold ${total} respondents, expected ${p.respondentCount}`);
  const universe = new Uint32Array(p.bitLength >>> 5);
  for (const c of p.weightClasses) setRange(universe, c.startBit, c.startBit + c.count);
  const bitsets: [string, Uint32Array][] = [...p.attributes].map(([id, words]) => [`attribute ${id}`, words]);
  for (const [code, words] of p.asked ?? []) bitsets.push([`asked ${code}`, words]);
  for (const [what, words] of bitsets) {
    if (words.length !== p.bitLength >>> 5) {
      problems.push(`${what} has ${words.length} words`);
      continue;
    }
    for (let i = 0; i < words.length; i++) {
      if ((words[i] & ~universe[i]) !== 0) {
        problems.push(`${what} has bits set in padding (word ${i})`);
        break;
      }
    }
  }
  return problems;
}

/** The format version a blob was written in (1: no asked section, 2: with one), for the store's `format_version` column. */
export function partitionFormatVersion(blob: Uint8Array): number {
  return blob[4];
}
