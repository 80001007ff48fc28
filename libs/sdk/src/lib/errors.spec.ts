import { ApiError, isProblem, kindOfStatus, parseRetryAfter, toApiError } from './errors';

const headers = (entries: Record<string, string> = {}) => new Headers(entries);
const answer = (status: number, entries: Record<string, string> = {}) => ({ status, statusText: '', headers: headers(entries), url: 'http://h/v2/x?y=1' });

describe('ApiError', () => {
  const problem = {
    type: 'urn:aas:problem:validation',
    title: 'Bad Request',
    status: 400,
    detail: 'The crosstab request is invalid: /rows/0/expression/question, /waves/0',
    request_id: 'r-1',
    errors: [
      { path: '/rows/0/expression/question', message: 'unknown question "nope"' },
      { path: '/waves/0', message: "unknown wave 'q9_2030'" },
      { path: '/rows/10', message: 'another row' },
    ],
  };

  it('carries the problem: kind, status, detail as message, request id, field errors by pointer', () => {
    const error = toApiError(answer(400), problem);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'validation', status: 400, message: problem.detail, requestId: 'r-1' });
    expect(error.fieldErrors).toHaveLength(3);
    expect(error.errorsAt('/rows/0').map((e) => e.message)).toEqual(['unknown question "nope"']);
    expect(error.errorsAt('/waves/0/')).toHaveLength(1);
    expect(error.errorsAt('/name')).toEqual([]);
  });

  it('makes a problem of an answer that is not one (a proxy page), with the status and Retry-After', () => {
    const error = toApiError(answer(503, { 'retry-after': '7', 'x-request-id': 'r-2' }), '<html>busy</html>');
    expect(error).toMatchObject({ kind: 'unavailable', status: 503, retryAfterSeconds: 7, requestId: 'r-2', fieldErrors: [] });
    expect(error.message).toBe('HTTP 503: <html>busy</html>');
    expect(error.problem.instance).toBe('/v2/x');
  });

  it('names the kind of every status the service documents', () => {
    expect([400, 401, 403, 404, 406, 409, 413, 415, 429, 503, 504, 500, 418].map(kindOfStatus)).toEqual([
      'validation',
      'unauthorized',
      'forbidden',
      'not_found',
      'not_acceptable',
      'conflict',
      'too_large',
      'unsupported_media_type',
      'rate_limited',
      'unavailable',
      'timeout',
      'server',
      'http',
    ]);
  });

  it('tells a problem from a crosstab cell', () => {
    expect(isProblem(problem)).toBe(true);
    expect(isProblem({ row_index: 1, column_index: 1, intersect: {} })).toBe(false);
    expect(isProblem(null)).toBe(false);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-27T10:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3);
    expect(parseRetryAfter('Fri, 27 Nov 2026 10:00:05 GMT', now)).toBe(5);
    expect(parseRetryAfter('Fri, 27 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
