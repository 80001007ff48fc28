import { wasm, type WasmMemory, type WasmModule } from './wasm-api';

/**
 * The cell kernel: weighted popcounts of (A AND B) over weight classes, as a hand-assembled
 * WebAssembly module (no toolchain: the bytes are written below, opcode by opcode) and the same
 * function in plain JavaScript, which the tests hold the module to.
 *
 * Memory the kernel reads (all in one shared WebAssembly.Memory, little-endian):
 * - packed audiences in fixed-size pages (`PAGE_BYTES`): a partition's bitset words are cut into
 *   pages, each audience's pages sit anywhere in memory, and an audience is given to the kernel as
 *   a **page table**: one i32 per page slot of the query, the byte address of that audience's page;
 * - a piece table of `PIECE_BYTES`-byte entries, one per (weight class x page it overlaps):
 *   i32 range (start byte | end byte << 16, inside the page; both multiples of 8, padding bits 0),
 *   i32 slot (the page slot), f64 weight;
 * - a group table: per page slot, the byte offset of its group's output (group x 24);
 * - outputs: per (pair, group) three f64: sum of weights, sum of squared weights, count.
 *
 * `pairs(aTable, bTable, pieces, pieceCount, out, groups)` adds, for every piece k, n = popcount(a
 * AND b over the piece's bytes) into out[group of its slot]: += n w, += n w^2, += n. With
 * aTable = bTable it measures one audience. Pieces of one class in several pages add up, so a
 * class's sums do not depend on where pages fall.
 */

export const PIECE_BYTES = 16;
/** Per group and pair: sum w, sum w^2, count (f64 each). */
export const GROUP_OUTPUT_BYTES = 24;
/**
 * Bytes of one page of a packed audience. Small enough that a small partition wastes little of its
 * last page, large enough that the extra piece per page costs a few percent of the popcounts; the
 * piece table stores byte offsets in 16 bits, so at most 32 KiB.
 */
export const PAGE_BYTES = 2048;

/** Unsigned LEB128. */
function uleb(value: number): number[] {
  const out: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    out.push(byte);
  } while (value !== 0);
  return out;
}

function section(id: number, content: number[]): number[] {
  return [id, ...uleb(content.length), ...content];
}

function name(text: string): number[] {
  const bytes = [...Buffer.from(text, 'utf8')];
  return [...uleb(bytes.length), ...bytes];
}

// Opcodes used (WebAssembly core spec 1.0 numbering).
const OP = {
  block: 0x02,
  loop: 0x03,
  end: 0x0b,
  brIf: 0x0d,
  void: 0x40,
  localGet: 0x20,
  localSet: 0x21,
  localTee: 0x22,
  i32Load: 0x28,
  i64Load: 0x29,
  f64Load: 0x2b,
  f64Store: 0x39,
  i32Const: 0x41,
  i64Const: 0x42,
  i32Eqz: 0x45,
  i32LtU: 0x49,
  i32GeU: 0x4f,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  i32And: 0x71,
  i32Shl: 0x74,
  i32ShrU: 0x76,
  i64Popcnt: 0x7b,
  i64Add: 0x7c,
  i64And: 0x83,
  f64Add: 0xa0,
  f64Mul: 0xa2,
  f64ConvertI64U: 0xba,
} as const;
const I32 = 0x7f;
const I64 = 0x7e;
const F64 = 0x7c;

// Locals of `pairs`: params 0..5, then pa, pb, n, o, range, slot4 (i32), cnt (i64), c, w (f64).
const A_TABLE = 0,
  B_TABLE = 1,
  PIECES = 2,
  COUNT = 3,
  OUT = 4,
  GROUPS = 5,
  PA = 6,
  PB = 7,
  N = 8,
  O = 9,
  RANGE = 10,
  SLOT4 = 11,
  CNT = 12,
  C = 13,
  W = 14;

const load = (op: number, align: number, offset: number): number[] => [op, align, ...uleb(offset)];
/** Signed LEB128 of a small non-negative i32 constant. */
const i32Const = (value: number): number[] => {
  const out: number[] = [];
  let more = true;
  while (more) {
    let byte = value & 0x7f;
    value >>= 7;
    more = !((value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0));
    if (more) byte |= 0x80;
    out.push(byte);
  }
  return [OP.i32Const, ...out];
};

