/** Rows and columns of a large heatmap that are in view (plus a margin), the rest drawn as spacers. */
export interface CellWindow {
  rowStart: number;
  rowEnd: number;
  columnStart: number;
  columnEnd: number;
}

export const ROW_PX = 28;
export const COLUMN_PX = 88;
export const ROW_HEADER_PX = 224;
/** Below this many cells every cell is drawn: windowing only pays for large tables. */
export const WINDOW_FROM_CELLS = 2000;
const MARGIN_ROWS = 8;
const MARGIN_COLUMNS = 4;

/** The window of a scroll position: positions are 0-based places in the table's order (not row indexes). */
export function cellWindow(view: { top: number; left: number; width: number; height: number }, rowCount: number, columnCount: number): CellWindow {
  const clamp = (v: number, max: number) => Math.max(0, Math.min(max, v));
  return {
    rowStart: clamp(Math.floor(view.top / ROW_PX) - MARGIN_ROWS, rowCount),
    rowEnd: clamp(Math.ceil((view.top + view.height) / ROW_PX) + MARGIN_ROWS, rowCount),
    columnStart: clamp(Math.floor((view.left - ROW_HEADER_PX) / COLUMN_PX) - MARGIN_COLUMNS, columnCount),
    columnEnd: clamp(Math.ceil((view.left + view.width - ROW_HEADER_PX) / COLUMN_PX) + MARGIN_COLUMNS, columnCount),
  };
}
