import type { Connection, PoolClient, Submittable } from 'pg';

/** The 11 bytes every binary COPY stream starts with. */
const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** Signature, flags (int32) and the length of the header extension (int32). */
const HEADER_BYTES = SIGNATURE.length + 8;
/** Flags bit 16: every row carries an OID (a COPY ... WITH OIDS of old servers). */
const FLAG_OIDS = 1 << 16;

/** Where the receiver is in the stream: the header, its extension, a row's field count, the field's length, its data, past the trailer. */
type Phase = 'header' | 'extension' | 'fieldCount' | 'fieldLength' | 'data' | 'done';

/**
 * Writes the rows of a binary COPY stream (PostgreSQL's `FORMAT binary`) of one non-null bytea
 * column into a buffer, one row after the other: the bytes of a blob copied out in order, as
 * `substring` slices, arrive whole in `into`. Takes the stream in pieces of any size (the server
 * sends a message per row, the header with the first row); only the fixed-size fields are
 * gathered in a small scratch buffer, the data goes straight to its place.
 */
export class ByteaCopyReceiver {
  /** Bytes written into `into` so far. */
  written = 0;
  private phase: Phase = 'header';
  /** The fixed-size field being gathered: how many bytes it needs, how many are in `scratch`. */
  private need = HEADER_BYTES;
  private have = 0;
  private readonly scratch = Buffer.alloc(HEADER_BYTES);
  /** Bytes left of the current field's data or of the header extension. */
  private remaining = 0;

  constructor(private readonly into: Buffer) {}

  /** Takes the next piece of the stream; `piece` may be reused by the caller once this returns. */
  push(piece: Uint8Array): void {
    let at = 0;
    while (at < piece.length) {
      if (this.phase === 'done') throw new Error('binary COPY: data after the end of the stream');
      if (this.phase === 'data' || this.phase === 'extension') {
        const n = Math.min(this.remaining, piece.length - at);
        if (this.phase === 'data') {
          if (this.written + n > this.into.length) throw new Error(`binary COPY: more than the ${this.into.length} bytes expected`);
          this.into.set(piece.subarray(at, at + n), this.written);
          this.written += n;
        }
        at += n;
        this.remaining -= n;
        if (this.remaining === 0) this.expect('fieldCount', 2);
        continue;
      }
      const n = Math.min(this.need - this.have, piece.length - at);
      this.scratch.set(piece.subarray(at, at + n), this.have);
      this.have += n;
      at += n;
      if (this.have === this.need) this.fieldComplete();
    }
  }

  /** Throws unless the stream ended (its trailer seen) with exactly `into.length` bytes written. */
  finish(): void {
    if (this.phase !== 'done') throw new Error('binary COPY: the stream ended early');
    if (this.written !== this.into.length) throw new Error(`binary COPY: ${this.written} bytes, expected ${this.into.length}`);
  }

  private expect(phase: Phase, bytes: number): void {
    this.phase = phase;
    this.need = bytes;
    this.have = 0;
  }

  /** `bytes` of the header extension or of a field's data to pass through next, then a row's field count. */
  private pass(phase: 'extension' | 'data', bytes: number): void {
    if (bytes === 0) {
      this.expect('fieldCount', 2);
      return;
    }
    this.phase = phase;
    this.remaining = bytes;
  }

  private fieldComplete(): void {
    const s = this.scratch;
    switch (this.phase) {
      case 'header': {
        if (!s.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('binary COPY: bad signature');
        if (s.readInt32BE(SIGNATURE.length) & FLAG_OIDS) throw new Error('binary COPY: rows with OIDs are not expected');
        const extension = s.readInt32BE(SIGNATURE.length + 4);
        if (extension < 0) throw new Error('binary COPY: bad header extension length');
        this.pass('extension', extension);
        return;
      }
      case 'fieldCount': {
        const fields = s.readInt16BE(0);
        if (fields === -1) this.phase = 'done';
        else if (fields !== 1) throw new Error(`binary COPY: ${fields} fields in a row, expected 1`);
        else this.expect('fieldLength', 4);
        return;
      }
      case 'fieldLength': {
        const length = s.readInt32BE(0);
        if (length < 0) throw new Error('binary COPY: a null where a blob slice was expected');
        this.pass('data', length);
        return;
      }
      default:
        throw new Error('binary COPY: parser in an impossible state');
    }
  }
}

/**
 * `COPY (...) TO STDOUT (FORMAT binary)` through node-postgres's extension point for custom queries
 * (a `Submittable`, as pg-copy-streams and pg-cursor use it): the client hands each CopyData
 * message to `handleCopyData` as a Buffer over the protocol's own bytes, so nothing is turned
 * into text. node-postgres 8 has no other way to receive binary data intact: with `binary: true`
 * pg-protocol still decodes every field of a row as UTF-8 text.
 */
class CopyOutQuery implements Submittable {
  /** Set before the query is submitted; the client wraps it with its read timeout. */
  callback?: (error: Error | null) => void;
  private failure: Error | undefined;

  constructor(
    private readonly text: string,
    private readonly receiver: ByteaCopyReceiver,
  ) {}

  submit(connection: Connection): void {
    connection.query(this.text);
  }

  handleCopyData(message: { chunk: Buffer }): void {
    if (this.failure !== undefined) return;
    try {
      this.receiver.push(message.chunk);
    } catch (error) {
      this.failure = error as Error;
    }
  }

  handleCommandComplete(): void {
    // The end of the data; the result is reported once the server is ready for the next query.
  }

  handleReadyForQuery(): void {
    if (this.failure === undefined) {
      try {
        this.receiver.finish();
      } catch (error) {
        this.failure = error as Error;
      }
    }
    this.done(this.failure ?? null);
  }

  /** A server error (the client then forgets this query: no ready-for-query follows for it), a dead connection or the read timeout. */
  handleError(error: Error): void {
    this.done(error);
  }

  handleRowDescription(): void {
    this.failure ??= new Error('expected a COPY, the server answered rows');
  }

  handleDataRow(): void {
    this.failure ??= new Error('expected a COPY, the server answered rows');
  }

  handleEmptyQuery(): void {
    this.failure ??= new Error('expected a COPY, the query was empty');
  }

  handlePortalSuspended(): void {
    this.failure ??= new Error('expected a COPY, a portal was suspended');
  }

  handleCopyInResponse(connection: Connection): void {
    this.failure ??= new Error('expected a COPY TO, the server asked for data');
    (connection as Connection & { sendCopyFail(message: string): void }).sendCopyFail('this client only copies out');
  }

  private done(error: Error | null): void {
    const callback = this.callback;
    this.callback = undefined;
    callback?.(error);
  }
}

/**
 * Runs `COPY (<select>) TO STDOUT (FORMAT binary)` on `client`, where `select` answers one bytea
 * column, and writes its rows one after the other into `into`, which they must fill exactly.
 * Memory: the protocol's buffer of one row at a time, however many rows.
 */
export function copyByteaInto(client: PoolClient, select: string, into: Buffer): Promise<void> {
  const receiver = new ByteaCopyReceiver(into);
  const query = new CopyOutQuery(`COPY (${select}) TO STDOUT (FORMAT binary)`, receiver);
  return new Promise<void>((resolve, reject) => {
    query.callback = (error) => (error ? reject(error) : resolve());
    client.query(query);
  });
}
