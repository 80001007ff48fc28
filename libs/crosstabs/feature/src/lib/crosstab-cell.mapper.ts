import type { CrosstabCell } from '@aas/crosstab-engine';
import { PreparedAudience } from './prepare-crosstab';

/** One element of the response stream (docs/api-guide.md#crosstab), plus flags, reasons and optional statistics. */
export interface WireCrosstabCell {
  row: { id: string; name: string; expression: unknown };
  row_index: number;
  column: { id: string; name: string; expression: unknown };
  column_index: number;
  audiences: {
    row: { audience: string; size: number; sample: number; percentage: number; intersect_percentage: number };
    column: { audience: string; size: number; sample: number; percentage: number; intersect_percentage: number };
  };
  base: { size: number; sample: number };
  intersect: { size: number; sample: number; percentage: number; index: number };
  flags: { low_base: boolean; unreliable: boolean };
  reasons: string[];
  effective_base?: { base: number; row: number; column: number; intersect: number };
  significance?: { z: number; level: number; significant: boolean; direction: 'over' | 'under' | null; reason?: string };
}

const side = (a: PreparedAudience) => ({ id: a.id, name: a.name, expression: a.wire });

/** Maps an engine cell to the wire; `rows`/`columns` are the whole request's sides (cell indices are absolute). */
export function toWireCell(cell: CrosstabCell, rows: readonly PreparedAudience[], columns: readonly PreparedAudience[]): WireCrosstabCell {
  const row = rows[cell.rowIndex];
  const column = columns[cell.columnIndex];
  return {
    row: side(row),
    row_index: row.index,
    column: side(column),
    column_index: column.index,
    audiences: {
      row: {
        audience: row.id,
        size: cell.row.size,
        sample: cell.row.sample,
        percentage: cell.row.percentage,
        intersect_percentage: cell.row.intersectPercentage,
      },
      column: {
        audience: column.id,
        size: cell.column.size,
        sample: cell.column.sample,
        percentage: cell.column.percentage,
        intersect_percentage: cell.column.intersectPercentage,
      },
    },
    base: { size: cell.base.size, sample: cell.base.sample },
    intersect: { size: cell.intersect.size, sample: cell.intersect.sample, percentage: cell.intersect.percentage, index: cell.intersect.index },
    flags: { low_base: cell.flags.lowBase, unreliable: cell.flags.unreliable },
    reasons: [...cell.reasons],
    ...(cell.effectiveBase ? { effective_base: { ...cell.effectiveBase } } : {}),
    ...(cell.significance ? { significance: { ...cell.significance } } : {}),
  };
}
