import { NetworkError, parseRetryAfter } from './errors.js';

/**
 * Answers the bearer token for each request (called before every attempt, so it may refresh an
 * expired one); nothing means no Authorization header (the public endpoints need none).
 */
export type TokenProvider = () => string | null | undefined | Promise<string | null | undefined>;

export interface RetryOptions {
  /** Tries in all, the first included (default 3; 1 turns retrying off). */
  attempts?: number;
  /** The longest wait the client accepts; a Retry-After beyond it ends the retries at once (default 30 s). */
  maxDelayMs?: number;
  /** The first wait when the answer has no Retry-After, doubled at each try (default 500 ms). */
  baseDelayMs?: number;
}

const DEFAULT_RETRY: Required<RetryOptions> = { attempts: 3, maxDelayMs: 30_000, baseDelayMs: 500 };

/**
 * POST operations that only read (nothing is stored, so sending one twice does no harm), by the
 * end of their path. With GET, HEAD, OPTIONS, PUT and DELETE (safe or idempotent in HTTP's
 * terms) they are what a 429 or a 503 is retried for. Creating objects, PATCH and the
 * assistant's chat (which stores the answer's insights) are never retried: their error reaches
 * the caller.
 */
const READ_ONLY_POSTS = [/\/v2\/query\/crosstab$/, /\/v[23]\/questions\/filter$/, /\/v3\/insights\/filter$/, /\/v1\/charts\/[^/]+\/calculate$/];
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/** Whether a request may be sent again after a 429 or 503 without doing anything twice. */
export function isRetryable(method: string, url: string): boolean {
  const upper = method.toUpperCase();
  if (IDEMPOTENT_METHODS.has(upper)) return true;
  if (upper !== 'POST') return false;
  const pathname = new URL(url, 'http://x').pathname.replace(/\/+$/, '');
  return READ_ONLY_POSTS.some((pattern) => pattern.test(pathname));
}

/**
 * How long to wait before sending the request again (ms), or undefined to give up and hand the
 * answer to the caller: only 429 and 503, only for a retryable request, while tries remain, and
 * never longer than `maxDelayMs` (a server that asks for more is believed, not waited for).
 */
export function retryDelayMs(
  answer: { status: number; retryAfter: string | null },
  request: { method: string; url: string },
  attempt: number,
  options: RetryOptions = {},
): number | undefined {
  const { attempts, maxDelayMs, baseDelayMs } = { ...DEFAULT_RETRY, ...options };
  if (answer.status !== 429 && answer.status !== 503) return undefined;
  if (attempt >= attempts || !isRetryable(request.method, request.url)) return undefined;
  const retryAfter = parseRetryAfter(answer.retryAfter);
  const delay = retryAfter !== undefined ? retryAfter * 1000 : baseDelayMs * 2 ** (attempt - 1);
  return delay <= maxDelayMs ? delay : undefined;
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts. */
export function sleep(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }
    function onAbort() {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface TransportOptions {
  token?: TokenProvider;
  retry?: RetryOptions | false;
  fetch?: (request: Request) => Promise<Response>;
  /** Called before each wait, e.g. to show "busy, retrying in 2 s". */
  onRetry?: (info: { attempt: number; delayMs: number; status: number; url: string }) => void;
}

/**
 * The fetch every call goes through: adds the token, and sends a retryable request again after a
 * 429 or 503, waiting what Retry-After says (abortable through the request's signal). A failure to
 * get any answer becomes a NetworkError; an abort stays the abort.
 */
export function createTransport(options: TransportOptions): (request: Request) => Promise<Response> {
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const retry = options.retry === false ? { attempts: 1 } : (options.retry ?? {});
  return async (request: Request) => {
    for (let attempt = 1; ; attempt++) {
      // A fresh copy per try: a body can be read once, and the original stays unread for the next.
      const copy = request.clone();
      const token = await options.token?.();
      if (token) copy.headers.set('Authorization', `Bearer ${token}`);
      let response: Response;
      try {
        response = await send(copy);
      } catch (err) {
        if (request.signal?.aborted || (err instanceof Error && err.name === 'AbortError')) throw err;
        throw new NetworkError(`${request.method} ${request.url} got no answer: ${err instanceof Error ? err.message : String(err)}`, err);
      }
      const delayMs = retryDelayMs({ status: response.status, retryAfter: response.headers.get('retry-after') }, request, attempt, retry);
      if (delayMs === undefined) return response;
      await response.body?.cancel().catch(() => undefined);
      options.onRetry?.({ attempt, delayMs, status: response.status, url: request.url });
      await sleep(delayMs, request.signal);
    }
  };
}
