/*
 * The documented meanings of a chart's integer codes and enumerated strings (the chart's wire
 * members carry bare integers). Pure, so the DTOs, the OpenAPI document and the calculation share one definition.
 */

/**
 * The chart metrics (docs/metrics.md#chart-metrics), in the order results list them: the nine of
 * every stat, and `average`, which only a stat of a numeric or scale question has.
 */
export const CHART_METRICS = [
  'audience_index',
  'audience_percentage',
  'audience_sample',
  'audience_size',
  'average',
  'datapoint_percentage',
  'datapoint_sample',
  'datapoint_size',
  'positive_sample',
  'positive_size',
] as const;
export type ChartMetric = (typeof CHART_METRICS)[number];

/** `group_type`: how stats share a `group_id`. */
export const GROUP_TYPES = {
  /** Every attribute is its own group (group_id = its 1-based position in the chart). */
  attribute: 0,
  /** Attributes of the same question share a group (numbered in order of first appearance, from 1). */
  question: 1,
  /** Attributes of the same namespace (dataset) share a group (numbered likewise). */
  namespace: 2,
} as const;

/** `view_type`: how clients draw the chart; stored and answered, no effect on numbers. */
export const VIEW_TYPES = { bar: 0, column: 1, line: 2, table: 3, pie: 4 } as const;

/** `sort_type`: the order of `stats`. */
export const SORT_TYPES = {
  /** The order of the chart's `attributes`. */
  none: 0,
  ascending: 1,
  descending: 2,
} as const;

/**
 * `sort_parameter_type`: what stats are sorted by, with `sort_parameter_value` naming the
 * audience (its `id`; empty = the first audience) whose row (first segment) supplies the value.
 */
export const SORT_PARAMETER_TYPES = {
  audience_percentage: 0,
  audience_index: 1,
  audience_size: 2,
  datapoint_percentage: 3,
  datapoint_size: 4,
  positive_size: 5,
  /** The datapoint label, alphabetically (no audience involved). */
  label: 6,
} as const;

/** `test` of a calculation: what the significance of each data row compares (docs/metrics.md#column-tests). */
export const CHART_TESTS = ['base', 'columns', 'complement'] as const;

/** `splitter`: '' = no split; 'wave' / 'location' = one data row per wave / location. */
export const SPLITTERS = ['', 'wave', 'location'] as const;

/** The `segment` of a data row of an unsplit chart. */
export const ALL_SEGMENT = 'all';

const values = (o: Record<string, number>): number[] => Object.values(o);
export const GROUP_TYPE_VALUES = values(GROUP_TYPES);
export const VIEW_TYPE_VALUES = values(VIEW_TYPES);
export const SORT_TYPE_VALUES = values(SORT_TYPES);
export const SORT_PARAMETER_TYPE_VALUES = values(SORT_PARAMETER_TYPES);

/** "0 = attribute, 1 = question, ..." for OpenAPI descriptions. */
export function describeCodes(o: Record<string, number>): string {
  return Object.entries(o)
    .map(([name, code]) => `${code} = ${name}`)
    .join(', ');
}

/**
 * Per-stat errors of a calculation (docs/api-guide.md#chart-calculation): `code` is an HTTP-like status, `error_type` a
 * stable string, `error` a sentence. A good stat has code 200 and empty strings.
 */
export const STAT_ERRORS = {
  /** The attribute's namespace, question, datapoint or suffix is not in the catalogue. */
  unknown_attribute: 404,
  /** The attribute's question belongs to a dataset the organisation is not licensed for. */
  attribute_not_licensed: 403,
  /** The chart's base audience no longer validates (unknown code, unlicensed dataset), so nothing can be computed. */
  invalid_base_audience: 422,
  /**
   * The attribute's question shares no dataset with the questions of the base and the audiences:
   * no one respondent universe holds them all (docs/metrics.md#one-dataset-per-query).
   */
  incompatible_attribute: 409,
} as const;
export type StatErrorType = keyof typeof STAT_ERRORS;

/**
 * Errors of an audience in `meta.audience_errors` (same members as a stat's): the audience's rows
 * are left out of every stat, the other audiences are still computed.
 */
export const AUDIENCE_ERRORS = {
  /** The expression names a question, datapoint or suffix the catalogue does not have, or is malformed. */
  invalid_audience: 422,
  /** The expression uses a dataset the organisation is not licensed for. */
  audience_not_licensed: 403,
} as const;
export type AudienceErrorType = keyof typeof AUDIENCE_ERRORS;
