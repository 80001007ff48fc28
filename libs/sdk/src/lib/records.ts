/** The two streamed forms of the crosstab: NDJSON (one JSON text per line) and RFC 7464 JSON text sequences. */
export type RecordFormat = 'ndjson' | 'json-seq';

const RS = '\u001e';

/** The format of a streamed answer, from its Content-Type (NDJSON unless it says json-seq). */
export function recordFormatOf(contentType: string | null | undefined): RecordFormat {
  return (contentType ?? '').toLowerCase().includes('json-seq') ? 'json-seq' : 'ndjson';
}

/**
 * Splits text into complete records as it arrives: `push` takes the next piece and answers the
 * records it completed (parsed), `end` the last one. A record split across pieces (even inside a
 * multi-byte character, which the decoder keeps) is answered once it is whole.
 */
export class RecordSplitter {
  private buffer = '';
  private readonly decoder = new TextDecoder();

  constructor(private readonly format: RecordFormat) {}

  push(chunk: Uint8Array | string): unknown[] {
    return this.pushText(chunk).map(parseRecord);
  }

  end(): unknown[] {
    return this.endText().map(parseRecord);
  }

  /** As `push`, the complete records' texts, not parsed yet (so a reader can parse them in groups). */
  pushText(chunk: Uint8Array | string): string[] {
    this.buffer += typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    return this.take(false);
  }

  endText(): string[] {
    this.buffer += this.decoder.decode();
    return this.take(true);
  }

  private take(final: boolean): string[] {
    const separator = this.format === 'ndjson' ? '\n' : RS;
    const parts = this.buffer.split(separator);
    // The last part is incomplete until its separator arrives, except at the end of the stream,
    // and except a json-seq record already closed by its LF (RFC 7464: RS text LF).
    let rest = parts.pop() ?? '';
    if (final || (this.format === 'json-seq' && rest.endsWith('\n') && parses(rest))) {
      parts.push(rest);
      rest = '';
    }
    this.buffer = rest;
    return parts.map((p) => p.trim()).filter((p) => p !== '');
  }
}

function parseRecord(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new SyntaxError(`a streamed record is not JSON: ${text.slice(0, 120)}`);
  }
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The records of a streamed body, in arrays of the records each piece the network delivered
 * completed (at most `maxBatch` per array: a piece can hold a whole fast crosstab, and parsing and
 * showing it at once would hold a page's main thread), so a caller can render a block of cells at
 * once rather than cell by cell. Records are parsed as their array is asked for. Stopping the
 * iteration (break, return, an abort) cancels the body.
 */
export async function* readRecordBatches(body: ReadableStream<Uint8Array>, format: RecordFormat, maxBatch = 1000): AsyncGenerator<unknown[], void, undefined> {
  const reader = body.getReader();
  const splitter = new RecordSplitter(format);
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const texts = done ? splitter.endText() : splitter.pushText(value);
      for (let i = 0; i < texts.length; i += maxBatch) yield texts.slice(i, i + maxBatch).map(parseRecord);
      if (done) {
        finished = true;
        return;
      }
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
