import type { IncomingMessage } from 'node:http';

/** How much of an unread request body is read and dropped before an early answer, at most. */
export interface DrainBounds {
  /** Bytes: a body declared or found to be larger is not waited for. */
  readonly maxBytes: number;
  /** Time: a client that stops sending is not waited for longer. */
  readonly maxMs: number;
}

export const EARLY_ANSWER_DRAIN: DrainBounds = { maxBytes: 16 * 1024 * 1024, maxMs: 5_000 };

/**
 * Calls `then` once the request's body has been received, reading and dropping what is left of it
 * within `bounds`; at once when nothing is left.
 *
 * For answers given before the body was read: a guard's 401/403, a 415, an upload refused on its
 * headers. When the client asked for `Connection: close`, Node closes the socket as soon as the
 * answer is written; if the client is still sending, the rest of its body arrives at a closed
 * socket, the kernel resets the connection, and the client usually reports `EPIPE`/`ECONNRESET`
 * instead of the answer. Receiving the body first (as a keep-alive connection would anyway) lets
 * every client read the answer. A body larger than the bound, or a client that stalls, is not
 * waited for: such a client may see the reset, and the gateway has not spent more on it.
 */
export function afterRequestBody(req: IncomingMessage, bounds: DrainBounds, then: () => void): void {
  if (req.complete || req.readableEnded || req.destroyed) return then();
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > bounds.maxBytes) return then();
  let settled = false;
  let bytes = 0;
  const count = (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > bounds.maxBytes) settle();
  };
  const settle = () => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    req.off('data', count);
    req.off('end', settle);
    req.off('close', settle);
    then();
  };
  const timer = setTimeout(settle, bounds.maxMs);
  req.on('data', count);
  req.once('end', settle);
  req.once('close', settle);
  req.resume();
}
