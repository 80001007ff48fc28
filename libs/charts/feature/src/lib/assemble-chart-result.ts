import { columnLetter, type CellTest, type SignificanceResult, type TestKind, type TrendResult } from '@aas/crosstab-engine-domain';
import { ALL_SEGMENT, GROUP_TYPES, SORT_PARAMETER_TYPES, SORT_TYPES, STAT_ERRORS } from './chart-codes';
import { ChartDefinition } from './chart-definition';
import { ChartCell, chartMetricsOf, ChartMetrics, selectMetrics } from './chart-metrics';
import { PreparedAttribute, PreparedChart } from './prepare-chart-calculation';

/** What one dataset group's job answered: cells row-major (datapoints x audiences). */
export interface GroupCells {
  segments: { segment: string; waves: string[]; locations: string[]; cells: ChartCell[] }[];
  total: ChartCell[] | null;
}

export interface ChartDataRow {
  audience: string;
  segment: string;
  waves: string[];
  metrics: Partial<ChartMetrics>;
  /** With `test=columns`: the audience's letter. */
  letter?: string;
  /** The calculation's test of audience_percentage (docs/metrics.md#column-tests). */
  significance?: ChartSignificance;
  /** Split by wave, from the second wave: audience_percentage against the previous wave. */
  trend?: { previous: string; level: number; z: number; significant: boolean; direction: 'up' | 'down' | null; reason?: string };
}

/** A data row's test in its wire form (the crosstab cell's `significance`, snake_case). */
export type ChartSignificance =
  | { z: number; level: number; significant: boolean; direction: 'over' | 'under' | null; reason?: string }
  | { test: 'columns'; level: number; higher_than: string[]; std_error: number; critical: number; reason?: string }
  | { test: 'complement'; level: number; z: number; significant: boolean; direction: 'over' | 'under' | null; std_error: number; reason?: string };

function significanceOf(s: SignificanceResult | CellTest): ChartSignificance {
  if (!('test' in s)) return { ...s };
  const reason = s.reason === undefined ? {} : { reason: s.reason };
  if (s.test === 'columns') return { test: 'columns', level: s.level, higher_than: [...s.higherThan], std_error: s.stdError, critical: s.critical, ...reason };
  return { test: 'complement', level: s.level, z: s.z, significant: s.significant, direction: s.direction, std_error: s.stdError, ...reason };
}

/** The members a data row has besides its metrics: the test, the letter, the trend. */
function extrasOf(cell: ChartCell, letter: string | undefined): Pick<ChartDataRow, 'letter' | 'significance' | 'trend'> {
  return {
    ...(letter !== undefined ? { letter } : {}),
    ...(cell.significance ? { significance: significanceOf(cell.significance) } : {}),
    ...(cell.trend ? { trend: { ...(cell.trend as TrendResult) } } : {}),
  };
}

/** What a calculation added to the chart (its test). */
export interface ChartCalculationOptions {
  readonly test?: TestKind;
}

export interface ChartStat {
  attributes: Record<string, unknown>[];
  code: number;
  data: ChartDataRow[];
  error: string;
  error_type: string;
  group_id: number;
  meta: Record<string, unknown>;
}

export interface ChartCalculation {
  meta: Record<string, unknown>;
  stats: ChartStat[];
}

const SORT_METRIC: Record<number, keyof ChartMetrics | undefined> = {
  [SORT_PARAMETER_TYPES.audience_percentage]: 'audience_percentage',
  [SORT_PARAMETER_TYPES.audience_index]: 'audience_index',
  [SORT_PARAMETER_TYPES.audience_size]: 'audience_size',
  [SORT_PARAMETER_TYPES.datapoint_percentage]: 'datapoint_percentage',
  [SORT_PARAMETER_TYPES.datapoint_size]: 'datapoint_size',
  [SORT_PARAMETER_TYPES.positive_size]: 'positive_size',
};

/** group_id of every attribute, per `group_type` (1-based, in order of first appearance). */
export function groupIds(attributes: readonly PreparedAttribute[], groupType: number): number[] {
  if (groupType === GROUP_TYPES.attribute) return attributes.map((a) => a.index + 1);
  const seen = new Map<string, number>();
  return attributes.map((a) => {
    const key = groupType === GROUP_TYPES.question ? `${a.input.namespace_code}.${a.input.question_code}` : a.input.namespace_code;
    const id = seen.get(key) ?? seen.size + 1;
    seen.set(key, id);
    return id;
  });
}

/**
 * Turns the engine's cells into a chart calculation (docs/api-guide.md#chart-calculation): one stat per attribute (in the chart's
 * order, or sorted), each with one data row per good audience (x segment); an attribute that did
 * not resolve, or every attribute when the base no longer validates, carries its own code, error
 * and error_type and no data. Audiences that no longer validate are listed in
 * `meta.audience_errors` and have no rows. Pure: no I/O.
 */
