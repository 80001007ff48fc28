import type { CellOffset } from './crosstab';
import type { AverageSums, SpecSums } from './crosstab-spec';
import type { CrosstabCell, SizeSample } from './crosstab.types';
import {
  CRITICAL_Z,
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
import { columnLetter, criticalZ, designFactor, differenceZ, meanEstimate, proportionEstimate, type Estimate, type PartSums } from './statistics';

/** The mean of an average item's answers over a cell's respondents (docs/metrics.md#averages). */
export interface AverageResult {
  readonly value: number;
  /** Weighted standard deviation, weights read as frequencies (SPSS, PSPP): sqrt(sum w (y - mean)^2 / (sum w - 1)). */
  readonly stdDev: number;
  /** Design-based (linearised) standard error of the mean. */
  readonly stdError: number;
  /** Who gave one of the answers: pooled size (mean of per-wave sums) and respondents. */
  readonly size: number;
  readonly sample: number;
  readonly reason?: 'no-answers';
}

/** Which test a crosstab's cells carry. */
export type TestKind = 'base' | 'columns' | 'complement';

/** `test=columns`: the columns of the row this cell's estimate is significantly higher than (SPSS CTABLES). */
export interface ColumnTestResult {
  readonly test: 'columns';
  readonly level: ConfidenceLevel;
  /** Letters of the columns of this row whose estimate this cell's exceeds significantly, in column order. */
  readonly higherThan: readonly string[];
  /** Standard error of this cell's estimate (the column %, as a share, or the mean in an average row); 0 when there is none. */
  readonly stdError: number;
  /** The |z| a difference had to exceed (Bonferroni-adjusted when asked). */
  readonly critical: number;
  readonly reason?: ZeroReason;
}

/** `test=complement`: the column against the rest of the base (disjoint). */
export interface ComplementTestResult {
  readonly test: 'complement';
  readonly level: ConfidenceLevel;
  readonly z: number;
  readonly significant: boolean;
  readonly direction: 'over' | 'under' | null;
  readonly stdError: number;
  readonly reason?: ZeroReason;
}

export type CellTest = ColumnTestResult | ComplementTestResult;

/** A cell of a crosstab split by wave against the same cell of the previous wave. */
export interface TrendResult {
  readonly previous: string;
  readonly level: ConfidenceLevel;
  readonly z: number;
  readonly significant: boolean;
  readonly direction: 'up' | 'down' | null;
  readonly reason?: ZeroReason;
}

export interface SpecCellOptions {
  /** The confidence level of the test and of trends (default 0.95). */
  readonly level?: ConfidenceLevel;
  /** The test each cell carries; absent: none. */
  readonly test?: TestKind;
  /** Bonferroni: column tests at alpha / (pairs of columns of a row). */
  readonly bonferroni?: boolean;
  readonly effectiveBase?: boolean;
  /** Split by wave: the waves of the groups, in order (each cell comes once per wave, with a trend from the second). */
  readonly waves?: readonly string[];
  /** Split by location instead: the locations of the groups, in order (each cell once per location, sizes averaged over the waves). */
  readonly locations?: readonly string[];
  /** Columns of the whole crosstab (for Bonferroni's count). */
  readonly columnCount: number;
}

/** Raw sums (sum w, sum w^2, count) read from an array. */
interface Sums {
  readonly w: number;
  readonly w2: number;
  readonly n: number;
}
const read = (array: Float64Array, at: number): Sums => ({ w: array[at], w2: array[at + 1], n: array[at + 2] });
const minus = (a: Sums, b: Sums): Sums => ({ w: a.w - b.w, w2: a.w2 - b.w2, n: a.n - b.n });

/**
 * The cells of a spec's folded sums (docs/metrics.md#crosstab-cell), row by row: each row's figures within
 * its own base when it has one, averages, effective bases and the test asked for; split by wave,
 * each cell once per wave with its trend against the previous wave. Indices are moved by `offset`.
 * Each row's cells are computed together (a column test compares a row's columns).
 */
export function* specCells(sums: SpecSums, waveCount: number, options: SpecCellOptions, offset: CellOffset = { row: 0, column: 0 }): Generator<CrosstabCell> {
  const { raw } = sums;
  const groups = raw.groups;
  const waves = options.waves;
  const locations = options.locations;
  const labels = waves ?? locations;
  if (labels !== undefined && labels.length !== groups) throw new Error(`${labels.length} segments for sums of ${groups} groups`);
  let design = 0;
  for (let g = 0; g < groups; g++) design += raw.singles[g * 3 + 2];
  const context: RowContext = {
    sums,
    factor: designFactor(design),
    level: options.level ?? 0.95,
    test: options.test,
    effectiveBase: options.effectiveBase === true,
    critical: criticalZ(options.level ?? 0.95, options.bonferroni ? (options.columnCount * (options.columnCount - 1)) / 2 : 1),
    offset,
  };
  for (let r = 0; r < raw.rowCount; r++) {
    let previous: RowCells | undefined;
    for (let g = 0; g < groups; g++) {
      const row = rowCells(context, r, g, waves === undefined ? waveCount : 1);
      if (locations !== undefined) for (const cell of row.cells) cell.location = locations[g];
      if (waves !== undefined) {
        const before = previous;
        row.cells.forEach((cell, c) => {
          cell.wave = waves[g];
          if (before !== undefined) cell.trend = trendOf(row.estimates[c], before.estimates[c], waves[g - 1], context.level);
        });
      }
      yield* row.cells;
      previous = row;
    }
  }
}

interface RowContext {
  readonly sums: SpecSums;
  readonly factor: number;
  readonly level: ConfidenceLevel;
  readonly test?: TestKind;
  readonly effectiveBase: boolean;
  readonly critical: number;
  readonly offset: CellOffset;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type CellOut = Mutable<CrosstabCell>;

interface RowCells {
  readonly cells: CellOut[];
  /** Per column: what the cell's tests compare (its column %, or its mean in an average row). */
  readonly estimates: (Estimate | undefined)[];
}

function trendOf(now: Estimate | undefined, before: Estimate | undefined, previous: string, level: ConfidenceLevel): TrendResult {
  const z = differenceZ(now, before);
  if (z === undefined)
    return { previous, level, z: 0, significant: false, direction: null, reason: now === undefined || before === undefined ? 'empty-column' : 'no-variance' };
  const significant = Math.abs(z) > CRITICAL_Z[level];
  return { previous, level, z, significant, direction: significant ? (z > 0 ? 'up' : 'down') : null };
}

/** The parts of an average as estimates take them: each answer's value and sums. */
function partsOf(average: AverageSums, groups: number, g: number, at: (j: number) => number, from: Float64Array): PartSums[] {
  return average.values.map((value, j) => ({ value, ...read(from, at(j) + g * 3) }));
}

/** Every cell of row `r` in group `g`, with what its tests compare. */
function rowCells(context: RowContext, r: number, g: number, waveCount: number): RowCells {
  const { sums, factor } = context;
  const { raw, validBases } = sums;
  const { groups, rowCount, columnCount } = raw;
  const slot = (item: number) => (item * groups + g) * 3;
  const scale = (s: Sums): SizeSample => (waveCount === 0 ? { size: 0, sample: 0 } : { size: s.w / waveCount, sample: s.n });
  const base = validBases ? read(validBases.singles, slot(r)) : read(raw.singles, slot(0));
  const row = read(raw.singles, slot(1 + r));
  const baseOut = scale(base);
  const rowOut = scale(row);
  const rowAverage = sums.rowAverages[r];
  const cells: CellOut[] = [];
  const estimates: (Estimate | undefined)[] = [];
  const rests: (Estimate | undefined)[] = [];
  for (let c = 0; c < columnCount; c++) {
    const column = validBases ? read(validBases.cells, slot(r * columnCount + c)) : read(raw.singles, slot(1 + rowCount + c));
    const intersect = read(raw.cells, slot(r * columnCount + c));
    const columnOut = scale(column);
    const intersectOut = scale(intersect);
    const reasons: ZeroReason[] = [];
    if (baseOut.size === 0) reasons.push('empty-base');
    if (rowOut.size === 0) reasons.push('empty-row');
    if (columnOut.size === 0) reasons.push('empty-column');
    const cell: CellOut = {
      rowIndex: context.offset.row + r,
      columnIndex: context.offset.column + c,
      base: baseOut,
      row: { ...rowOut, percentage: percentage(rowOut.size, baseOut.size), intersectPercentage: percentage(intersectOut.size, rowOut.size) },
      column: { ...columnOut, percentage: percentage(columnOut.size, baseOut.size), intersectPercentage: percentage(intersectOut.size, columnOut.size) },
      intersect: {
        ...intersectOut,
        percentage: percentage(intersectOut.size, baseOut.size),
        index: index(intersectOut.size, rowOut.size, columnOut.size, baseOut.size),
      },
      flags: sampleFlags(intersectOut.sample),
      reasons,
    };
    if (context.effectiveBase) {
      const kish = (s: Sums) => (waveCount === 0 ? 0 : kishEffectiveBase(s.w, s.w2));
      cell.effectiveBase = { base: kish(base), row: kish(row), column: kish(column), intersect: kish(intersect) };
    }
    const columnAverage = sums.columnAverages[c];
    // The cell's average: its row's when the row is an average, else its column's.
    let mean: ReturnType<typeof meanEstimate>;
    let baseMean: Estimate | undefined;
    let restMean: Estimate | undefined;
    if (rowAverage !== undefined || columnAverage !== undefined) {
      const average = (rowAverage ?? columnAverage) as AverageSums;
      const cellAt = rowAverage !== undefined ? (j: number) => (j * columnCount + c) * groups * 3 : (j: number) => (j * rowCount + r) * groups * 3;
      const parts = partsOf(average, groups, g, cellAt, average.cells);
      const wholes = partsOf(average, groups, g, (j) => j * groups * 3, average.singles);
      mean = meanEstimate(parts, factor);
      baseMean = meanEstimate(wholes, factor);
      restMean = meanEstimate(
        wholes.map((whole, j) => ({ value: whole.value, ...minus(whole, parts[j]) })),
        factor,
      );
      cell.average =
        mean === undefined || waveCount === 0
          ? { value: 0, stdDev: 0, stdError: 0, size: 0, sample: 0, reason: 'no-answers' }
          : { value: mean.value, stdDev: mean.stdDev, stdError: Math.sqrt(mean.variance), size: mean.w / waveCount, sample: mean.n };
    }
    // What the row's tests compare: means in an average row, else each column's share in the row.
    if (rowAverage !== undefined) {
      estimates.push(mean);
      rests.push(restMean);
    } else {
      estimates.push(proportionEstimate(intersect.w, intersect.w2, column.w, column.w2, factor));
      const rest = minus(base, column);
      const restHits = minus(row, intersect);
      rests.push(proportionEstimate(restHits.w, restHits.w2, rest.w, rest.w2, factor));
    }
    if (context.test === 'base') {
      cell.significance =
        rowAverage !== undefined
          ? meanAgainstBase(mean, baseMean, context.level)
          : twoProportionZTest(
              ratio(intersectOut.size, columnOut.size),
              waveCount === 0 ? 0 : kishEffectiveBase(column.w, column.w2),
              ratio(rowOut.size, baseOut.size),
              waveCount === 0 ? 0 : kishEffectiveBase(base.w, base.w2),
              context.level,
            );
    }
    cells.push(cell);
  }
  if (context.test === 'columns') addColumnTests(cells, estimates, context);
  if (context.test === 'complement') {
    cells.forEach((cell, c) => {
      const z = differenceZ(estimates[c], rests[c]);
      const stdError = estimates[c] === undefined ? 0 : Math.sqrt((estimates[c] as Estimate).variance);
      if (z === undefined) {
        const reason: ZeroReason = estimates[c] === undefined ? 'empty-column' : rests[c] === undefined ? 'empty-base' : 'no-variance';
        cell.significance = { test: 'complement', level: context.level, z: 0, significant: false, direction: null, stdError, reason };
        return;
      }
      const significant = Math.abs(z) > CRITICAL_Z[context.level];
      cell.significance = { test: 'complement', level: context.level, z, significant, direction: significant ? (z > 0 ? 'over' : 'under') : null, stdError };
    });
  }
  return { cells, estimates };
}

/** A column's mean against the base's (overlapping: treated as independent, which errs towards no difference). */
function meanAgainstBase(mean: Estimate | undefined, base: Estimate | undefined, level: ConfidenceLevel): SignificanceResult {
  const z = differenceZ(mean, base);
  if (z === undefined)
    return {
      z: 0,
      level,
      significant: false,
      direction: null,
      reason: mean === undefined ? 'empty-column' : base === undefined ? 'empty-base' : 'no-variance',
    };
  const significant = Math.abs(z) > CRITICAL_Z[level];
  return { z, level, significant, direction: significant ? (z > 0 ? 'over' : 'under') : null };
}

/** SPSS CTABLES' letters: each cell lists the columns of its row it exceeds significantly. */
function addColumnTests(cells: CellOut[], estimates: readonly (Estimate | undefined)[], context: RowContext): void {
  cells.forEach((cell, a) => {
    const higherThan: string[] = [];
    const own = estimates[a];
    estimates.forEach((other, b) => {
      if (b === a) return;
      const z = differenceZ(own, other);
      if (z !== undefined && z > context.critical) higherThan.push(columnLetter(context.offset.column + b));
    });
    cell.significance = {
      test: 'columns',
      level: context.level,
      higherThan,
      stdError: own === undefined ? 0 : Math.sqrt(own.variance),
      critical: context.critical,
      ...(own === undefined ? { reason: 'empty-column' as const } : {}),
    };
  });
}
