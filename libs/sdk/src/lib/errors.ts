import type { Problem, ProblemFieldError } from './types.js';

/** What kind of failure a problem is, from its status: a switch over this is exhaustive. */
export type ApiErrorKind =
  | 'validation' // 400: the body or a query option is wrong; `fieldErrors` names each member
  | 'unauthorized' // 401: no token, or a bad or expired one
  | 'forbidden' // 403: data the organisation is not licensed for, or a read-only object
  | 'not_found' // 404: no such object (or another organisation's)
  | 'not_acceptable' // 406
  | 'conflict' // 409
  | 'too_large' // 413
  | 'unsupported_media_type' // 415
  | 'rate_limited' // 429: retry after `retryAfterSeconds`
  | 'unavailable' // 503: a dependency down or the service at capacity; nothing was written
  | 'timeout' // 504: no worker finished in time
  | 'server' // any other 5xx
  | 'http'; // any other status

const KINDS: Record<number, ApiErrorKind> = {
  400: 'validation',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  406: 'not_acceptable',
  409: 'conflict',
  413: 'too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  503: 'unavailable',
  504: 'timeout',
};

export function kindOfStatus(status: number): ApiErrorKind {
  return KINDS[status] ?? (status >= 500 ? 'server' : 'http');
}

/** Whether a parsed body is an RFC 9457 problem of this service (what every error answer carries). */
export function isProblem(value: unknown): value is Problem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v['type'] === 'string' && typeof v['status'] === 'number' && typeof v['title'] === 'string';
}

/**
 * An answer that was not a success, with the service's problem document: `status`, `kind`, the
 * `detail` sentence as the message, the request id to quote to an operator, and for validation
 * failures one `fieldErrors` entry per offending member (`path` is a JSON pointer into what was sent).
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly problem: Problem;
  readonly requestId: string | undefined;
  /** From `Retry-After` (429 and 503): seconds to wait before trying again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(problem: Problem, options: { requestId?: string; retryAfterSeconds?: number } = {}) {
    super(problem.detail || problem.title);
    this.name = 'ApiError';
    this.problem = problem;
    this.status = problem.status;
    this.kind = kindOfStatus(problem.status);
    this.requestId = problem.request_id ?? options.requestId;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }

  get fieldErrors(): ProblemFieldError[] {
    return this.problem.errors ?? [];
  }

  /** The field errors at `pointer` or inside it (`/rows/0` matches `/rows/0/expression/question`). */
  errorsAt(pointer: string): ProblemFieldError[] {
    const prefix = pointer.endsWith('/') ? pointer.slice(0, -1) : pointer;
    return this.fieldErrors.filter((e) => e.path === prefix || e.path.startsWith(`${prefix}/`));
  }
}

/** The request never got an answer: the network failed, or the answer was not what HTTP promised. */
export class NetworkError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

/**
 * The problem of a failed answer: the body when it is one, else a problem made from the status
 * (a proxy's HTML page, an empty body), so callers always get the same shape.
 */
export function toApiError(response: Pick<Response, 'status' | 'statusText' | 'headers' | 'url'>, body: unknown): ApiError {
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  const requestId = response.headers.get('x-request-id') ?? undefined;
  if (isProblem(body)) return new ApiError(body, { requestId, retryAfterSeconds: retryAfter });
  const text = typeof body === 'string' && body.trim() !== '' ? `: ${body.trim().slice(0, 200)}` : '';
  return new ApiError(
    {
      type: 'about:blank',
      title: response.statusText || `HTTP ${response.status}`,
      status: response.status,
      detail: `HTTP ${response.status}${text}`,
      instance: safePath(response.url),
    },
    { requestId, retryAfterSeconds: retryAfter },
  );
}

function safePath(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}

/**
 * `Retry-After` in seconds: delta-seconds or an HTTP date (RFC 9110 10.2.3); undefined when absent
 * or unreadable. `now` is for tests.
 */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  // An HTTP date names its day and month ("Fri, 27 Nov 2026 10:00:05 GMT"); Date.parse alone takes "-1" for a year.
  if (!/[a-z]{3}/i.test(text)) return undefined;
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}
