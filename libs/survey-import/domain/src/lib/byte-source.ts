/**
 * Buffered reading from an async stream of byte chunks: `fill(n)` waits until n bytes are buffered
 * (or the stream ended), after which the synchronous readers take them. The hot loops check
 * `available` first and only await when the buffer runs dry, so a row costs no promise per value.
 */
export class ByteSource {
  private buffer: Buffer = Buffer.alloc(0);
  private pos = 0;
  private ended = false;
  private readonly iterator: AsyncIterator<Uint8Array>;
  /** Bytes consumed before the current buffer (for error messages). */
  private consumedBefore = 0;
  littleEndian = true;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.iterator = source[Symbol.asyncIterator]();
  }

  get available(): number {
    return this.buffer.length - this.pos;
  }

  /** Absolute offset of the next byte. */
  get offset(): number {
    return this.consumedBefore + this.pos;
  }

  /** Buffers at least n bytes; false when the stream ends first (what is left stays readable). */
  async fill(n: number): Promise<boolean> {
    while (this.available < n && !this.ended) {
      const next = await this.iterator.next();
      if (next.done) {
        this.ended = true;
        break;
      }
      const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
      const rest = this.buffer.subarray(this.pos);
      this.consumedBefore += this.pos;
      this.buffer = rest.length === 0 ? chunk : Buffer.concat([rest, chunk]);
      this.pos = 0;
    }
    return this.available >= n;
  }

  /** Like fill, but a short stream is an error naming what was being read. */
  async need(n: number, what: string): Promise<void> {
    if (!(await this.fill(n))) throw new Error(`truncated file: ${what} needs ${n} bytes at offset ${this.offset}, ${this.available} left`);
  }

  int32(): number {
    const v = this.littleEndian ? this.buffer.readInt32LE(this.pos) : this.buffer.readInt32BE(this.pos);
    this.pos += 4;
    return v;
  }

  float64(): number {
    const v = this.littleEndian ? this.buffer.readDoubleLE(this.pos) : this.buffer.readDoubleBE(this.pos);
    this.pos += 8;
    return v;
  }

  uint8(): number {
    return this.buffer[this.pos++];
  }

  /** A copy of the next n bytes. */
  bytes(n: number): Buffer {
    const out = Buffer.from(this.buffer.subarray(this.pos, this.pos + n));
    this.pos += n;
    return out;
  }

  /** Copies the next n bytes into target at offset, without allocating. */
  copyTo(target: Buffer, offset: number, n: number): void {
    this.buffer.copy(target, offset, this.pos, this.pos + n);
    this.pos += n;
  }

  skip(n: number): void {
    this.pos += n;
  }

  /** Stops the underlying stream early (e.g. the caller stopped iterating rows). */
  async close(): Promise<void> {
    if (!this.ended) {
      this.ended = true;
      await this.iterator.return?.();
    }
  }
}