export function assembleChartResult(
  chart: ChartDefinition,
  prepared: PreparedChart,
  results: ReadonlyMap<string, GroupCells>,
  enrich: (attribute: PreparedAttribute) => Record<string, unknown>,
  options: ChartCalculationOptions = {},
): ChartCalculation {
  const letters = options.test === 'columns' ? prepared.audiences.map((_, c) => columnLetter(c)) : undefined;
  const ids = groupIds(prepared.attributes, chart.group_type);
  const columns = prepared.audiences.length;
  const keep = (segment: string) => chart.segments.length === 0 || chart.segments.includes(segment);
  const rowOf = new Map<number, { group: string; row: number }>();
  for (const g of prepared.groups) g.attributes.forEach((index, row) => rowOf.set(index, { group: g.dataset, row }));

  const stats = prepared.attributes.map((attribute): ChartStat => {
    const base: Omit<ChartStat, 'code' | 'error' | 'error_type' | 'data'> = {
      attributes: [enrich(attribute)],
      group_id: ids[attribute.index],
      meta: attribute.dataset ? { dataset: attribute.dataset } : {},
    };
    if (attribute.error) return { ...base, code: attribute.error.code, error: attribute.error.error, error_type: attribute.error.error_type, data: [] };
    const at = rowOf.get(attribute.index);
    if (prepared.baseError !== undefined || at === undefined) {
      return {
        ...base,
        code: STAT_ERRORS.invalid_base_audience,
        error: prepared.baseError ?? 'The base audience cannot be calculated',
        error_type: 'invalid_base_audience',
        data: [],
      };
    }
    const cells = results.get(at.group) ?? { segments: [], total: null };
    const data: ChartDataRow[] = [];
    prepared.audiences.forEach((audience, c) => {
      const i = at.row * columns + c;
      if (cells.segments.length === 0 && cells.total) {
        const cell = cells.total[i];
        data.push({ audience: audience.id, segment: ALL_SEGMENT, waves: prepared.waves, metrics: chartMetricsOf(cell), ...extrasOf(cell, letters?.[c]) });
        return;
      }
      const whole = cells.total?.[i];
      for (const s of cells.segments) {
        if (!keep(s.segment)) continue;
        const against = whole ? { datapointSize: whole.row.size, baseSize: whole.base.size } : undefined;
        const cell = s.cells[i];
        data.push({ audience: audience.id, segment: s.segment, waves: s.waves, metrics: chartMetricsOf(cell, against), ...extrasOf(cell, letters?.[c]) });
      }
    });
    return { ...base, code: 200, error: '', error_type: '', data };
  });

  return {
    meta: {
      waves: prepared.waves,
      locations: prepared.locations,
      datasets: prepared.groups.map((g) => g.dataset),
      splitter: chart.splitter,
      segmented_base: chart.segmented_base,
      metrics: chart.metrics.length > 0 ? chart.metrics : undefined,
      base_audience: chart.base_audience.id,
      audiences: prepared.audiences.map((a) => a.id),
      audience_errors: prepared.audienceErrors,
      ...(options.test !== undefined ? { test: options.test } : {}),
      ...(letters ? { letters: Object.fromEntries(prepared.audiences.map((a, c) => [a.id, letters[c]])) } : {}),
    },
    // Sorted on every metric, then trimmed to the ones the chart returns.
    stats: sortStats(stats, chart, prepared).map((stat) => ({
      ...stat,
      data: stat.data.map((d) => ({ ...d, metrics: selectMetrics(d.metrics as ChartMetrics, chart.metrics) })),
    })),
  };
}

/** Orders stats per sort_type / sort_parameter_type; stats without a value (errors) go last, ties keep the chart's order. */
export function sortStats(stats: ChartStat[], chart: ChartDefinition, prepared: PreparedChart): ChartStat[] {
  if (chart.sort_type === SORT_TYPES.none) return stats;
  const direction = chart.sort_type === SORT_TYPES.descending ? -1 : 1;
  const audience = chart.sort_parameter_value || prepared.audiences[0]?.id;
  const valueOf = (stat: ChartStat): number | string | undefined => {
    if (stat.code !== 200) return undefined;
    if (chart.sort_parameter_type === SORT_PARAMETER_TYPES.label) return String(stat.attributes[0]?.datapoint_label ?? '');
    const metric = SORT_METRIC[chart.sort_parameter_type];
    const row = stat.data.find((d) => d.audience === audience);
    if (!metric || !row) return undefined;
    return row.metrics[metric];
  };
  const keyed = stats.map((stat, i) => ({ stat, i, v: valueOf(stat) }));
  keyed.sort((a, b) => {
    if (a.v === undefined || b.v === undefined) return a.v === undefined ? (b.v === undefined ? a.i - b.i : 1) : -1;
    const cmp = typeof a.v === 'string' ? a.v.localeCompare(String(b.v)) : a.v - (b.v as number);
    return cmp !== 0 ? cmp * direction : a.i - b.i;
  });
  return keyed.map((k) => k.stat);
}
