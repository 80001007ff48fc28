import type { Expression } from '@aas/audience-expression-domain';
import type { AttributeDictionary, DecodedPartition, PartitionKey } from '@aas/respondent-store-domain';
import type { ConfidenceLevel, SignificanceResult, ZeroReason } from './metrics';
import type { AverageResult, CellTest, TrendResult } from './spec-cells';

/**
 * A crosstab request, already parsed: every row and column is measured within `base`, over the
 * selected waves, locations and datasets. A wave's sum is taken over every selected partition of
 * that wave (all selected locations and datasets); `size` is the mean of those sums over `waves`.
 */
export interface CrosstabQuery {
  readonly rows: readonly Expression[];
  readonly columns: readonly Expression[];
  /** Default `{}`: every respondent. */
  readonly base?: Expression;
  readonly waves: readonly string[];
  readonly locations: readonly string[];
  /** Datasets whose partitions count; default: all the data has. */
  readonly datasets?: readonly string[];
  /**
   * Of the partitions the waves, locations and datasets select, only these (one shard's share of
   * the data); default: all of them.
   */
  readonly partitions?: readonly PartitionKey[];
  /**
   * Whose own sums (`RawSums.singles`) to compute besides the base's; default both sides. A caller
   * that cuts a crosstab into blocks measures each row and column in one block only and leaves
   * them 0 in the others: a side's sums cost a pass over its bits, like a cell.
   */
  readonly singles?: { readonly rows: boolean; readonly columns: boolean };
}

export interface CrosstabOptions {
  /** Adds a significance test to every cell (true = 95%). */
  readonly significance?: boolean | ConfidenceLevel;
  /** Adds Kish effective bases to every cell. */
  readonly effectiveBase?: boolean;
}

/** The decoded data a crosstab runs on. */
export interface CrosstabData {
  readonly partitions: readonly DecodedPartition[];
  /** The attribute dictionary of a dataset (every dataset of `partitions` must have one). */
  dictionary(dataset: string): AttributeDictionary | undefined;
}

export interface SizeSample {
  readonly size: number;
  readonly sample: number;
}

/** A row or column audience within the base. */
export interface AudienceMetrics extends SizeSample {
  /** audience.size / base.size x 100. */
  readonly percentage: number;
  /** Kish effective base (sum w)^2 / sum w^2 over the selected respondents. */
  readonly effectiveBase: number;
}

/** One row/column intersection (docs/metrics.md#crosstab-cell; the crosstab stream's element once mapped). */
export interface CrosstabCell {
  readonly rowIndex: number;
  readonly columnIndex: number;
  readonly base: SizeSample;
  /** intersectPercentage = intersect.size / row.size x 100 ("% of row"). */
  readonly row: SizeSample & { readonly percentage: number; readonly intersectPercentage: number };
  /** intersectPercentage = intersect.size / column.size x 100 ("% of column"). */
  readonly column: SizeSample & { readonly percentage: number; readonly intersectPercentage: number };
  /** percentage = intersect / base x 100; index = intersect x base / (row x column) x 100. */
  readonly intersect: SizeSample & { readonly percentage: number; readonly index: number };
  /** From the intersect sample: lowBase < 50 respondents, unreliable < 30. */
  readonly flags: { readonly lowBase: boolean; readonly unreliable: boolean };
  /** Why some metrics are 0 by definition (a zero denominator); empty when none is. */
  readonly reasons: readonly ZeroReason[];
  readonly effectiveBase?: { readonly base: number; readonly row: number; readonly column: number; readonly intersect: number };
  /** The test asked for: against the base (the default), between columns, or against the rest of the base. */
  readonly significance?: SignificanceResult | CellTest;
  /** A cell of an average row or column: the mean of its answers' values over the other side. */
  readonly average?: AverageResult;
  /** A crosstab split by wave: the wave this cell is of, and its test against the previous wave. */
  readonly wave?: string;
  readonly trend?: TrendResult;
  /** A crosstab split by location: the location this cell is of. */
  readonly location?: string;
}

export interface CrosstabResult {
  readonly base: SizeSample & { readonly effectiveBase: number };
  readonly rows: readonly AudienceMetrics[];
  readonly columns: readonly AudienceMetrics[];
  /** Row-major: cells[r * columns.length + c]. */
  readonly cells: readonly CrosstabCell[];
}

/** One segment of a split crosstab: a wave (its size is that wave's sum) or a location. */
export interface SegmentResult {
  readonly segment: string;
  readonly waves: readonly string[];
  readonly locations: readonly string[];
  readonly result: CrosstabResult;
}

export type SegmentBy = 'wave' | 'location';
