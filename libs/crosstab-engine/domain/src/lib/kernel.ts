import { wasm, type WasmMemory, type WasmModule } from './wasm-api';

/*
 * The cell kernel: weighted popcounts of (A AND B) over weight classes, as a hand-assembled
 * WebAssembly module (no toolchain: the bytes are written below, opcode by opcode) and the same
 * function in plain JavaScript, which the tests hold the module to.
 *
 * Memory the kernel reads (all in one shared WebAssembly.Memory, little-endian):
 * - packed audiences in fixed-size pages (`PAGE_BYTES`): a partition's packed bitset is cut into
 *   pages, each audience's pages sit anywhere in memory, and an audience is given to the kernel as
 *   a **page table**: one i32 per page slot of the query, the byte address of that audience's page;
 * - a piece table of `PIECE_BYTES`-byte entries in class order, one per (weight class x page it
 *   overlaps), or per run of single-respondent classes:
 *   - class piece: i32 range (start bit | end bit << 16, inside the page), i32 slot (the page
 *     slot), f64 weight: adds n = popcount(a AND b over the bits) as n w, n w^2, n;
 *   - run piece (slot | `RUN_FLAG`): the same range over respondents who each have a class (a
 *     weight) of their own, and at +8 an i32 address of their weights (f64, one per bit of the
 *     range): adds each set bit's w, w^2 and 1 in bit order, which is exactly what the class pieces
 *     of those one-respondent classes add (1 x w = w), at a cost that follows the set bits, not
 *     the classes;
 * - a group table: per page slot, the byte offset of its group's output (group x 24);
 * - outputs: per (pair, group) three f64: sum of weights, sum of squared weights, count.
 *
 * `cells` (see `CellsFunction`) adds every piece into out[group of its slot] for every pair of a
 * block of audiences. With one audience on both sides it measures that audience. Pieces of one
 * class in several pages add up, so a class's sums do not depend on where pages fall.
 *
 * The loops run piece by piece, and every pair of the block inside each piece. A piece is short
 * (a weight class of a partition: about 20 words at 1M respondents), so its setup and the exits of
 * its word loops cost as much as its popcounts. Inside one piece those branches go the same way
 * for every pair, so the branch predictor learns them, and the piece's words of every audience
 * of the block stay in the L1 cache while all the pairs read them. Each output still receives its
 * pieces in piece order, so the sums are the same floating-point sums as one pair at a time.
 */

/** Bytes of one piece-table entry. */
export const PIECE_BYTES = 16;
/** Per group and pair: sum w, sum w^2, count (f64 each). */
export const GROUP_OUTPUT_BYTES = 24;
/**
 * Bytes of one page of a packed audience. Small enough that a small partition wastes little of its
 * last page, large enough that the extra piece per page costs a few percent of the popcounts; the
 * piece table stores bit offsets in 16 bits, so at most 8 KiB.
 */
export const PAGE_BYTES = 2048;
export const PAGE_BITS = PAGE_BYTES * 8;
/** Marks a run piece in the slot member. */
export const RUN_FLAG = 0x40000000;

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

// Opcodes used (numbered as in the WebAssembly 1.0 core specification).
const OP = {
  block: 0x02,
  loop: 0x03,
  if: 0x04,
  else: 0x05,
  end: 0x0b,
  br: 0x0c,
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
  f64Const: 0x44,
  i32Eqz: 0x45,
  i32Eq: 0x46,
  i32LtU: 0x49,
  i32LeU: 0x4d,
  i32GeU: 0x4f,
  i64Eqz: 0x50,
  i32Add: 0x6a,
  i32Sub: 0x6b,
  i32And: 0x71,
  i32Shl: 0x74,
  i32ShrU: 0x76,
  i64Ctz: 0x7a,
  i64Popcnt: 0x7b,
  i64Add: 0x7c,
  i64Sub: 0x7d,
  i64And: 0x83,
  i64Shl: 0x86,
  i64ShrU: 0x88,
  i32WrapI64: 0xa7,
  i64ExtendI32U: 0xad,
  f64Add: 0xa0,
  f64Mul: 0xa2,
  f64ConvertI64U: 0xba,
} as const;
const I32 = 0x7f;
const I64 = 0x7e;
const F64 = 0x7c;

/**
 * The most columns a class piece is counted for at once (each word of a is read once for all of
 * them). Measured at 100x100 and 200x200 on 1M respondents: 2 takes 8-10% less kernel time than 1;
 * 3 and 4 take more than 2, likely because their live values no longer fit in x64 registers.
 */
