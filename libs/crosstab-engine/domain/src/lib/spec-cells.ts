import type { CellOffset } from './crosstab-result';
import type { AverageSums, SpecSums } from './crosstab-spec';
import type { CrosstabCell, SizeSample } from './crosstab.types';
import {
  CRITICAL_Z,
  index,
  kishEffectiveBase,
  LOW_BASE_SAMPLE,
  percentage,
  ratio,
  twoProportionZTest,
  UNRELIABLE_SAMPLE,
  type ConfidenceLevel,
  type SignificanceResult,
  type ZeroReason,
} from './metrics';
import {
  columnLetter,
  criticalZ,
  designFactor,
  differenceZ,
  meanEstimate,
  NO_VARIANCE,
  proportionEstimate,
  proportionVariance,
  type Estimate,
  type PartSums,
} from './statistics';

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
    letters: options.test === 'columns' ? Array.from({ length: raw.columnCount }, (_, c) => columnLetter(offset.column + c)) : [],
    trend: options.waves !== undefined,
    tested: options.test === 'columns' ? new TestedColumns(raw.columnCount) : undefined,
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
  /** With a column test, the letter of each column of the block. */
  readonly letters: readonly string[];
  /** Split by wave: every cell's estimate is needed for its trend. */
  readonly trend: boolean;
  /** With a column test: what it compares, column by column, refilled for each row. */
  readonly tested?: TestedColumns;
}

/**
 * What a column test compares in one row, as numbers rather than an object per cell (a 100x100
 * would make 10,000): whether the column has an estimate, its value and its variance.
 */
class TestedColumns {
  readonly present: Uint8Array;
  readonly values: Float64Array;
  readonly variances: Float64Array;

  constructor(count: number) {
    this.present = new Uint8Array(count);
    this.values = new Float64Array(count);
    this.variances = new Float64Array(count);
  }

  set(c: number, e: Estimate | undefined): void {
    if (e === undefined) this.present[c] = 0;
    else this.setNumbers(c, e.value, e.variance);
  }

  setNumbers(c: number, value: number, variance: number): void {
    this.present[c] = 1;
    this.values[c] = value;
    this.variances[c] = variance;
  }
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
  // A loop of literals of one shape (no spread of a read's object): an average row builds this for each of its cells.
  const values = average.values;
  const parts: PartSums[] = new Array(values.length);
  for (let j = 0; j < values.length; j++) {
    const i = at(j) + g * 3;
    parts[j] = { value: values[j], w: from[i], w2: from[i + 1], n: from[i + 2] };
  }
  return parts;
}

/** `reasons` of a cell with none (shared: a cell's reasons are read, never changed). */
const NO_REASONS: readonly ZeroReason[] = Object.freeze([]);

/**
 * Every cell of row `r` in group `g`, with what its tests compare. Built from the sums as plain
 * numbers and object literals of one shape (no spreads, no closures per cell): a 100x100 builds
 * 10,000 cells, and this is the gateway's share of a crosstab with statistics.
 */
