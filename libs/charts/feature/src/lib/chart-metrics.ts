import { chartPercentages, percentage, type CellTest, type SignificanceResult, type TrendResult } from '@aas/crosstab-engine-domain';
import { CHART_METRICS, ChartMetric } from './chart-codes';

/** What a chart needs of an engine cell (a structural subset of @aas/crosstab-engine-domain CrosstabCell). */
export interface ChartCell {
  readonly base: { readonly size: number; readonly sample: number };
  /** The datapoint within the base; intersectPercentage = positive / datapoint x 100. */
  readonly row: { readonly size: number; readonly sample: number; readonly intersectPercentage: number };
  /** The audience within the base; intersectPercentage = positive / audience x 100. */
  readonly column: { readonly size: number; readonly sample: number; readonly intersectPercentage: number };
  /** Datapoint AND audience within the base; index = positive x base / (datapoint x audience) x 100. */
  readonly intersect: { readonly size: number; readonly sample: number; readonly index: number };
  /** The stat's average over the audience (a numeric or scale question). */
  readonly average?: { readonly value: number };
  /** The calculation's test of this data row, and (split by wave) its trend. */
  readonly significance?: SignificanceResult | CellTest;
  readonly trend?: TrendResult;
}

/** Every metric of a data row; `average` only for a stat of a numeric or scale question. */
export type ChartMetrics = Record<Exclude<ChartMetric, 'average'>, number> & { average?: number };

/**
 * The three chart ratios (docs/metrics.md#chart-metrics) from sizes: audience % = positive / audience,
 * datapoint % = positive / datapoint, audience index = audience % / (datapoint / base x 100) x 100.
 * Zero denominators give 0.
 */
export function chartRatios(
  positive: number,
  audience: number,
  datapoint: number,
  base: number,
): Pick<ChartMetrics, 'audience_percentage' | 'datapoint_percentage' | 'audience_index'> {
  const p = chartPercentages(positive, audience, datapoint, base);
  return { audience_percentage: p.audiencePercentage, datapoint_percentage: p.datapointPercentage, audience_index: p.audienceIndex };
}

/**
 * The nine chart metrics every stat has, of one datapoint x audience cell, taken from the engine's crosstab cell
 * with datapoints as rows and audiences as columns, so they are the crosstab's numbers bit for bit:
 * audience_* = column, datapoint_* = row, positive_* = intersect, audience % = column's
 * "% of column", datapoint % = row's "% of row", audience index = intersect index.
 *
 * `indexAgainst` (a segment measured against the whole selection, `segmented_base: false`) replaces
 * the index's base share with that of the whole selection: audience % / (datapoint / base x 100) x 100.
 */
export function chartMetricsOf(cell: ChartCell, indexAgainst?: { datapointSize: number; baseSize: number }): ChartMetrics {
  return {
    audience_index: indexAgainst
      ? percentage(cell.column.intersectPercentage, percentage(indexAgainst.datapointSize, indexAgainst.baseSize))
      : cell.intersect.index,
    audience_percentage: cell.column.intersectPercentage,
    audience_sample: cell.column.sample,
    audience_size: cell.column.size,
    datapoint_percentage: cell.row.intersectPercentage,
    datapoint_sample: cell.row.sample,
    datapoint_size: cell.row.size,
    positive_sample: cell.intersect.sample,
    positive_size: cell.intersect.size,
    ...(cell.average !== undefined ? { average: cell.average.value } : {}),
  };
}

/** The metrics a chart selects (`metrics`; empty = all), in the canonical order; `average` where the stat has one. */
export function selectMetrics(all: ChartMetrics, selected: readonly string[]): Partial<ChartMetrics> {
  const wanted = selected.length === 0 ? CHART_METRICS : CHART_METRICS.filter((m) => selected.includes(m));
  const out: Partial<ChartMetrics> = {};
  for (const m of wanted) if (all[m] !== undefined) out[m] = all[m];
  return out;
}