/** popcnt(i64(pa + offset) & i64(pb + offset)), left on the stack. */
const popcntAt = (offset: number): number[] => [
  OP.localGet,
  PA,
  ...load(OP.i64Load, 3, offset),
  OP.localGet,
  PB,
  ...load(OP.i64Load, 3, offset),
  OP.i64And,
  OP.i64Popcnt,
];

/** local += step */
const advance = (local: number, step: number): number[] => [OP.localGet, local, ...i32Const(step), OP.i32Add, OP.localSet, local];

/** out[o + offset] += value (value pushed by `term`). */
const accumulate = (offset: number, term: number[]): number[] => [
  OP.localGet,
  O,
  OP.localGet,
  O,
  ...load(OP.f64Load, 3, offset),
  ...term,
  OP.f64Add,
  ...load(OP.f64Store, 3, offset),
];

/** The page address of the current piece's slot in a page table, plus the piece's start byte. */
const pageAddress = (table: number): number[] => [
  OP.localGet,
  table,
  OP.localGet,
  SLOT4,
  OP.i32Add,
  ...load(OP.i32Load, 2, 0),
  OP.localGet,
  RANGE,
  ...i32Const(0xffff),
  OP.i32And,
  OP.i32Add,
];

const PAIRS_BODY: number[] = [
  // locals: 6 x i32, 1 x i64, 2 x f64
  3,
  6,
  I32,
  1,
  I64,
  2,
  F64,
  OP.block,
  OP.void,
  OP.localGet,
  COUNT,
  OP.i32Eqz,
  OP.brIf,
  0,
  OP.loop,
  OP.void,
  // range = pieces[0]; slot4 = pieces[1] << 2
  OP.localGet,
  PIECES,
  ...load(OP.i32Load, 2, 0),
  OP.localSet,
  RANGE,
  OP.localGet,
  PIECES,
  ...load(OP.i32Load, 2, 4),
  ...i32Const(2),
  OP.i32Shl,
  OP.localSet,
  SLOT4,
  ...pageAddress(A_TABLE),
  OP.localSet,
  PA,
  ...pageAddress(B_TABLE),
  OP.localSet,
  PB,
  // n = end - start
  OP.localGet,
  RANGE,
  ...i32Const(16),
  OP.i32ShrU,
  OP.localGet,
  RANGE,
  ...i32Const(0xffff),
  OP.i32And,
  OP.i32Sub,
  OP.localSet,
  N,
  OP.i64Const,
  0,
  OP.localSet,
  CNT,
  // 32 bytes per turn while at least 32 remain: cnt + ((p0 + p1) + (p2 + p3)), one add on the loop-carried chain
  OP.block,
  OP.void,
  OP.localGet,
  N,
  ...i32Const(32),
  OP.i32LtU,
  OP.brIf,
  0,
  OP.loop,
  OP.void,
  OP.localGet,
  CNT,
  ...popcntAt(0),
  ...popcntAt(8),
  OP.i64Add,
  ...popcntAt(16),
  ...popcntAt(24),
  OP.i64Add,
  OP.i64Add,
  OP.i64Add,
  OP.localSet,
  CNT,
  ...advance(PA, 32),
  ...advance(PB, 32),
  OP.localGet,
  N,
  ...i32Const(32),
  OP.i32Sub,
  OP.localTee,
  N,
  ...i32Const(32),
  OP.i32GeU,
  OP.brIf,
  0,
  OP.end,
  OP.end,
  // then 8 bytes per turn (classes are 64-bit aligned, not 256-bit)
  OP.block,
  OP.void,
  OP.localGet,
  N,
  OP.i32Eqz,
  OP.brIf,
  0,
  OP.loop,
  OP.void,
  OP.localGet,
  CNT,
  ...popcntAt(0),
  OP.i64Add,
  OP.localSet,
  CNT,
  ...advance(PA, 8),
  ...advance(PB, 8),
  OP.localGet,
  N,
  ...i32Const(8),
  OP.i32Sub,
  OP.localTee,
  N,
  OP.brIf,
  0,
  OP.end,
  OP.end,
  // c = f64(cnt); w = pieces[8..16]; o = out + groups[slot]
  OP.localGet,
  CNT,
  OP.f64ConvertI64U,
  OP.localSet,
  C,
  OP.localGet,
  PIECES,
  ...load(OP.f64Load, 3, 8),
  OP.localSet,
  W,
  OP.localGet,
  OUT,
  OP.localGet,
  GROUPS,
  OP.localGet,
  SLOT4,
  OP.i32Add,
  ...load(OP.i32Load, 2, 0),
  OP.i32Add,
  OP.localSet,
  O,
  ...accumulate(0, [OP.localGet, C, OP.localGet, W, OP.f64Mul]),
  ...accumulate(8, [OP.localGet, C, OP.localGet, W, OP.localGet, W, OP.f64Mul, OP.f64Mul]),
  ...accumulate(16, [OP.localGet, C]),
  ...advance(PIECES, PIECE_BYTES),
  OP.localGet,
  COUNT,
  ...i32Const(1),
  OP.i32Sub,
  OP.localTee,
  COUNT,
  OP.brIf,
  0,
  OP.end,
  OP.end,
  OP.end,
];

