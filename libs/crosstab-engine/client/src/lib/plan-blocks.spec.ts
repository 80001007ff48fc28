import { MIN_SHARED_BLOCK_CELLS, planBlocks } from './plan-blocks';

/** Every cell exactly once. */
function covers(rows: number, columns: number, budget: number): void {
  const seen = new Uint8Array(rows * columns);
  for (const b of planBlocks(rows, columns, budget)) {
    expect(b.rowEnd).toBeGreaterThan(b.rowStart);
    expect(b.columnEnd).toBeGreaterThan(b.columnStart);
    expect((b.rowEnd - b.rowStart) * (b.columnEnd - b.columnStart)).toBeLessThanOrEqual(Math.max(budget, b.rowEnd - b.rowStart, b.columnEnd - b.columnStart));
    for (let r = b.rowStart; r < b.rowEnd; r++) for (let c = b.columnStart; c < b.columnEnd; c++) seen[r * columns + c]++;
  }
  expect([...seen].every((n) => n === 1)).toBe(true);
}

describe('planBlocks', () => {
  it('keeps a crosstab within the budget in one block', () => {
    expect(planBlocks(10, 10, 5000)).toEqual([{ rowStart: 0, rowEnd: 10, columnStart: 0, columnEnd: 10 }]);
  });

  it('keeps a short side whole and cuts the other', () => {
    const blocks = planBlocks(1000, 5, 100);
    expect(blocks.every((b) => b.columnStart === 0 && b.columnEnd === 5)).toBe(true);
    expect(blocks).toHaveLength(50);
    const wide = planBlocks(3, 2000, 300);
    expect(wide.every((b) => b.rowStart === 0 && b.rowEnd === 3)).toBe(true);
    expect(wide).toHaveLength(20);
  });

  it('cuts a large crosstab into the fewest blocks, of as few rows + columns as that count allows', () => {
    const blocks = planBlocks(200, 200, 5000);
    expect(blocks).toHaveLength(8);
    expect(blocks.every((b) => (b.rowEnd - b.rowStart) * (b.columnEnd - b.columnStart) <= 5000)).toBe(true);
    expect(blocks.every((b) => b.rowEnd - b.rowStart + (b.columnEnd - b.columnStart) === 150)).toBe(true);
    // Two blocks of whole rows rather than two of whole columns.
    expect(planBlocks(100, 100, 5000)).toEqual([
      { rowStart: 0, rowEnd: 50, columnStart: 0, columnEnd: 100 },
      { rowStart: 50, rowEnd: 100, columnStart: 0, columnEnd: 100 },
    ]);
  });

  it('covers every cell exactly once, whatever the shape', () => {
    for (const [r, c, budget] of [
      [1, 1, 1],
      [7, 13, 5],
      [100, 100, 5000],
      [200, 200, 2500],
      [1, 10_000, 5000],
      [9999, 1, 10],
      [37, 41, 1],
    ]) {
      covers(r, c, budget);
    }
  });

  it('plans nothing for an empty side', () => {
    expect(planBlocks(0, 10, 100)).toEqual([]);
    expect(planBlocks(10, 0, 100)).toEqual([]);
  });
});

describe('planBlocks across workers', () => {
  it('gives each worker a share of a crosstab within the budget, and keeps it whole for one worker', () => {
    expect(planBlocks(100, 100, 10_000, 1)).toHaveLength(1);
    expect(planBlocks(100, 100, 10_000, 2)).toHaveLength(2);
    expect(planBlocks(100, 100, 10_000, 4)).toHaveLength(4);
    // Three shares of 3,334 cells: no grid of three fits them, four blocks of 50 x 50 do.
    expect(planBlocks(100, 100, 10_000, 3)).toHaveLength(4);
  });

  it('cuts no block below MIN_SHARED_BLOCK_CELLS for the sake of more workers', () => {
    expect(planBlocks(30, 30, 10_000, 8)).toHaveLength(1);
    const blocks = planBlocks(50, 50, 10_000, 16);
    expect(blocks.length).toBeGreaterThan(1);
    expect(blocks.length).toBeLessThanOrEqual(Math.ceil((50 * 50) / MIN_SHARED_BLOCK_CELLS));
  });

  it('never makes blocks larger than the budget, however few the workers', () => {
    for (const parallel of [0, 1, 2, 3])
      expect(planBlocks(200, 200, 5000, parallel).every((b) => (b.rowEnd - b.rowStart) * (b.columnEnd - b.columnStart) <= 5000)).toBe(true);
  });

  it('covers every cell exactly once with any number of workers', () => {
    for (const parallel of [1, 2, 3, 7, 64]) {
      for (const [r, c] of [
        [100, 100],
        [1, 10_000],
        [10_000, 1],
        [37, 41],
      ]) {
        const seen = new Uint8Array(r * c);
        for (const b of planBlocks(r, c, 10_000, parallel))
          for (let i = b.rowStart; i < b.rowEnd; i++) for (let j = b.columnStart; j < b.columnEnd; j++) seen[i * c + j]++;
        expect(seen.every((n) => n === 1)).toBe(true);
      }
    }
  });

  it('with whole rows, every block spans every column, within the budget unless one row exceeds it', () => {
    // 100 x 100 on four workers: four bands of 25 rows, not a 2 x 2 grid.
    expect(planBlocks(100, 100, 10_000, 4, true)).toEqual([0, 25, 50, 75].map((r) => ({ rowStart: r, rowEnd: r + 25, columnStart: 0, columnEnd: 100 })));
    // A row wider than the budget: one row per block.
    const wide = planBlocks(3, 800, 500, 1, true);
    expect(wide).toHaveLength(3);
    expect(wide.every((b) => b.columnStart === 0 && b.columnEnd === 800 && b.rowEnd - b.rowStart === 1)).toBe(true);
    expect(planBlocks(40, 200, 1000, 1, true).every((b) => b.columnEnd - b.columnStart === 200 && (b.rowEnd - b.rowStart) * 200 <= 1000)).toBe(true);
  });
});
