import type { WasmMemory } from './wasm-api';
import { GROUP_OUTPUT_BYTES, instantiateKernel, PIECE_BYTES, type CellsFunction } from './kernel';

/**
 * One block of crosstab cells for the kernel: every pair (a, b) with a in [aFrom, aTo) and b in
 * [0, bCount), audience a's page table at `aTables + a * tableBytes`, b's at `bTables + b *
 * tableBytes`, the pair's `groups` outputs at `outBase + (a * bCount + b) * groups * 24`. Plain
 * numbers and the shared memory only, so it crosses to a worker thread as is.
 */
export interface CellTask {
  readonly memory: WasmMemory;
  /** The piece table (see kernel.ts) and, per page slot, its group's output offset. */
  readonly pieces: number;
  readonly groupTable: number;
  readonly groups: number;
  readonly tableBytes: number;
  readonly aTables: number;
  readonly aFrom: number;
  readonly aTo: number;
  readonly bTables: number;
  readonly bCount: number;
  readonly outBase: number;
  /**
   * Piece tiles: tile t covers pieces [tiles[t], tiles[t + 1]). Cells are computed tile by tile
   * (every pair of a row block over one tile, then the next tile), so the columns' bytes of one tile
   * stay in the L2 cache while every row of the block passes over them; the kernel adds, so the
   * tiles' partial sums add up to the whole.
   */
  readonly tiles: readonly number[];
  /**
   * Compute the task as one message, on one thread (a caller that splits a pass itself, by
   * columns, so that each thread reads only its columns: see `columnChunks` in crosstab.ts).
   */
  readonly whole?: boolean;
}

/** Runs cell tasks somewhere: on the calling thread in slices, or on a worker pool. */
export interface CellExecutor {
  /** How many tasks it computes at once (the pool's threads; 1 on the calling thread). */
  readonly threads: number;
  /**
   * Whether tasks handed over together are started in the order given (a queue), so a caller may
   * hand over several at once and still have the first done first. Without it, tasks run at once
   * share the executor's time and a caller that needs them in order hands over one after another.
   */
  readonly ordered?: boolean;
  run(task: CellTask): Promise<void>;
}

/** Computes the pairs of rows [from, to) with the given kernel (the worker source in worker-pool.ts mirrors it). */
export function runRows(cells: CellsFunction, task: CellTask, from: number, to: number): void {
  const groupBytes = task.groups * GROUP_OUTPUT_BYTES;
  const tiles = task.tiles;
  const aTables = task.aTables + from * task.tableBytes;
  const out = task.outBase + from * task.bCount * groupBytes;
  for (let t = 0; t + 1 < tiles.length; t++) {
    const pieces = task.pieces + tiles[t] * PIECE_BYTES;
    cells(aTables, to - from, task.bTables, task.bCount, task.tableBytes, pieces, tiles[t + 1] - tiles[t], out, task.groupTable, groupBytes);
  }
}

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Runs the kernel on the calling thread, giving the event loop a turn at least every
 * `sliceMs` milliseconds (so a process serving HTTP or renewing BullMQ locks stays responsive).
 * Rows are computed in chunks, tile by tile within a chunk, so each tile's column bytes, loaded
 * into L2 once, serve every row of the chunk; one row at a time would stream every column from
 * memory for every row (measured: twice the kernel time at 200 x 200). Chunks grow or shrink to
 * take about half a slice.
 */
export class InlineExecutor implements CellExecutor {
  readonly threads = 1;

  constructor(private readonly sliceMs = 20) {}

  async run(task: CellTask): Promise<void> {
    const cells = instantiateKernel(task.memory);
    let started = performance.now();
    let rows = 8;
    for (let a = task.aFrom; a < task.aTo;) {
      const to = Math.min(task.aTo, a + rows);
      const chunkStarted = performance.now();
      runRows(cells, task, a, to);
      const took = performance.now() - chunkStarted;
      rows = Math.max(1, Math.min(4096, Math.round((to - a) * (took > 0 ? this.sliceMs / 2 / took : 2))));
      a = to;
      if (performance.now() - started > this.sliceMs && a < task.aTo) {
        await yieldToEventLoop();
        started = performance.now();
      }
    }
  }
}
