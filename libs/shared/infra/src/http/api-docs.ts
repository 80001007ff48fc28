import { applyDecorators } from '@nestjs/common';
import { ApiResponse, getSchemaPath } from '@nestjs/swagger';
import { PROBLEM_CONTENT_TYPE } from '@aas/shared-contracts';
import { ProblemSchema } from './problem.schema';

/** What each status means when an operation does not say more. */
const PROBLEM_DESCRIPTIONS: Record<number, string> = {
  400: 'The request is invalid; `errors` names each offending member by JSON pointer',
  401: 'No token, or a token that is invalid, expired or names an unknown organisation',
  403: 'Your organisation is not entitled to something the request uses',
  404: "Not found, or another organisation's (the same answer for both)",
  405: 'Method not allowed',
  406: 'The Accept header allows none of the media types this operation answers with (they are listed under 200)',
  409: 'Conflict with the stored state; nothing was changed',
  413: 'The body is larger than the body limit (BODY_LIMIT_BYTES, 1 MiB by default)',
  429: 'Your organisation passed its rate limit (RATE_LIMIT_REQUESTS per RATE_LIMIT_WINDOW_SECONDS); retry after `Retry-After` seconds',
  503: 'A dependency (Postgres, Redis) does not answer right now; retry shortly',
  504: 'The job did not finish within JOB_TIMEOUT_MS (60 s by default)',
};

/** A status with the description a client reads in the document. */
export type ProblemResponse = number | readonly [status: number, description: string];

/** The content of every error response: RFC 9457 problem details. */
export function problemContent(): Record<string, { schema: { $ref: string } }> {
  return { [PROBLEM_CONTENT_TYPE]: { schema: { $ref: getSchemaPath(ProblemSchema) } } };
}

/**
 * Documents the error statuses an operation answers, each as problem details under
 * `application/problem+json`: `@ApiProblems(400, [404, 'No such chart'], 403)`. 401, 429, 503 and the
 * body statuses (400, 413) that every operation shares are added by the document builder.
 */
export function ApiProblems(...responses: ProblemResponse[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...responses.map((entry) => {
      const [status, description] = typeof entry === 'number' ? [entry, PROBLEM_DESCRIPTIONS[entry] ?? 'An error'] : entry;
      return ApiResponse({ status, description, content: problemContent() });
    }),
  );
}

/** The description the document builder gives a status it adds by itself. */
export function problemDescription(status: number): string {
  return PROBLEM_DESCRIPTIONS[status] ?? 'An error';
}
