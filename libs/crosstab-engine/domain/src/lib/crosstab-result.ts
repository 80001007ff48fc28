import {
  index,
  kishEffectiveBase,
  percentage,
  ratio,
  sampleFlags,
  twoProportionZTest,
  type ConfidenceLevel,
  type SignificanceResult,
  type ZeroReason,
} from './metrics';
import type { AudienceMetrics, CrosstabCell, CrosstabOptions, CrosstabQuery, CrosstabResult, SegmentBy, SegmentResult, SizeSample } from './crosstab.types';
import type { RawSums } from './raw-sums';

/*
 * A crosstab's figures from its raw sums: the cell metrics of docs/metrics.md, as one result, per
 * segment, or one cell at a time for a streaming writer.
 */

/** One result per segment (wave or location, in the query's order) from sums grouped the same way. */
export function buildSegmentResults(
  raw: RawSums,
  query: Pick<CrosstabQuery, 'waves' | 'locations'>,
  segmentBy: SegmentBy,
  options: CrosstabOptions = {},
): SegmentResult[] {
  const waves = unique(query.waves);
  const locations = unique(query.locations);
  const segments = segmentBy === 'wave' ? waves : locations;
  return segments.map((segment, g) => ({
    segment,
    waves: segmentBy === 'wave' ? [segment] : waves,
    locations: segmentBy === 'wave' ? locations : [segment],
    result: buildCrosstabResult(raw, g, segmentBy === 'wave' ? 1 : waves.length, options),
  }));
}

export function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

interface Sums {
  readonly size: number;
  readonly sample: number;
  readonly effectiveBase: number;
}

function sumsAt(array: Float64Array, triple: number, waveCount: number): Sums {
  const at = triple * 3;
  const sumWeights = array[at];
  return {
    size: waveCount === 0 ? 0 : sumWeights / waveCount,
    sample: waveCount === 0 ? 0 : array[at + 2],
    effectiveBase: waveCount === 0 ? 0 : kishEffectiveBase(sumWeights, array[at + 1]),
  };
}

/**
 * The crosstab cell's metrics (docs/metrics.md#crosstab-cell) from raw sums, for one group: sizes are sums of
 * weights divided by `waveCount` (the mean of per-wave sums), samples are counts, every ratio 0
 * with a reason where its denominator is 0; Kish effective bases and the significance test on
 * request. Pure and cheap: a gateway runs it on sums a worker computed.
 */
export function buildCrosstabResult(raw: RawSums, group: number, waveCount: number, options: CrosstabOptions = {}): CrosstabResult {
  const metrics = crosstabMetrics(raw, group, waveCount, options);
  return { base: metrics.base, rows: metrics.rows, columns: metrics.columns, cells: [...metrics.cells()] };
}

/** Where a block's cells sit in the whole crosstab: added to their row and column indices. */
export interface CellOffset {
  readonly row: number;
  readonly column: number;
}

/**
 * The cells of `buildCrosstabResult`, the same objects, made one at a time as they are read
 * (row-major), with their indices moved by `offset`. For a caller that writes each cell out and
 * drops it: a 200x200 crosstab's 40,000 cells never live all at once, which keeps a streaming
 * gateway's garbage collection short.
 */
export function crosstabCells(raw: RawSums, group: number, waveCount: number, options: CrosstabOptions = {}, offset?: CellOffset): Iterable<CrosstabCell> {
  return crosstabMetrics(raw, group, waveCount, options).cells(offset);
}

/**
 * The cells of `crosstabCells`, the same figures in the same order, as one object refilled for
 * each cell (its nested objects too): a cell read after the next was asked for shows the next
 * one's figures. For a caller that writes each cell out as it reads it, such as a streaming
 * serialiser: no cell allocates anything (but its significance test, when one is asked for),
 * where `crosstabCells` makes eight or so objects per cell, some 80,000 per 100x100 crosstab.
 */
