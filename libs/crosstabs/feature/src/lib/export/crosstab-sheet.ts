import type { CrosstabExportMetric, CrosstabMetric } from '@aas/contracts';
import { CROSSTAB_METRICS } from '@aas/contracts';
import { LOW_BASE_SAMPLE, type CrosstabCell } from '@aas/crosstab-engine';
import { toCsv, type CsvField } from '@aas/infra/http';
import { toWireCell, type WireCrosstabCell } from '../crosstab-cell.mapper';
import type { PreparedCrosstab } from '../prepare-crosstab';

/** How a metric is shown: its name in a sheet, what it means, its Excel number format, and where the JSON cell holds it. */
export interface MetricDefinition {
  readonly label: string;
  readonly description: string;
  readonly numberFormat: string;
  value(cell: WireCrosstabCell): number;
}

export const METRIC_DEFINITIONS: { readonly [M in CrosstabMetric]: MetricDefinition } = {
  column_percentage: {
    label: 'Column %',
    description: 'share of the column audience in the row: intersect size / column size x 100 (audiences.column.intersect_percentage)',
    numberFormat: '0.0',
    value: (c) => c.audiences.column.intersect_percentage,
  },
  row_percentage: {
    label: 'Row %',
    description: 'share of the row audience in the column: intersect size / row size x 100 (audiences.row.intersect_percentage)',
    numberFormat: '0.0',
    value: (c) => c.audiences.row.intersect_percentage,
  },
  percentage: {
    label: '% of base',
    description: 'intersect size / base size x 100 (intersect.percentage)',
    numberFormat: '0.0',
    value: (c) => c.intersect.percentage,
  },
  index: {
    label: 'Index',
    description: 'intersect size x base size / (row size x column size) x 100; 100 = as likely as the base (intersect.index)',
    numberFormat: '0',
    value: (c) => c.intersect.index,
  },
  size: {
    label: 'Size',
    description: 'weighted size of the intersect; with several waves, the mean of the per-wave sums (intersect.size)',
    numberFormat: '#,##0',
    value: (c) => c.intersect.size,
  },
  sample: {
    label: 'Sample',
    description: 'respondents in the intersect (intersect.sample)',
    numberFormat: '#,##0',
    value: (c) => c.intersect.sample,
  },
};

/** What marks a low-base cell in a sheet (after the number). */
export const LOW_BASE_MARK = '*';

export interface CodeName {
  readonly code: string;
  readonly name: string;
}

/** What the header block says besides the crosstab itself. */
export interface SheetContext {
  readonly title: string;
  /** The data version the catalogue was read at (it changes with every seed or import). */
  readonly dataVersion: string;
  /** The selected waves and locations with their catalogue names, in the crosstab's order. */
  readonly waves: readonly CodeName[];
  readonly locations: readonly CodeName[];
}

export interface SheetAudience {
  readonly id: string;
  readonly name: string;
}

/** A computed crosstab laid out for a sheet: a header block, then rows by columns of cells. */
export interface CrosstabSheet {
  readonly title: string;
  /** Label and value pairs, in order (the metric's own line is added per sheet). */
  readonly header: readonly (readonly [string, string | number])[];
  readonly rows: readonly SheetAudience[];
  readonly columns: readonly SheetAudience[];
  /** `cells[r][c]`: the JSON cell of row r and column c. */
  readonly cells: readonly (readonly WireCrosstabCell[])[];
}

const listed = (items: readonly CodeName[]) => items.map((i) => (i.name && i.name !== i.code ? `${i.name} (${i.code})` : i.code)).join('; ');

/**
 * The sheet of a computed crosstab: each engine cell mapped to its JSON form (so the sheet and the
 * stream cannot disagree) and placed at its row and column, and the header block: base, its size
 * and sample, dataset, waves, markets, data version and the low-base mark.
 */
export function crosstabSheet(crosstab: PreparedCrosstab, engineCells: readonly CrosstabCell[], context: SheetContext): CrosstabSheet {
  const cells: WireCrosstabCell[][] = crosstab.rows.map(() => new Array<WireCrosstabCell>(crosstab.columns.length));
  for (const cell of engineCells) cells[cell.rowIndex][cell.columnIndex] = toWireCell(cell, crosstab.rows, crosstab.columns);
  for (let r = 0; r < cells.length; r++) {
    for (let c = 0; c < crosstab.columns.length; c++) {
      if (cells[r][c] === undefined) throw new Error(`the crosstab has no cell for row ${r}, column ${c}`);
    }
  }
  const base = cells[0][0].base;
  return {
    title: context.title,
    header: [
      ['Title', context.title],
      ['Base', crosstab.base.name],
      ['Base size (weighted)', base.size],
      ['Base sample', base.sample],
      ['Dataset', crosstab.dataset],
      ['Waves', listed(context.waves)],
      ['Markets', listed(context.locations)],
      ['Data version', context.dataVersion],
      ['Low base', `${LOW_BASE_MARK} after a value: fewer than ${LOW_BASE_SAMPLE} respondents in the cell (flags.low_base)`],
    ],
    rows: crosstab.rows.map(({ id, name }) => ({ id, name })),
    columns: crosstab.columns.map(({ id, name }) => ({ id, name })),
    cells,
  };
}

/** The metrics one export shows, in sheet order. */
export function metricsOf(metric: CrosstabExportMetric): readonly CrosstabMetric[] {
  return metric === 'all' ? CROSSTAB_METRICS : [metric];
}

/** The header block's line for one metric. */
export function metricLine(metric: CrosstabMetric): readonly [string, string] {
  const definition = METRIC_DEFINITIONS[metric];
  return ['Metric', `${definition.label}: ${definition.description}`];
}

/** The long form's columns after the cell's row and column. */
const LONG_COLUMNS = ['row_index', 'row_id', 'row_name', 'column_index', 'column_id', 'column_name', ...CROSSTAB_METRICS, 'low_base'] as const;

/**
 * The sheet as CSV: the header block (one `label,value` line each), an empty line, then
 * - one metric: rows by columns, the metric's name in the corner, the row names down the first
 *   column, the column names across the first line; a low-base value is followed by `*`;
 * - `all`: the long form, one line per cell (row by row) with the row's and column's index, id and
 *   name, every metric under its JSON name, and `low_base` true/false.
 */
export function crosstabCsv(sheet: CrosstabSheet, metric: CrosstabExportMetric): string {
  const records: CsvField[][] = sheet.header.map(([label, value]) => [label, value]);
  if (metric !== 'all') records.splice(1, 0, [...metricLine(metric)]);
  records.push([]);
  if (metric === 'all') {
    records.push([...LONG_COLUMNS]);
    for (const row of sheet.cells) {
      for (const cell of row) {
        records.push([
          cell.row_index,
          cell.row.id,
          cell.row.name,
          cell.column_index,
          cell.column.id,
          cell.column.name,
          ...CROSSTAB_METRICS.map((m) => METRIC_DEFINITIONS[m].value(cell)),
          cell.flags.low_base,
        ]);
      }
    }
  } else {
    const definition = METRIC_DEFINITIONS[metric];
    records.push([definition.label, ...sheet.columns.map((c) => c.name)]);
    sheet.rows.forEach((row, r) => {
      records.push([
        row.name,
        ...sheet.cells[r].map((cell) => {
          const value = definition.value(cell);
          return cell.flags.low_base ? `${value}${LOW_BASE_MARK}` : value;
        }),
      ]);
    });
  }
  return toCsv(records);
}
