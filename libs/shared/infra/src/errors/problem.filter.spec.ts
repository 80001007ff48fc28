import { ArgumentsHost, BadRequestException, NotFoundException } from '@nestjs/common';
import { ProblemDetailsFilter, toProblem } from './problem.filter';
import { ProblemException } from './problem.exception';

describe('toProblem', () => {
  it('keeps a ProblemException as it is', () => {
    const { problem, unexpected } = toProblem(ProblemException.validation('bad', [{ path: '/a', message: 'm' }]));
    expect(unexpected).toBe(false);
    expect(problem).toEqual({ type: 'urn:aas:problem:validation', title: 'Bad Request', status: 400, detail: 'bad', errors: [{ path: '/a', message: 'm' }] });
  });

  it('maps Nest HTTP exceptions by status', () => {
    expect(toProblem(new NotFoundException('Cannot GET /x')).problem).toMatchObject({
      type: 'urn:aas:problem:not-found',
      status: 404,
      detail: 'Cannot GET /x',
    });
    expect(toProblem(new BadRequestException(['a', 'b'])).problem.detail).toBe('a; b');
  });

  it('maps body-parser errors', () => {
    expect(toProblem({ status: 413, type: 'entity.too.large', expose: true, message: 'request entity too large' }).problem).toMatchObject({
      status: 413,
      type: 'urn:aas:problem:payload-too-large',
    });
  });

  it('hides unexpected errors behind a generic 500', () => {
    const { problem, unexpected } = toProblem(new Error('secret database password in message'));
    expect(unexpected).toBe(true);
    expect(problem.status).toBe(500);
    expect(problem.detail).not.toContain('secret');
  });
});

describe('ProblemDetailsFilter', () => {
  it('answers 500 with the request id and no stack', () => {
    const sent: { status?: number; type?: string; body?: string } = {};
    const response = {
      headersSent: false,
      status(code: number) {
        sent.status = code;
        return this;
      },
      type(t: string) {
        sent.type = t;
        return this;
      },
      send(body: string) {
        sent.body = body;
        return this;
      },
    };
    const host = {
      switchToHttp: () => ({ getRequest: () => ({ id: 'req-1', method: 'GET', originalUrl: '/boom', complete: true }), getResponse: () => response }),
    } as unknown as ArgumentsHost;
    const filter = new ProblemDetailsFilter();
    (filter as unknown as { logger: { error: () => void } }).logger = { error: () => undefined };
    filter.catch(new TypeError('x is undefined'), host);
    expect(sent.status).toBe(500);
    expect(sent.type).toBe('application/problem+json');
    const body = JSON.parse(sent.body!);
    expect(body).toEqual({
      type: 'urn:aas:problem:internal',
      title: 'Internal Server Error',
      status: 500,
      detail: 'An unexpected error occurred. Quote the request id when reporting it.',
      instance: '/boom',
      request_id: 'req-1',
    });
  });
});

describe('ProblemDetailsFilter and Retry-After', () => {
  function send(exception: unknown): { status?: number; headers: Record<string, string> } {
    const sent: { status?: number; headers: Record<string, string> } = { headers: {} };
    const response = {
      headersSent: false,
      setHeader(name: string, value: string) {
        sent.headers[name.toLowerCase()] = value;
      },
      status(code: number) {
        sent.status = code;
        return this;
      },
      type() {
        return this;
      },
      send() {
        return this;
      },
    };
    const host = {
      switchToHttp: () => ({ getRequest: () => ({ id: 'r', method: 'POST', originalUrl: '/x', complete: true }), getResponse: () => response }),
    } as unknown as ArgumentsHost;
    new ProblemDetailsFilter().catch(exception, host);
    return sent;
  }

  it('tells a client when to retry a 503, and says nothing of retrying a 400 or a 504', () => {
    expect(send(ProblemException.unavailable('busy', 2.2))).toEqual({ status: 503, headers: { 'retry-after': '3' } });
    expect(send(ProblemException.unavailable('down')).headers['retry-after']).toBe('5');
    expect(send(ProblemException.badRequest('no')).headers).toEqual({});
    expect(send(ProblemException.timeout('slow')).headers).toEqual({});
  });
});
