import type { CrosstabCell } from '@aas/crosstab-engine';
import { toWireCell } from './crosstab-cell.mapper';
import type { PreparedAudience } from './prepare-crosstab';

/** A number as JSON writes it: non-finite values are `null`, -0 is `0`. */
const num = (value: number): string => (Number.isFinite(value) ? String(value) : 'null');

/**
 * Writes crosstab cells as the JSON text `JSON.stringify(toWireCell(cell, rows, columns))` gives,
 * character for character, without building the wire object or serialising the row and column
 * audiences again for every cell.
 *
 * A 100x100 crosstab repeats each side's id, name and expression 100 times; serialising them once
 * per request and the numbers per cell is what keeps the gateway's share of a crosstab small (the
 * generic path cost ~85 ms of gateway CPU per 10,000 cells, most of a request's time outside the
 * engine). The few parts that are optional or rare (reasons, Kish bases, significance) go through
 * `JSON.stringify` as they are, so key order and omitted keys stay exactly the generic ones.
 * `crosstab-cell.serializer.spec.ts` checks the equality over generated cells.
 */
/**
 * The text of a side's figures, which every cell of its row (or column) repeats: formatted once and
 * reused while the figures are the same numbers (compared, so a block that brought other figures
 * is written as it is).
 */
class SideFigures {
  private readonly size: Float64Array;
  private readonly sample: Float64Array;
  private readonly percentage: Float64Array;
  private readonly text: (string | undefined)[];

  constructor(count: number) {
    this.size = new Float64Array(count);
    this.sample = new Float64Array(count);
    this.percentage = new Float64Array(count);
    this.text = new Array<string | undefined>(count);
  }

  /** `<size>,"sample":<sample>,"percentage":<percentage>` of side `i`. */
  of(i: number, figures: { readonly size: number; readonly sample: number; readonly percentage: number }): string {
    const cached = this.text[i];
    if (cached !== undefined && this.size[i] === figures.size && this.sample[i] === figures.sample && this.percentage[i] === figures.percentage) {
      return cached;
    }
    const text = `${num(figures.size)},"sample":${num(figures.sample)},"percentage":${num(figures.percentage)}`;
    this.size[i] = figures.size;
    this.sample[i] = figures.sample;
    this.percentage[i] = figures.percentage;
    this.text[i] = text;
    return text;
  }
}

/**
 * Writes crosstab cells as the JSON text `JSON.stringify(toWireCell(cell, rows, columns))` gives,
 * character for character, without building the wire object, serialising the row and column
 * audiences again for every cell, or formatting again the figures a row or column repeats.
 *
 * A 100x100 crosstab repeats each side's id, name, expression, size, sample and percentage 100
 * times; writing them once per request leaves per cell only the figures of the cell itself. This
 * is most of the gateway's share of a crosstab (the generic path cost ~85 ms of gateway CPU per
 * 10,000 cells). The parts that are optional or rare (reasons, Kish bases, significance) go through
 * `JSON.stringify` as they are, so key order and omitted keys stay exactly the generic ones.
 * `crosstab-cell.serializer.spec.ts` checks the equality over generated cells.
 */
export class CrosstabCellSerializer {
  /** Per row: `{"row":{...},"row_index":n,"column":`. */
  private readonly rowHeads: string[];
  /** Per column: `{...},"column_index":n,"audiences":{"row":{"audience":`. */
  private readonly columnHeads: string[];
  /** Per row: its id as JSON, then `,"size":`. */
  private readonly rowAudiences: string[];
  /** Per column: `,"column":{"audience":"<id>","size":`. */
  private readonly columnAudiences: string[];
  private readonly rowFigures: SideFigures;
  private readonly columnFigures: SideFigures;
  private base?: { readonly size: number; readonly sample: number; readonly text: string };

  constructor(
    private readonly rows: readonly PreparedAudience[],
    private readonly columns: readonly PreparedAudience[],
  ) {
    const side = (a: PreparedAudience) => JSON.stringify({ id: a.id, name: a.name, expression: a.wire });
    this.rowHeads = rows.map((r) => `{"row":${side(r)},"row_index":${num(r.index)},"column":`);
    this.columnHeads = columns.map((c) => `${side(c)},"column_index":${num(c.index)},"audiences":{"row":{"audience":`);
    this.rowAudiences = rows.map((r) => `${JSON.stringify(r.id)},"size":`);
    this.columnAudiences = columns.map((c) => `,"column":{"audience":${JSON.stringify(c.id)},"size":`);
    this.rowFigures = new SideFigures(rows.length);
    this.columnFigures = new SideFigures(columns.length);
  }

  /** The cell's JSON text (no line ending). `rowIndex`/`columnIndex` are positions in the whole request. */
  json(cell: CrosstabCell): string {
    const r = cell.rowIndex;
    const c = cell.columnIndex;
    if (this.rowHeads[r] === undefined || this.columnHeads[c] === undefined) {
      // Not a cell of this request: the generic path throws the same way it always did.
      return JSON.stringify(toWireCell(cell, this.rows, this.columns));
    }
    const { row, column, intersect, flags } = cell;
    return (
      this.rowHeads[r] +
      this.columnHeads[c] +
      this.rowAudiences[r] +
      this.rowFigures.of(r, row) +
      ',"intersect_percentage":' +
      num(row.intersectPercentage) +
      '}' +
      this.columnAudiences[c] +
      this.columnFigures.of(c, column) +
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
      '}'
    );
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
