/** A rectangle of a crosstab: rows [rowStart, rowEnd) x columns [columnStart, columnEnd). */
export interface Block {
  readonly rowStart: number;
  readonly rowEnd: number;
  readonly columnStart: number;
  readonly columnEnd: number;
}

/** The fewest cells a block is cut down to so that more workers can share a crosstab (below it, a job costs more than it saves). */
export const MIN_SHARED_BLOCK_CELLS = 1000;

/**
 * Cuts a rows x columns crosstab into the fewest blocks of at most `cellsPerBlock` cells, each an
 * engine job that evaluates only its own rows and columns. Every job has a fixed cost (queueing,
 * the payload, the result's trip through Redis: several ms of CPU, measured), so the count comes
 * first; among grids of that count, the one whose blocks have the fewest rows + columns (a job's
 * cost also grows with the audiences it evaluates), then the one with whole rows (bands of rows
 * across every column). Blocks come row band by row band. Every block has at least one row and
 * one column; an empty side gives no block.
 *
 * `parallel` is how many workers could take blocks at once: a crosstab within the budget is still
 * cut into about that many blocks (none smaller than MIN_SHARED_BLOCK_CELLS), so every worker gets
 * a share; with one worker it stays whole.
 *
 * `wholeRows`: every block spans every column (a caller that compares the columns of a row needs
 * a row whole), one row per block at least, even when one row has more cells than the budget.
 */
export function planBlocks(rowCount: number, columnCount: number, cellsPerBlock: number, parallel = 1, wholeRows = false): Block[] {
  if (rowCount <= 0 || columnCount <= 0) return [];
  const shared = Math.ceil((rowCount * columnCount) / Math.max(1, Math.floor(parallel)));
  const budget = Math.max(1, Math.min(Math.floor(cellsPerBlock), Math.max(shared, MIN_SHARED_BLOCK_CELLS)));
  // The grid: rowBands x columnBands blocks of `height` x `width` (the last band of each side may be shorter).
  let best = { blocks: Infinity, perimeter: Infinity, columnBands: Infinity, height: rowCount, width: columnCount };
  for (let rowBands = 1; rowBands <= rowCount; rowBands++) {
    const height = Math.ceil(rowCount / rowBands);
    if (rowBands > 1 && Math.ceil(rowCount / (rowBands - 1)) === height) continue; // the same height as fewer bands
    const widest = wholeRows ? columnCount : Math.floor(budget / height);
    if (widest < 1 || (wholeRows && height > 1 && height * columnCount > budget)) continue;
    const columnBands = Math.ceil(columnCount / widest);
    const width = Math.ceil(columnCount / columnBands);
    const blocks = Math.ceil(rowCount / height) * columnBands;
    const perimeter = height + width;
    if (blocks < best.blocks || (blocks === best.blocks && (perimeter < best.perimeter || (perimeter === best.perimeter && columnBands < best.columnBands)))) {
      best = { blocks, perimeter, columnBands, height, width };
    }
  }
  const blocks: Block[] = [];
  for (let r = 0; r < rowCount; r += best.height) {
    for (let c = 0; c < columnCount; c += best.width) {
      blocks.push({ rowStart: r, rowEnd: Math.min(rowCount, r + best.height), columnStart: c, columnEnd: Math.min(columnCount, c + best.width) });
    }
  }
  return blocks;
}
