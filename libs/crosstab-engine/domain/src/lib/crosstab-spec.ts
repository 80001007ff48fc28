import { emptyRawSums, type RawSums } from './crosstab';

/*
 * A crosstab whose rows and columns may be more than one audience each: an average item (its
 * answers, each with the value it stands for) and a row measured within a base of its own (its
 * valid base: those who answered, or were asked, its question). The engine computes plain
 * audiences only, so a spec is laid out, block by block, as plain rows and columns (`BlockLayout`),
 * and the sums the engine returns for them are folded back into one figure set per row and column
 * (`SpecSums`). Nothing here knows what an expression is: `E` is whatever the caller's engine takes.
 */

/** One answer of an average: who gave it, and the value it stands for (a midpoint). */
export interface AveragePart<E> {
  readonly expression: E;
  readonly value: number;
}

/** A row or column of a spec. */
export interface CrosstabItem<E> {
  /** What the item's counts measure, within the base (for a row with a valid base: within that too). */
  readonly expression: E;
  /**
   * An average item: each of its cells carries the mean of these answers' values over the
   * respondents of the other side (within the base) who gave one of them. Each respondent gives
   * at most one of the answers. A row's answers are within the row's valid base, as its expression is.
   */
  readonly average?: readonly AveragePart<E>[];
  /** Rows only: the position in `validBases` of the row's own base (within the crosstab's base); absent: the base. */
  readonly validBase?: number;
}

export interface CrosstabSpec<E> {
  readonly rows: readonly CrosstabItem<E>[];
  readonly columns: readonly CrosstabItem<E>[];
  /** The valid bases rows refer to, each within the crosstab's base. */
  readonly validBases: readonly E[];
}

/** The sums of an average item's answers: each answer within the base, and with each item of the other side. */
export interface AverageSums {
  readonly values: readonly number[];
  /** answers x groups x 3 (sum w, sum w^2, count): each answer within the base. */
  readonly singles: Float64Array;
  /** answers x other side's items (of the block) x groups x 3: each answer with each item. */
  readonly cells: Float64Array;
}

/** The rows' own bases: per row its valid base, and each column within it (the base and the columns' sums for a row without one). */
export interface ValidBaseSums {
  /** rows x groups x 3. */
  readonly singles: Float64Array;
  /** rows x columns x groups x 3. */
  readonly cells: Float64Array;
}

/** The folded sums of a block of a spec: the visible rows and columns, and what their cells need besides. */
export interface SpecSums {
  /** The items' own audiences, rows x columns, as a plain crosstab's sums. */
  readonly raw: RawSums;
  /** Present when any row of the spec has a valid base. */
  readonly validBases?: ValidBaseSums;
  /** Per row: its answers' sums with each column, for an average row. */
  readonly rowAverages: readonly (AverageSums | undefined)[];
  /** Per column: its answers' sums with each row, for an average column. */
  readonly columnAverages: readonly (AverageSums | undefined)[];
}

/** Whether a spec needs more than its items' own audiences (else it is a plain crosstab of `expression`s). */
export function specIsPlain<E>(spec: CrosstabSpec<E>): boolean {
  return spec.rows.every((r) => r.average === undefined && r.validBase === undefined) && spec.columns.every((c) => c.average === undefined);
}

/** A rectangle of visible rows [rowStart, rowEnd) x columns [columnStart, columnEnd). */
export interface SpecBlock {
  readonly rowStart: number;
  readonly rowEnd: number;
  readonly columnStart: number;
  readonly columnEnd: number;
}

/**
 * A block of a spec as plain rows and columns. Rows: first the valid bases its rows use (each
 * once), then each row's audience followed by its answers; columns: each column's audience
 * followed by its answers. Positions are within the block.
 */
export class BlockLayout<E> {
  readonly rows: E[] = [];
  readonly columns: E[] = [];
  /** How many valid-base rows come first. */
  readonly prefix: number;
  /** Plain row of each visible row (and, last, the end); a row's answers follow it. */
  readonly rowAt: number[] = [];
  readonly columnAt: number[] = [];
  /** Per visible row: the plain row of its valid base, or -1. */
  readonly validBaseRow: number[] = [];

