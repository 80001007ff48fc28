import { emptyRawSums, type RawSums } from './raw-sums';

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
 * A block of a spec as plain rows and columns, each audience once (equal expressions, by
 * `keyOf`, share a plain row or column: an average's answers that are also rows of the crosstab
 * cost nothing more). Rows: first the valid bases its rows use, then, row by row, the row's
 * audience and its answers (those not met before); columns likewise. Positions are within the
 * block; a visible row's plain rows are all introduced by it or by rows before it.
 */
export class BlockLayout<E> {
  readonly rows: E[] = [];
  readonly columns: E[] = [];
  /** Per visible row: its audience's plain row, its answers' (empty for no average), its valid base's (-1: none). */
  readonly rowOwn: number[] = [];
  readonly rowParts: number[][] = [];
  readonly validBaseRow: number[] = [];
  /** Per visible row, and last the end: the first plain row it introduces (bands start there). */
  readonly rowAt: number[] = [];
  /** Per visible column: its audience's plain column, its answers'. */
  readonly columnOwn: number[] = [];
  readonly columnParts: number[][] = [];

  constructor(
    readonly spec: CrosstabSpec<E>,
    readonly block: SpecBlock,
    keyOf: (expression: E) => string = (e) => JSON.stringify(e),
  ) {
    const rowAt = new Map<string, number>();
    const row = (e: E): number => {
      const key = keyOf(e);
      let at = rowAt.get(key);
      if (at === undefined) {
        at = this.rows.push(e) - 1;
        rowAt.set(key, at);
      }
      return at;
    };
    const rows = spec.rows.slice(block.rowStart, block.rowEnd);
    const bases = rows.map((r) => (r.validBase === undefined ? -1 : row(spec.validBases[r.validBase])));
    rows.forEach((r, i) => {
      this.rowAt.push(this.rows.length);
      this.validBaseRow.push(bases[i]);
      this.rowOwn.push(row(r.expression));
      this.rowParts.push((r.average ?? []).map((p) => row(p.expression)));
    });
    this.rowAt.push(this.rows.length);
    // The valid bases count with the first row's band.
    if (this.rowAt.length > 1) this.rowAt[0] = 0;
    const columnAt = new Map<string, number>();
    const column = (e: E): number => {
      const key = keyOf(e);
      let at = columnAt.get(key);
      if (at === undefined) {
        at = this.columns.push(e) - 1;
        columnAt.set(key, at);
      }
      return at;
    };
    for (const c of spec.columns.slice(block.columnStart, block.columnEnd)) {
      this.columnOwn.push(column(c.expression));
      this.columnParts.push((c.average ?? []).map((p) => column(p.expression)));
    }
  }

  /**
   * The plain rows at which bands start, for bands of visible rows starting at `visibleStarts`
   * (block-relative): where the band's first row introduces plain rows; a band that would
   * introduce none joins the previous one.
   */
  bandStarts(visibleStarts: readonly number[]): number[] {
    const starts: number[] = [];
    for (const v of visibleStarts) {
      const at = this.rowAt[v];
      if (at > (starts.at(-1) ?? 0) && at < this.rows.length) starts.push(at);
    }
    return starts;
  }
}

/**
 * Folds the plain sums of one block, band by band, into the spec's sums. A band covers plain rows
 * [from, from + rowCount) with every column of the block (their own sums complete); bands come in
 * order. Each visible row is folded as soon as every plain row it reads has come, and the plain
 * rows seen are kept for the rows of later bands that share them.
 */
export class BlockFold<E> {
  /** The plain rows seen so far: their sums (rows x groups x 3) and cells (rows x columns x groups x 3). */
  private singles = new Float64Array(0);
  private cells = new Float64Array(0);
  private seen = 0;
  /** Visible rows folded so far (they are folded in order). */
  private done = 0;

  constructor(readonly layout: BlockLayout<E>) {}

