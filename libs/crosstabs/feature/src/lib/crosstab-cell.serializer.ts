import type { CrosstabCell } from '@aas/crosstab-engine';
import type { PreparedAudience } from './prepare-crosstab';

/** A number as JSON writes it: non-finite values are `null`, -0 is `0`. */
const num = (value: number): string => (Number.isFinite(value) ? String(value) : 'null');

interface SideFigures {
  readonly size: number;
  readonly sample: number;
  readonly percentage: number;
}

/**
 * The bytes of a side's figures, which every cell of its row (or column) repeats: encoded once and
 * reused while the figures are the same numbers (compared, so a block that brought other figures
 * is written as it is).
 */
class SideFiguresBytes {
  private readonly size: Float64Array;
  private readonly sample: Float64Array;
  private readonly percentage: Float64Array;
  private readonly bytes: (Buffer | undefined)[];

  /** `prefixes[i]`: what comes before side i's size (its audience id, as JSON, and the keys). */
  constructor(private readonly prefixes: readonly string[]) {
    this.size = new Float64Array(prefixes.length);
    this.sample = new Float64Array(prefixes.length);
    this.percentage = new Float64Array(prefixes.length);
    this.bytes = new Array<Buffer | undefined>(prefixes.length);
  }

  /** `<prefix><size>,"sample":<sample>,"percentage":<percentage>` of side `i`, UTF-8. */
  of(i: number, figures: SideFigures): Buffer {
    const cached = this.bytes[i];
    if (cached !== undefined && this.size[i] === figures.size && this.sample[i] === figures.sample && this.percentage[i] === figures.percentage) {
      return cached;
    }
    const bytes = Buffer.from(`${this.prefixes[i]}${num(figures.size)},"sample":${num(figures.sample)},"percentage":${num(figures.percentage)}`);
    this.size[i] = figures.size;
    this.sample[i] = figures.sample;
    this.percentage[i] = figures.percentage;
    this.bytes[i] = bytes;
    return bytes;
  }
}

/** What goes around each cell in the stream: `open` before it, `close` after it (ASCII). */
export interface CellFraming {
  readonly open: string;
  readonly close: string;
}

/**
 * Writes crosstab cells as UTF-8 bytes of exactly the text `JSON.stringify(toWireCell(cell, rows,
 * columns))` gives, without building the wire object, serialising or encoding again the row and
 * column audiences for every cell, or formatting again the figures a row or column repeats.
 *
 * A 200x200 crosstab is ~28 MB of JSON, and most of each cell is its row's and column's id, name
 * and expression, the same 200 times. Those parts are encoded once per request and copied; per
 * cell only the cell's own figures are formatted, as ASCII. This is most of the gateway's share of
 * a crosstab: the generic path (objects, `JSON.stringify`, then the response measuring and
 * encoding the text) cost the gateway more CPU than the engine's own work. The parts that are
 * optional or rare (reasons, Kish bases, significance) go through `JSON.stringify` as they are, so
 * key order and omitted keys stay exactly the generic ones. `crosstab-cell.serializer.spec.ts`
 * checks the bytes over generated cells.
 */
export class CrosstabCellSerializer {
  /** Per row: `<open>{"row":{...},"row_index":n,"column":`. */
  private readonly rowHeads: Buffer[];
  /** Per column: `{...},"column_index":n,"audiences":{"row":{"audience":`. */
  private readonly columnHeads: Buffer[];
  /** Per row: `"<id>","size":...,"percentage":...` (the row audience's figures). */
  private readonly rowFigures: SideFiguresBytes;
  /** Per column: `,"column":{"audience":"<id>","size":...,"percentage":...`. */
  private readonly columnFigures: SideFiguresBytes;
  private base?: { readonly size: number; readonly sample: number; readonly text: string };

  constructor(
    rows: readonly PreparedAudience[],
    columns: readonly PreparedAudience[],
    private readonly framing: CellFraming = { open: '', close: '' },
  ) {
    const side = (a: PreparedAudience) => JSON.stringify({ id: a.id, name: a.name, expression: a.wire });
    this.rowHeads = rows.map((r) => Buffer.from(`${framing.open}{"row":${side(r)},"row_index":${num(r.index)},"column":`));
    this.columnHeads = columns.map((c) => Buffer.from(`${side(c)},"column_index":${num(c.index)},"audiences":{"row":{"audience":`));
    this.rowFigures = new SideFiguresBytes(rows.map((r) => `${JSON.stringify(r.id)},"size":`));
    this.columnFigures = new SideFiguresBytes(columns.map((c) => `,"column":{"audience":${JSON.stringify(c.id)},"size":`));
  }

  /**
   * Writes the framed cell into `out` at `at`. Returns the offset after it; or, when it does not fit
   * in what is left of `out`, writes nothing and returns minus the bytes it needs. `rowIndex` and
   * `columnIndex` are positions in the whole request.
   */
  write(cell: CrosstabCell, out: Buffer, at: number): number {
    const r = cell.rowIndex;
    const c = cell.columnIndex;
    const rowHead = this.rowHeads[r];
    const columnHead = this.columnHeads[c];
    if (rowHead === undefined || columnHead === undefined) {
      // Not a cell of this request (the mapper, toWireCell, fails on it with a TypeError too).
      throw new TypeError(`cell (${r}, ${c}) is outside the crosstab's ${this.rowHeads.length} x ${this.columnHeads.length}`);
    }
    const { row, column, intersect, flags } = cell;
    const rowFigures = this.rowFigures.of(r, row);
    const columnFigures = this.columnFigures.of(c, column);
    // ASCII only (figures, keys and the engine's own enums), so one character is one byte.
    const middle = `,"intersect_percentage":${num(row.intersectPercentage)}}`;
    const tail =
      ',"intersect_percentage":' +
      num(column.intersectPercentage) +
      this.baseText(cell.base) +
      num(intersect.size) +
      ',"sample":' +
      num(intersect.sample) +
      ',"percentage":' +
      num(intersect.percentage) +
      ',"index":' +
      num(intersect.index) +
      '},"flags":{"low_base":' +
      (flags.lowBase ? 'true' : 'false') +
      ',"unreliable":' +
      (flags.unreliable ? 'true' : 'false') +
      '},"reasons":' +
      (cell.reasons.length === 0 ? '[]' : JSON.stringify(cell.reasons)) +
      (cell.effectiveBase ? ',"effective_base":' + JSON.stringify({ ...cell.effectiveBase }) : '') +
      (cell.significance ? ',"significance":' + JSON.stringify({ ...cell.significance }) : '') +
      '}' +
      this.framing.close;
    const need = rowHead.length + columnHead.length + rowFigures.length + middle.length + columnFigures.length + tail.length;
    if (at + need > out.length) return -need;
    out.set(rowHead, at);
    at += rowHead.length;
    out.set(columnHead, at);
    at += columnHead.length;
    out.set(rowFigures, at);
    at += rowFigures.length;
    at += out.write(middle, at, 'latin1');
    out.set(columnFigures, at);
    at += columnFigures.length;
    return at + out.write(tail, at, 'latin1');
  }

  /** From the end of the column audience to the intersect's size: the base, the same in every cell. */
  private baseText(base: { readonly size: number; readonly sample: number }): string {
    const cached = this.base;
    if (cached !== undefined && cached.size === base.size && cached.sample === base.sample) return cached.text;
    const text = `}},"base":{"size":${num(base.size)},"sample":${num(base.sample)}},"intersect":{"size":`;
    this.base = { size: base.size, sample: base.sample, text };
    return text;
  }
}
