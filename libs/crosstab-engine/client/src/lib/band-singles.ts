import type { RawSums } from '@aas/crosstab-engine-domain';
import type { Block } from './plan-blocks';

/** A finished block of a crosstab and its sums (indices within the block). */
export interface BlockSums {
  readonly block: Block;
  readonly raw: RawSums;
  /** The whole block of the job that computed it (`block` is a band of it, or all of it). */
  readonly origin?: Block;
}

/** Which of a block's sides the block itself measures (the payload's `singles`): the first block of each band. */
export function measuredSides(block: Block): { rows: boolean; columns: boolean } {
  return { rows: block.columnStart === 0, columns: block.rowStart === 0 };
}

/**
 * Completes blocks' sums with their rows' and columns' own sums. A crosstab cut into a grid of
 * blocks measures each row only in the first block of its row band (column 0) and each column only
 * in the first block of its column band (row 0): measuring a side costs a pass over its bits, and
 * every other block of the band would repeat it (a 200x200 in blocks of 70x71 measured each side
 * three times). A block is released once both its bands are known: at once when it brings them
 * itself or they came earlier, which is the usual order as blocks are queued row by row.
 */
export class BandSingles {
  private readonly rowBands = new Map<number, Float64Array>();
  private readonly columnBands = new Map<number, Float64Array>();
  private readonly waiting: BlockSums[] = [];

  /** Takes a finished block; yields every block that is now complete (this one or those waiting). */
  *complete(finished: BlockSums): Generator<BlockSums> {
    const { block, raw } = finished;
    const triple = raw.groups * 3;
    const rowsEnd = (1 + block.rowEnd - block.rowStart) * triple;
    const measured = measuredSides(block);
    if (measured.rows) this.rowBands.set(block.rowStart, raw.singles.slice(triple, rowsEnd));
    if (measured.columns) this.columnBands.set(block.columnStart, raw.singles.slice(rowsEnd));
    this.waiting.push(finished);
    for (let i = 0; i < this.waiting.length;) {
      const ready = this.waiting[i];
      const rows = this.rowBands.get(ready.block.rowStart);
      const columns = this.columnBands.get(ready.block.columnStart);
      if (rows === undefined || columns === undefined) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      ready.raw.singles.set(rows, triple);
      ready.raw.singles.set(columns, triple + rows.length);
      yield ready;
    }
  }
}