function rowCells(context: RowContext, r: number, g: number, waveCount: number): RowCells {
  const { sums, factor } = context;
  const { raw, validBases } = sums;
  const { groups, rowCount, columnCount } = raw;
  const stride = groups * 3;
  const scale = waveCount === 0 ? 0 : 1 / waveCount;
  const counted = waveCount === 0 ? 0 : 1;
  const singles = raw.singles;
  const cellSums = raw.cells;
  const baseAt = validBases ? r * stride + g * 3 : g * 3;
  const baseArray = validBases ? validBases.singles : singles;
  const baseW = baseArray[baseAt];
  const baseW2 = baseArray[baseAt + 1];
  const baseSize = baseW * scale;
  const baseOut: SizeSample = { size: baseSize, sample: baseArray[baseAt + 2] * counted };
  const rowAt = (1 + r) * stride + g * 3;
  const rowW = singles[rowAt];
  const rowW2 = singles[rowAt + 1];
  const rowSize = rowW * scale;
  const rowSample = singles[rowAt + 2] * counted;
  const rowPercentage = percentage(rowSize, baseSize);
  const rowAverage = sums.rowAverages[r];
  // An average row's answers over the whole base: the same for every cell of the row.
  const wholes = rowAverage === undefined ? undefined : partsOf(rowAverage, groups, g, (j) => j * stride, rowAverage.singles);
  const baseMean = wholes === undefined || context.test !== 'base' ? undefined : meanEstimate(wholes, factor);
  const kish = (w: number, w2: number) => (waveCount === 0 ? 0 : kishEffectiveBase(w, w2));
  const cells: CellOut[] = new Array(columnCount);
  const estimates: (Estimate | undefined)[] = new Array(columnCount);
  const rests: (Estimate | undefined)[] = new Array(columnCount);
  const tested = context.tested;
  for (let c = 0; c < columnCount; c++) {
    const columnArray = validBases ? validBases.cells : singles;
    const columnAt = validBases ? (r * columnCount + c) * stride + g * 3 : (1 + rowCount + c) * stride + g * 3;
    const columnW = columnArray[columnAt];
    const columnW2 = columnArray[columnAt + 1];
    const columnSize = columnW * scale;
    const intersectAt = (r * columnCount + c) * stride + g * 3;
    const intersectW = cellSums[intersectAt];
    const intersectW2 = cellSums[intersectAt + 1];
    const intersectSize = intersectW * scale;
    const intersectSample = cellSums[intersectAt + 2] * counted;
    let reasons = NO_REASONS;
    if (baseSize === 0 || rowSize === 0 || columnSize === 0) {
      const list: ZeroReason[] = [];
      if (baseSize === 0) list.push('empty-base');
      if (rowSize === 0) list.push('empty-row');
      if (columnSize === 0) list.push('empty-column');
      reasons = list;
    }
    const cell: CellOut = {
      rowIndex: context.offset.row + r,
      columnIndex: context.offset.column + c,
      base: baseOut,
      row: { size: rowSize, sample: rowSample, percentage: rowPercentage, intersectPercentage: percentage(intersectSize, rowSize) },
      column: {
        size: columnSize,
        sample: columnArray[columnAt + 2] * counted,
        percentage: percentage(columnSize, baseSize),
        intersectPercentage: percentage(intersectSize, columnSize),
      },
      intersect: {
        size: intersectSize,
        sample: intersectSample,
        percentage: percentage(intersectSize, baseSize),
        index: index(intersectSize, rowSize, columnSize, baseSize),
      },
      flags: { lowBase: intersectSample < LOW_BASE_SAMPLE, unreliable: intersectSample < UNRELIABLE_SAMPLE },
      reasons,
    };
    if (context.effectiveBase) {
      cell.effectiveBase = { base: kish(baseW, baseW2), row: kish(rowW, rowW2), column: kish(columnW, columnW2), intersect: kish(intersectW, intersectW2) };
    }
    const columnAverage = sums.columnAverages[c];
    // The cell's average: its row's when the row is an average, else its column's.
    let mean: ReturnType<typeof meanEstimate>;
    let restMean: Estimate | undefined;
    if (rowAverage !== undefined || columnAverage !== undefined) {
      const average = (rowAverage ?? columnAverage) as AverageSums;
      const cellAt = rowAverage !== undefined ? (j: number) => (j * columnCount + c) * stride : (j: number) => (j * rowCount + r) * stride;
      const parts = partsOf(average, groups, g, cellAt, average.cells);
      mean = meanEstimate(parts, factor);
      if (wholes !== undefined && context.test === 'complement') {
        restMean = meanEstimate(
          wholes.map((whole, j) => ({ value: whole.value, w: whole.w - parts[j].w, w2: whole.w2 - parts[j].w2, n: whole.n - parts[j].n })),
          factor,
        );
      }
      cell.average =
        mean === undefined || waveCount === 0
          ? { value: 0, stdDev: 0, stdError: 0, size: 0, sample: 0, reason: 'no-answers' }
          : { value: mean.value, stdDev: mean.stdDev, stdError: Math.sqrt(mean.variance), size: mean.w / waveCount, sample: mean.n };
    }
    // What the row's tests compare: means in an average row, else each column's share in the row.
    if (rowAverage !== undefined) {
      estimates[c] = mean;
      rests[c] = restMean;
      if (tested !== undefined) tested.set(c, mean);
    } else if (tested !== undefined && !context.trend) {
      // proportionEstimate's numbers, without its object: only the column test reads them.
      if (columnW > 0) {
        const p = intersectW / columnW;
        tested.setNumbers(c, p, proportionVariance(p, intersectW2, columnW, columnW2, factor));
      } else tested.present[c] = 0;
    } else if (context.test !== undefined && context.test !== 'base') {
      estimates[c] = proportionEstimate(intersectW, intersectW2, columnW, columnW2, factor);
      if (tested !== undefined) tested.set(c, estimates[c]);
      if (context.test === 'complement') rests[c] = proportionEstimate(rowW - intersectW, rowW2 - intersectW2, baseW - columnW, baseW2 - columnW2, factor);
    } else if (context.trend) {
      estimates[c] = proportionEstimate(intersectW, intersectW2, columnW, columnW2, factor);
    }
    if (context.test === 'base') {
      cell.significance =
        rowAverage !== undefined
          ? meanAgainstBase(mean, baseMean, context.level)
          : twoProportionZTest(ratio(intersectSize, columnSize), kish(columnW, columnW2), ratio(rowSize, baseSize), kish(baseW, baseW2), context.level);
    }
    cells[c] = cell;
  }
  if (tested !== undefined) addColumnTests(cells, tested, context);
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

/**
 * SPSS CTABLES' letters: each cell lists the columns of its row it exceeds significantly. A row of
 * C columns makes C (C - 1) / 2 comparisons (a 100x100: half a million), so they run over arrays,
 * each pair once, without a square root: a exceeds b when d = a - b > 0 and d^2 > critical^2 (V_a
 * + V_b), which is z > critical (with differenceZ's threshold of no variance).
 *
 * The columns are taken in descending order of their estimate, so in each pair the first is the
 * one that may exceed the other: no branch on the sign of d, whose outcome a processor cannot
 * guess (half the pairs each way). The same d^2, V_a + V_b and squares are computed (a difference
 * only changes sign when its terms swap), so the same pairs pass. Each win is a bit of the
 * winner's row of a bit matrix; a cell's letters are then read from its bits in column order, into
 * an array of its exact length (no push, no growth).
 */
function addColumnTests(cells: CellOut[], tested: TestedColumns, context: RowContext): void {
  const count = cells.length;
  const { present, variances } = tested;
  const estimated = tested.values;
  // The present columns with a finite estimate (any other passes no test: its square is no bound), by estimate,
  // descending, with the estimates in that order (read in sequence by the pairs' loop).
  const order = new Int32Array(count);
  const values = new Float64Array(count);
  let m = 0;
  for (let c = 0; c < count; c++) {
    if (present[c] === 0) continue;
    const value = estimated[c];
    if (!Number.isFinite(value)) continue;
    // Inserted after the first column not below it (a binary search, then one block move): a sort with a
    // comparator would cost a call per comparison. Equal estimates keep column order.
    let low = 0;
    let high = m;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (values[mid] < value) high = mid;
      else low = mid + 1;
    }
    if (low < m) {
      values.copyWithin(low + 1, low, m);
      order.copyWithin(low + 1, low, m);
    }
    values[low] = value;
    order[low] = c;
    m++;
  }
  const sortedVariances = new Float64Array(m);
  const squares = new Float64Array(m);
  let maxSquare = 0;
  let minVariance = Infinity;
  for (let i = 0; i < m; i++) {
    const variance = variances[order[i]];
    const square = values[i] * values[i];
    sortedVariances[i] = variance;
    squares[i] = square;
    if (square > maxSquare) maxSquare = square;
    if (!(variance >= minVariance)) minVariance = variance;
  }
  const critical = context.critical;
  const critical2 = critical * critical;
  const noVariance = NO_VARIANCE;
  const words = (count + 31) >>> 5;
  const wins = new Uint32Array(count * words);
  const winCounts = new Int32Array(count);
  for (let i = 0; i < m; i++) {
    const value = values[i];
    const variance = sortedVariances[i];
    const square = squares[i];
    const row = order[i] * words;
    let won = 0;
    // With no negative variance, V_a + V_b >= V_a and square + any square <= square + the largest (rounding is
    // monotone), so when V_a alone clears the threshold of no variance every pair of a does: the check is left out.
    if (minVariance >= 0 && variance > noVariance * (square + maxSquare)) {
      for (let j = i + 1; j < m; j++) {
        const v = variance + sortedVariances[j];
        const d = value - values[j];
        // d >= 0 here; d^2 > critical^2 v > 0 leaves ties out, as z = 0 does.
        if (d * d > critical2 * v) {
          const b = order[j];
          wins[row + (b >>> 5)] |= 1 << (b & 31);
          won++;
        }
      }
    } else {
      for (let j = i + 1; j < m; j++) {
        const v = variance + sortedVariances[j];
        if (!(v > noVariance * (square + squares[j]))) continue;
        const d = value - values[j];
        if (d * d > critical2 * v) {
          const b = order[j];
          wins[row + (b >>> 5)] |= 1 << (b & 31);
          won++;
        }
      }
    }
    winCounts[order[i]] = won;
  }
  const letters = context.letters;
  const level = context.level;
  for (let a = 0; a < count; a++) {
    const higherThan: string[] = new Array(winCounts[a]);
    let k = 0;
    for (let w = 0; w < words; w++) {
      let bits = wins[a * words + w];
      while (bits !== 0) {
        // The lowest bit set: columns in increasing order.
        higherThan[k++] = letters[(w << 5) + 31 - Math.clz32(bits & -bits)];
        bits &= bits - 1;
      }
    }
    // Two literals rather than a spread of an optional reason: one shape per case, no object spread per cell.
    cells[a].significance =
      present[a] === 1
        ? { test: 'columns', level, higherThan, stdError: Math.sqrt(variances[a]), critical }
        : { test: 'columns', level, higherThan, stdError: 0, critical, reason: 'empty-column' };
  }
}