const COLUMNS_AT_ONCE = 2;

// Locals of `cells`: params 0..9; then i32 pa, s, e, o, slot, slot4, fw, last, qa, n, wp, i, ai, bi,
// arow, brow, orow, pb x 2, qb x 2; i64 x, mlast, cnt x 2; f64 c, w, sw, sw2, sn.
const A_TABLES = 0,
  A_COUNT = 1,
  B_TABLES = 2,
  B_COUNT = 3,
  TABLE_BYTES = 4,
  PIECES = 5,
  COUNT = 6,
  OUT = 7,
  GROUPS = 8,
  PAIR_BYTES = 9,
  PA = 10,
  S = 11,
  E = 12,
  O = 13,
  SLOT = 14,
  SLOT4 = 15,
  FW = 16,
  LAST = 17,
  QA = 18,
  N = 19,
  WP = 20,
  I = 21,
  AI = 22,
  BI = 23,
  AROW = 24,
  BROW = 25,
  OROW = 26;
/** Per column counted at once: its page's address, its word pointer, its count. */
const PBS = [27, 28];
const QBS = [29, 30];
const I32_LOCALS = 21;
const X = 31,
  MLAST = 32;
const CNTS = [33, 34];
const I64_LOCALS = 4;
const C = 35,
  W = 36,
  SW = 37,
  SW2 = 38,
  SN = 39;
const F64_LOCALS = 5;
const PB = PBS[0],
  QB = QBS[0],
  CNT = CNTS[0];

const get = (local: number): number[] => [OP.localGet, local];
const set = (local: number): number[] => [OP.localSet, local];
const tee = (local: number): number[] => [OP.localTee, local];
const load = (op: number, align: number, offset: number): number[] => [op, align, ...uleb(offset)];
/** Signed LEB128 (i32 and i64 constants). */
function sleb(value: bigint): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = Number(value & 0x7fn);
    value >>= 7n;
    const done = (value === 0n && (byte & 0x40) === 0) || (value === -1n && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}
const i32 = (value: number): number[] => [OP.i32Const, ...sleb(BigInt(value))];
const i64 = (value: number): number[] => [OP.i64Const, ...sleb(BigInt(value))];
const ONE_F64 = [OP.f64Const, 0, 0, 0, 0, 0, 0, 0xf0, 0x3f];
/** local += step (i32) */
const advance = (local: number, step: number): number[] => [...get(local), ...i32(step), OP.i32Add, ...set(local)];
/** local += other local (i32) */
const advanceBy = (local: number, step: number): number[] => [...get(local), ...get(step), OP.i32Add, ...set(local)];
/** The i64 word at byte address (pointer local) + offset. */
const word = (pointer: number, offset: number): number[] => [...get(pointer), ...load(OP.i64Load, 3, offset)];
/** popcnt(word(qa + offset) & word(qb + offset)) */
const popcntAt = (offset: number): number[] => [...word(QA, offset), ...word(QB, offset), OP.i64And, OP.i64Popcnt];
/** The byte address of word `index` (an i32 expression) of page `page`. */
const wordAddress = (page: number, index: number[]): number[] => [...get(page), ...index, ...i32(3), OP.i32Shl, OP.i32Add];
/** a[index] & b[index] (index: an i32 expression evaluated twice) */
const bothAt = (index: number[]): number[] => [
  ...wordAddress(PA, index),
  ...load(OP.i64Load, 3, 0),
  ...wordAddress(PB, index),
  ...load(OP.i64Load, 3, 0),
  OP.i64And,
];
/** The first word's mask: bits from s & 63 up. */
const firstMask = [...i64(-1), ...get(S), ...i32(63), OP.i32And, OP.i64ExtendI32U, OP.i64Shl];
/** out[o + offset] += value (value pushed by `term`). */
const accumulate = (offset: number, term: number[]): number[] => [
  ...get(O),
  ...get(O),
  ...load(OP.f64Load, 3, offset),
  ...term,
  OP.f64Add,
  ...load(OP.f64Store, 3, offset),
];
/** w = the class piece's weight. */
const pieceWeight = [...get(PIECES), ...load(OP.f64Load, 3, 8), ...set(W)];
/** Adds count (an i64 local) of weight w into the outputs at o: n w, n w^2, n. */
const addCount = (count: number): number[] => [
  ...get(count),
  OP.f64ConvertI64U,
  ...set(C),
  ...accumulate(0, [...get(C), ...get(W), OP.f64Mul]),
  ...accumulate(8, [...get(C), ...get(W), ...get(W), OP.f64Mul, OP.f64Mul]),
  ...accumulate(16, get(C)),
];
const block = (...code: number[][]): number[] => [OP.block, OP.void, ...code.flat(), OP.end];
const loop = (...code: number[][]): number[] => [OP.loop, OP.void, ...code.flat(), OP.end];
const ifThen = (condition: number[], then: number[], otherwise?: number[]): number[] => [
  ...condition,
  OP.if,
  OP.void,
  ...then,
  ...(otherwise === undefined ? [] : [OP.else, ...otherwise]),
  OP.end,
];

