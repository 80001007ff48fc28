import type { Expression } from '@aas/audience-expression-domain';
import { partitionId, type DecodedPartition } from '@aas/respondent-store-domain';
import { InlineExecutor, type CellExecutor, type CellTask } from './cell-executor';
import { expressionKey, PartitionEvaluator } from './evaluate';
import { GROUP_OUTPUT_BYTES, instantiateKernel, PAGE_BYTES, PIECE_BYTES, RUN_FLAG } from './kernel';
import { WEIGHTS_KEY, type Block, type PackedAudiences, type Reservation } from './packed-store';
import { planBits, WEIGHTS_PER_PAGE, type PartitionPlan } from './partition-layout';
import type { CrosstabData, CrosstabOptions, CrosstabQuery, CrosstabResult, SegmentBy, SegmentResult } from './crosstab.types';
import { buildCrosstabResult, buildSegmentResults, unique } from './crosstab-result';
import { align, columnChunks, packedAudiencesFor, planPasses, scratchNeed, type Pass } from './pass-plan';
import { emptyRawSums, joinRowBands, rowsOfRawSums, type RawSums } from './raw-sums';

const ALL: Expression = { kind: 'all' };
/** The share of a core's L2 cache the columns of one class tile may fill (1 MiB of 2 MiB here). */
const TILE_CACHE_BYTES = 1 << 20;
const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** How sums are grouped: one group, or one per wave / per location of the query (in its order, each code once). */
export type GroupBy = 'none' | SegmentBy;

export interface ComputeOptions {
  /** Where the cell kernel runs; default: inline on the calling thread, in slices. */
  readonly executor?: CellExecutor;
  /** The calling thread yields to its event loop at least this often while evaluating (ms). */
  readonly sliceMs?: number;
  /** Bytes per audience in one piece tile; default: 1 MiB / column count (at least 4 KiB). */
  readonly tileBytes?: number;
  /** Filled with the time spent per phase (ms), for benchmarks: evaluate + pack (incl. tables), kernel (incl. adding up). */
  readonly timings?: { evaluateMs: number; kernelMs: number };
  /**
   * Packed audiences and evaluated leaves kept across queries of one data version (the engine's
   * `AudienceStore`); default: a store sized for this query alone, dropped after it.
   */
  readonly audiences?: PackedAudiences;
}

/**
 * One crosstab (docs/metrics.md#crosstab-cell): rows x columns within the base, over the selected
 * waves, locations and datasets. Sizes are per-wave sums averaged over `query.waves` (a wave
 * without data counts 0), samples are totals.
 */
export async function computeCrosstab(
  data: CrosstabData,
  query: CrosstabQuery,
  options: CrosstabOptions = {},
  compute: ComputeOptions = {},
): Promise<CrosstabResult> {
  const raw = await computeRawSums(data, query, 'none', compute);
  return buildCrosstabResult(raw, 0, unique(query.waves).length, options);
}

/**
 * The same crosstab split by wave (each segment's size is that wave's sum) or by location (each
 * segment averaged over the selected waves), computed in one pass over the data: the kernel adds
 * each weight class into its segment's slot. Segments come in the order of `query.waves` or
 * `query.locations`.
 */
export async function computeSegmentedCrosstab(
  data: CrosstabData,
  query: CrosstabQuery,
  segmentBy: SegmentBy,
  options: CrosstabOptions = {},
  compute: ComputeOptions = {},
): Promise<SegmentResult[]> {
  const raw = await computeRawSums(data, query, segmentBy, compute);
  return buildSegmentResults(raw, query, segmentBy, options);
}

/** The group labels of a grouping: the query's waves or locations (each once, in order), or one unnamed group. */
export function groupLabels(query: Pick<CrosstabQuery, 'waves' | 'locations'>, groupBy: GroupBy): string[] {
  if (groupBy === 'wave') return unique(query.waves);
  if (groupBy === 'location') return unique(query.locations);
  return [''];
}

/**
 * Raw sums of a crosstab over the partitions of `data` the query selects, grouped as asked. With
 * `groupBy` 'wave' or 'location', a wave or location of the query without data has a group of zeros.
 */
