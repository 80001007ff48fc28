import type { CrosstabCell } from '@aas/crosstab-engine-domain';
import { wireAverage, wireSide, wireSignificance, wireTrend } from './crosstab-cell.mapper';
import { MAX_JSON_NUMBER_BYTES, writeJsonNumber } from './json-number';
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

const ascii = (text: string): Buffer => Buffer.from(text, 'latin1');
const INTERSECT_PERCENTAGE = ascii(',"intersect_percentage":');
const SAMPLE = ascii(',"sample":');
const PERCENTAGE = ascii(',"percentage":');
const INDEX = ascii(',"index":');
/** From the intersect's index to the reasons, one per (low_base, unreliable). */
const FLAGS = [
  [ascii('},"flags":{"low_base":false,"unreliable":false},"reasons":'), ascii('},"flags":{"low_base":false,"unreliable":true},"reasons":')],
  [ascii('},"flags":{"low_base":true,"unreliable":false},"reasons":'), ascii('},"flags":{"low_base":true,"unreliable":true},"reasons":')],
];
/** The bytes of a cell besides its sides' parts, its six numbers and the optional members. */
const FIXED_BYTES = 1 + 2 * INTERSECT_PERCENTAGE.length + SAMPLE.length + PERCENTAGE.length + INDEX.length + FLAGS[0][0].length;
/** `reasons` when there are none. */
const NO_REASONS = ascii('[]');
const NUMBERS = 6;

/** Copies `bytes` into `out` at `at`; returns the offset after them. Short ones byte by byte (cheaper than a native call). */
function put(out: Buffer, at: number, bytes: Uint8Array): number {
  const n = bytes.length;
  if (n > 32) {
    out.set(bytes, at);
    return at + n;
  }
  for (let i = 0; i < n; i++) out[at + i] = bytes[i];
  return at + n;
}

/**
 * Writes crosstab cells as UTF-8 bytes of exactly the text `JSON.stringify(toWireCell(cell, rows,
 * columns))` gives, without building the wire object, serialising or encoding again the row and
 * column audiences for every cell, or formatting again the figures a row or column repeats.
 *
 * A 200x200 crosstab is ~36 MB of JSON, and most of each cell is its row's and column's id, name
 * and expression, the same 200 times. Those parts are encoded once per request and copied; per
 * cell only the cell's own six numbers are written, as ASCII straight into the output
 * (`writeJsonNumber`: no string per number). This is most of the gateway's share of a crosstab: the
 * generic path (objects, `JSON.stringify`, then the response measuring and encoding the text) cost
 * the gateway more CPU than the engine's own work. The parts that are optional or rare (reasons,
 * Kish bases, significance) go through `JSON.stringify` as they are, so key order and omitted keys
 * stay exactly the generic ones. `crosstab-cell.serializer.spec.ts` checks the bytes over generated
 * cells.
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
  private readonly close: Buffer;
  private base?: { readonly size: number; readonly sample: number; readonly bytes: Buffer };

  /**
   * `letters`: with `test=columns`, each column's letter (in the column's side, as `toWireCell`
   * writes it).
   */
  constructor(
    rows: readonly PreparedAudience[],
    columns: readonly PreparedAudience[],
    framing: CellFraming = { open: '', close: '' },
    letters?: readonly string[],
  ) {
    this.rowHeads = rows.map((r) => Buffer.from(`${framing.open}{"row":${JSON.stringify(wireSide(r))},"row_index":${num(r.index)},"column":`));
    this.columnHeads = columns.map((c, i) =>
      Buffer.from(`${JSON.stringify(wireSide(c, letters?.[i]))},"column_index":${num(c.index)},"audiences":{"row":{"audience":`),
    );
    this.rowFigures = new SideFiguresBytes(rows.map((r) => `${JSON.stringify(r.id)},"size":`));
    this.columnFigures = new SideFiguresBytes(columns.map((c) => `,"column":{"audience":${JSON.stringify(c.id)},"size":`));
    this.close = ascii(`}${framing.close}`);
  }

  /**
   * Writes the framed cell into `out` at `at`. Returns the offset after it; or, when it may not fit
   * in what is left of `out`, writes nothing and returns minus the bytes it may need (a bound: the
   * cell takes at most that many). `rowIndex` and `columnIndex` are positions in the whole request.
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
    const base = this.baseBytes(cell.base);
    // The rare members, as the generic path writes them (ASCII: numbers, keys, the engine's enums, letters and wave codes).
    const optional =
      cell.reasons.length === 0 &&
      cell.effectiveBase === undefined &&
      cell.significance === undefined &&
      cell.average === undefined &&
      cell.wave === undefined &&
      cell.trend === undefined
        ? undefined
        : (cell.reasons.length === 0 ? '[]' : JSON.stringify(cell.reasons)) +
          (cell.effectiveBase ? ',"effective_base":' + JSON.stringify({ ...cell.effectiveBase }) : '') +
          (cell.significance ? ',"significance":' + JSON.stringify(wireSignificance(cell.significance)) : '') +
          (cell.average ? ',"average":' + JSON.stringify(wireAverage(cell.average)) : '') +
          (cell.wave !== undefined ? ',"wave":' + JSON.stringify(cell.wave) : '') +
          (cell.trend ? ',"trend":' + JSON.stringify(wireTrend(cell.trend)) : '');
    const bound =
      rowHead.length +
      columnHead.length +
      rowFigures.length +
      columnFigures.length +
      base.length +
      this.close.length +
      (optional === undefined ? NO_REASONS.length : Buffer.byteLength(optional)) +
      FIXED_BYTES +
      NUMBERS * MAX_JSON_NUMBER_BYTES;
    if (at + bound > out.length) return -bound;
    at = put(out, at, rowHead);
    at = put(out, at, columnHead);
    at = put(out, at, rowFigures);
    at = put(out, at, INTERSECT_PERCENTAGE);
    at = writeJsonNumber(out, at, row.intersectPercentage);
    out[at++] = 125; // }
    at = put(out, at, columnFigures);
    at = put(out, at, INTERSECT_PERCENTAGE);
    at = writeJsonNumber(out, at, column.intersectPercentage);
    at = put(out, at, base);
    at = writeJsonNumber(out, at, intersect.size);
    at = put(out, at, SAMPLE);
    at = writeJsonNumber(out, at, intersect.sample);
    at = put(out, at, PERCENTAGE);
    at = writeJsonNumber(out, at, intersect.percentage);
    at = put(out, at, INDEX);
    at = writeJsonNumber(out, at, intersect.index);
    at = put(out, at, FLAGS[flags.lowBase ? 1 : 0][flags.unreliable ? 1 : 0]);
    if (optional === undefined) at = put(out, at, NO_REASONS);
    else at += out.write(optional, at, 'utf8');
    return put(out, at, this.close);
  }

  /** From the end of the column audience to the intersect's size: the base, the same in every cell. */
  private baseBytes(base: { readonly size: number; readonly sample: number }): Buffer {
    const cached = this.base;
    if (cached !== undefined && cached.size === base.size && cached.sample === base.sample) return cached.bytes;
    const bytes = ascii(`}},"base":{"size":${num(base.size)},"sample":${num(base.sample)}},"intersect":{"size":`);
    this.base = { size: base.size, sample: base.sample, bytes };
    return bytes;
  }
}