/** A run piece: every set bit of a AND b in [s, e) adds its own weight (from wp), in bit order. */
const RUN_PATH: number[] = [
  ...get(PIECES),
  ...load(OP.i32Load, 2, 8),
  ...set(WP),
  ...get(O),
  ...load(OP.f64Load, 3, 0),
  ...set(SW),
  ...get(O),
  ...load(OP.f64Load, 3, 8),
  ...set(SW2),
  ...get(O),
  ...load(OP.f64Load, 3, 16),
  ...set(SN),
  ...get(FW),
  ...set(I),
  ...loop(
    // x = a[i] & b[i], masked to [s, e) in the first and last words
    bothAt(get(I)),
    set(X),
    ifThen([...get(I), ...get(FW), OP.i32Eq], [...get(X), ...firstMask, OP.i64And, ...set(X)]),
    ifThen([...get(I), ...get(LAST), OP.i32Eq], [...get(X), ...get(MLAST), OP.i64And, ...set(X)]),
    block(
      loop(
        get(X),
        [OP.i64Eqz, OP.brIf, 1],
        // w = f64 at wp + (i * 64 + ctz(x) - s) * 8
        get(WP),
        get(I),
        i32(6),
        [OP.i32Shl],
        get(X),
        [OP.i64Ctz, OP.i32WrapI64, OP.i32Add],
        get(S),
        [OP.i32Sub],
        i32(3),
        [OP.i32Shl, OP.i32Add],
        load(OP.f64Load, 3, 0),
        tee(W),
        get(SW),
        [OP.f64Add],
        set(SW),
        get(W),
        get(W),
        [OP.f64Mul],
        get(SW2),
        [OP.f64Add],
        set(SW2),
        get(SN),
        ONE_F64,
        [OP.f64Add],
        set(SN),
        get(X),
        get(X),
        i64(1),
        [OP.i64Sub, OP.i64And],
        set(X),
        [OP.br, 0],
      ),
    ),
    advance(I, 1),
    get(I),
    get(LAST),
    [OP.i32LeU, OP.brIf, 0],
  ),
  ...get(O),
  ...get(SW),
  ...load(OP.f64Store, 3, 0),
  ...get(O),
  ...get(SW2),
  ...load(OP.f64Store, 3, 8),
  ...get(O),
  ...get(SN),
  ...load(OP.f64Store, 3, 16),
];

/** A class piece: n = popcount of a AND b over [s, e); adds n w, n w^2, n. */
const CLASS_PATH: number[] = [
  ...ifThen(
    [...get(FW), ...get(LAST), OP.i32Eq],
    // One word: both masks on it.
    [...bothAt(get(FW)), ...firstMask, OP.i64And, ...get(MLAST), OP.i64And, OP.i64Popcnt, ...set(CNT)],
    [
      // Head word, whole middle words (4 per turn, then 1), tail word.
      ...bothAt(get(FW)),
      ...firstMask,
      OP.i64And,
      OP.i64Popcnt,
      ...set(CNT),
      ...wordAddress(PA, [...get(FW), ...i32(1), OP.i32Add]),
      ...set(QA),
      ...wordAddress(PB, [...get(FW), ...i32(1), OP.i32Add]),
      ...set(QB),
      ...get(LAST),
      ...get(FW),
      OP.i32Sub,
      ...i32(1),
      OP.i32Sub,
      ...set(N),
      ...block(
        [...get(N), ...i32(4), OP.i32LtU, OP.brIf, 0],
        loop(
          get(CNT),
          popcntAt(0),
          popcntAt(8),
          [OP.i64Add],
          popcntAt(16),
          popcntAt(24),
          [OP.i64Add, OP.i64Add, OP.i64Add],
          set(CNT),
          advance(QA, 32),
          advance(QB, 32),
          get(N),
          i32(4),
          [OP.i32Sub],
          tee(N),
          i32(4),
          [OP.i32GeU, OP.brIf, 0],
        ),
      ),
      ...block(
        [...get(N), OP.i32Eqz, OP.brIf, 0],
        loop(get(CNT), popcntAt(0), [OP.i64Add], set(CNT), advance(QA, 8), advance(QB, 8), get(N), i32(1), [OP.i32Sub], tee(N), [OP.brIf, 0]),
      ),
      ...get(CNT),
      ...bothAt(get(LAST)),
      ...get(MLAST),
      OP.i64And,
      OP.i64Popcnt,
      OP.i64Add,
      ...set(CNT),
    ],
  ),
  ...pieceWeight,
  ...addCount(CNT),
];

