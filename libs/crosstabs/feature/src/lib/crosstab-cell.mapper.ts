import type { AverageResult, CellTest, CrosstabCell, SignificanceResult, TrendResult } from '@aas/crosstab-engine-domain';
import { PreparedAudience } from './prepare-crosstab';

/** The base test (column against the base), as every cell had it before other tests. */
export interface WireBaseTest {
  z: number;
  level: number;
  significant: boolean;
  direction: 'over' | 'under' | null;
  reason?: string;
}

/** `test=columns`: the letters of the columns of the row this cell is significantly higher than. */
export interface WireColumnTest {
  test: 'columns';
  level: number;
  higher_than: string[];
  std_error: number;
  critical: number;
  reason?: string;
}

/** `test=complement`: the column against the rest of the base. */
export interface WireComplementTest {
  test: 'complement';
  level: number;
  z: number;
  significant: boolean;
  direction: 'over' | 'under' | null;
  std_error: number;
  reason?: string;
}

export interface WireAverage {
  value: number;
  std_dev: number;
  std_error: number;
  size: number;
  sample: number;
  reason?: string;
}

export interface WireTrend {
  previous: string;
  level: number;
  z: number;
  significant: boolean;
  direction: 'up' | 'down' | null;
  reason?: string;
}

/** A row or column as each cell names it; `avg` for an average item, `letter` with `test=columns`. */
export interface WireSide {
  id: string;
  name: string;
  expression: unknown;
  avg?: unknown;
  letter?: string;
}

/** One element of the response stream (docs/api-guide.md#crosstab), plus flags, reasons and optional statistics. */
export interface WireCrosstabCell {
  row: WireSide;
  row_index: number;
  column: WireSide;
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
  significance?: WireBaseTest | WireColumnTest | WireComplementTest;
  average?: WireAverage;
  wave?: string;
  trend?: WireTrend;
}

/** A side of a cell as the wire names it: id, name, expression, the avg of an average item, the column's letter. */
export function wireSide(a: PreparedAudience, letter?: string): WireSide {
  return { id: a.id, name: a.name, expression: a.wire, ...(a.avg ? { avg: a.avg } : {}), ...(letter !== undefined ? { letter } : {}) };
}

/** The cell's test in its wire form. */
export function wireSignificance(s: SignificanceResult | CellTest): WireBaseTest | WireColumnTest | WireComplementTest {
  if (!('test' in s)) return { ...s };
  const reason = s.reason === undefined ? {} : { reason: s.reason };
  if (s.test === 'columns') return { test: 'columns', level: s.level, higher_than: [...s.higherThan], std_error: s.stdError, critical: s.critical, ...reason };
  return { test: 'complement', level: s.level, z: s.z, significant: s.significant, direction: s.direction, std_error: s.stdError, ...reason };
}

export function wireAverage(a: AverageResult): WireAverage {
  return { value: a.value, std_dev: a.stdDev, std_error: a.stdError, size: a.size, sample: a.sample, ...(a.reason === undefined ? {} : { reason: a.reason }) };
}

export function wireTrend(t: TrendResult): WireTrend {
  return { ...t };
}

/** The members after `reasons` that only some cells carry, in wire order. */
export function wireExtras(cell: CrosstabCell): Pick<WireCrosstabCell, 'effective_base' | 'significance' | 'average' | 'wave' | 'trend'> {
  return {
    ...(cell.effectiveBase ? { effective_base: { ...cell.effectiveBase } } : {}),
    ...(cell.significance ? { significance: wireSignificance(cell.significance) } : {}),
    ...(cell.average ? { average: wireAverage(cell.average) } : {}),
    ...(cell.wave !== undefined ? { wave: cell.wave } : {}),
    ...(cell.trend ? { trend: wireTrend(cell.trend) } : {}),
  };
}

/**
 * Maps an engine cell to the wire; `rows`/`columns` are the whole request's sides (cell indices are
 * absolute); `letters`, with `test=columns`, each column's letter.
 */
export function toWireCell(
  cell: CrosstabCell,
  rows: readonly PreparedAudience[],
  columns: readonly PreparedAudience[],
  letters?: readonly string[],
): WireCrosstabCell {
  const row = rows[cell.rowIndex];
  const column = columns[cell.columnIndex];
  return {
    row: wireSide(row),
    row_index: row.index,
    column: wireSide(column, letters?.[cell.columnIndex]),
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
    ...wireExtras(cell),
  };
}
