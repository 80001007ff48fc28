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
    this.buffer += typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    return this.take(false);
  }

  end(): unknown[] {
    this.buffer += this.decoder.decode();
    return this.take(true);
  }

  private take(final: boolean): unknown[] {
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
    const records: unknown[] = [];
    for (const part of parts) {
      const text = part.trim();
      if (text === '') continue;
      try {
        records.push(JSON.parse(text));
      } catch {
        throw new SyntaxError(`a streamed record is not JSON: ${text.slice(0, 120)}`);
      }
    }
    return records;
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
 * The records of a streamed body, one array per piece the network delivered (all the records that
 * piece completed), so a caller can render a block of cells at once rather than cell by cell.
 * Stopping the iteration (break, return, an abort) cancels the body.
 */
export async function* readRecordBatches(body: ReadableStream<Uint8Array>, format: RecordFormat): AsyncGenerator<unknown[], void, undefined> {
  const reader = body.getReader();
  const splitter = new RecordSplitter(format);
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        const last = splitter.end();
        if (last.length > 0) yield last;
        return;
      }
      const records = splitter.push(value);
      if (records.length > 0) yield records;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
