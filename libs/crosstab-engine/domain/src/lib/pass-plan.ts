import type { DecodedPartition } from '@aas/respondent-store-domain';
import { GROUP_OUTPUT_BYTES, PAGE_BYTES, PIECE_BYTES } from './kernel';
import { AudienceStore, type PackedAudiences } from './packed-store';
import type { PartitionPlan } from './partition-layout';

/*
 * How a query is cut into passes that fit the engine's arena (usually one), how much scratch a pass
 * needs, and how a pass's cells are shared among kernel threads.
 */

export const align = (value: number, to: number): number => Math.ceil(value / to) * to;

/** One pass: a range of partitions x a block of rows x a block of columns, whose blocks are pinned together. */
export interface Pass {
  readonly plans: readonly PartitionPlan[];
  readonly r0: number;
  readonly r1: number;
  readonly c0: number;
  readonly c1: number;
  /** This pass measures the base (first row and column block). */
  readonly base: boolean;
  /** This pass measures its rows alone (first column block) and its columns alone (first row block). */
  readonly rowSingles: boolean;
  readonly columnSingles: boolean;
}

/** Scratch bytes of a pass: piece table, group table, page tables, outputs (each 64-byte aligned). */
export function scratchNeed(pieces: number, slots: number, tables: number, rows: number, columns: number, groups: number): number {
  const groupBytes = groups * GROUP_OUTPUT_BYTES;
  return (
    align(pieces * PIECE_BYTES, 64) +
    align(slots * 4, 64) +
    align(tables * slots * 4, 64) +
    align(tables * groupBytes, 64) +
    // One row more than the pass has: the base's, whose cells are the columns' own sums.
    align((rows + 1) * columns * groupBytes, 64)
  );
}

/** Consecutive [from, to) ranges of at most `size` covering [0, count); one empty range when count is 0. */
function blocksOf(count: number, size: number): [number, number][] {
  if (count === 0) return [[0, 0]];
  const out: [number, number][] = [];
  for (let from = 0; from < count; from += size) out.push([from, Math.min(count, from + size)]);
  return out;
}

/**
 * Cuts a query into passes that fit the arena: usually one. Each pass may pin `pageBudget` pages
 * and use `scratchBudget` bytes; when all audiences of the largest partition do not fit, rows and
 * columns are split into blocks, then partitions are grouped greedily within each block pair.
 */
export function planPasses(
  plans: readonly PartitionPlan[],
  rowCount: number,
  columnCount: number,
  groups: number,
  pageBudget: number,
  scratchBudget: number,
  singles: { readonly rows: boolean; readonly columns: boolean } = { rows: true, columns: true },
): Pass[] {
  const maxSlots = plans.reduce((m, p) => Math.max(m, p.pageCount), 0);
  const maxWeights = plans.reduce((m, p) => Math.max(m, p.weightPageCount), 0);
  const maxPieces = plans.reduce((m, p) => Math.max(m, p.pieceCount), 0);
  const fits = (rows: number, columns: number, slots: number, weightPages: number, pieces: number): boolean =>
    (1 + rows + columns) * slots + weightPages <= pageBudget && scratchNeed(pieces, slots, 1 + rows + columns, rows, columns, groups) <= scratchBudget;
  let rb = rowCount;
  let cb = columnCount;
  while (!fits(rb, cb, maxSlots, maxWeights, maxPieces)) {
    if (rb <= 1 && cb <= 1) {
      throw new Error(
        `the engine's memory is too small for this crosstab: one partition (${maxSlots} pages of ${PAGE_BYTES} bytes, ${maxPieces} weight-class pieces) ` +
          `with one row and one column needs more than a pass may use (${pageBudget} pages, ${scratchBudget} scratch bytes); raise the arena size`,
      );
    }
    if (rb >= cb) rb = Math.ceil(rb / 2);
    else cb = Math.ceil(cb / 2);
  }
  const passes: Pass[] = [];
  const columnBlocks = blocksOf(columnCount, Math.max(1, cb));
  const rowBlocks = blocksOf(rowCount, Math.max(1, rb));
  columnBlocks.forEach(([c0, c1], ci) => {
    rowBlocks.forEach(([r0, r1], ri) => {
      let from = 0;
      while (from < plans.length) {
        let slots = plans[from].pageCount;
        let weightPages = plans[from].weightPageCount;
        let pieces = plans[from].pieceCount;
        let to = from + 1;
        while (
          to < plans.length &&
          fits(r1 - r0, c1 - c0, slots + plans[to].pageCount, weightPages + plans[to].weightPageCount, pieces + plans[to].pieceCount)
        ) {
          slots += plans[to].pageCount;
          weightPages += plans[to].weightPageCount;
          pieces += plans[to].pieceCount;
          to++;
        }
        passes.push({
          plans: plans.slice(from, to),
          r0,
          r1,
          c0,
          c1,
          base: ri === 0 && ci === 0,
          rowSingles: singles.rows && ci === 0,
          columnSingles: singles.columns && ri === 0,
        });
        from = to;
      }
    });
  });
  return passes;
}

/** Where a pass's audiences come from: the engine's store, or a store made for this query alone. */
export function packedAudiencesFor(
  audiences: PackedAudiences | undefined,
  selected: readonly DecodedPartition[],
  rowCount: number,
  columnCount: number,
  groups: number,
): PackedAudiences {
  if (audiences !== undefined) return audiences;
  // Sized for one pass of exactly this query, dropped with it: what computeCrosstab did before the engine kept a store.
  const store = new AudienceStore({ leafCacheBytes: 2 ** 52 }, 1);
  const packed = store.forVersion('');
  let pages = 0;
  let weightPages = 0;
  let pieces = 0;
  for (const partition of selected) {
    const plan = packed.plan(partition);
    pages += plan.pageCount;
    weightPages += plan.weightPageCount;
    pieces += plan.pieceCount;
  }
  const scratch = scratchNeed(pieces, pages, 1 + rowCount + columnCount, rowCount, columnCount, groups);
  store.sizeArena(align(scratch, PAGE_BYTES) + Math.max(1, pages * (1 + rowCount + columnCount) + weightPages) * PAGE_BYTES, scratch);
  return packed;
}

/**
 * How a pass's cells are shared among `threads` threads: the column boundaries of one chunk per
 * thread when the pass has fewer rows than columns, else one chunk (the executor then splits the
 * rows). A thread reads every column of its share for each of its messages, so a short, wide pass
 * (a band of a streamed crosstab: 13 rows x 100 columns) split by rows made each thread read all
 * 100 columns for a handful of rows; split by columns each reads half of them once.
 */
export function columnChunks(rows: number, columns: number, threads: number): number[] {
  const parts = rows < columns && threads > 1 ? Math.min(threads, columns) : 1;
  return Array.from({ length: parts + 1 }, (_, i) => Math.round((i * columns) / parts));
}
