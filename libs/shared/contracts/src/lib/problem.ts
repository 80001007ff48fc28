/** One member of a request that is wrong, and why. */
export interface ProblemFieldError {
  /** JSON pointer (RFC 6901) to the offending member of the request, e.g. `/rows/3/expression/and/0`. */
  path: string;
  message: string;
}

/**
 * The one error body of the service (RFC 9457 problem details), for every error of
 * every endpoint, and for the error item that ends a failed stream.
 */
export interface ProblemDetails {
  /** A URI naming the kind of problem, e.g. `urn:aas:problem:validation`. */
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  /** The request id (also in the `x-request-id` response header). */
  request_id?: string;
  errors?: ProblemFieldError[];
}

export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

/**
 * Why a request cannot run, found before any work: unknown codes are 400, codes the organisation
 * may not use are 403 (403 wins when both occur). Every caller turns it into the one error shape
 * (`ProblemException.fromCheck`), or a chart stat's error.
 */
export interface CheckFailure {
  readonly status: 400 | 403;
  readonly detail: string;
  readonly errors: readonly ProblemFieldError[];
}
