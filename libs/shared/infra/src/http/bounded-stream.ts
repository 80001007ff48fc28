/** What `BoundedStreamWriter` needs of a response (an express Response has it). */
export interface StreamingResponse {
  /** `callback` runs once the chunk has been handed to the socket (with an error if it never will be). */
  write(chunk: string | Uint8Array, callback?: (error?: Error | null) => void): boolean;
  end(): unknown;
  destroy(error?: Error): unknown;
  once(event: 'drain' | 'close' | 'finish', listener: () => void): unknown;
  off(event: 'drain' | 'close' | 'finish', listener: () => void): unknown;
  /** Bytes written but not yet taken by the kernel (the response's buffer and its socket's). */
  readonly writableLength: number;
  readonly writableFinished: boolean;
  readonly destroyed: boolean;
}

export interface StreamBounds {
  /** How long the client may take no data at all before it is cut off (ms). */
  readonly writeTimeoutMs: number;
  /** Bytes the response may hold in this process before a write waits for the client. */
  readonly maxBufferedBytes: number;
}

/** Why a stream stopped early. */
export type StreamStop = 'client-gone' | 'cut-off';

/**
 * Writes a long response within bounds: at most `maxBufferedBytes` wait in this process (past them
 * a write waits for the client to take some), and a client that takes nothing for `writeTimeoutMs`
 * is cut off (its socket destroyed, which aborts the work done for it through its client-gone
 * signal). Without this a client that stops reading holds its whole response in the gateway, for
 * as long as it keeps the connection open.
 */
export class BoundedStreamWriter {
  private stopped?: StreamStop;

  constructor(
    private readonly res: StreamingResponse,
    private readonly bounds: StreamBounds,
    private readonly onCutOff: (info: { bufferedBytes: number; writeTimeoutMs: number }) => void = () => undefined,
  ) {
    res.once('close', () => {
      if (!res.writableFinished) this.stopped ??= 'client-gone';
    });
  }

  /** Why the stream stopped early, if it did. */
  get stop(): StreamStop | undefined {
    return this.stopped;
  }

  /**
   * Writes `chunk`; resolves true once the buffer is within the bound again, false when the stream
   * is over (client gone or cut off). Always lets the event loop turn before resolving: a stream
   * serialised in one go would keep every other request (readiness, refusals) waiting behind it.
   *
   * `sent` runs once the socket has taken the chunk, with true, or with false when it never will
   * (then the socket may still refer to it). It is not called when the stream was already over and
   * the chunk was not written (this resolves false): then nothing refers to the chunk.
   */
  async write(chunk: string | Uint8Array, sent?: (ok: boolean) => void): Promise<boolean> {
    if (this.stopped || this.res.destroyed) return false;
    if (sent === undefined) this.res.write(chunk);
    else this.res.write(chunk, (error) => sent(!error));
    while (!this.stopped && this.res.writableLength > this.bounds.maxBufferedBytes) {
      if (!(await this.progress('drain'))) return false;
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
    return !this.stopped;
  }

  /** Ends the response and waits, within the same bound, until the client has taken the rest. */
  async end(): Promise<void> {
    if (this.stopped || this.res.destroyed) return;
    this.res.end();
    while (!this.stopped && !this.res.writableFinished) {
      if (!(await this.progress('finish'))) return;
    }
  }

  /**
   * Waits for `event`, the client going away, or the timeout. On a timeout the client is cut off
   * unless it took some data meanwhile (then it gets another period). False when the stream is over.
   *
   * The timeout is judged one loop turn after its timer fires. When this process was starved (a
   * busy machine, a long GC pause) the timer runs first on waking, before the poll phase has handed
   * the kernel what the client made room for; judged then, a client that kept reading would look
   * idle. `setImmediate` runs after that poll phase, so by then its progress is counted.
   */
  private async progress(event: 'drain' | 'finish'): Promise<boolean> {
    const before = this.res.writableLength;
    const outcome = await new Promise<'event' | 'close' | 'timeout'>((resolve) => {
      let settled = false;
      const finish = (why: 'event' | 'close' | 'timeout') => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.res.off(event, onEvent);
        this.res.off('close', onClose);
        resolve(why);
      };
      const onEvent = () => finish('event');
      const onClose = () => finish('close');
      const timer = setTimeout(() => setImmediate(() => finish('timeout')), this.bounds.writeTimeoutMs);
      this.res.once(event, onEvent);
      this.res.once('close', onClose);
    });
    if (outcome === 'close') {
      this.stopped ??= 'client-gone';
      return false;
    }
    if (outcome === 'timeout' && this.res.writableLength >= before) {
      this.stopped = 'cut-off';
      this.onCutOff({ bufferedBytes: this.res.writableLength, writeTimeoutMs: this.bounds.writeTimeoutMs });
      this.res.destroy();
      return false;
    }
    return true;
  }
}