  constructor(
    readonly spec: CrosstabSpec<E>,
    readonly block: SpecBlock,
  ) {
    const rows = spec.rows.slice(block.rowStart, block.rowEnd);
    const used = new Map<number, number>();
    for (const row of rows) {
      if (row.validBase !== undefined && !used.has(row.validBase)) {
        used.set(row.validBase, this.rows.length);
        this.rows.push(spec.validBases[row.validBase]);
      }
    }
    this.prefix = this.rows.length;
    for (const row of rows) {
      this.rowAt.push(this.rows.length);
      this.validBaseRow.push(row.validBase === undefined ? -1 : (used.get(row.validBase) as number));
      this.rows.push(row.expression, ...(row.average ?? []).map((p) => p.expression));
    }
    this.rowAt.push(this.rows.length);
    for (const column of spec.columns.slice(block.columnStart, block.columnEnd)) {
      this.columnAt.push(this.columns.length);
      this.columns.push(column.expression, ...(column.average ?? []).map((p) => p.expression));
    }
    this.columnAt.push(this.columns.length);
  }

  /** The plain rows at which bands start, for bands of visible rows starting at `visibleStarts` (block-relative). */
  bandStarts(visibleStarts: readonly number[]): number[] {
    return visibleStarts.map((v) => this.rowAt[v]);
  }
}

/**
 * Folds the plain sums of one block, band by band, into the spec's sums. A band covers plain rows
 * [from, from + rowCount) with every column of the block (their own sums complete); bands come in
 * order, the first one holding the valid-base rows, which later bands' rows use.
 */
export class BlockFold<E> {
  private prefixSingles?: Float64Array;
  private prefixCells?: Float64Array;

  constructor(readonly layout: BlockLayout<E>) {}

  /** The visible rows of a band (block-relative start) and their folded sums. */
  fold(band: RawSums, from: number): { rowStart: number; sums: SpecSums } {
    const layout = this.layout;
    const { groups } = band;
    const triple = groups * 3;
    const plainColumns = band.columnCount;
    if (plainColumns !== layout.columns.length) throw new Error(`a band of ${plainColumns} plain columns for a block of ${layout.columns.length}`);
    const to = from + band.rowCount;
    if (from === 0 && layout.prefix > 0) {
      this.prefixSingles = band.singles.slice(triple, (1 + layout.prefix) * triple);
      this.prefixCells = band.cells.slice(0, layout.prefix * plainColumns * triple);
    }
    const visible: number[] = [];
    for (let r = 0; r + 1 < layout.rowAt.length; r++) if (layout.rowAt[r] >= Math.max(from, layout.prefix) && layout.rowAt[r + 1] <= to) visible.push(r);
    const rowStart = visible.length > 0 ? visible[0] : 0;
    const rowCount = visible.length;
    if (visible.some((r, i) => r !== rowStart + i)) throw new Error('a band that is not whole rows of the spec');
    const columnCount = layout.columnAt.length - 1;
    const single = (plainRow: number, into: Float64Array, at: number) =>
      into.set(band.singles.subarray((1 + plainRow - from) * triple, (2 + plainRow - from) * triple), at);
    const columnSingle = (plainColumn: number) => band.singles.subarray((1 + band.rowCount + plainColumn) * triple, (2 + band.rowCount + plainColumn) * triple);
    const cellAt = (plainRow: number, plainColumn: number) => ((plainRow - from) * plainColumns + plainColumn) * triple;

    const raw = emptyRawSums(rowCount, columnCount, groups);
    raw.singles.set(band.singles.subarray(0, triple), 0);
    for (let c = 0; c < columnCount; c++) raw.singles.set(columnSingle(layout.columnAt[c]), (1 + rowCount + c) * triple);
    visible.forEach((r, i) => {
      single(layout.rowAt[r], raw.singles, (1 + i) * triple);
      for (let c = 0; c < columnCount; c++) {
        const at = cellAt(layout.rowAt[r], layout.columnAt[c]);
        raw.cells.set(band.cells.subarray(at, at + triple), (i * columnCount + c) * triple);
      }
    });

    let validBases: ValidBaseSums | undefined;
    if (this.layout.spec.validBases.length > 0) {
      validBases = { singles: new Float64Array(rowCount * triple), cells: new Float64Array(rowCount * columnCount * triple) };
      const prefixSingles = this.prefixSingles;
      const prefixCells = this.prefixCells;
      visible.forEach((r, i) => {
        const own = layout.validBaseRow[r];
        if (own < 0) {
          // No base of its own: the crosstab's base and the columns as they are.
          validBases?.singles.set(band.singles.subarray(0, triple), i * triple);
          for (let c = 0; c < columnCount; c++) validBases?.cells.set(columnSingle(layout.columnAt[c]), (i * columnCount + c) * triple);
          return;
        }
        if (prefixSingles === undefined || prefixCells === undefined) throw new Error('a band whose rows need the valid bases of a first band not seen');
        validBases?.singles.set(prefixSingles.subarray(own * triple, (own + 1) * triple), i * triple);
        for (let c = 0; c < columnCount; c++) {
          const at = (own * plainColumns + layout.columnAt[c]) * triple;
          validBases?.cells.set(prefixCells.subarray(at, at + triple), (i * columnCount + c) * triple);
        }
      });
    }

    const rowAverages = visible.map((r) => {
      const parts = layout.spec.rows[layout.block.rowStart + r].average;
      if (parts === undefined) return undefined;
      const singles = new Float64Array(parts.length * triple);
      const cells = new Float64Array(parts.length * columnCount * triple);
      parts.forEach((_, j) => {
        const plainRow = layout.rowAt[r] + 1 + j;
        single(plainRow, singles, j * triple);
        for (let c = 0; c < columnCount; c++) {
          const at = cellAt(plainRow, layout.columnAt[c]);
          cells.set(band.cells.subarray(at, at + triple), (j * columnCount + c) * triple);
        }
      });
      return { values: parts.map((p) => p.value), singles, cells };
    });
    const columnAverages = Array.from({ length: columnCount }, (_, c) => {
      const parts = layout.spec.columns[layout.block.columnStart + c].average;
      if (parts === undefined) return undefined;
      const singles = new Float64Array(parts.length * triple);
      const cells = new Float64Array(parts.length * rowCount * triple);
      parts.forEach((_, j) => {
        const plainColumn = layout.columnAt[c] + 1 + j;
        singles.set(columnSingle(plainColumn), j * triple);
        visible.forEach((r, i) => {
          const at = cellAt(layout.rowAt[r], plainColumn);
          cells.set(band.cells.subarray(at, at + triple), (j * rowCount + i) * triple);
        });
      });
      return { values: parts.map((p) => p.value), singles, cells };
    });
    return { rowStart, sums: { raw, validBases, rowAverages, columnAverages } };
  }
}

