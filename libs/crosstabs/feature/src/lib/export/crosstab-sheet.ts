import type { CrosstabExportMetric, CrosstabMetric, CrosstabStatistics } from '@aas/shared-contracts';
import { CROSSTAB_METRICS } from '@aas/shared-contracts';
import { LOW_BASE_SAMPLE, type CrosstabCell } from '@aas/crosstab-engine-domain';
import { toCsv, type CsvField } from '@aas/shared-infra/http';
import { toWireCell, type WireCrosstabCell } from '../crosstab-cell.mapper';
import type { PreparedCrosstab } from '../prepare-crosstab';

/** How a metric is shown: its name in a sheet, what it means, its Excel number format, and where the JSON cell holds it. */
export interface MetricDefinition {
  readonly label: string;
  readonly description: string;
  readonly numberFormat: string;
  /** A number, a text (the tests' results), or undefined for a cell that has none (an empty cell). */
  value(cell: WireCrosstabCell): number | string | undefined;
}

/** What a test's result reads as in a sheet: the letters a cell is higher than, or over/under. */
function significanceText(cell: WireCrosstabCell): string | undefined {
  const s = cell.significance;
  if (s === undefined) return undefined;
  if ('test' in s && s.test === 'columns') return s.higher_than.join(' ');
  return s.direction ?? '';
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
  average: {
    label: 'Average',
    description: "the weighted mean of an average item's answers' midpoints over the cell's respondents who gave one (average.value)",
    numberFormat: '0.00',
    value: (c) => c.average?.value,
  },
  significance: {
    label: 'Significance',
    description: 'the test: the letters of the columns of the row a cell is significantly higher than, or over/under the base (significance)',
    numberFormat: '@',
    value: significanceText,
  },
  trend: {
    label: 'Trend',
    description: 'up or down: significantly different from the same cell in the previous wave (trend)',
    numberFormat: '@',
    value: (c) => (c.trend === undefined ? undefined : (c.trend.direction ?? '')),
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
  /** The statistics asked for (valid bases, a test, waves). */
  readonly statistics?: CrosstabStatistics;
  /** With `test=columns`, each column's letter. */
  readonly letters?: readonly string[];
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
  /** The sheet's rows: the crosstab's rows, each once per wave when it is split by wave. */
  readonly rows: readonly SheetAudience[];
  /** The columns, named with their letters under a column test. */
  readonly columns: readonly SheetAudience[];
  /** `cells[r][c]`: the JSON cell of sheet row r and column c. */
  readonly cells: readonly (readonly WireCrosstabCell[])[];
  /** The metrics `all` shows: the six figures, and average, significance and trend when the crosstab has them. */
  readonly metrics: readonly CrosstabMetric[];
  /** Which optional members the long form has columns for. */
  readonly has: { readonly averages: boolean; readonly test?: CrosstabStatistics['test']; readonly waves: boolean; readonly validBases: boolean };
}

const listed = (items: readonly CodeName[]) => items.map((i) => (i.name && i.name !== i.code ? `${i.name} (${i.code})` : i.code)).join('; ');

const PERCENT_BASES = {
  all: 'everyone in the base',
  answered: "row by row, those in the base who answered the row's questions (each cell's base)",
  asked: "row by row, those in the base who were asked the row's questions (each cell's base)",
} as const;

const TESTS = {
  base: 'each column against the whole base (two-proportion z on Kish effective bases)',
  columns: 'columns compared pairwise within each row (design-based standard errors): a cell lists the letters of the columns it is significantly higher than',
  complement: 'each column against the rest of the base (design-based standard errors)',
} as const;

/**
 * The sheet of a computed crosstab: each engine cell mapped to its JSON form (so the sheet and the
 * stream cannot disagree) and placed at its row (and wave) and column, and the header block: base,
 * its size and sample, what percentages are of, the test, dataset, waves, markets, data version and
 * the low-base mark.
 */
export function crosstabSheet(crosstab: PreparedCrosstab, engineCells: readonly CrosstabCell[], context: SheetContext): CrosstabSheet {
  const statistics = context.statistics ?? {};
  const split = statistics.split === 'wave';
  const waves = split ? context.waves : [{ code: '', name: '' }];
  const waveAt = new Map(waves.map((w, i) => [w.code, i]));
  const rows: SheetAudience[] = crosstab.rows.flatMap((row) =>
    waves.map((w) => ({ id: row.id, name: split ? `${row.name} \u00b7 ${w.name || w.code}` : row.name })),
  );
  const cells: WireCrosstabCell[][] = rows.map(() => new Array<WireCrosstabCell>(crosstab.columns.length));
  for (const cell of engineCells) {
    const at = cell.rowIndex * waves.length + (split ? (waveAt.get(cell.wave ?? '') ?? -1) : 0);
    if (at < 0 || at >= cells.length) throw new Error(`a cell of row ${cell.rowIndex} and wave ${cell.wave ?? '-'} the sheet has no row for`);
    cells[at][cell.columnIndex] = toWireCell(cell, crosstab.rows, crosstab.columns, context.letters);
  }
  for (let r = 0; r < cells.length; r++) {
    for (let c = 0; c < crosstab.columns.length; c++) {
      if (cells[r][c] === undefined) throw new Error(`the crosstab has no cell for row ${r}, column ${c}`);
    }
  }
  const percentBase = statistics.percentBase ?? 'all';
  const base = cells[0][0].base;
  const averages = [...crosstab.rows, ...crosstab.columns].some((a) => a.average !== undefined);
  const header: [string, string | number][] = [
    ['Title', context.title],
    ['Base', crosstab.base.name],
    ['Base size (weighted)', percentBase === 'all' && !split ? base.size : "each row's own (base_size in the long form)"],
    ['Base sample', percentBase === 'all' && !split ? base.sample : "each row's own (base_sample in the long form)"],
    ['Percentages of', PERCENT_BASES[percentBase]],
  ];
  if (statistics.test !== undefined) {
    const level = `${Math.round((statistics.level ?? 0.95) * 100)}%`;
    header.push(['Significance', `${TESTS[statistics.test]}; ${level}${statistics.bonferroni ? ', Bonferroni-adjusted for the pairs of a row' : ''}`]);
  }
  if (split) header.push(['Split', 'by wave; each wave tested against the previous one (trend)']);
  header.push(
    ['Dataset', crosstab.dataset],
    ['Waves', listed(context.waves)],
    ['Markets', listed(context.locations)],
    ['Data version', context.dataVersion],
    ['Low base', `${LOW_BASE_MARK} after a value: fewer than ${LOW_BASE_SAMPLE} respondents in the cell (flags.low_base)`],
  );
  return {
    title: context.title,
    header,
    rows,
    columns: crosstab.columns.map(({ id, name }, i) => ({ id, name: context.letters ? `${name} (${context.letters[i]})` : name })),
    cells,
    metrics: [
      ...CROSSTAB_METRICS,
      ...(averages ? (['average'] as const) : []),
      ...(statistics.test !== undefined ? (['significance'] as const) : []),
      ...(split ? (['trend'] as const) : []),
    ],
    has: { averages, test: statistics.test, waves: split, validBases: percentBase !== 'all' },
  };
}

/** The metrics one export shows, in sheet order. */
export function metricsOf(sheet: CrosstabSheet, metric: CrosstabExportMetric): readonly CrosstabMetric[] {
  return metric === 'all' ? sheet.metrics : [metric];
}

/** The header block's line for one metric. */
export function metricLine(metric: CrosstabMetric): readonly [string, string] {
  const definition = METRIC_DEFINITIONS[metric];
  return ['Metric', `${definition.label}: ${definition.description}`];
}

/** The long form's columns and how each cell fills them: the fixed ones, then those of the statistics the crosstab has. */
function longColumns(sheet: CrosstabSheet): [string, (cell: WireCrosstabCell) => CsvField][] {
  const columns: [string, (cell: WireCrosstabCell) => CsvField][] = [
    ['row_index', (c) => c.row_index],
    ['row_id', (c) => c.row.id],
    ['row_name', (c) => c.row.name],
    ['column_index', (c) => c.column_index],
    ['column_id', (c) => c.column.id],
    ['column_name', (c) => c.column.name],
  ];
  if (sheet.has.waves) columns.push(['wave', (c) => c.wave ?? '']);
  if (sheet.has.validBases) columns.push(['base_size', (c) => c.base.size], ['base_sample', (c) => c.base.sample]);
  for (const m of CROSSTAB_METRICS) columns.push([m, (c) => METRIC_DEFINITIONS[m].value(c) ?? '']);
  columns.push(['low_base', (c) => c.flags.low_base]);
  if (sheet.has.averages) {
    columns.push(
      ['average', (c) => c.average?.value ?? ''],
      ['average_std_dev', (c) => c.average?.std_dev ?? ''],
      ['average_std_error', (c) => c.average?.std_error ?? ''],
      ['average_size', (c) => c.average?.size ?? ''],
      ['average_sample', (c) => c.average?.sample ?? ''],
    );
  }
  const test = sheet.has.test;
  if (test === 'columns') {
    columns.push(
      ['column_letter', (c) => c.column.letter ?? ''],
      ['higher_than', (c) => significanceText(c) ?? ''],
      ['std_error', (c) => (c.significance && 'std_error' in c.significance ? c.significance.std_error : '')],
    );
  } else if (test !== undefined) {
    columns.push(
      ['z', (c) => (c.significance && 'z' in c.significance ? c.significance.z : '')],
      ['significant', (c) => (c.significance && 'significant' in c.significance ? c.significance.significant : '')],
      ['direction', (c) => significanceText(c) ?? ''],
    );
    if (test === 'complement') columns.push(['std_error', (c) => (c.significance && 'std_error' in c.significance ? c.significance.std_error : '')]);
  }
  if (sheet.has.waves) {
    columns.push(
      ['trend_z', (c) => c.trend?.z ?? ''],
      ['trend_significant', (c) => c.trend?.significant ?? ''],
      ['trend_direction', (c) => (c.trend ? (c.trend.direction ?? '') : '')],
    );
  }
  return columns;
}

/**
 * The sheet as CSV: the header block (one `label,value` line each), an empty line, then
 * - one metric: rows by columns, the metric's name in the corner, the row names down the first
 *   column, the column names across the first line; a low-base value is followed by `*`;
 * - `all`: the long form, one line per cell (row by row, wave by wave) with the row's and column's
 *   index, id and name, every metric under its JSON name, `low_base` true/false, and the columns
 *   of the statistics the crosstab has (wave, the row's base, average, the test, the trend).
 */
export function crosstabCsv(sheet: CrosstabSheet, metric: CrosstabExportMetric): string {
  const records: CsvField[][] = sheet.header.map(([label, value]) => [label, value]);
  if (metric !== 'all') records.splice(1, 0, [...metricLine(metric)]);
  records.push([]);
  if (metric === 'all') {
    const columns = longColumns(sheet);
    records.push(columns.map(([name]) => name));
    for (const row of sheet.cells) for (const cell of row) records.push(columns.map(([, value]) => value(cell)));
  } else {
    const definition = METRIC_DEFINITIONS[metric];
    records.push([definition.label, ...sheet.columns.map((c) => c.name)]);
    sheet.rows.forEach((row, r) => {
      records.push([
        row.name,
        ...sheet.cells[r].map((cell) => {
          const value = definition.value(cell) ?? '';
          return cell.flags.low_base && typeof value === 'number' ? `${value}${LOW_BASE_MARK}` : value;
        }),
      ]);
    });
  }
  return toCsv(records);
}