/** count -= 1; loop again while it is not zero (the last instruction of a counted loop). */
const countDown = (local: number): number[] => [...get(local), ...i32(1), OP.i32Sub, ...tee(local), OP.brIf, 0];

/** x & the word at byte address (pointer local) + offset, popcounted and added to an i64 local. */
const countInto = (total: number, pointer: number, offset: number): number[] => [
  ...get(total),
  ...get(X),
  ...word(pointer, offset),
  OP.i64And,
  OP.i64Popcnt,
  OP.i64Add,
  ...set(total),
];
const each = (k: number, code: (j: number) => number[]): number[] => Array.from({ length: k }, (_, j) => code(j)).flat();
/** x = a's word at (word index expression) & mask; each column's pointer to the same word; each count takes x & its word. */
const edgeWord = (k: number, index: number[], mask: number[]): number[] => [
  ...wordAddress(PA, index),
  ...load(OP.i64Load, 3, 0),
  ...mask,
  OP.i64And,
  ...set(X),
  ...each(k, (j) => [...wordAddress(PBS[j], index), ...set(QBS[j]), ...countInto(CNTS[j], QBS[j], 0)]),
];
/** The middle word at offset from every pointer: x = a's word; each count takes x & its column's word. */
const middleWord = (k: number, offset: number): number[] => [...word(QA, offset), ...set(X), ...each(k, (j) => countInto(CNTS[j], QBS[j], offset))];

/**
 * A class piece for k pairs at once, (a, b) .. (a, b + k - 1), whose page addresses are in pb x k
 * and whose outputs follow each other from o (left at the output after them): each word of a is
 * read once for the k columns.
 */
function classPathFor(k: number): number[] {
  return [
    ...each(k, (j) => [...i64(0), ...set(CNTS[j])]),
    ...ifThen([...get(FW), ...get(LAST), OP.i32Eq], edgeWord(k, get(FW), [...firstMask, ...get(MLAST), OP.i64And]), [
      ...edgeWord(k, get(FW), firstMask),
      ...wordAddress(PA, [...get(FW), ...i32(1), OP.i32Add]),
      ...set(QA),
      ...each(k, (j) => advance(QBS[j], 8)),
      ...get(LAST),
      ...get(FW),
      OP.i32Sub,
      ...i32(1),
      OP.i32Sub,
      ...set(N),
      // Middle words, two per turn, then one.
      ...block(
        [...get(N), ...i32(2), OP.i32LtU, OP.brIf, 0],
        loop(
          middleWord(k, 0),
          middleWord(k, 8),
          advance(QA, 16),
          each(k, (j) => advance(QBS[j], 16)),
          get(N),
          i32(2),
          [OP.i32Sub],
          tee(N),
          i32(2),
          [OP.i32GeU, OP.brIf, 0],
        ),
      ),
      ...ifThen(get(N), middleWord(k, 0)),
      ...edgeWord(k, get(LAST), get(MLAST)),
    ]),
    ...pieceWeight,
    ...each(k, (j) => [...addCount(CNTS[j]), ...advanceBy(O, PAIR_BYTES)]),
  ];
}

/**
 * k columns of a class piece (the caller checked there are k left): their page addresses (brow
 * moves past them), their counts, and bi counts them done.
 */
function columnsStep(k: number): number[] {
  return [
    ...each(k, (j) => [...get(BROW), ...get(SLOT4), OP.i32Add, ...load(OP.i32Load, 2, 0), ...set(PBS[j]), ...advanceBy(BROW, TABLE_BYTES)]),
    ...classPathFor(k),
    ...get(BI),
    ...i32(k),
    OP.i32Sub,
    ...set(BI),
  ];
}