/** The spec sums of a whole crosstab, filled block by block (`place`) from blocks' folded sums. */
export class SpecSumsBuilder {
  readonly sums: SpecSums;

  constructor(
    spec: CrosstabSpec<unknown>,
    private readonly groups: number,
  ) {
    const rows = spec.rows.length;
    const columns = spec.columns.length;
    const triple = groups * 3;
    const averages = (items: readonly CrosstabItem<unknown>[], other: number) =>
      items.map((item) =>
        item.average === undefined
          ? undefined
          : {
              values: item.average.map((p) => p.value),
              singles: new Float64Array(item.average.length * triple),
              cells: new Float64Array(item.average.length * other * triple),
            },
      );
    this.sums = {
      raw: emptyRawSums(rows, columns, groups),
      validBases: spec.validBases.length > 0 ? { singles: new Float64Array(rows * triple), cells: new Float64Array(rows * columns * triple) } : undefined,
      rowAverages: averages(spec.rows, columns),
      columnAverages: averages(spec.columns, rows),
    };
  }

  /** Places a block's sums (its rows from `rowStart`, its columns from `columnStart` of the whole). */
  place(part: SpecSums, rowStart: number, columnStart: number): void {
    const triple = this.groups * 3;
    const whole = this.sums;
    const { rowCount, columnCount } = part.raw;
    const allRows = whole.raw.rowCount;
    const allColumns = whole.raw.columnCount;
    whole.raw.singles.set(part.raw.singles.subarray(0, triple), 0);
    whole.raw.singles.set(part.raw.singles.subarray(triple, (1 + rowCount) * triple), (1 + rowStart) * triple);
    whole.raw.singles.set(part.raw.singles.subarray((1 + rowCount) * triple), (1 + allRows + columnStart) * triple);
    const grid = (from: Float64Array, into: Float64Array, width: number, intoWidth: number, at: number, height: number) => {
      for (let r = 0; r < height; r++) into.set(from.subarray(r * width * triple, (r + 1) * width * triple), (at + r * intoWidth) * triple);
    };
    grid(part.raw.cells, whole.raw.cells, columnCount, allColumns, rowStart * allColumns + columnStart, rowCount);
    if (part.validBases !== undefined && whole.validBases !== undefined) {
      whole.validBases.singles.set(part.validBases.singles, rowStart * triple);
      grid(part.validBases.cells, whole.validBases.cells, columnCount, allColumns, rowStart * allColumns + columnStart, rowCount);
    }
    part.rowAverages.forEach((average, i) => {
      const into = whole.rowAverages[rowStart + i];
      if (average === undefined || into === undefined) return;
      into.singles.set(average.singles);
      grid(average.cells, into.cells, columnCount, allColumns, columnStart, average.values.length);
    });
    part.columnAverages.forEach((average, c) => {
      const into = whole.columnAverages[columnStart + c];
      if (average === undefined || into === undefined) return;
      into.singles.set(average.singles);
      grid(average.cells, into.cells, rowCount, allRows, rowStart, average.values.length);
    });
  }
}
