import { HttpException } from '@nestjs/common';
import { CheckFailure, ProblemDetails, ProblemFieldError } from '@aas/shared-contracts';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  406: 'Not Acceptable',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function titleOf(status: number): string {
  return TITLES[status] ?? (status >= 500 ? 'Server Error' : 'Client Error');
}

/** Problem type URIs: stable, documented identifiers a client can switch on. */
export const PROBLEM_TYPES = {
  validation: 'urn:aas:problem:validation',
  badRequest: 'urn:aas:problem:bad-request',
  unauthorized: 'urn:aas:problem:unauthorized',
  forbidden: 'urn:aas:problem:forbidden',
  notFound: 'urn:aas:problem:not-found',
  methodNotAllowed: 'urn:aas:problem:method-not-allowed',
  notAcceptable: 'urn:aas:problem:not-acceptable',
  conflict: 'urn:aas:problem:conflict',
  payloadTooLarge: 'urn:aas:problem:payload-too-large',
  unsupportedMediaType: 'urn:aas:problem:unsupported-media-type',
  limit: 'urn:aas:problem:limit-exceeded',
  rateLimited: 'urn:aas:problem:rate-limited',
  timeout: 'urn:aas:problem:timeout',
  unavailable: 'urn:aas:problem:unavailable',
  internal: 'urn:aas:problem:internal',
  http: 'urn:aas:problem:http',
} as const;

/**
 * Why a request was refused, when it was refused as an expected outcome (rate limit, capacity, the
 * job queue unavailable) rather than failed: counted by reason in `aas_http_refusals_total`, and
 * logged at info, without a stack, sampled (see observability/refusals.ts).
 */
export type RefusalReason =
  /** 429: the organisation passed RATE_LIMIT_REQUESTS in its window. */
  | 'rate_limit'
  /** 503: the organisation has ENGINE_MAX_JOBS_IN_FLIGHT_PER_ORG engine jobs in flight. */
  | 'organisation_jobs'
  /** 503: the gateway has ENGINE_MAX_JOBS_IN_FLIGHT engine jobs in flight. */
  | 'gateway_jobs'
  /** 503: the gateway has ENGINE_MAX_CELLS_IN_FLIGHT crosstab cells in flight. */
  | 'gateway_cells'
  /** 503: the gateway's event loop lags past ADMISSION_MAX_EVENT_LOOP_DELAY_MS. */
  | 'event_loop_delay'
  /** 503: Redis, and so the job queue, is down or does not answer in time. */
  | 'queue_unavailable';

export const REFUSAL_REASONS: readonly RefusalReason[] = [
  'rate_limit',
  'organisation_jobs',
  'gateway_jobs',
  'gateway_cells',
  'event_loop_delay',
  'queue_unavailable',
];

/** What a 503 tells a client to wait before trying again (s), unless the thrower knows better. */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

/**
 * The exception every layer throws for a client-visible error. The exception filter
 * turns it (and every other error) into the one problem-details body.
 */
export class ProblemException extends HttpException {
  /** Sent as the `Retry-After` header (seconds) when set: a 503 the client may retry later. */
  retryAfterSeconds?: number;
  /** Set when this is a refusal (an expected outcome under load or an outage), not a failure. */
  refusal?: RefusalReason;

  constructor(
    status: number,
    readonly problemType: string,
    detail: string,
    readonly fieldErrors?: ProblemFieldError[],
  ) {
    super(detail, status);
  }

  toProblem(): Omit<ProblemDetails, 'request_id' | 'instance'> {
    return {
      type: this.problemType,
      title: titleOf(this.getStatus()),
      status: this.getStatus(),
      detail: this.message,
      ...(this.fieldErrors && this.fieldErrors.length > 0 ? { errors: this.fieldErrors } : {}),
    };
  }

  /** A failed request check (see CheckFailure): 403 forbidden or 400 validation, with its field errors. */
  static fromCheck(failure: CheckFailure): ProblemException {
    const errors = [...failure.errors];
    return failure.status === 403 ? ProblemException.forbidden(failure.detail, errors) : ProblemException.validation(failure.detail, errors);
  }

  static validation(detail: string, errors: ProblemFieldError[]): ProblemException {
    return new ProblemException(400, PROBLEM_TYPES.validation, detail, errors);
  }

  static badRequest(detail: string, errors?: ProblemFieldError[]): ProblemException {
    return new ProblemException(400, PROBLEM_TYPES.badRequest, detail, errors);
  }

  static notFound(detail: string): ProblemException {
    return new ProblemException(404, PROBLEM_TYPES.notFound, detail);
  }

  static forbidden(detail: string, errors?: ProblemFieldError[]): ProblemException {
    return new ProblemException(403, PROBLEM_TYPES.forbidden, detail, errors);
  }

  static unauthorized(detail: string): ProblemException {
    return new ProblemException(401, PROBLEM_TYPES.unauthorized, detail);
  }

  /** 406: none of the media types the request's Accept header allows is one the operation can answer with. */
  static notAcceptable(detail: string): ProblemException {
    return new ProblemException(406, PROBLEM_TYPES.notAcceptable, detail);
  }

  static conflict(detail: string): ProblemException {
    return new ProblemException(409, PROBLEM_TYPES.conflict, detail);
  }

  static limit(detail: string, errors?: ProblemFieldError[]): ProblemException {
    return new ProblemException(400, PROBLEM_TYPES.limit, detail, errors);
  }

  static timeout(detail: string): ProblemException {
    return new ProblemException(504, PROBLEM_TYPES.timeout, detail);
  }

  /** 429 with `Retry-After`: the caller's organisation made more requests than its rate limit allows. */
  static tooManyRequests(detail: string, retryAfterSeconds: number): ProblemException {
    const error = new ProblemException(429, PROBLEM_TYPES.rateLimited, detail);
    error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
    error.refusal = 'rate_limit';
    return error;
  }

  /**
   * 503 with `Retry-After`: the service cannot take the request now (a dependency is down, or it is
   * overloaded); with `refusal`, an expected outcome of that kind (see RefusalReason).
   */
  static unavailable(detail: string, retryAfterSeconds = DEFAULT_RETRY_AFTER_SECONDS, refusal?: RefusalReason): ProblemException {
    const error = new ProblemException(503, PROBLEM_TYPES.unavailable, detail);
    error.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterSeconds));
    if (refusal !== undefined) error.refusal = refusal;
    return error;
  }
}