/** One column (the last of an odd count, or any column of a run piece): the general paths. */
const SINGLE_STEP: number[] = [
  ...get(BROW),
  ...get(SLOT4),
  OP.i32Add,
  ...load(OP.i32Load, 2, 0),
  ...set(PB),
  ...ifThen([...get(SLOT), ...i32(RUN_FLAG), OP.i32And], RUN_PATH, CLASS_PATH),
  ...advanceBy(O, PAIR_BYTES),
  ...advanceBy(BROW, TABLE_BYTES),
  ...get(BI),
  ...i32(1),
  OP.i32Sub,
  ...set(BI),
];

/** The columns of one row over one piece: k at a time while k are left (class pieces), then one by one. */
function columnSteps(k: number): number[] {
  if (k === 1) return SINGLE_STEP;
  return ifThen([...get(BI), ...i32(k), OP.i32GeU, ...get(SLOT), ...i32(RUN_FLAG), OP.i32And, OP.i32Eqz, OP.i32And], columnsStep(k), columnSteps(k >> 1));
}

const CELLS_CODE: number[] = block(
  [...get(COUNT), OP.i32Eqz, OP.brIf, 0],
  loop(
    // s, e from the range; slot and its group's output offset
    get(PIECES),
    load(OP.i32Load, 2, 0),
    tee(S),
    i32(16),
    [OP.i32ShrU],
    set(E),
    get(S),
    i32(0xffff),
    [OP.i32And],
    set(S),
    get(PIECES),
    load(OP.i32Load, 2, 4),
    tee(SLOT),
    i32(RUN_FLAG - 1),
    [OP.i32And],
    i32(2),
    [OP.i32Shl],
    set(SLOT4),
    block(
      // An empty piece adds nothing.
      [...get(E), ...get(S), OP.i32LeU, OP.brIf, 0],
      get(S),
      i32(6),
      [OP.i32ShrU],
      set(FW),
      get(E),
      i32(1),
      [OP.i32Sub],
      tee(LAST),
      i32(6),
      [OP.i32ShrU],
      set(LAST),
      // mlast = ~0 >>> (63 - ((e - 1) & 63)): the last word's bits below e
      i64(-1),
      i32(63),
      get(E),
      i32(1),
      [OP.i32Sub],
      i32(63),
      [OP.i32And, OP.i32Sub, OP.i64ExtendI32U, OP.i64ShrU],
      set(MLAST),
      // Every pair of the block over this piece: the piece's shape (its words, masks, weight) is
      // the same for all of them, so the branches below go the same way pair after pair.
      get(OUT),
      get(GROUPS),
      get(SLOT4),
      [OP.i32Add],
      load(OP.i32Load, 2, 0),
      [OP.i32Add],
      set(OROW),
      get(A_TABLES),
      set(AROW),
      get(A_COUNT),
      set(AI),
      block(
        [...get(AI), OP.i32Eqz, OP.brIf, 0],
        loop(
          get(AROW),
          get(SLOT4),
          [OP.i32Add],
          load(OP.i32Load, 2, 0),
          set(PA),
          get(OROW),
          set(O),
          get(B_TABLES),
          set(BROW),
          get(B_COUNT),
          set(BI),
          block([...get(BI), OP.i32Eqz, OP.brIf, 0], loop(columnSteps(COLUMNS_AT_ONCE), get(BI), [OP.brIf, 0])),
          // The next row's pairs follow this row's.
          get(O),
          set(OROW),
          advanceBy(AROW, TABLE_BYTES),
          countDown(AI),
        ),
      ),
    ),
    advance(PIECES, PIECE_BYTES),
    countDown(COUNT),
  ),
);

const CELLS_BODY: number[] = [3, I32_LOCALS, I32, I64_LOCALS, I64, F64_LOCALS, F64, ...CELLS_CODE, OP.end];

/** The module's bytes: imports env.memory (shared, up to 4 GiB), exports `cells`. */
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
    // type 0: (aTables, aCount, bTables, bCount, tableBytes, pieces, pieceCount, out, groups, pairBytes: i32) -> ()
    ...section(1, [1, 0x60, 10, I32, I32, I32, I32, I32, I32, I32, I32, I32, I32, 0]),
    // import env.memory: shared (flag 3), min 1 page, max 65536 pages
    ...section(2, [1, ...name('env'), ...name('memory'), 0x02, 0x03, ...uleb(1), ...uleb(65536)]),
    ...section(3, [1, 0]),
    ...section(7, [1, ...name('cells'), 0x00, 0]),
    ...section(10, [1, ...uleb(CELLS_BODY.length), ...CELLS_BODY]),
  ];
  return new Uint8Array(bytes);
}

