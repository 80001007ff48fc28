import { planBlocks } from './plan-blocks';

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

  it('cuts both sides of a large crosstab into square-ish blocks', () => {
    const blocks = planBlocks(200, 200, 5000);
    expect(blocks.every((b) => b.rowEnd - b.rowStart <= 70 && b.columnEnd - b.columnStart <= 71)).toBe(true);
    expect(blocks).toHaveLength(9);
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