export function crosstabCellViews(raw: RawSums, group: number, waveCount: number, options: CrosstabOptions = {}, offset?: CellOffset): Iterable<CrosstabCell> {
  return crosstabMetrics(raw, group, waveCount, options).views(offset);
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
/** A CrosstabCell being filled: every member, and each nested object's, writable. */
interface CellTarget {
  rowIndex: number;
  columnIndex: number;
  base: SizeSample;
  row: Mutable<CrosstabCell['row']>;
  column: Mutable<CrosstabCell['column']>;
  intersect: Mutable<CrosstabCell['intersect']>;
  flags: Mutable<CrosstabCell['flags']>;
  reasons: ZeroReason[];
  effectiveBase?: Mutable<NonNullable<CrosstabCell['effectiveBase']>>;
  significance?: SignificanceResult;
}

/** A cell target of fresh objects (with an effective-base object when `effectiveBase`). */
function newCellTarget(base: SizeSample, effectiveBase: boolean): CellTarget {
  const cell: CellTarget = {
    rowIndex: 0,
    columnIndex: 0,
    base,
    row: { size: 0, sample: 0, percentage: 0, intersectPercentage: 0 },
    column: { size: 0, sample: 0, percentage: 0, intersectPercentage: 0 },
    intersect: { size: 0, sample: 0, percentage: 0, index: 0 },
    flags: { lowBase: false, unreliable: false },
    reasons: [],
  };
  if (effectiveBase) cell.effectiveBase = { base: 0, row: 0, column: 0, intersect: 0 };
  return cell;
}

function crosstabMetrics(
  raw: RawSums,
  group: number,
  waveCount: number,
  options: CrosstabOptions,
): Omit<CrosstabResult, 'cells'> & { cells(offset?: CellOffset): Generator<CrosstabCell>; views(offset?: CellOffset): Generator<CrosstabCell> } {
  const { groups, rowCount, columnCount } = raw;
  const level: ConfidenceLevel | undefined = options.significance === true ? 0.95 : options.significance === false ? undefined : options.significance;
  const baseSums = sumsAt(raw.singles, group, waveCount);
  const base = { size: baseSums.size, sample: baseSums.sample, effectiveBase: baseSums.effectiveBase };
  const baseOut = { size: base.size, sample: base.sample };
  const audience = (a: number): AudienceMetrics => {
    const s = sumsAt(raw.singles, a * groups + group, waveCount);
    return { size: s.size, sample: s.sample, percentage: percentage(s.size, base.size), effectiveBase: s.effectiveBase };
  };
  const rows = Array.from({ length: rowCount }, (_, r) => audience(1 + r));
  const columns = Array.from({ length: columnCount }, (_, c) => audience(1 + rowCount + c));
  const cellSums = raw.cells;
  const effectiveBase = options.effectiveBase === true;
  /** Writes the metrics of the block's cell (r, c) into `cell`, its nested objects and its reasons. */
  const fill = (cell: CellTarget, r: number, c: number, offset: CellOffset): void => {
    const row = rows[r];
    const column = columns[c];
    const at = ((r * columnCount + c) * groups + group) * 3;
    const size = waveCount === 0 ? 0 : cellSums[at] / waveCount;
    const sample = waveCount === 0 ? 0 : cellSums[at + 2];
    cell.rowIndex = offset.row + r;
    cell.columnIndex = offset.column + c;
    cell.row.size = row.size;
    cell.row.sample = row.sample;
    cell.row.percentage = row.percentage;
    cell.row.intersectPercentage = percentage(size, row.size);
    cell.column.size = column.size;
    cell.column.sample = column.sample;
    cell.column.percentage = column.percentage;
    cell.column.intersectPercentage = percentage(size, column.size);
    cell.intersect.size = size;
    cell.intersect.sample = sample;
    cell.intersect.percentage = percentage(size, base.size);
    cell.intersect.index = index(size, row.size, column.size, base.size);
    const flags = sampleFlags(sample);
    cell.flags.lowBase = flags.lowBase;
    cell.flags.unreliable = flags.unreliable;
    cell.reasons.length = 0;
    if (base.size === 0) cell.reasons.push('empty-base');
    if (row.size === 0) cell.reasons.push('empty-row');
    if (column.size === 0) cell.reasons.push('empty-column');
    if (cell.effectiveBase !== undefined) {
      cell.effectiveBase.base = base.effectiveBase;
      cell.effectiveBase.row = row.effectiveBase;
      cell.effectiveBase.column = column.effectiveBase;
      cell.effectiveBase.intersect = waveCount === 0 ? 0 : kishEffectiveBase(cellSums[at], cellSums[at + 1]);
    }
    if (level !== undefined) {
      cell.significance = twoProportionZTest(ratio(size, column.size), column.effectiveBase, ratio(row.size, base.size), base.effectiveBase, level);
    }
  };
  function* cells(offset: CellOffset = { row: 0, column: 0 }): Generator<CrosstabCell> {
    for (let r = 0; r < rowCount; r++) {
      for (let c = 0; c < columnCount; c++) {
        const cell = newCellTarget(baseOut, effectiveBase);
        fill(cell, r, c, offset);
        yield cell;
      }
    }
  }
  function* views(offset: CellOffset = { row: 0, column: 0 }): Generator<CrosstabCell> {
    const cell = newCellTarget(baseOut, effectiveBase);
    for (let r = 0; r < rowCount; r++) {
      for (let c = 0; c < columnCount; c++) {
        fill(cell, r, c, offset);
        yield cell;
      }
    }
  }
  return { base, rows, columns, cells, views };
}
