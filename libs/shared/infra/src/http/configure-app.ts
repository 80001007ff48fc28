import type { ServerResponse } from 'node:http';
import { INestApplication } from '@nestjs/common';
import { NestExpressApplication } from '@nestjs/platform-express';
import { SwaggerModule } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { Logger as PinoLogger } from 'pino';
import pinoHttp from 'pino-http';
import { ProblemException } from '../errors/problem.exception';
import { ProblemDetailsFilter } from '../errors/problem.filter';
import { jsonDepthExceeds, MAX_JSON_DEPTH } from './json-depth';
import { validationExceptionFactory } from '../errors/validation';
import { createOpenApiDocument, OpenApiOptions } from './openapi';
import { ServiceValidationPipe } from '../errors/validation-pipe';
import { UnstorableTextPipe } from './unstorable-text';
import { assignRequestId } from './request-id';
import { answerClientErrors } from './client-errors';
import { httpMetricsMiddleware } from '../observability/http-metrics';
import { Metrics } from '../observability/metrics';
import { requestContextMiddleware } from '../observability/request-context';
import { RefusalLogSampler, refusalOf } from '../observability/refusals';

export interface HttpOptions {
  bodyLimitBytes: number;
  logger: PinoLogger;
  openApi: OpenApiOptions;
  /** Origins browsers may call the API from (`*`: any); empty or unset: no CORS headers. */
  corsOrigins?: readonly string[];
  /** Where every request is recorded (`aas_http_request_duration_seconds`). */
  metrics: Metrics;
}

/** Headers a browser script may read on a cross-origin answer, besides the CORS-safelisted ones. */
const CORS_EXPOSED_HEADERS = ['x-request-id', 'Retry-After', 'WWW-Authenticate', 'Location'];

/** The HTTP conventions of the whole service, applied in one place (used by main.ts and the e2e tests alike). */
export function configureHttpApp(app: NestExpressApplication, options: HttpOptions): void {
  // Requests the HTTP parser refuses (headers over 16 KiB: 431) answered in the problem shape, not reset.
  answerClientErrors(app.getHttpServer());
  const express = app.getHttpAdapter().getInstance();
  express.disable('x-powered-by');
  express.set('etag', false);
  // Security headers on every answer: helmet's defaults (a Content-Security-Policy that the Swagger
  // UI at /docs satisfies, nosniff, no framing by other origins, no referrer, HSTS, ...) less
  // upgrade-insecure-requests, which would send /docs' own scripts to https:// on a plain-HTTP host.
  app.use(helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }));
  // CORS only for the configured origins: without them no Access-Control-* header is sent, so a
  // page on another origin cannot read any answer.
  const origins = options.corsOrigins ?? [];
  if (origins.length > 0) {
    app.enableCors({
      origin: origins.includes('*') ? '*' : [...origins],
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type', 'Accept', 'x-request-id', 'mcp-session-id', 'mcp-protocol-version'],
      exposedHeaders: CORS_EXPOSED_HEADERS,
      maxAge: 600,
    });
  }
  app.use((req: Request, res: Response, next: NextFunction) => {
    assignRequestId(req, res);
    next();
  });
  app.use(httpMetricsMiddleware(options.metrics));
  app.use(requestLogger(options.logger));
  app.useBodyParser('json', { limit: options.bodyLimitBytes, type: ['application/json', 'application/*+json'] });
  app.use((req: Request, _res: Response, next: NextFunction) => {
    if (jsonDepthExceeds(req.body, MAX_JSON_DEPTH)) {
      next(
        ProblemException.badRequest(`The request body nests deeper than ${MAX_JSON_DEPTH} levels`, [
          { path: '', message: `nesting deeper than ${MAX_JSON_DEPTH} levels` },
        ]),
      );
      return;
    }
    next();
  });
  // The request id for code far from the controller (the job runner derives job ids from it).
  app.use(requestContextMiddleware);
  app.useGlobalPipes(
    new UnstorableTextPipe(),
    new ServiceValidationPipe({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      exceptionFactory: validationExceptionFactory,
    }),
  );
  app.useGlobalFilters(new ProblemDetailsFilter());
  setUpOpenApi(app, options);
}

/**
 * One line per request (pino-http), at info, warn for a 4xx, error for a 5xx, with the error's
 * stack. A refusal (see RefusalReason: a 429, a 503 at capacity or with the job queue away) is an
 * expected outcome, not an error: at info, without a stack, and sampled (RefusalLogSampler), each
 * line saying how many refusals of its reason it stands for; `aas_http_refusals_total` counts them all.
 */
function requestLogger(logger: PinoLogger) {
  const sampler = new RefusalLogSampler();
  const refusalLine = (res: ServerResponse, fields: Record<string, unknown>) => {
    const { err: _err, ...rest } = fields;
    return { ...rest, refusal: refusalOf(res as unknown as Response), refusals: (res as unknown as Response).locals.refusalsLogged };
  };
  return pinoHttp({
    logger,
    genReqId: (req) => (req as { id?: string }).id ?? '',
    customLogLevel: (_req, res, err) => {
      const refusal = refusalOf(res as unknown as Response);
      if (refusal !== undefined) {
        const logged = sampler.take(refusal);
        (res as unknown as Response).locals.refusalsLogged = logged;
        return logged === undefined ? 'silent' : 'info';
      }
      return err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
    },
    customSuccessObject: (_req, res, fields) => (refusalOf(res as unknown as Response) === undefined ? fields : refusalLine(res, fields)),
    customErrorObject: (_req, res, _err, fields) => (refusalOf(res as unknown as Response) === undefined ? fields : refusalLine(res, fields)),
    customErrorMessage: (_req, res) => (refusalOf(res as unknown as Response) === undefined ? 'request errored' : 'request refused'),
    customSuccessMessage: (req, res) =>
      refusalOf(res as unknown as Response) !== undefined
        ? 'request refused'
        : !req.readableAborted && res.writableEnded
          ? 'request completed'
          : 'request aborted',
    autoLogging: { ignore: (req) => (req.url ?? '').startsWith('/health') },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}

function setUpOpenApi(app: INestApplication, options: HttpOptions): void {
  const document = createOpenApiDocument(app, options.openApi);
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs/openapi.json', raw: ['json'] });
}
