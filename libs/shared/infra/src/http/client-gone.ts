/** What `clientGoneSignal` needs of a response (an express Response has it). */
export interface ClosableResponse {
  once(event: 'close', listener: () => void): unknown;
  readonly writableFinished: boolean;
}

/**
 * A signal aborted when the client goes away before the response is finished ('close' without a
 * finished response), so the work done for it (engine jobs) is cancelled instead of running for
 * nobody. Every endpoint that starts jobs ties them to this signal.
 */
export function clientGoneSignal(res: ClosableResponse): AbortSignal {
  const abort = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  return abort.signal;
}
