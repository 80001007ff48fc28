import type { CrosstabCell } from '@aas/sdk';
import { CellGrid, cellColour, METRICS, sortRows } from './heatmap';

const cell = (row: number, column: number, index: number): CrosstabCell =>
  ({
    row_index: row,
    column_index: column,
    intersect: { index, percentage: index / 10, size: 1, sample: 1 },
    audiences: { row: { intersect_percentage: index / 5 }, column: { intersect_percentage: index / 4 } },
  }) as unknown as CrosstabCell;

describe('the heatmap', () => {
  it('keeps cells by position and bumps only the rows a block touched', () => {
    const grid = new CellGrid();
    grid.add([cell(1, 1, 120), cell(1, 2, 80)]);
    grid.add([cell(2, 1, 100)]);
    expect(grid.size).toBe(3);
    expect(grid.get(1, 2)?.intersect.index).toBe(80);
    expect([...grid.rowVersions]).toEqual([
      [1, 2],
      [2, 1],
    ]);
  });

  it('sorts rows by name, or by a column, highest first, rows not arrived last', () => {
    const grid = new CellGrid();
    grid.add([cell(1, 1, 90), cell(2, 1, 150)]);
    const rows = [
      { index: 1, name: 'b' },
      { index: 2, name: 'c' },
      { index: 3, name: 'a' },
    ];
    expect(sortRows(rows, { by: 'none' }, grid)).toEqual([1, 2, 3]);
    expect(sortRows(rows, { by: 'label' }, grid)).toEqual([3, 1, 2]);
    expect(sortRows(rows, { by: 'column', column: 1, metric: 'index' }, grid)).toEqual([2, 1, 3]);
  });

  it('reads each metric from its place in the cell and formats it', () => {
    const c = cell(1, 1, 200);
    expect(
      ['index', 'percentage', 'row_percentage', 'column_percentage'].map((m) =>
        METRICS[m as keyof typeof METRICS].format(METRICS[m as keyof typeof METRICS].read(c)),
      ),
    ).toEqual(['200', '20.0%', '40.0%', '50.0%']);
  });

  it('colours an index red over 100 and blue under, stronger further away, capped', () => {
    expect(cellColour('index', 100)).toBe('hsl(4 80% 97%)');
    expect(cellColour('index', 50)).toBe('hsl(214 80% 86%)');
    expect(cellColour('index', 400)).toBe(cellColour('index', 200));
    expect(cellColour('percentage', 100)).toBe('hsl(162 55% 73%)');
  });
});
