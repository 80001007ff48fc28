import { ByteaCopyReceiver } from './bytea-copy';

/** A binary COPY stream as PostgreSQL writes it: signature, flags, header extension, rows of one field, trailer. */
function copyStream(rows: (Buffer | null)[], options: { extension?: Buffer; fields?: number; flags?: number } = {}): Buffer {
  const parts: Buffer[] = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1')];
  const int32 = (v: number) => {
    const b = Buffer.alloc(4);
    b.writeInt32BE(v);
    return b;
  };
  const int16 = (v: number) => {
    const b = Buffer.alloc(2);
    b.writeInt16BE(v);
    return b;
  };
  const extension = options.extension ?? Buffer.alloc(0);
  parts.push(int32(options.flags ?? 0), int32(extension.length), extension);
  for (const row of rows) {
    parts.push(int16(options.fields ?? 1));
    for (let f = 0; f < (options.fields ?? 1); f++) parts.push(row === null ? int32(-1) : Buffer.concat([int32(row.length), row]));
  }
  parts.push(int16(-1));
  return Buffer.concat(parts);
}

function bytes(n: number, seed: number): Buffer {
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = (i * 31 + seed * 17 + (i >> 3)) & 0xff;
  return b;
}

/** Feeds `stream` in pieces of `size` bytes (the last shorter), reusing one piece buffer as the protocol parser may. */
function receive(stream: Buffer, into: Buffer, size: number): ByteaCopyReceiver {
  const receiver = new ByteaCopyReceiver(into);
  const piece = Buffer.alloc(size);
  for (let at = 0; at < stream.length; at += size) {
    const n = Math.min(size, stream.length - at);
    stream.copy(piece, 0, at, at + n);
    receiver.push(piece.subarray(0, n));
    piece.fill(0xee);
  }
  receiver.finish();
  return receiver;
}

describe('ByteaCopyReceiver: the rows of a binary COPY written one after the other', () => {
  const slices = [bytes(7, 1), bytes(1, 2), Buffer.alloc(0), bytes(300, 3), bytes(64, 4)];
  const whole = Buffer.concat(slices);

  it('reassembles the slices however the stream is cut into pieces', () => {
    const stream = copyStream(slices);
    for (const size of [1, 2, 3, 5, 18, 19, 20, 64, stream.length - 1, stream.length]) {
      const into = Buffer.alloc(whole.length);
      expect({ size, same: receive(stream, into, size).written === whole.length && into.equals(whole) }).toEqual({ size, same: true });
    }
  });

  it('skips a header extension', () => {
    const into = Buffer.alloc(whole.length);
    receive(copyStream(slices, { extension: bytes(9, 5) }), into, 4);
    expect(into.equals(whole)).toBe(true);
  });

  it('accepts no rows for an empty blob', () => {
    expect(receive(copyStream([]), Buffer.alloc(0), 3).written).toBe(0);
  });

  it('refuses a stream that is not what a blob copy answers', () => {
    const into = () => Buffer.alloc(whole.length);
    const bad = copyStream(slices);
    bad[0] = 0x51;
    expect(() => receive(bad, into(), 8)).toThrow(/signature/);
    expect(() => receive(copyStream(slices, { fields: 2 }), Buffer.alloc(2 * whole.length), 8)).toThrow(/2 fields/);
    expect(() => receive(copyStream([bytes(3, 1), null]), into(), 8)).toThrow(/null/);
    expect(() => receive(copyStream(slices, { flags: 1 << 16 }), into(), 8)).toThrow(/OIDs/);
  });

  it('refuses more bytes than expected, fewer, and a stream cut before its trailer', () => {
    expect(() => receive(copyStream(slices), Buffer.alloc(whole.length - 1), 8)).toThrow(/more than/);
    expect(() => receive(copyStream(slices), Buffer.alloc(whole.length + 1), 8)).toThrow(/expected/);
    const stream = copyStream(slices);
    expect(() => receive(stream.subarray(0, stream.length - 2), Buffer.alloc(whole.length), 8)).toThrow(/ended early/);
    const receiver = new ByteaCopyReceiver(Buffer.alloc(whole.length));
    receiver.push(stream);
    expect(() => receiver.push(Buffer.from([0]))).toThrow(/after the end/);
  });
});