/** The module's bytes: imports env.memory (shared, up to 4 GiB), exports `pairs`. */
export function kernelModuleBytes(): Uint8Array<ArrayBuffer> {
  const bytes = [
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    // type 0: (i32 aTable, i32 bTable, i32 pieces, i32 pieceCount, i32 out, i32 groups) -> ()
    ...section(1, [1, 0x60, 6, I32, I32, I32, I32, I32, I32, 0]),
    // import env.memory: shared (flag 3), min 1 page, max 65536 pages
    ...section(2, [1, ...name('env'), ...name('memory'), 0x02, 0x03, ...uleb(1), ...uleb(65536)]),
    ...section(3, [1, 0]),
    ...section(7, [1, ...name('pairs'), 0x00, 0]),
    ...section(10, [1, ...uleb(PAIRS_BODY.length), ...PAIRS_BODY]),
  ];
  return new Uint8Array(bytes);
}

let compiled: WasmModule | undefined;

/** The compiled kernel module (compiled once per thread; a Module can be posted to workers). */
export function kernelModule(): WasmModule {
  compiled ??= new wasm.Module(kernelModuleBytes());
  return compiled;
}

export type PairsFunction = (aTable: number, bTable: number, pieces: number, pieceCount: number, out: number, groups: number) => void;

const instances = new WeakMap<WasmMemory, PairsFunction>();

/** The kernel bound to a memory (one instance per memory and thread). */
export function instantiateKernel(memory: WasmMemory): PairsFunction {
  let pairs = instances.get(memory);
  if (pairs === undefined) {
    const instance = new wasm.Instance(kernelModule(), { env: { memory } });
    pairs = instance.exports['pairs'] as PairsFunction;
    instances.set(memory, pairs);
  }
  return pairs;
}

/** A shared memory of at least `bytes` bytes (fixed size: it never grows). */
export function allocateSharedMemory(bytes: number): WasmMemory {
  const pages = Math.max(1, Math.ceil(bytes / 65536));
  return new wasm.Memory({ initial: pages, maximum: pages, shared: true });
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) as number;
}

/** The same computation as the WebAssembly `pairs`, in JavaScript (SWAR popcount): the tests' yardstick. */
export function pairsJs(buffer: ArrayBufferLike, aTable: number, bTable: number, pieces: number, pieceCount: number, out: number, groups: number): void {
  const u32 = new Uint32Array(buffer);
  const i32 = new Int32Array(buffer);
  const f64 = new Float64Array(buffer);
  for (let k = 0; k < pieceCount; k++) {
    const entry = pieces + k * PIECE_BYTES;
    const range = i32[entry >>> 2];
    const slot = i32[(entry >>> 2) + 1];
    const weight = f64[(entry + 8) >>> 3];
    const start = range & 0xffff;
    const end = range >>> 16;
    const a = i32[(aTable >>> 2) + slot] + start;
    const b = i32[(bTable >>> 2) + slot] + start;
    let count = 0;
    for (let p = 0; p < end - start; p += 4) count += popcount32(u32[(a + p) >>> 2] & u32[(b + p) >>> 2]);
    const o = (out + i32[(groups >>> 2) + slot]) >>> 3;
    f64[o] += count * weight;
    f64[o + 1] += count * (weight * weight);
    f64[o + 2] += count;
  }
}
