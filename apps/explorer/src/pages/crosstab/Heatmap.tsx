import { memo, useMemo } from 'react';
import type { CrosstabAudience, CrosstabCell } from '@aas/sdk';
import { type CellGrid, cellColour, METRICS, type Metric } from '../../lib/heatmap';

interface Props {
  rows: CrosstabAudience[];
  columns: CrosstabAudience[];
  order: number[];
  grid: CellGrid;
  metric: Metric;
  state: 'streaming' | 'done' | 'stopped' | 'failed';
}

const nameOf = (a: CrosstabAudience | undefined, fallback: string) => a?.name ?? a?.id ?? fallback;

/**
 * The crosstab as a table whose cells are coloured by the figure shown. A row re-renders only when
 * one of its cells arrived (its version changed), so a block of a 100x100 costs the rows it fills.
 */
export function Heatmap({ rows, columns, order, grid, metric, state }: Props) {
  const columnCount = Math.max(1, columns.length);
  // One array for every render: the rows are memoised on their props, this one included.
  const columnIndexes = useMemo(() => (columns.length === 0 ? [0] : columns.map((_, i) => i + 1)), [columns]);
  return (
    <div className="heatmap-scroll" tabIndex={0} role="region" aria-label="Crosstab results">
      <table className="heatmap" data-state={state} style={{ width: `${14 + columnIndexes.length * 5.5}rem` }}>
        <caption>
          {METRICS[metric].label} per row and column ({order.length} x {columnCount})
        </caption>
        <thead>
          <tr>
            <th scope="col">Row \ column</th>
            {columnIndexes.map((c) => (
              <th key={c} scope="col">
                {nameOf(columns[c - 1], 'Base')}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {order.map((r) => (
            <Row
              key={r}
              name={nameOf(rows[r - 1], 'Base')}
              row={r}
              columns={columnIndexes}
              grid={grid}
              version={grid.rowVersions.get(r) ?? 0}
              metric={metric}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

const Row = memo(function Row({
  name,
  row,
  columns,
  grid,
  metric,
}: {
  name: string;
  row: number;
  columns: number[];
  grid: CellGrid;
  version: number;
  metric: Metric;
}) {
  return (
    <tr>
      <th scope="row">{name}</th>
      {columns.map((c) => (
        <Cell key={c} cell={grid.get(row, c)} metric={metric} />
      ))}
    </tr>
  );
});

function Cell({ cell, metric }: { cell: CrosstabCell | undefined; metric: Metric }) {
  if (!cell)
    return (
      <td className="pending">
        <span className="sr-only">not computed yet</span>
      </td>
    );
  const value = METRICS[metric].read(cell);
  const marks: string[] = [];
  if (cell.flags.unreliable) marks.push('unreliable base');
  else if (cell.flags.low_base) marks.push('low base');
  const significant = cell.significance?.significant ? cell.significance.direction : null;
  if (significant) marks.push(`significantly ${significant}`);
  return (
    <td style={{ background: cellColour(metric, value) }} className={cell.flags.low_base || cell.flags.unreliable ? 'low-base' : undefined}>
      {METRICS[metric].format(value)}
      {(cell.flags.low_base || cell.flags.unreliable) && <span aria-hidden="true">†</span>}
      {significant === 'over' && <span aria-hidden="true"> ▲</span>}
      {significant === 'under' && <span aria-hidden="true"> ▼</span>}
      {marks.length > 0 && <span className="sr-only"> ({marks.join('; ')})</span>}
    </td>
  );
}
