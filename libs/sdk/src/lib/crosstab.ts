import { ApiError, isProblem } from './errors.js';
import { readRecordBatches, recordFormatOf } from './records.js';
import type { CrosstabCell, CrosstabQuery, InsightDetails } from './types.js';

/**
 * A streamed crosstab: iterate it for cells as they arrive (`for await (const cell of stream)`), or
 * `batches()` for one array per block the network delivered. Nothing is sent until the iteration
 * starts; `abort()` (or the signal given, or leaving the loop) stops the request and the stream. A
 * failure before the first block is an ApiError with the answer's status; one after the stream
 * started arrives as a problem element, and is thrown as an ApiError once the cells before it
 * have been yielded.
 *
 * `Cell` is the generated `CrosstabCell` unless a caller narrows or widens it (the fields of a cell
 * follow the OpenAPI document; the stream itself does not depend on them).
 */
export class CrosstabStream<Cell = CrosstabCell> implements AsyncIterable<Cell> {
  private readonly controller = new AbortController();
  private started = false;
  /** The answer's headers, once the stream has started (e.g. `x-request-id`). */
  response: Response | undefined;

  constructor(
    private readonly open: (signal: AbortSignal) => Promise<Response>,
    signal?: AbortSignal,
  ) {
    if (signal?.aborted) this.controller.abort(signal.reason);
    else signal?.addEventListener('abort', () => this.controller.abort(signal.reason), { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  abort(reason?: unknown): void {
    this.controller.abort(reason);
  }

  /** The cells in arrays as they arrive: the records of each network read, at most `maxBatch` (default 1000) per array. */
  async *batches(maxBatch = 1000): AsyncGenerator<Cell[], void, undefined> {
    if (this.started) throw new Error('a CrosstabStream can be read once; make another for a second read');
    this.started = true;
    const response = await this.open(this.controller.signal);
    this.response = response;
    if (!response.body) return;
    for await (const records of readRecordBatches(response.body, recordFormatOf(response.headers.get('content-type')), maxBatch)) {
      const failure = records.findIndex((r) => isProblem(r));
      if (failure < 0) {
        yield records as Cell[];
        continue;
      }
      if (failure > 0) yield records.slice(0, failure) as Cell[];
      throw new ApiError(records[failure] as never, { requestId: response.headers.get('x-request-id') ?? undefined });
    }
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Cell, void, undefined> {
    for await (const batch of this.batches()) yield* batch;
  }

  /** Every cell, once the stream has ended. */
  async collect(): Promise<Cell[]> {
    const cells: Cell[] = [];
    for await (const batch of this.batches()) cells.push(...batch);
    return cells;
  }
}

/**
 * The crosstab that computes an assistant insight: its audiences as rows, its datapoints as
 * columns, and its base, locations and waves, so a figure in an answer can be opened and checked.
 */
export function crosstabQueryOf(insight: Pick<InsightDetails, 'computed_from'>): CrosstabQuery {
  const from = insight.computed_from;
  return {
    rows: from.audiences.map((a) => ({ id: a.id, name: a.name, expression: a.expression })),
    columns: from.attributes.map((a) => ({
      id: [a.question, a.datapoint, a.suffix].filter(Boolean).join('.'),
      name: a.suffix_name ? `${a.datapoint_name} (${a.suffix_name})` : a.datapoint_name,
      expression: { question: a.question, datapoints: [a.datapoint], ...(a.suffix ? { suffixes: [a.suffix] } : {}) },
    })),
    base_audience: { id: 'base', name: from.base_audience.name, expression: from.base_audience.expression },
    locations: from.locations.map((l) => l.code),
    waves: from.waves.map((w) => w.code),
  };
}
