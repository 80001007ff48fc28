import fc from 'fast-check';
import { emptyRawSums, type RawSums } from '@aas/crosstab-engine-domain';
import { BandSingles, measuredSides, type BlockSums } from './band-singles';
import { planBlocks } from './plan-blocks';

/** A side's own sums as a worker would give them: distinct per side and group, never 0. */
const rowSum = (row: number, x: number) => 1000 + row * 10 + x;
const columnSum = (column: number, x: number) => 5000 + column * 10 + x;

/** A block's sums as a job returns them, its own sides measured only where the gateway asks (`singles` of the payload). */
function blockSums(block: BlockSums['block'], groups: number): RawSums {
  const rows = block.rowEnd - block.rowStart;
  const columns = block.columnEnd - block.columnStart;
  const raw = emptyRawSums(rows, columns, groups);
  const width = groups * 3;
  for (let x = 0; x < width; x++) raw.singles[x] = 7; // the base, measured in every block
  const measured = measuredSides(block);
  if (measured.rows) {
    for (let r = 0; r < rows; r++) for (let x = 0; x < width; x++) raw.singles[(1 + r) * width + x] = rowSum(block.rowStart + r, x);
  }
  if (measured.columns) {
    for (let c = 0; c < columns; c++) for (let x = 0; x < width; x++) raw.singles[(1 + rows + c) * width + x] = columnSum(block.columnStart + c, x);
  }
  raw.cells.fill(block.rowStart * 1000 + block.columnStart);
  return raw;
}

describe('BandSingles', () => {
  it('releases every block exactly once, in whatever order blocks finish, with every side measured', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 3 }),
        fc.nat(),
        (rowCount, columnCount, cellsPerBlock, groups, seed) => {
          const blocks = planBlocks(rowCount, columnCount, cellsPerBlock);
          // A shuffled finishing order.
          const order = blocks.map((block, i) => ({ block, key: (i * 2654435761 + seed) % 4294967296 })).sort((a, b) => a.key - b.key);
          const sides = new BandSingles();
          const released: BlockSums[] = [];
          for (const { block } of order) released.push(...sides.complete({ block, raw: blockSums(block, groups) }));

          expect(released.map((b) => b.block).sort((a, b) => a.rowStart - b.rowStart || a.columnStart - b.columnStart)).toEqual(blocks);
          const width = groups * 3;
          for (const { block, raw } of released) {
            const rows = block.rowEnd - block.rowStart;
            for (let x = 0; x < width; x++) expect(raw.singles[x]).toBe(7);
            for (let r = 0; r < rows; r++) for (let x = 0; x < width; x++) expect(raw.singles[(1 + r) * width + x]).toBe(rowSum(block.rowStart + r, x));
            for (let c = 0; c < block.columnEnd - block.columnStart; c++)
              for (let x = 0; x < width; x++) expect(raw.singles[(1 + rows + c) * width + x]).toBe(columnSum(block.columnStart + c, x));
            expect(raw.cells.every((v) => v === block.rowStart * 1000 + block.columnStart)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('holds a block until the blocks measuring its row and its column have finished', () => {
    const blocks = planBlocks(4, 4, 4); // 2x2 blocks of 2x2
    const [topLeft, topRight, bottomLeft, bottomRight] = blocks;
    const sides = new BandSingles();
    const at = (b: BlockSums['block']) => ({ block: b, raw: blockSums(b, 1) });
    expect([...sides.complete(at(bottomRight))]).toEqual([]);
    expect([...sides.complete(at(topRight))]).toEqual([]);
    // Row band 2 is now known (bottom left measures it), column band 2 too (top right): bottom right goes.
    expect([...sides.complete(at(bottomLeft))].map((b) => b.block)).toEqual([bottomRight]);
    expect([...sides.complete(at(topLeft))].map((b) => b.block)).toEqual([topRight, bottomLeft, topLeft]);
  });
});
