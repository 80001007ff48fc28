import type { StandardWire } from '@aas/audience-expression-domain';
import { bandStarts, BlockFold, BlockLayout, type CrosstabSpec, type SpecSums } from '@aas/crosstab-engine-domain';
import type { BlockSums } from './band-singles';
import type { Block } from './plan-blocks';

/**
 * One job of a computation: the block it fills (in the coordinates of the rows and columns the jobs
 * compute), what it computes, and where its row bands start when it is streamed.
 */
export interface PlannedBlock {
  readonly block: Block;
  readonly rows: readonly unknown[];
  readonly columns: readonly unknown[];
  readonly bandStarts: () => number[];
}

/** A block of a spec: how its plain sums fold back, and where it sits among the spec's rows and columns. */
export interface SpecBlockFold {
  readonly fold: BlockFold<StandardWire>;
  readonly visible: Block;
}

/** A spec's jobs, and how each one's sums fold back (by the job's block). */
export interface SpecPlan {
  readonly planned: PlannedBlock[];
  readonly folds: Map<Block, SpecBlockFold>;
}

/**
 * The jobs of a spec cut into `visibleBlocks` (of its rows and columns): each block laid out as plain
 * audiences (`BlockLayout`), in the coordinates of those audiences: every row band's layout after
 * the previous band's, so the blocks of a band share their rows (and of a column band their
 * columns) as BandSingles expects.
 */
export function planSpecBlocks(spec: CrosstabSpec<StandardWire>, visibleBlocks: readonly Block[]): SpecPlan {
  const rowAt = new Map<number, number>();
  const columnAt = new Map<number, number>();
  let rows = 0;
  let columns = 0;
  const folds = new Map<Block, SpecBlockFold>();
  const planned = visibleBlocks.map((visible): PlannedBlock => {
    const layout = new BlockLayout(spec, visible);
    if (!rowAt.has(visible.rowStart)) {
      rowAt.set(visible.rowStart, rows);
      rows += layout.rows.length;
    }
    if (!columnAt.has(visible.columnStart)) {
      columnAt.set(visible.columnStart, columns);
      columns += layout.columns.length;
    }
    const rowStart = rowAt.get(visible.rowStart) as number;
    const columnStart = columnAt.get(visible.columnStart) as number;
    const block = { rowStart, rowEnd: rowStart + layout.rows.length, columnStart, columnEnd: columnStart + layout.columns.length };
    folds.set(block, { fold: new BlockFold(layout), visible });
    return {
      block,
      rows: layout.rows,
      columns: layout.columns,
      bandStarts: () => layout.bandStarts(bandStarts(visible.rowEnd - visible.rowStart, layout.columns.length)),
    };
  });
  return { planned, folds };
}

/** A finished block (or band of one) of a spec, folded: its first row within its block, its sums, the block. */
export function foldDone(folds: ReadonlyMap<Block, SpecBlockFold>, done: BlockSums): { rowStart: number; sums: SpecSums; visible: Block } {
  const origin = done.origin as Block;
  const entry = folds.get(origin) as SpecBlockFold;
  const { rowStart, sums } = entry.fold.fold(done.raw, done.block.rowStart - origin.rowStart);
  return { rowStart, sums, visible: entry.visible };
}
