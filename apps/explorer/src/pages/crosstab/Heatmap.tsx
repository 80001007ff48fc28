import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CrosstabAudience, CrosstabCell } from '@aas/sdk';
import { type CellGrid, cellColour, METRICS, type Metric } from '../../lib/heatmap';
import { type CellWindow, cellWindow, COLUMN_PX, ROW_HEADER_PX, ROW_PX, WINDOW_FROM_CELLS } from '../../lib/window';

interface Props {
  rows: CrosstabAudience[];
  columns: CrosstabAudience[];
  order: number[];
  grid: CellGrid;
  metric: Metric;
  state: 'streaming' | 'done' | 'stopped' | 'failed';
}

const nameOf = (a: CrosstabAudience | undefined, fallback: string) => a?.name ?? a?.id ?? fallback;

/** The part of a large table in view, following the scroll container's position and size; undefined for a small one. */
function useCellWindow(rowCount: number, columnCount: number): { ref: (el: HTMLDivElement | null) => void; window: CellWindow | undefined } {
  const large = rowCount * columnCount >= WINDOW_FROM_CELLS;
  const [window, setWindow] = useState<CellWindow>();
  const element = useRef<HTMLDivElement | null>(null);
  const frame = useRef(0);
  const read = useCallback(() => {
    const el = element.current;
    return el ? cellWindow({ top: el.scrollTop, left: el.scrollLeft, width: el.clientWidth, height: el.clientHeight }, rowCount, columnCount) : undefined;
  }, [rowCount, columnCount]);
  useEffect(() => {
    const el = element.current;
    if (!el || !large) {
      setWindow(undefined);
      return undefined;
    }
    const measure = () => {
      cancelAnimationFrame(frame.current);
      frame.current = requestAnimationFrame(() => setWindow(read()));
    };
    setWindow(read());
    el.addEventListener('scroll', measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(el);
    return () => {
      el.removeEventListener('scroll', measure);
      resize.disconnect();
      cancelAnimationFrame(frame.current);
    };
  }, [large, read]);
  const ref = useCallback((el: HTMLDivElement | null) => {
    element.current = el;
  }, []);
  return { ref, window };
}

/**
 * The crosstab as a table whose cells are coloured by the figure shown. A row re-renders only when
 * one of its cells arrived (its version changed), and a row with no cell yet is one placeholder, so
 * a block of a 100x100 costs the rows it fills. A large table draws only the cells in view (and a
 * margin): rows above and below are spacer rows, columns to either side spacer cells, in a fixed
 * layout that keeps every column where it is.
 */
export function Heatmap({ rows, columns, order, grid, metric, state }: Props) {
  // One array for every render: the rows are memoised on their props, this one included.
  const columnIndexes = useMemo(() => (columns.length === 0 ? [0] : columns.map((_, i) => i + 1)), [columns]);
  const { ref, window } = useCellWindow(order.length, columnIndexes.length);
  const rowStart = window?.rowStart ?? 0;
  const rowEnd = window?.rowEnd ?? order.length;
  const columnStart = window?.columnStart ?? 0;
  const columnEnd = window?.columnEnd ?? columnIndexes.length;
  const shownColumns = useMemo(() => columnIndexes.slice(columnStart, columnEnd), [columnIndexes, columnStart, columnEnd]);
  const after = columnIndexes.length - columnEnd;
  return (
    <div className="heatmap-scroll" tabIndex={0} role="region" aria-label="Crosstab results" ref={ref}>
      <table
        className="heatmap"
        data-state={state}
        data-windowed={window ? 'true' : undefined}
        style={{ width: `${ROW_HEADER_PX + columnIndexes.length * COLUMN_PX}px` }}
      >
        <caption>
          {METRICS[metric].label} per row and column ({order.length} x {columnIndexes.length})
          {window && <span className="sr-only">; the cells out of view are drawn as you scroll</span>}
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
          {rowStart > 0 && <tr aria-hidden="true" style={{ height: rowStart * ROW_PX }} />}
          {order.slice(rowStart, rowEnd).map((r) => (
            <Row
              key={r}
              name={nameOf(rows[r - 1], 'Base')}
              row={r}
              columns={shownColumns}
              before={columnStart}
              after={after}
              grid={grid}
              version={grid.rowVersions.get(r) ?? 0}
              metric={metric}
            />
          ))}
          {rowEnd < order.length && <tr aria-hidden="true" style={{ height: (order.length - rowEnd) * ROW_PX }} />}
        </tbody>
      </table>
    </div>
  );
}

interface RowProps {
  name: string;
  row: number;
  columns: number[];
  /** Columns left of `columns` and right of them, drawn as one spacer cell each. */
  before: number;
  after: number;
  grid: CellGrid;
  version: number;
  metric: Metric;
}

const Row = memo(function Row({ name, row, columns, before, after, grid, version, metric }: RowProps) {
  return (
    <tr>
      <th scope="row">{name}</th>
      {version === 0 ? (
        <td className="pending" colSpan={before + columns.length + after}>
          <span className="sr-only">not computed yet</span>
        </td>
      ) : (
        <>
          {before > 0 && <td className="spacer" colSpan={before} />}
          {columns.map((c) => (
            <Cell key={c} cell={grid.get(row, c)} metric={metric} />
          ))}
          {after > 0 && <td className="spacer" colSpan={after} />}
        </>
      )}
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
  const test = cell.significance;
  // Against the base or the rest of it: over or under; between columns: the letters it is higher than.
  const significant = test && 'significant' in test && test.significant ? test.direction : null;
  const higherThan = test && 'higher_than' in test ? test.higher_than : [];
  if (significant) marks.push(`significantly ${significant}`);
  if (higherThan.length > 0) marks.push(`significantly higher than columns ${higherThan.join(', ')}`);
  return (
    <td style={{ background: cellColour(metric, value) }} className={cell.flags.low_base || cell.flags.unreliable ? 'low-base' : undefined}>
      {METRICS[metric].format(value)}
      {(cell.flags.low_base || cell.flags.unreliable) && <span aria-hidden="true">†</span>}
      {significant === 'over' && <span aria-hidden="true"> ▲</span>}
      {significant === 'under' && <span aria-hidden="true"> ▼</span>}
      {higherThan.length > 0 && <sup aria-hidden="true"> {higherThan.join('')}</sup>}
      {marks.length > 0 && <span className="sr-only"> ({marks.join('; ')})</span>}
    </td>
  );
}
