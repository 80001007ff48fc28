import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { PROBLEM_CONTENT_TYPE, ProblemDetails } from '@aas/shared-contracts';
import { PROBLEM_TYPES, ProblemException, titleOf } from './problem.exception';
import { afterRequestBody, EARLY_ANSWER_DRAIN } from '../http/drain-request';
import { markRefusal } from '../observability/refusals';

interface HttpLikeError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

const TYPE_BY_STATUS: Record<number, string> = {
  400: PROBLEM_TYPES.badRequest,
  401: PROBLEM_TYPES.unauthorized,
  403: PROBLEM_TYPES.forbidden,
  404: PROBLEM_TYPES.notFound,
  405: PROBLEM_TYPES.methodNotAllowed,
  409: PROBLEM_TYPES.conflict,
  413: PROBLEM_TYPES.payloadTooLarge,
  415: PROBLEM_TYPES.unsupportedMediaType,
  429: PROBLEM_TYPES.rateLimited,
  503: PROBLEM_TYPES.unavailable,
  504: PROBLEM_TYPES.timeout,
};

/** Maps any thrown value to a problem-details body without the request-specific members. */
export function toProblem(error: unknown): { problem: Omit<ProblemDetails, 'request_id'>; unexpected: boolean } {
  if (error instanceof ProblemException) return { problem: error.toProblem(), unexpected: false };
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    const detail =
      typeof response === 'object' && response !== null && 'message' in response
        ? [(response as { message: unknown }).message].flat().join('; ')
        : error.message;
    return {
      problem: { type: TYPE_BY_STATUS[status] ?? PROBLEM_TYPES.http, title: titleOf(status), status, detail },
      unexpected: status >= 500,
    };
  }
  // body-parser and other http-errors style errors carry an exposable status.
  const httpLike = (typeof error === 'object' && error !== null ? error : {}) as HttpLikeError;
  const status = httpLike.status ?? httpLike.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    let detail = httpLike.expose && httpLike.message ? httpLike.message : titleOf(status);
    if (httpLike.type === 'entity.parse.failed') detail = 'The request body is not valid JSON';
    if (httpLike.type === 'entity.too.large') detail = 'The request body is larger than the configured limit (BODY_LIMIT)';
    return { problem: { type: TYPE_BY_STATUS[status] ?? PROBLEM_TYPES.http, title: titleOf(status), status, detail }, unexpected: false };
  }
  return {
    problem: {
      type: PROBLEM_TYPES.internal,
      title: titleOf(500),
      status: 500,
      detail: 'An unexpected error occurred. Quote the request id when reporting it.',
    },
    unexpected: true,
  };
}

/** The one exception filter of the service: every error leaves as RFC 9457 problem details. */
@Catch()
export class ProblemDetailsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const request = ctx.getRequest<Request & { id?: string }>();
    const response = ctx.getResponse<Response>();
    const { problem, unexpected } = toProblem(exception);
    const requestId = request.id;
    if (unexpected) {
      this.logger.error({ err: exception, requestId, method: request.method, url: request.originalUrl }, 'unhandled error');
    }
    if (response.headersSent) {
      // A stream already started: the stream writer reports the error in-band; just end it.
      if (!response.writableEnded) response.end();
      return;
    }
    const body: ProblemDetails = { ...problem, instance: request.originalUrl, request_id: requestId };
    if (exception instanceof ProblemException && exception.retryAfterSeconds !== undefined) {
      response.setHeader('Retry-After', String(exception.retryAfterSeconds));
    }
    if (exception instanceof ProblemException && exception.refusal !== undefined) markRefusal(response, exception.refusal);
    // Refused before its body was read (a guard, a media type): the body is received first, so a
    // client still sending reads this answer rather than a reset connection.
    afterRequestBody(request, EARLY_ANSWER_DRAIN, () => {
      if (!response.headersSent) response.status(problem.status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(body));
    });
  }
}
