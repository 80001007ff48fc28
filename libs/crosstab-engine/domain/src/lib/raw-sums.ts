/*
 * Raw sums: what the kernel produces for a query before any ratio, and the exact operations on
 * them (adding shards, cutting and joining row bands, folding groups).
 */

/**
 * What the kernel produces for one query, before any ratio: per audience or cell and group, the
 * sum of weights, the sum of squared weights and the count. Every figure of a result derives
 * from these, and they add up across partitions, so two computations over disjoint partitions
 * (shards) merge exactly by adding (`addRawSums`). This is what crosses the job boundary.
 */
export interface RawSums {
  readonly groups: number;
  readonly rowCount: number;
  readonly columnCount: number;
  /** (1 + rows + columns) audiences x groups x 3: audience 0 = base, 1..R = rows AND base, R+1..R+C = columns AND base. */
  readonly singles: Float64Array;
  /** rows x columns x groups x 3, row-major: row AND column AND base. */
  readonly cells: Float64Array;
}

/** Adds `from` into `into` (same shape): the merge of two computations over disjoint partitions. */
export function addRawSums(into: RawSums, from: RawSums): void {
  if (into.groups !== from.groups || into.rowCount !== from.rowCount || into.columnCount !== from.columnCount) {
    throw new Error(`cannot add raw sums of different shapes (${describeShape(into)} and ${describeShape(from)})`);
  }
  for (let i = 0; i < into.singles.length; i++) into.singles[i] += from.singles[i];
  for (let i = 0; i < into.cells.length; i++) into.cells[i] += from.cells[i];
}

const describeShape = (raw: RawSums): string => `${raw.rowCount}x${raw.columnCount}x${raw.groups}`;

/**
 * Rows [from, to) of raw sums, with the base's and (unless `columns` is false: zeros there) every
 * column's sums, as raw sums of their own (what a band of the rows would have given). Copies.
 */
export function rowsOfRawSums(raw: RawSums, from: number, to: number, columns = true): RawSums {
  if (!(Number.isInteger(from) && Number.isInteger(to) && 0 <= from && from < to && to <= raw.rowCount)) {
    throw new Error(`rows ${from}..${to} are not within the ${raw.rowCount} rows of these sums`);
  }
  const triple = raw.groups * 3;
  const part = emptyRawSums(to - from, raw.columnCount, raw.groups);
  part.singles.set(raw.singles.subarray(0, triple), 0);
  part.singles.set(raw.singles.subarray((1 + from) * triple, (1 + to) * triple), triple);
  if (columns) part.singles.set(raw.singles.subarray((1 + raw.rowCount) * triple), (1 + to - from) * triple);
  part.cells.set(raw.cells.subarray(from * raw.columnCount * triple, to * raw.columnCount * triple));
  return part;
}

/**
 * Raw sums of consecutive row bands joined into the sums of all their rows: the base's and the
 * columns' sums from the first band (where a band computation measures the columns), each band's
 * rows and cells in order. The inverse of cutting with `rowsOfRawSums`.
 */
export function joinRowBands(bands: readonly RawSums[]): RawSums {
  if (bands.length === 0) throw new Error('no bands to join');
  const { groups, columnCount } = bands[0];
  if (bands.some((b) => b.groups !== groups || b.columnCount !== columnCount)) throw new Error('cannot join bands of different columns or groups');
  const rowCount = bands.reduce((n, b) => n + b.rowCount, 0);
  const triple = groups * 3;
  const whole = emptyRawSums(rowCount, columnCount, groups);
  whole.singles.set(bands[0].singles.subarray(0, triple), 0);
  whole.singles.set(bands[0].singles.subarray((1 + bands[0].rowCount) * triple), (1 + rowCount) * triple);
  let row = 0;
  for (const band of bands) {
    whole.singles.set(band.singles.subarray(triple, (1 + band.rowCount) * triple), (1 + row) * triple);
    whole.cells.set(band.cells, row * columnCount * triple);
    row += band.rowCount;
  }
  return whole;
}

/** Raw sums of zeros in a shape, to add into. */
export function emptyRawSums(rowCount: number, columnCount: number, groups: number): RawSums {
  return {
    groups,
    rowCount,
    columnCount,
    singles: new Float64Array((1 + rowCount + columnCount) * groups * 3),
    cells: new Float64Array(rowCount * columnCount * groups * 3),
  };
}

/** The groups of `raw` added into one (the whole selection: the sum over its waves or locations). */
export function collapseGroups(raw: RawSums): RawSums {
  if (raw.groups === 1) return raw;
  const out = emptyRawSums(raw.rowCount, raw.columnCount, 1);
  const fold = (source: Float64Array, target: Float64Array): void => {
    for (let item = 0; item < target.length / 3; item++) {
      for (let g = 0; g < raw.groups; g++) {
        const at = (item * raw.groups + g) * 3;
        target[item * 3] += source[at];
        target[item * 3 + 1] += source[at + 1];
        target[item * 3 + 2] += source[at + 2];
      }
    }
  };
  fold(raw.singles, out.singles);
  fold(raw.cells, out.cells);
  return out;
}
