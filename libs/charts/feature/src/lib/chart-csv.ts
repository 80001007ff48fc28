import { toCsv, type CsvField } from '@aas/shared-infra/http';
import type { ChartCalculation, ChartDataRow } from './assemble-chart-result';
import { CHART_METRICS } from './chart-codes';

export interface CodeName {
  readonly code: string;
  readonly name: string;
}

/** What the CSV's header block says besides the calculation. */
export interface ChartCsvContext {
  readonly name: string;
  readonly baseAudienceName: string;
  /** Every audience of the chart by id, for the names of the data rows. */
  readonly audienceNames: ReadonlyMap<string, string>;
  /** The chart's `metrics` (empty: all nine). */
  readonly metrics: readonly string[];
  readonly dataVersion: string;
  readonly waves: readonly CodeName[];
  readonly locations: readonly CodeName[];
}

/** The attribute members each line repeats, as the stat's `attributes[0]` names them. */
const ATTRIBUTE_COLUMNS = ['namespace_code', 'question_code', 'question_label', 'datapoint_code', 'datapoint_label', 'suffix_code', 'suffix_label'] as const;

/** The data row's test and trend (empty when the calculation has none): the letter, the letters it beats or z and direction, the trend. */
const STATISTIC_COLUMNS = ['letter', 'higher_than', 'z', 'direction', 'trend_z', 'trend_direction'] as const;

function statisticsOf(row: ChartDataRow): CsvField[] {
  const s = row.significance;
  return [
    row.letter ?? null,
    s && 'higher_than' in s ? s.higher_than.join(' ') : null,
    s && 'z' in s ? s.z : null,
    s && 'direction' in s ? (s.direction ?? '') : null,
    row.trend?.z ?? null,
    row.trend ? (row.trend.direction ?? '') : null,
  ];
}

const listed = (items: readonly CodeName[]) => items.map((i) => (i.name && i.name !== i.code ? `${i.name} (${i.code})` : i.code)).join('; ');

/**
 * A chart calculation as CSV: a header block (chart, base audience, waves, markets, split, data
 * version), an empty line, then the long form of the JSON, one line per data row in the JSON's
 * order (stats as sorted, their rows as listed): the stat's attribute, dataset and group, the
 * audience (id and name), segment and waves, the metrics the chart returns (their JSON names, in
 * the JSON's order), the stat's code and error_type, and the data row's test and trend (empty
 * when the calculation has none). A stat without data (an error) has one line with its attribute,
 * code and error_type and empty metrics.
 */
export function chartCsv(calculation: ChartCalculation, context: ChartCsvContext): string {
  const metrics = context.metrics.length === 0 ? CHART_METRICS : CHART_METRICS.filter((m) => context.metrics.includes(m));
  const splitter = String(calculation.meta['splitter'] ?? '');
  const records: CsvField[][] = [
    ['Chart', context.name],
    ['Base', context.baseAudienceName],
    ['Waves', listed(context.waves)],
    ['Markets', listed(context.locations)],
    ['Split by', splitter === '' ? 'nothing (segment all)' : splitter],
    ['Data version', context.dataVersion],
    [],
    [
      'order',
      ...ATTRIBUTE_COLUMNS,
      'dataset',
      'group_id',
      'audience',
      'audience_name',
      'segment',
      'waves',
      ...metrics,
      'code',
      'error_type',
      ...STATISTIC_COLUMNS,
    ],
  ];
  for (const stat of calculation.stats) {
    const attribute = stat.attributes[0] ?? {};
    const lead: CsvField[] = [
      attribute['order'] as number,
      ...ATTRIBUTE_COLUMNS.map((member) => String(attribute[member] ?? '')),
      String(stat.meta['dataset'] ?? ''),
      stat.group_id,
    ];
    const tail: CsvField[] = [stat.code, stat.error_type];
    if (stat.data.length === 0) {
      records.push([...lead, '', '', '', '', ...metrics.map(() => null), ...tail, ...STATISTIC_COLUMNS.map(() => null)]);
      continue;
    }
    for (const row of stat.data) {
      records.push([
        ...lead,
        row.audience,
        context.audienceNames.get(row.audience) ?? row.audience,
        row.segment,
        row.waves.join(';'),
        ...metrics.map((m) => row.metrics[m] ?? null),
        ...tail,
        ...statisticsOf(row),
      ]);
    }
  }
  return toCsv(records);
}
