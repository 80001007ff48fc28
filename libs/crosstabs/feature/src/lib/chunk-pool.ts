/**
 * Output buffers a streamed response writes into, used again once the socket has sent them.
 *
 * A 100x100 crosstab is ~9.5 MB of NDJSON: written into fresh 64 KiB buffers, ~150 allocations
 * outside V8's heap per request, each freed only by a later collection. V8 counts that memory and
 * starts full collections when it grows fast; one perf profile of the gateway (2026-11-27) showed
 * concurrent marking and sweeping at about a quarter of its CPU, though GC traces of 30 steady
 * requests showed no full collection with or without the pool. Pooled, a stream allocates nothing
 * once the pool is warm.
 *
 * A buffer taken from here goes back only when the response says it has handed the bytes to the
 * socket (`give` from the write's callback), so bytes still waiting to be sent are never
 * overwritten; a write that failed does not give its buffer back (it is left to the collector).
 */
export class ChunkPool {
  private readonly free: Buffer[] = [];

  /**
   * @param chunkBytes the size of the pooled buffers
   * @param maxFree how many free buffers are kept at most (memory held while idle:
   *   `chunkBytes * maxFree`)
   */
  constructor(
    readonly chunkBytes: number,
    private readonly maxFree: number,
  ) {}

  /** A buffer of at least `minBytes` (the pooled size when that is enough), contents undefined. */
  take(minBytes = 0): Buffer {
    if (minBytes > this.chunkBytes) return Buffer.allocUnsafeSlow(minBytes);
    return this.free.pop() ?? Buffer.allocUnsafeSlow(this.chunkBytes);
  }

  /** Gives back a buffer `take` returned, once nothing reads it any more. Other sizes are dropped. */
  give(chunk: Buffer): void {
    if (chunk.length === this.chunkBytes && this.free.length < this.maxFree) this.free.push(chunk);
  }

  /** Free buffers held now. */
  get size(): number {
    return this.free.length;
  }
}