  /** The visible rows this band completes (block-relative start) and their folded sums. */
  fold(band: RawSums, from: number): { rowStart: number; sums: SpecSums } {
    const layout = this.layout;
    const { groups } = band;
    const triple = groups * 3;
    const plainColumns = band.columnCount;
    if (plainColumns !== layout.columns.length) throw new Error(`a band of ${plainColumns} plain columns for a block of ${layout.columns.length}`);
    if (from !== this.seen) throw new Error(`a band from plain row ${from} after ${this.seen} rows`);
    this.keep(band, triple);
    const columnSingles = band.singles.subarray((1 + band.rowCount) * triple);
    const needs = (r: number) => Math.max(layout.rowOwn[r], layout.validBaseRow[r], ...layout.rowParts[r]);
    const rowStart = this.done;
    while (this.done < layout.rowOwn.length && needs(this.done) < this.seen) this.done++;
    const rowCount = this.done - rowStart;
    const columnCount = layout.columnOwn.length;
    const singleAt = (plainRow: number) => plainRow * triple;
    const cellAt = (plainRow: number, plainColumn: number) => (plainRow * plainColumns + plainColumn) * triple;
    // A plain loop, not `set(subarray(...))`: a 100x100 copies some 13,000 triples, and a view per copy cost more than the copy.
    const copy = (from: Float64Array, at: number, into: Float64Array, to: number) => {
      for (let k = 0; k < triple; k++) into[to + k] = from[at + k];
    };

    const raw = emptyRawSums(rowCount, columnCount, groups);
    raw.singles.set(band.singles.subarray(0, triple), 0);
    for (let c = 0; c < columnCount; c++) copy(columnSingles, layout.columnOwn[c] * triple, raw.singles, (1 + rowCount + c) * triple);
    for (let i = 0; i < rowCount; i++) {
      const r = rowStart + i;
      copy(this.singles, singleAt(layout.rowOwn[r]), raw.singles, (1 + i) * triple);
      for (let c = 0; c < columnCount; c++) copy(this.cells, cellAt(layout.rowOwn[r], layout.columnOwn[c]), raw.cells, (i * columnCount + c) * triple);
    }

    let validBases: ValidBaseSums | undefined;
    if (layout.spec.validBases.length > 0) {
      validBases = { singles: new Float64Array(rowCount * triple), cells: new Float64Array(rowCount * columnCount * triple) };
      for (let i = 0; i < rowCount; i++) {
        const own = layout.validBaseRow[rowStart + i];
        // No base of its own: the crosstab's base and the columns as they are.
        if (own < 0) copy(band.singles, 0, validBases.singles, i * triple);
        else copy(this.singles, singleAt(own), validBases.singles, i * triple);
        for (let c = 0; c < columnCount; c++) {
          const to = (i * columnCount + c) * triple;
          if (own < 0) copy(columnSingles, layout.columnOwn[c] * triple, validBases.cells, to);
          else copy(this.cells, cellAt(own, layout.columnOwn[c]), validBases.cells, to);
        }
      }
    }

    const rowAverages = Array.from({ length: rowCount }, (_, i): AverageSums | undefined => {
      const r = rowStart + i;
      const parts = layout.spec.rows[layout.block.rowStart + r].average;
      if (parts === undefined) return undefined;
      const singles = new Float64Array(parts.length * triple);
      const cells = new Float64Array(parts.length * columnCount * triple);
      layout.rowParts[r].forEach((plainRow, j) => {
        copy(this.singles, singleAt(plainRow), singles, j * triple);
        for (let c = 0; c < columnCount; c++) copy(this.cells, cellAt(plainRow, layout.columnOwn[c]), cells, (j * columnCount + c) * triple);
      });
      return { values: parts.map((p) => p.value), singles, cells };
    });
    const columnAverages = Array.from({ length: columnCount }, (_, c): AverageSums | undefined => {
      const parts = layout.spec.columns[layout.block.columnStart + c].average;
      if (parts === undefined) return undefined;
      const singles = new Float64Array(parts.length * triple);
      const cells = new Float64Array(parts.length * rowCount * triple);
      layout.columnParts[c].forEach((plainColumn, j) => {
        copy(columnSingles, plainColumn * triple, singles, j * triple);
        for (let i = 0; i < rowCount; i++) copy(this.cells, cellAt(layout.rowOwn[rowStart + i], plainColumn), cells, (j * rowCount + i) * triple);
      });
      return { values: parts.map((p) => p.value), singles, cells };
    });
    return { rowStart, sums: { raw, validBases, rowAverages, columnAverages } };
  }

  /** Appends a band's plain rows to those seen. */
  private keep(band: RawSums, triple: number): void {
    const rows = this.seen + band.rowCount;
    const width = band.columnCount * triple;
    if (this.singles.length < rows * triple) {
      const capacity = Math.max(rows, this.layout.rows.length);
      const singles = new Float64Array(capacity * triple);
      singles.set(this.singles);
      this.singles = singles;
      const cells = new Float64Array(capacity * width);
      cells.set(this.cells);
      this.cells = cells;
    }
    this.singles.set(band.singles.subarray(triple, (1 + band.rowCount) * triple), this.seen * triple);
    this.cells.set(band.cells.subarray(0, band.rowCount * width), this.seen * width);
    this.seen = rows;
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