export async function computeRawSums(data: CrosstabData, query: CrosstabQuery, groupBy: GroupBy, compute: ComputeOptions = {}): Promise<RawSums> {
  const { groupOf, groups } = grouping(query, groupBy);
  return computeRaw(data, query, groupOf, groups, compute);
}

/** The group of each partition's figures under a grouping, and how many groups there are. */
function grouping(query: CrosstabQuery, groupBy: GroupBy): { groupOf: (p: DecodedPartition) => number; groups: number } {
  const labels = groupLabels(query, groupBy);
  const position = new Map(labels.map((label, i) => [label, i]));
  const groupOf =
    groupBy === 'none' ? () => 0 : (partition: DecodedPartition) => position.get(groupBy === 'wave' ? partition.key.wave : partition.key.location) ?? 0;
  return { groupOf, groups: Math.max(1, labels.length) };
}

/**
 * The raw sums of a crosstab computed in bands of its rows, one band after another over the same
 * data, each handed to `onBand` as soon as it is done; returns the sums of every row, equal to
 * `computeRawSums` of the whole query. `starts`: where the bands after the first begin (strictly
 * increasing, within the rows). The columns (when the query measures them) are measured with the
 * first band only: later bands carry zeros there.
 *
 * When the whole query fits one pass of the engine (the usual case), the pass is set up once
 * (audiences pinned, tables built) and every band's cells are handed to the kernel threads at once,
 * in band order: a thread that finishes its share of a band goes on with the next band instead of
 * waiting for the other threads, and nothing is set up again between bands. Otherwise each band is
 * computed as a query of its own, with its own passes.
 *
 * (Computing the bands at once, each on one kernel thread, was tried on 2026-11-27: a warm banded
 * 100 x 100 on two threads took 25 instead of 31 ms, but its first band came after 10-13 ms instead
 * of 4, and through the service, where the gateway waits for that band, nothing changed.)
 */
export async function computeRawSumsInBands(
  data: CrosstabData,
  query: CrosstabQuery,
  groupBy: GroupBy,
  starts: readonly number[],
  onBand: (band: RawSums, rowStart: number, rowEnd: number) => void,
  compute: ComputeOptions = {},
): Promise<RawSums> {
  const cuts = [0, ...starts, query.rows.length];
  if (cuts.some((cut, i) => i > 0 && !(Number.isInteger(cut) && cut > cuts[i - 1]))) {
    throw new Error(`row bands must start at increasing rows within 1..${query.rows.length - 1} (got ${starts.join(', ')})`);
  }
  const { groupOf, groups } = grouping(query, groupBy);
  return computeRaw(data, query, groupOf, groups, compute, { cuts, onBand });
}

/**
 * The bands of `computeRawSumsInBands` for a query too large for one pass: each band a query of
 * its own, with its own passes, the columns measured with the first.
 */
async function computeBandByBand(
  data: CrosstabData,
  query: CrosstabQuery,
  groupOf: (p: DecodedPartition) => number,
  groups: number,
  compute: ComputeOptions,
  { cuts, onBand }: InBands,
): Promise<RawSums> {
  const measureColumns = query.singles?.columns ?? true;
  const bands: RawSums[] = [];
  for (let k = 0; k + 1 < cuts.length; k++) {
    const bandQuery = {
      ...query,
      rows: query.rows.slice(cuts[k], cuts[k + 1]),
      singles: { rows: query.singles?.rows ?? true, columns: measureColumns && k === 0 },
    };
    const band = await computeRaw(data, bandQuery, groupOf, groups, compute);
    bands.push(band);
    onBand(band, cuts[k], cuts[k + 1]);
  }
  return bands.length === 1 ? bands[0] : joinRowBands(bands);
}

