/** A rectangle of a crosstab: rows [rowStart, rowEnd) x columns [columnStart, columnEnd). */
export interface Block {
  readonly rowStart: number;
  readonly rowEnd: number;
  readonly columnStart: number;
  readonly columnEnd: number;
}

/**
 * Cuts a rows x columns crosstab into blocks of at most about `cellsPerBlock` cells, each an engine
 * job that evaluates only its own rows and columns. A job's cost is the audiences it evaluates
 * (rows + columns of the block) plus the cells it counts, so blocks are as square as the shape
 * allows: a side shorter than the square root of the budget is kept whole, else both are cut.
 * Every block has at least one row and one column; an empty side gives no block.
 */
export function planBlocks(rowCount: number, columnCount: number, cellsPerBlock: number): Block[] {
  if (rowCount <= 0 || columnCount <= 0) return [];
  const budget = Math.max(1, Math.floor(cellsPerBlock));
  const side = Math.max(1, Math.floor(Math.sqrt(budget)));
  let rowsPer: number;
  let columnsPer: number;
  if (rowCount * columnCount <= budget) {
    rowsPer = rowCount;
    columnsPer = columnCount;
  } else if (columnCount <= side) {
    columnsPer = columnCount;
    rowsPer = Math.max(1, Math.floor(budget / columnCount));
  } else if (rowCount <= side) {
    rowsPer = rowCount;
    columnsPer = Math.max(1, Math.floor(budget / rowCount));
  } else {
    rowsPer = side;
    columnsPer = Math.max(1, Math.floor(budget / side));
  }
  const blocks: Block[] = [];
  for (let r = 0; r < rowCount; r += rowsPer) {
    for (let c = 0; c < columnCount; c += columnsPer) {
      blocks.push({ rowStart: r, rowEnd: Math.min(rowCount, r + rowsPer), columnStart: c, columnEnd: Math.min(columnCount, c + columnsPer) });
    }
  }
  return blocks;
}
