/**
 * Crosstab exports (CSV, Excel) as other domains may ask for them: the saved crosstabs export a
 * stored project through this contract, computed on request by the crosstab feature, which owns
 * the checks, the engine call and the sheet layout. Injected through the abstract class.
 */

/**
 * The metrics of a crosstab cell an export can show, named as in the JSON cell:
 * `column_percentage` = `audiences.column.intersect_percentage` (% of column),
 * `row_percentage` = `audiences.row.intersect_percentage` (% of row),
 * `percentage` = `intersect.percentage` (% of base), `index` = `intersect.index`,
 * `size` = `intersect.size` (weighted), `sample` = `intersect.sample` (respondents).
 */
export const CROSSTAB_METRICS = ['column_percentage', 'row_percentage', 'percentage', 'index', 'size', 'sample'] as const;
/**
 * What an export can show besides: `average` (`average.value` of an average item's cells),
 * `significance` (the test's result: the letters a cell is higher than, or over/under) and `trend`
 * (up/down against the previous wave). `all` shows each only when the crosstab has it.
 */
export const CROSSTAB_STATISTIC_METRICS = ['average', 'significance', 'trend'] as const;
export type CrosstabMetric = (typeof CROSSTAB_METRICS)[number] | (typeof CROSSTAB_STATISTIC_METRICS)[number];

/** One metric, or `all`: one sheet per metric (Excel), one line per cell with every metric (CSV). */
export const CROSSTAB_EXPORT_METRICS = [...CROSSTAB_METRICS, ...CROSSTAB_STATISTIC_METRICS, 'all'] as const;
export type CrosstabExportMetric = (typeof CROSSTAB_EXPORT_METRICS)[number];

/** What an export's `metric` parameter means (OpenAPI), for every operation that exports a crosstab. */
export const METRIC_PARAMETER_DESCRIPTION =
  'CSV and Excel only: the metric the sheet shows, named as in the JSON cell: `column_percentage` ' +
  '(audiences.column.intersect_percentage, % of column), `row_percentage` (audiences.row.intersect_percentage, % of row), ' +
  '`percentage` (intersect.percentage, % of base), `index` (intersect.index), `size` (intersect.size, weighted), ' +
  '`sample` (intersect.sample, respondents), `average` (average.value of an average item), `significance` (the test: the ' +
  'letters of the columns a cell is significantly higher than, or over/under), `trend` (up/down against the previous wave); ' +
  '`all` (the default): one worksheet per metric in Excel (average, significance and trend when the crosstab has them), and in CSV ' +
  'the long form, one line per cell with every metric as a column.';

export const CSV_MEDIA_TYPE = 'text/csv';
export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export type ExportMediaType = typeof CSV_MEDIA_TYPE | typeof XLSX_MEDIA_TYPE;

/**
 * An audience of the crosstab, its expression in the standard wire form (as POST /v2/query/crosstab
 * takes it), or an average item (`avg`: question with `with_datapoints` or `with_suffixes`), or both.
 */
export interface CrosstabAudienceInput {
  readonly id?: string;
  readonly name?: string;
  readonly expression?: Record<string, unknown>;
  readonly avg?: object;
}

/** What percentages are of, row by row (docs/metrics.md#valid-bases). */
export type CrosstabPercentBase = 'all' | 'asked' | 'answered';

/** The statistics a crosstab may carry besides its figures (the query options of POST /v2/query/crosstab). */
export interface CrosstabStatistics {
  readonly percentBase?: CrosstabPercentBase;
  /** Confidence level of the test (and of trends), as a share. */
  readonly level?: 0.9 | 0.95 | 0.99;
  /** The test asked for (`base` when only a level is given). */
  readonly test?: 'base' | 'columns' | 'complement';
  readonly bonferroni?: boolean;
  readonly effectiveBase?: boolean;
  /** Each cell once per wave, with a test against the previous wave. */
  readonly split?: 'wave';
}

/** The crosstab to compute, as the body of POST /v2/query/crosstab says it (absent members take its defaults). */
export interface CrosstabQueryInput {
  readonly rows?: readonly CrosstabAudienceInput[];
  readonly columns?: readonly CrosstabAudienceInput[];
  readonly base_audience?: CrosstabAudienceInput;
  readonly waves?: readonly string[];
  readonly locations?: readonly string[];
}

export interface CrosstabExportOptions {
  readonly mediaType: ExportMediaType;
  /** Valid bases, a test, waves: as the JSON stream takes them. */
  readonly statistics?: CrosstabStatistics;
  readonly metric: CrosstabExportMetric;
  /** The title of the sheet's header block (e.g. the saved crosstab's name); also the file name. */
  readonly title: string;
  /** The request it serves, for logs and traces. */
  readonly requestId: string;
  /** Aborting stops the computation (the client went away). */
  readonly signal?: AbortSignal;
}

export interface ExportedFile {
  /** With its parameters, e.g. `text/csv; charset=utf-8; header=present`. */
  readonly contentType: string;
  /** A file name for Content-Disposition, ASCII only. */
  readonly fileName: string;
  readonly body: Buffer;
}

export abstract class CrosstabExporter {
  /**
   * Checks the query against the organisation's catalogue exactly as POST /v2/query/crosstab does
   * (throwing the same 400/403 problems), computes it and lays it out as a sheet.
   */
  abstract export(orgId: string, query: CrosstabQueryInput, options: CrosstabExportOptions): Promise<ExportedFile>;
}
