import type { Expression } from '@aas/audience-expression-domain';
import type { DecodedPartition } from '@aas/respondent-store-domain';
import type { CellExecutor, CellTask } from './cell-executor';
import type { CrosstabData } from './crosstab.types';
import { PartitionEvaluator } from './evaluate';
import { GROUP_OUTPUT_BYTES, instantiateKernel, PAGE_BYTES, PIECE_BYTES, RUN_FLAG } from './kernel';
import { WEIGHTS_KEY, type Block, type PackedAudiences, type Reservation } from './packed-store';
import { planBits, WEIGHTS_PER_PAGE, type PartitionPlan } from './partition-layout';
import { align, columnChunks, scratchNeed, type Pass } from './pass-plan';
import { rowsOfRawSums, type RawSums } from './raw-sums';

/*
 * One pass of a query (pass-plan.ts cuts a query into passes): its memory taken, its new audience
 * blocks evaluated, its tables laid out in the arena's scratch, its cells run on the executor band
 * by band and added into the query's raw sums, the memory given back.
 */

/** The share of a core's L2 cache the columns of one class tile may fill (1 MiB of 2 MiB here). */
const TILE_CACHE_BYTES = 1 << 20;
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** What every pass of one query shares. */
export interface QueryRun {
  readonly data: CrosstabData;
  readonly base: Expression;
  readonly baseIsEveryone: boolean;
  /** The expression of each audience key. */
  readonly expressions: ReadonlyMap<string, Expression>;
  /** The key of each audience of the query, [base, ...rows, ...columns]: equal expressions share a key. */
  readonly audienceKeys: readonly string[];
  readonly rowCount: number;
  readonly columnCount: number;
  readonly groups: number;
  readonly groupOf: (p: DecodedPartition) => number;
  readonly packed: PackedAudiences;
  readonly executor: CellExecutor;
  /** The calling thread yields to its event loop at least this often while evaluating (ms). */
  readonly sliceMs: number;
  readonly tileBytes: number | undefined;
  /** The query's sums: every pass adds into them. */
  readonly raw: RawSums;
  readonly timings: { evaluateMs: number; kernelMs: number };
  /** When the calling thread last yielded to its event loop. */
  readonly yielder: { started: number };
}

/** Row bands of a query: `cuts` from 0 to the row count, each band's sums handed to `onBand` as it is done. */
export interface InBands {
  readonly cuts: readonly number[];
  readonly onBand: (band: RawSums, rowStart: number, rowEnd: number) => void;
}

/** A pass's audiences, the blocks it pins and the page slots of its partitions. */
interface PassShape {
  /** [base], rows r0..r1, columns c0..c1: global indices into `audienceKeys`. */
  readonly audiences: readonly number[];
  /** The blocks' keys (each once), the run weights' last when the pass needs them. */
  readonly keys: string[];
  readonly keyIndex: ReadonlyMap<string, number>;
  /** The run weights' index in `keys`, or -1. */
  readonly weightsAt: number;
  readonly slots: number;
  readonly pieceCount: number;
  /** The first page slot of each partition of the pass. */
  readonly slotBase: readonly number[];
  readonly rows: number;
  readonly columns: number;
  /** Scratch bytes. */
  readonly need: number;
}

/** Where a pass's tables and outputs sit in its scratch. */
interface PassTables {
  readonly piecesAt: number;
  readonly groupTableAt: number;
  readonly tablesAt: number;
  readonly tableBytes: number;
  readonly singlesAt: number;
  readonly groupBytes: number;
  readonly cellsAt: number;
  /** Piece indices where the kernel's cache tiles start, and the piece count last. */
  readonly tiles: readonly number[];
  /** 1 when the columns' own sums are computed as the cells of one more row (the base's) before the rows, else 0. */
  readonly baseRow: number;
}

type CellKernel = ReturnType<typeof instantiateKernel>;