let compiled: WasmModule | undefined;

/** The compiled kernel module (compiled once per thread; a Module can be posted to workers). */
export function kernelModule(): WasmModule {
  compiled ??= new wasm.Module(kernelModuleBytes());
  return compiled;
}

/**
 * `cells(aTables, aCount, bTables, bCount, tableBytes, pieces, pieceCount, out, groups, pairBytes)`:
 * for every pair (a, b), a < aCount, b < bCount, with a's page table at aTables + a x tableBytes and
 * b's at bTables + b x tableBytes, adds every piece into the pair's outputs at out + (a x bCount +
 * b) x pairBytes + (its group's offset).
 */
export type CellsFunction = (
  aTables: number,
  aCount: number,
  bTables: number,
  bCount: number,
  tableBytes: number,
  pieces: number,
  pieceCount: number,
  out: number,
  groups: number,
  pairBytes: number,
) => void;

const instances = new WeakMap<WasmMemory, CellsFunction>();

/** The kernel bound to a memory (one instance per memory and thread). */
export function instantiateKernel(memory: WasmMemory): CellsFunction {
  let cells = instances.get(memory);
  if (cells === undefined) {
    const instance = new wasm.Instance(kernelModule(), { env: { memory } });
    cells = instance.exports['cells'] as CellsFunction;
    instances.set(memory, cells);
  }
  return cells;
}

/** A shared memory of at least `bytes` bytes (fixed size: it never grows). */
export function allocateSharedMemory(bytes: number): WasmMemory {
  const pages = Math.max(1, Math.ceil(bytes / 65536));
  return new wasm.Memory({ initial: pages, maximum: pages, shared: true });
}

/** The same computation as the WebAssembly `cells`, in JavaScript: the tests' yardstick. */
export function cellsJs(
  buffer: ArrayBufferLike,
  aTables: number,
  aCount: number,
  bTables: number,
  bCount: number,
  tableBytes: number,
  pieces: number,
  pieceCount: number,
  out: number,
  groups: number,
  pairBytes: number,
): void {
  for (let a = 0; a < aCount; a++) {
    for (let b = 0; b < bCount; b++) {
      pairJs(buffer, aTables + a * tableBytes, bTables + b * tableBytes, pieces, pieceCount, out + (a * bCount + b) * pairBytes, groups);
    }
  }
}

/** One pair: every piece into out[group of its slot]. */
function pairJs(buffer: ArrayBufferLike, aTable: number, bTable: number, pieces: number, pieceCount: number, out: number, groups: number): void {
  const u32 = new Uint32Array(buffer);
  const i32v = new Int32Array(buffer);
  const f64 = new Float64Array(buffer);
  const bit = (page: number, index: number): number => (u32[(page >>> 2) + (index >>> 5)] >>> (index & 31)) & 1;
  for (let k = 0; k < pieceCount; k++) {
    const entry = pieces + k * PIECE_BYTES;
    const range = i32v[entry >>> 2];
    const slotField = i32v[(entry >>> 2) + 1];
    const slot = slotField & (RUN_FLAG - 1);
    const start = range & 0xffff;
    const end = range >>> 16;
    const a = i32v[(aTable >>> 2) + slot];
    const b = i32v[(bTable >>> 2) + slot];
    const o = (out + i32v[(groups >>> 2) + slot]) >>> 3;
    if ((slotField & RUN_FLAG) !== 0) {
      const weights = i32v[(entry + 8) >>> 2];
      for (let p = start; p < end; p++) {
        if ((bit(a, p) & bit(b, p)) === 0) continue;
        const w = f64[(weights + (p - start) * 8) >>> 3];
        f64[o] += w;
        f64[o + 1] += w * w;
        f64[o + 2] += 1;
      }
    } else {
      const weight = f64[(entry + 8) >>> 3];
      let count = 0;
      for (let p = start; p < end; p++) count += bit(a, p) & bit(b, p);
      f64[o] += count * weight;
      f64[o + 1] += count * (weight * weight);
      f64[o + 2] += count;
    }
  }
}
