import type { CrosstabCell } from '@aas/sdk';

/** The figures a heatmap can show, and where each is in a cell. */
export const METRICS = {
  index: { label: 'Index', read: (c: CrosstabCell) => c.intersect.index, format: (v: number) => v.toFixed(0) },
  column_percentage: { label: '% of column', read: (c: CrosstabCell) => c.audiences.column.intersect_percentage, format: (v: number) => `${v.toFixed(1)}%` },
  row_percentage: { label: '% of row', read: (c: CrosstabCell) => c.audiences.row.intersect_percentage, format: (v: number) => `${v.toFixed(1)}%` },
  percentage: { label: '% of base', read: (c: CrosstabCell) => c.intersect.percentage, format: (v: number) => `${v.toFixed(1)}%` },
} as const;
export type Metric = keyof typeof METRICS;

/**
 * The background of a cell: for the index, blue under 100 and red over it, stronger the further
 * from 100 (capped at 50 and 200); for a percentage, one hue stronger with the share. Light enough
 * everywhere for dark text to keep a contrast of at least 4.5:1.
 */
export function cellColour(metric: Metric, value: number): string {
  if (metric === 'index') {
    const distance = Math.min(1, Math.abs(value - 100) / 100);
    const lightness = 97 - distance * 22;
    return value >= 100 ? `hsl(4 80% ${lightness}%)` : `hsl(214 80% ${lightness}%)`;
  }
  const share = Math.max(0, Math.min(1, value / 100));
  return `hsl(162 55% ${97 - share * 24}%)`;
}

/** The cells of a crosstab by position, filled in as blocks arrive. */
export class CellGrid {
  private readonly cells = new Map<string, CrosstabCell>();
  /** Per row: bumped whenever a cell of the row arrives, so a row re-renders only when it changed. */
  readonly rowVersions = new Map<number, number>();

  add(batch: readonly CrosstabCell[]): void {
    for (const cell of batch) {
      this.cells.set(`${cell.row_index}:${cell.column_index}`, cell);
      this.rowVersions.set(cell.row_index, (this.rowVersions.get(cell.row_index) ?? 0) + 1);
    }
  }

  get(row: number, column: number): CrosstabCell | undefined {
    return this.cells.get(`${row}:${column}`);
  }

  get size(): number {
    return this.cells.size;
  }
}

/**
 * The order rows are shown in: as asked, by label, or by the figure in one column (highest first;
 * rows whose cell has not arrived yet last).
 */
export function sortRows(
  rows: readonly { index: number; name: string }[],
  sort: { by: 'none' } | { by: 'label' } | { by: 'column'; column: number; metric: Metric },
  grid: CellGrid,
): number[] {
  const order = rows.map((r) => r.index);
  if (sort.by === 'label') {
    const names = new Map(rows.map((r) => [r.index, r.name]));
    return order.sort((a, b) => (names.get(a) ?? '').localeCompare(names.get(b) ?? ''));
  }
  if (sort.by === 'column') {
    const value = (row: number) => {
      const cell = grid.get(row, sort.column);
      return cell ? METRICS[sort.metric].read(cell) : -Infinity;
    };
    return order.sort((a, b) => value(b) - value(a));
  }
  return order;
}
