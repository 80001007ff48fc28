import { wasm, type WasmMemory, type WasmModule } from './wasm-api';

/**
 * The cell kernel: weighted popcounts of (A AND B) over weight classes, as a hand-assembled
 * WebAssembly module (no toolchain: the bytes are written below, opcode by opcode) and the same
 * function in plain JavaScript, which the tests hold the module to.
 *
 * Memory layout the kernel reads (all in one shared WebAssembly.Memory, little-endian):
 * - a class table of `CLASS_ENTRY_BYTES`-byte entries, one per weight class of every selected
 *   partition: i32 startByte, i32 endByte (offsets inside one audience's packed bitset; a multiple
 *   of 32 apart, padding bits 0), i32 group (the output slot: 0, or a segment), i32 unused,
 *   f64 weight, f64 weight^2;
 * - packed audience bitsets, `stride` bytes each, every class segment at the same offsets in all;
 * - outputs: per (pair, group) three f64: sum of weights, sum of squared weights, count.
 *
 * `pairs(a, b, classes, classCount, out)` adds, for every class k, n = popcount(a AND b over the
 * class's bytes) into out[group_k]: += n w_k, += n w_k^2, += n. With a = b it measures one bitset.
 */

export const CLASS_ENTRY_BYTES = 32;
/** Per group and pair: sum w, sum w^2, count (f64 each). */
export const GROUP_OUTPUT_BYTES = 24;
/** Class segments are padded to this many bytes (the inner loop handles 4 x 64 bits per turn). */
export const SEGMENT_ALIGN_BYTES = 32;

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
  i32Mul: 0x6c,
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

// Locals of `pairs`: params 0..4, then p, end, o (i32), cnt (i64), c (f64).
const A = 0,
  B = 1,
  CLS = 2,
  N = 3,
  OUT = 4,
  P = 5,
  END = 6,
  O = 7,
  CNT = 8,
  C = 9;

const load = (op: number, align: number, offset: number): number[] => [op, align, ...uleb(offset)];

/** cnt += popcnt(i64(a + p + offset) & i64(b + p + offset)) */
function popcntStep(offset: number): number[] {
  return [
    OP.localGet,
    A,
    OP.localGet,
    P,
    OP.i32Add,
    ...load(OP.i64Load, 3, offset),
    OP.localGet,
    B,
    OP.localGet,
    P,
    OP.i32Add,
    ...load(OP.i64Load, 3, offset),
    OP.i64And,
    OP.i64Popcnt,
    OP.i64Add,
  ];
}

/** out[o + offset] += c * f64(cls + weightOffset) (or += c when weightOffset is null). */
function accumulate(offset: number, weightOffset: number | null): number[] {
  const term = weightOffset === null ? [OP.localGet, C] : [OP.localGet, C, OP.localGet, CLS, ...load(OP.f64Load, 3, weightOffset), OP.f64Mul];
  return [OP.localGet, O, OP.localGet, O, ...load(OP.f64Load, 3, offset), ...term, OP.f64Add, ...load(OP.f64Store, 3, offset)];
}

const PAIRS_BODY: number[] = [
  // locals: 3 x i32, 1 x i64, 1 x f64
  3,
  3,
  I32,
  1,
  I64,
  1,
  F64,
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
  CLS,
  ...load(OP.i32Load, 2, 0),
  OP.localSet,
  P,
  OP.localGet,
  CLS,
  ...load(OP.i32Load, 2, 4),
  OP.localSet,
  END,
  OP.i64Const,
  0,
  OP.localSet,
  CNT,
  OP.block,
  OP.void,
  OP.localGet,
  P,
  OP.localGet,
  END,
  OP.i32GeU,
  OP.brIf,
  0,
  OP.loop,
  OP.void,
  OP.localGet,
  CNT,
  ...popcntStep(0),
  ...popcntStep(8),
  ...popcntStep(16),
  ...popcntStep(24),
  OP.localSet,
  CNT,
  OP.localGet,
  P,
  OP.i32Const,
  32,
  OP.i32Add,
  OP.localTee,
  P,
  OP.localGet,
  END,
  OP.i32LtU,
  OP.brIf,
  0,
  OP.end,
  OP.end,
  OP.localGet,
  CNT,
  OP.f64ConvertI64U,
  OP.localSet,
  C,
  OP.localGet,
  OUT,
  OP.localGet,
  CLS,
  ...load(OP.i32Load, 2, 8),
  OP.i32Const,
  GROUP_OUTPUT_BYTES,
  OP.i32Mul,
  OP.i32Add,
  OP.localSet,
  O,
  ...accumulate(0, 16),
  ...accumulate(8, 24),
  ...accumulate(16, null),
  OP.localGet,
  CLS,
  OP.i32Const,
  CLASS_ENTRY_BYTES,
  OP.i32Add,
  OP.localSet,
  CLS,
  OP.localGet,
  N,
  OP.i32Const,
  1,
  OP.i32Sub,
  OP.localTee,
  N,
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
    // type 0: (i32 a, i32 b, i32 classes, i32 classCount, i32 out) -> ()
    ...section(1, [1, 0x60, 5, I32, I32, I32, I32, I32, 0]),
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

export type PairsFunction = (a: number, b: number, classes: number, classCount: number, out: number) => void;

/** The kernel bound to a memory. */
export function instantiateKernel(memory: WasmMemory): PairsFunction {
  const instance = new wasm.Instance(kernelModule(), { env: { memory } });
  return instance.exports['pairs'] as PairsFunction;
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
export function pairsJs(buffer: ArrayBufferLike, a: number, b: number, classes: number, classCount: number, out: number): void {
  const u32 = new Uint32Array(buffer);
  const i32 = new Int32Array(buffer);
  const f64 = new Float64Array(buffer);
  for (let k = 0; k < classCount; k++) {
    const entry = classes + k * CLASS_ENTRY_BYTES;
    const start = i32[entry >>> 2];
    const end = i32[(entry >>> 2) + 1];
    const group = i32[(entry >>> 2) + 2];
    const weight = f64[(entry + 16) >>> 3];
    const weightSquared = f64[(entry + 24) >>> 3];
    let count = 0;
    for (let p = start; p < end; p += 4) count += popcount32(u32[(a + p) >>> 2] & u32[(b + p) >>> 2]);
    const o = (out + group * GROUP_OUTPUT_BYTES) >>> 3;
    f64[o] += count * weight;
    f64[o + 1] += count * weightSquared;
    f64[o + 2] += count;
  }
}