/** Computes one pass of the query into `run.raw` (with `bands`, the pass holds every row: see `InBands`). */
export async function runPass(run: QueryRun, pass: Pass, bands?: InBands): Promise<void> {
  const t0 = performance.now();
  const shape = passShape(run, pass);
  const arena = run.packed.store.arena;
  const { scratch, reservation: held } = await holdMemory(run, shape, pass.plans);
  // The kernel's work on this pass's memory, band by band: settled before the memory is given back.
  let computing: Promise<number[]>[] = [];
  try {
    await fillBlocks(run, held, pass.plans);
    await run.packed.whenFilled(held.blocks);
    const tables = writeTables(run, pass, shape, held, scratch);
    const t1 = performance.now();
    run.timings.evaluateMs += t1 - t0;

    // The pass's rows in bands (one band without `bands`; with them, the pass holds every row),
    // as task rows: the base's row, when there is one, goes with the first band.
    const cuts = bands?.cuts ?? [0, shape.rows];
    const bandRows = cuts.slice(0, -1).map((cut, k): [number, number] => [k === 0 ? 0 : tables.baseRow + cut, tables.baseRow + cuts[k + 1]]);
    computing = startBands(run, pass, shape, tables, bandRows);
    const cells = instantiateKernel(arena.memory);
    // Meanwhile the other singles (one pass over each audience) on this thread, into their own
    // outputs, a band's rows before waiting for its cells. Computed before the cells were handed
    // over, they kept the kernel threads idle for as long (3-7 ms of a 100 x 100 through the service).
    for (let k = 0; k < bandRows.length; k++) {
      const [from, to] = bandRows[k];
      const r0 = pass.r0 + cuts[k];
      const r1 = pass.r0 + cuts[k + 1];
      measureSingles(run, pass, shape, tables, cells, (a) => (k === 0 && (a === 0 || a > run.rowCount)) || (a > r0 && a <= r1));
      addBandCells(run, pass, shape, tables, from, to, await computing[k]);
      // As a computation of the band alone gives it: the columns' sums with the first band only.
      if (bands !== undefined) bands.onBand(rowsOfRawSums(run.raw, r0, r1, k === 0), r0, r1);
    }
    run.timings.kernelMs += performance.now() - t1;
  } catch (error) {
    await Promise.allSettled(computing);
    run.packed.failed(held.created, error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    run.packed.release(held.blocks);
    arena.giveScratch(scratch, shape.need);
  }
}

function passShape(run: QueryRun, pass: Pass): PassShape {
  const audiences: number[] = [];
  if (pass.base) audiences.push(0);
  for (let r = pass.r0; r < pass.r1; r++) audiences.push(1 + r);
  for (let c = pass.c0; c < pass.c1; c++) audiences.push(1 + run.rowCount + c);
  const keys = [...new Set(audiences.map((a) => run.audienceKeys[a]))];
  // Partitions with runs of one-respondent classes need their run weights in the arena too.
  const weightsAt = pass.plans.some((plan) => plan.weightPageCount > 0) ? keys.push(WEIGHTS_KEY) - 1 : -1;
  let slots = 0;
  let pieceCount = 0;
  const slotBase = pass.plans.map((plan) => {
    const at = slots;
    slots += plan.pageCount;
    pieceCount += plan.pieceCount;
    return at;
  });
  const rows = pass.r1 - pass.r0;
  const columns = pass.c1 - pass.c0;
  const need = scratchNeed(pieceCount, slots, audiences.length, rows, columns, run.groups);
  return { audiences, keys, keyIndex: new Map(keys.map((key, k) => [key, k])), weightsAt, slots, pieceCount, slotBase, rows, columns, need };
}

/** Scratch and blocks, all or nothing; waits while other passes hold what this one needs. */
async function holdMemory(run: QueryRun, shape: PassShape, passPlans: readonly PartitionPlan[]): Promise<{ scratch: number; reservation: Reservation }> {
  const store = run.packed.store;
  const arena = store.arena;
  for (;;) {
    const scratch = arena.takeScratch(shape.need);
    if (scratch !== undefined) {
      const reservation = run.packed.reserve(shape.keys, passPlans);
      if (reservation !== undefined) return { scratch, reservation };
      arena.giveScratch(scratch, shape.need);
    }
    if (store.pinnedBlocks === 0 && arena.scratchInUse === 0) {
      throw new Error(`crosstab engine: a pass of ${shape.need} scratch bytes and ${shape.keys.length} x ${shape.slots} pages does not fit the arena`);
    }
    await store.changed();
  }
}

/** Evaluates the pass's new blocks partition by partition, yielding to the event loop between partitions. */
async function fillBlocks(run: QueryRun, reservation: Reservation, passPlans: readonly PartitionPlan[]): Promise<void> {
  if (reservation.created.length === 0) return;
  const { packed, base } = run;
  const byPlan = new Map<PartitionPlan, Block[]>();
  for (const block of reservation.created) {
    const list = byPlan.get(block.plan);
    if (list === undefined) byPlan.set(block.plan, [block]);
    else list.push(block);
  }
  const { u32, f64 } = packed.store.arena;
  const pageWords = PAGE_BYTES / 4;
  for (const plan of passPlans) {
    const created = byPlan.get(plan);
    if (created === undefined) continue;
    const partition = plan.partition;
    const dictionary = run.data.dictionary(partition.key.dataset);
    if (dictionary === undefined) throw new Error(`no attribute dictionary for dataset ${partition.key.dataset}`);
    const leaves = packed.leaves.forPartition(partition);
    const evaluator = new PartitionEvaluator(partition, dictionary, leaves, packed.scratch, planBits(plan, leaves));
    const words = plan.words;
    let baseBits: Uint32Array | undefined;
    for (const block of created) {
      if (block.key === WEIGHTS_KEY) {
        const weights = plan.runWeights as Float64Array;
        block.pages.forEach((address, page) => {
          const from = page * WEIGHTS_PER_PAGE;
          f64.set(weights.subarray(from, Math.min(weights.length, from + WEIGHTS_PER_PAGE)), address >>> 3);
        });
        continue;
      }
      const isBase = block.key === run.audienceKeys[0];
      let bits: Uint32Array;
      let mask: Uint32Array | undefined;
      if (isBase || run.baseIsEveryone) {
        bits = evaluator.evaluateShared(isBase ? base : (run.expressions.get(block.key) as Expression), packed.scratch.other(0, words));
      } else {
        baseBits ??= evaluator.evaluateShared(base, packed.scratch.other(1, words));
        bits = evaluator.evaluateShared(run.expressions.get(block.key) as Expression, packed.scratch.other(0, words));
        mask = baseBits;
      }
      for (let page = 0; page < plan.pageCount; page++) {
        const from = page * pageWords;
        const count = Math.min(pageWords, words - from);
        const to = block.pages[page] >>> 2;
        if (mask === undefined) {
          u32.set(bits.subarray(from, from + count), to);
        } else {
          for (let i = 0; i < count; i++) u32[to + i] = bits[from + i] & mask[from + i];
        }
      }
    }
    packed.filled(created);
    if (performance.now() - run.yielder.started > run.sliceMs) {
      await yieldToEventLoop();
      run.yielder.started = performance.now();
    }
  }
}

/** Lays out the pass's tables in its scratch (pieces, the group of each page slot, one page table per audience) and zeroes its outputs. */
function writeTables(run: QueryRun, pass: Pass, shape: PassShape, held: Reservation, scratchAt: number): PassTables {
  const { i32, f64 } = run.packed.store.arena;
  const { audiences, slots, pieceCount, slotBase, rows, columns } = shape;
  const passPlans = pass.plans;
  const piecesAt = scratchAt;
  const groupTableAt = piecesAt + align(pieceCount * PIECE_BYTES, 64);
  const tablesAt = groupTableAt + align(slots * 4, 64);
  const tableBytes = slots * 4;
  const singlesAt = tablesAt + align(audiences.length * tableBytes, 64);
  const groupBytes = run.groups * GROUP_OUTPUT_BYTES;
  const cellsAt = singlesAt + align(audiences.length * groupBytes, 64);
  let k = 0;
  const tiles = [0];
  const tileBytes = run.tileBytes ?? Math.max(4096, Math.floor(TILE_CACHE_BYTES / Math.max(1, columns)));
  let bitsInTile = 0;
  const tileBits = tileBytes * 8;
  passPlans.forEach((plan, p) => {
    const groupOffset = run.groupOf(plan.partition) * GROUP_OUTPUT_BYTES;
    i32.fill(groupOffset, (groupTableAt >>> 2) + slotBase[p], (groupTableAt >>> 2) + slotBase[p] + plan.pageCount);
    const weightPages = shape.weightsAt < 0 ? undefined : held.blocks[shape.weightsAt * passPlans.length + p].pages;
    for (let j = 0; j < plan.pieceCount; j++, k++) {
      const at = piecesAt + k * PIECE_BYTES;
      const range = plan.pieceRange[j];
      const page = plan.piecePage[j];
      i32[at >>> 2] = range;
      i32[(at >>> 2) + 1] = slotBase[p] + page;
      if ((page & RUN_FLAG) === 0) {
        f64[(at + 8) >>> 3] = plan.pieceWeight[j];
      } else {
        // A run's weights: where its first respondent's weight sits in the partition's weight pages.
        const first = plan.pieceRunStart[j];
        i32[(at + 8) >>> 2] = (weightPages as Int32Array)[Math.floor(first / WEIGHTS_PER_PAGE)] + (first % WEIGHTS_PER_PAGE) * 8;
      }
      bitsInTile += (range >>> 16) - (range & 0xffff);
      if (bitsInTile >= tileBits && k + 1 < pieceCount) {
        tiles.push(k + 1);
        bitsInTile = 0;
      }
    }
  });
  tiles.push(pieceCount);
  audiences.forEach((a, t) => {
    const row = shape.keyIndex.get(run.audienceKeys[a]) as number;
    const table = (tablesAt >>> 2) + t * slots;
    passPlans.forEach((_, p) => {
      const pages = held.blocks[row * passPlans.length + p].pages;
      if (pages.length === 1) i32[table + slotBase[p]] = pages[0];
      else i32.set(pages, table + slotBase[p]);
    });
  });
  // The columns' own sums as the cells of one more row, the base's: every column is within the
  // base, so (base, column) counts exactly the column's respondents, piece by piece as (column,
  // column) would, and the kernel threads compute them with the cells instead of this thread one
  // column at a time (100 columns took as long as the first band's cells of a streamed 100 x 100).
  const baseRow = pass.base && pass.columnSingles && rows > 0 && columns > 0 ? 1 : 0;
  f64.fill(0, singlesAt >>> 3, (cellsAt + (rows + baseRow) * columns * groupBytes) >>> 3);
  return { piecesAt, groupTableAt, tablesAt, tableBytes, singlesAt, groupBytes, cellsAt, tiles, baseRow };
}

/**
 * Hands each band's cells to the executor: every band now when the executor keeps their order, else
 * one after another; each band's outputs in a region of their own. Every promise returned is settled
 * whatever happens, so a failure of the cells never goes unhandled.
 */
function startBands(run: QueryRun, pass: Pass, shape: PassShape, tables: PassTables, bandRows: readonly [number, number][]): Promise<number[]>[] {
  let previous: Promise<void> = Promise.resolve();
  return bandRows.map(([from, to]) => {
    const bandCells = (): Promise<number[]> => runBandCells(run, pass, shape, tables, from, to);
    const started = run.executor.ordered ? bandCells() : previous.then(bandCells);
    previous = started.then(() => undefined);
    started.catch(() => undefined);
    previous.catch(() => undefined);
    return started;
  });
}

/** Computes task rows [from, to) into their region; returns the column chunks they were cut into. */
async function runBandCells(run: QueryRun, pass: Pass, shape: PassShape, tables: PassTables, from: number, to: number): Promise<number[]> {
  const { executor } = run;
  const { rows, columns } = shape;
  const { tableBytes, groupBytes, tablesAt, baseRow } = tables;
  const count = to - from;
  const chunks = columnChunks(count, columns, executor.threads);
  if (count === 0 || columns === 0) return chunks;
  const region = tables.cellsAt + from * columns * groupBytes;
  const task: CellTask = {
    memory: run.packed.store.arena.memory,
    pieces: tables.piecesAt,
    groupTable: tables.groupTableAt,
    groups: run.groups,
    tableBytes,
    // The base's table is the pass's first (audience 0), just before the rows'.
    aTables: tablesAt + ((pass.base && baseRow === 0 ? 1 : 0) + from) * tableBytes,
    aFrom: 0,
    aTo: count,
    bTables: tablesAt + ((pass.base ? 1 : 0) + rows) * tableBytes,
    bCount: columns,
    outBase: region,
    tiles: tables.tiles,
  };
  // One chunk, [0, columns]: the executor cuts the rows. Else column chunk [c0, c1) of every
  // row as one message, its cells laid out rows x (c1 - c0) from region + rows x c0 cells.
  if (chunks.length === 2) await executor.run(task);
  else {
    // Every chunk settled before a failure is answered: the pass's memory is given back after it.
    const settled = await Promise.allSettled(
      chunks.slice(0, -1).map((c0, i) =>
        executor.run({
          ...task,
          bTables: task.bTables + c0 * tableBytes,
          bCount: chunks[i + 1] - c0,
          outBase: region + count * c0 * groupBytes,
          whole: true,
        }),
      ),
    );
    const failed = settled.find((outcome) => outcome.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
  }
  return chunks;
}

/** Adds the cells of task rows [from, to) into the result (the base's row: the columns' own sums). */
function addBandCells(run: QueryRun, pass: Pass, shape: PassShape, tables: PassTables, from: number, to: number, chunks: readonly number[]): void {
  const f64 = run.packed.store.arena.f64;
  const { singles, cells } = run.raw;
  const { rowCount, columnCount } = run;
  const { columns } = shape;
  const { baseRow } = tables;
  const width = run.groups * 3;
  const count = to - from;
  const region = (tables.cellsAt >>> 3) + from * columns * width;
  for (let k = 0; k + 1 < chunks.length; k++) {
    const c0 = chunks[k];
    const span = chunks[k + 1] - c0;
    for (let r = 0; r < count; r++) {
      const taskRow = from + r;
      for (let c = 0; c < span; c++) {
        const at = region + (count * c0 + r * span + c) * width;
        const into = taskRow < baseRow ? singles : cells;
        const cell = taskRow < baseRow ? (1 + rowCount + pass.c0 + c0 + c) * width : ((pass.r0 + taskRow - baseRow) * columnCount + pass.c0 + c0 + c) * width;
        for (let x = 0; x < width; x++) into[cell + x] += f64[at + x];
      }
    }
  }
}

/** Measures the pass's audiences that `audiencesOf` picks alone, on this thread, and adds their sums into the result. */
function measureSingles(run: QueryRun, pass: Pass, shape: PassShape, tables: PassTables, cells: CellKernel, audiencesOf: (a: number) => boolean): void {
  const f64 = run.packed.store.arena.f64;
  const width = run.groups * 3;
  const { tablesAt, tableBytes, singlesAt, groupBytes } = tables;
  const singleHere = (a: number): boolean => (a === 0 ? pass.base : a <= run.rowCount ? pass.rowSingles : pass.columnSingles && tables.baseRow === 0);
  shape.audiences.forEach((a, t) => {
    if (!audiencesOf(a) || !singleHere(a)) return;
    const table = tablesAt + t * tableBytes;
    cells(table, 1, table, 1, tableBytes, tables.piecesAt, shape.pieceCount, singlesAt + t * groupBytes, tables.groupTableAt, groupBytes);
    // Add the pass's sums into the result (passes over other partitions add to the same figures).
    const from = (singlesAt >>> 3) + t * width;
    for (let x = 0; x < width; x++) run.raw.singles[a * width + x] += f64[from + x];
  });
}
