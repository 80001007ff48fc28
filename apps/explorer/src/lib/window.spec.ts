import { cellWindow, COLUMN_PX, ROW_HEADER_PX, ROW_PX } from './window';

describe('cellWindow', () => {
  it('covers what is in view and a margin, within the table', () => {
    const view = { top: 0, left: 0, width: ROW_HEADER_PX + 10 * COLUMN_PX, height: 20 * ROW_PX };
    expect(cellWindow(view, 100, 100)).toEqual({ rowStart: 0, rowEnd: 28, columnStart: 0, columnEnd: 14 });
    expect(cellWindow({ ...view, top: 50 * ROW_PX, left: 40 * COLUMN_PX }, 100, 100)).toEqual({ rowStart: 42, rowEnd: 78, columnStart: 33, columnEnd: 54 });
    expect(cellWindow({ ...view, top: 95 * ROW_PX }, 100, 5)).toEqual({ rowStart: 87, rowEnd: 100, columnStart: 0, columnEnd: 5 });
  });
});