/** The partitions a query covers, in a stable order (dataset, wave, location). */
export function selectPartitions(
  partitions: readonly DecodedPartition[],
  query: Pick<CrosstabQuery, 'waves' | 'locations' | 'datasets' | 'partitions'>,
): DecodedPartition[] {
  const waves = new Set(query.waves);
  const locations = new Set(query.locations);
  const datasets = query.datasets === undefined ? undefined : new Set(query.datasets);
  const key = (p: DecodedPartition): string => partitionId(p.key);
  const only = query.partitions === undefined ? undefined : new Set(query.partitions.map(partitionId));
  return partitions
    .filter(
      (p) =>
        waves.has(p.key.wave) &&
        locations.has(p.key.location) &&
        (datasets === undefined || datasets.has(p.key.dataset)) &&
        (only === undefined || only.has(key(p))),
    )
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Row bands of a query: `cuts` from 0 to the row count, each band's sums handed to `onBand` as it is done. */
interface InBands {
  readonly cuts: readonly number[];
  readonly onBand: (band: RawSums, rowStart: number, rowEnd: number) => void;
}

/**
 * The raw sums of a query, pass by pass. With `bands`, the rows are computed in those bands (see
 * `computeRawSumsInBands`): within the one pass when the query fits one, else band by band.
 */
async function computeRaw(
  data: CrosstabData,
  query: CrosstabQuery,
  groupOf: (p: DecodedPartition) => number,
  groups: number,
  compute: ComputeOptions,
  bands?: InBands,
): Promise<RawSums> {
  const sliceMs = compute.sliceMs ?? 20;
  const base = query.base ?? ALL;
  const selected = selectPartitions(data.partitions, query);
  const rowCount = query.rows.length;
  const columnCount = query.columns.length;
  const raw = emptyRawSums(rowCount, columnCount, groups);
  const timings = { evaluateMs: 0, kernelMs: 0 };

  // Audience keys: an expression within the base (the base itself is "base within base"). Equal
  // expressions (a row that is also a column, a chart's repeated audience) share one block.
  const baseKey = expressionKey(base);
  const keyOf = (expression: Expression): string => `${expressionKey(expression)}\u0000${baseKey}`;
  const expressions = new Map<string, Expression>();
  const audienceKeys = [base, ...query.rows, ...query.columns].map((expression) => {
    const key = keyOf(expression);
    if (!expressions.has(key)) expressions.set(key, expression);
    return key;
  });
  const baseIsEveryone = base.kind === 'all' && base.not !== true;

  const packed = packedAudiencesFor(compute.audiences, selected, rowCount, columnCount, groups);
  const store = packed.store;
  const arena = store.arena;
  const plans = selected.map((partition) => packed.plan(partition));
  const passes = planPasses(
    plans,
    rowCount,
    columnCount,
    groups,
    Math.floor(arena.pageCount * store.passShare),
    Math.floor(arena.scratchBytes * store.passShare),
    query.singles,
  );
  if (bands !== undefined && passes.length !== 1) return computeBandByBand(data, query, groupOf, groups, compute, bands);
  const executor: CellExecutor = compute.executor ?? new InlineExecutor(sliceMs);
  const yielder = { started: performance.now() };
  for (const pass of passes) {
    await runPass(pass);
  }
  if (compute.timings !== undefined) {
    compute.timings.evaluateMs = timings.evaluateMs;
    compute.timings.kernelMs = timings.kernelMs;
  }
  return raw;

  async function runPass(pass: Pass): Promise<void> {
    const t0 = performance.now();
    // The pass's audiences: [base], rows r0..r1, columns c0..c1 (global indices into audienceKeys).
    const audiences: number[] = [];
    if (pass.base) audiences.push(0);
    for (let r = pass.r0; r < pass.r1; r++) audiences.push(1 + r);
    for (let c = pass.c0; c < pass.c1; c++) audiences.push(1 + rowCount + c);
    const passPlans = pass.plans;
    const keys = [...new Set(audiences.map((a) => audienceKeys[a]))];
    // Partitions with runs of one-respondent classes need their run weights in the arena too.
    const weightsAt = passPlans.some((plan) => plan.weightPageCount > 0) ? keys.push(WEIGHTS_KEY) - 1 : -1;
    const keyIndex = new Map(keys.map((key, k) => [key, k]));
    let slots = 0;
    let pieceCount = 0;
    const slotBase = passPlans.map((plan) => {
      const at = slots;
      slots += plan.pageCount;
      pieceCount += plan.pieceCount;
      return at;
    });
    const rows = pass.r1 - pass.r0;
    const columns = pass.c1 - pass.c0;
    const need = scratchNeed(pieceCount, slots, audiences.length, rows, columns, groups);

    // Scratch and blocks, all or nothing; wait while other passes hold what this one needs.
    let scratch: number | undefined;
    let reservation: Reservation | undefined;
    for (;;) {
      scratch = arena.takeScratch(need);
      if (scratch !== undefined) {
        reservation = packed.reserve(keys, passPlans);
        if (reservation !== undefined) break;
        arena.giveScratch(scratch, need);
      }
      if (store.pinnedBlocks === 0 && arena.scratchInUse === 0) {
        throw new Error(`crosstab engine: a pass of ${need} scratch bytes and ${keys.length} x ${slots} pages does not fit the arena`);
      }
      await store.changed();
    }
    const held = reservation;
    const scratchAt = scratch;
    // The kernel's work on this pass's memory, band by band: settled before the memory is given back.
    let computing: Promise<number[]>[] = [];
    try {
      await fill(held, passPlans);
      await packed.whenFilled(held.blocks);

      // Tables: pieces, the group of each page slot, one page table per audience of the pass.
      const i32 = arena.i32;
      const f64 = arena.f64;
      const piecesAt = scratchAt;
      const groupTableAt = piecesAt + align(pieceCount * PIECE_BYTES, 64);
      const tablesAt = groupTableAt + align(slots * 4, 64);
      const tableBytes = slots * 4;
      const singlesAt = tablesAt + align(audiences.length * tableBytes, 64);
      const groupBytes = groups * GROUP_OUTPUT_BYTES;
      const cellsAt = singlesAt + align(audiences.length * groupBytes, 64);
      let k = 0;
      const tiles = [0];
      const tileBytes = compute.tileBytes ?? Math.max(4096, Math.floor(TILE_CACHE_BYTES / Math.max(1, columns)));
      let bitsInTile = 0;
      const tileBits = tileBytes * 8;
      passPlans.forEach((plan, p) => {
        const groupOffset = groupOf(plan.partition) * GROUP_OUTPUT_BYTES;
        i32.fill(groupOffset, (groupTableAt >>> 2) + slotBase[p], (groupTableAt >>> 2) + slotBase[p] + plan.pageCount);
        const weightPages = weightsAt < 0 ? undefined : held.blocks[weightsAt * passPlans.length + p].pages;
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
        const row = keyIndex.get(audienceKeys[a]) as number;
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
      const taskRows = rows + baseRow;
      f64.fill(0, singlesAt >>> 3, (cellsAt + taskRows * columns * groupBytes) >>> 3);
      const t1 = performance.now();
      timings.evaluateMs += t1 - t0;

      // The pass's rows in bands (one band without `bands`; with them, the pass holds every row),
      // as task rows: the base's row, when there is one, goes with the first band.
      const cuts = bands?.cuts ?? [0, rows];
      const bandRows = cuts.slice(0, -1).map((cut, k): [number, number] => [k === 0 ? 0 : baseRow + cut, baseRow + cuts[k + 1]]);
      // Each band's cells on the executor, every band handed over now when the executor keeps their
      // order, else one after another; each band's outputs in a region of their own.
      let previous: Promise<void> = Promise.resolve();
      computing = bandRows.map(([from, to]) => {
        const run = (): Promise<number[]> => runBandCells(from, to);
        const started = executor.ordered ? run() : previous.then(run);
        previous = started.then(() => undefined);
        // Settled whatever happens below, so a failure of the cells never goes unhandled.
        started.catch(() => undefined);
        previous.catch(() => undefined);
        return started;
      });
      const cells = instantiateKernel(arena.memory);
      const singleHere = (a: number): boolean => (a === 0 ? pass.base : a <= rowCount ? pass.rowSingles : pass.columnSingles && baseRow === 0);
      const width = groups * 3;
      // Meanwhile the other singles (one pass over each audience) on this thread, into their own
      // outputs, a band's rows before waiting for its cells. Computed before the cells were handed
      // over, they kept the kernel threads idle for as long (3-7 ms of a 100 x 100 through the service).
      const measureSingles = (audiencesOf: (a: number) => boolean): void =>
        audiences.forEach((a, t) => {
          if (!audiencesOf(a) || !singleHere(a)) return;
          const table = tablesAt + t * tableBytes;
          cells(table, 1, table, 1, tableBytes, piecesAt, pieceCount, singlesAt + t * groupBytes, groupTableAt, groupBytes);
          // Add the pass's sums into the result (passes over other partitions add to the same figures).
          const from = (singlesAt >>> 3) + t * width;
          for (let x = 0; x < width; x++) raw.singles[a * width + x] += f64[from + x];
        });
      for (let k = 0; k < bandRows.length; k++) {
        const [from, to] = bandRows[k];
        const r0 = pass.r0 + cuts[k];
        const r1 = pass.r0 + cuts[k + 1];
        measureSingles((a) => (k === 0 && (a === 0 || a > rowCount)) || (a > r0 && a <= r1));
        addBandCells(from, to, await computing[k]);
        // As a computation of the band alone gives it: the columns' sums with the first band only.
        if (bands !== undefined) bands.onBand(rowsOfRawSums(raw, r0, r1, k === 0), r0, r1);
      }

      /** Computes task rows [from, to) into their region; returns the column chunks they were cut into. */
      async function runBandCells(from: number, to: number): Promise<number[]> {
        const count = to - from;
        const chunks = columnChunks(count, columns, executor.threads);
        if (count === 0 || columns === 0) return chunks;
        const region = cellsAt + from * columns * groupBytes;
        const task: CellTask = {
          memory: arena.memory,
          pieces: piecesAt,
          groupTable: groupTableAt,
          groups,
          tableBytes,
          // The base's table is the pass's first (audience 0), just before the rows'.
          aTables: tablesAt + ((pass.base && baseRow === 0 ? 1 : 0) + from) * tableBytes,
          aFrom: 0,
          aTo: count,
          bTables: tablesAt + ((pass.base ? 1 : 0) + rows) * tableBytes,
          bCount: columns,
          outBase: region,
          tiles,
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
      function addBandCells(from: number, to: number, chunks: readonly number[]): void {
        const count = to - from;
        const region = (cellsAt >>> 3) + from * columns * width;
        for (let k = 0; k + 1 < chunks.length; k++) {
          const c0 = chunks[k];
          const span = chunks[k + 1] - c0;
          for (let r = 0; r < count; r++) {
            const taskRow = from + r;
            for (let c = 0; c < span; c++) {
              const at = region + (count * c0 + r * span + c) * width;
              const into = taskRow < baseRow ? raw.singles : raw.cells;
              const cell =
                taskRow < baseRow ? (1 + rowCount + pass.c0 + c0 + c) * width : ((pass.r0 + taskRow - baseRow) * columnCount + pass.c0 + c0 + c) * width;
              for (let x = 0; x < width; x++) into[cell + x] += f64[at + x];
            }
          }
        }
      }
      timings.kernelMs += performance.now() - t1;
    } catch (error) {
      await Promise.allSettled(computing);
      packed.failed(held.created, error instanceof Error ? error : new Error(String(error)));
      throw error;
    } finally {
      packed.release(held.blocks);
      arena.giveScratch(scratchAt, need);
    }
  }

  /** Evaluates the pass's new blocks partition by partition, yielding to the event loop between partitions. */
  async function fill(reservation: Reservation, passPlans: readonly PartitionPlan[]): Promise<void> {
    if (reservation.created.length === 0) return;
    const byPlan = new Map<PartitionPlan, Block[]>();
    for (const block of reservation.created) {
      const list = byPlan.get(block.plan);
      if (list === undefined) byPlan.set(block.plan, [block]);
      else list.push(block);
    }
    const u32 = arena.u32;
    const f64 = arena.f64;
    const pageWords = PAGE_BYTES / 4;
    for (const plan of passPlans) {
      const created = byPlan.get(plan);
      if (created === undefined) continue;
      const partition = plan.partition;
      const dictionary = data.dictionary(partition.key.dataset);
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
        const isBase = block.key === audienceKeys[0];
        let bits: Uint32Array;
        let mask: Uint32Array | undefined;
        if (isBase || baseIsEveryone) {
          bits = evaluator.evaluateShared(isBase ? base : (expressions.get(block.key) as Expression), packed.scratch.other(0, words));
        } else {
          baseBits ??= evaluator.evaluateShared(base, packed.scratch.other(1, words));
          bits = evaluator.evaluateShared(expressions.get(block.key) as Expression, packed.scratch.other(0, words));
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
      if (performance.now() - yielder.started > sliceMs) {
        await yieldToEventLoop();
        yielder.started = performance.now();
      }
    }
  }
}
