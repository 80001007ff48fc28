import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from './metrics';
import { refusalOf } from './refusals';

/** The route label of requests that matched no route (404s, refusals before routing): one series, not one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The status label of a request whose connection closed before its response was complete (nginx's convention). */
export const CLOSED_STATUS = '499';

/** Lets a mounted sub-application that has no Express route of its own (e.g. the queue board) name its route label. */
export function setMetricsRoute(res: Response, route: string): void {
  res.locals.metricsRoute = route;
}

/**
 * The route label of a finished request: the template of the route that served it
 * (`/v2/saved/audiences/:id`), never the raw URL, whose ids and query strings would make a series per
 * request. Express sets `req.route` when a route matches and leaves it there.
 */
export function routeLabel(req: Request, res: Response): string {
  const named = res.locals?.metricsRoute;
  if (typeof named === 'string') return named;
  const path = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof path === 'string') return `${req.baseUrl ?? ''}${path}`;
  return UNMATCHED_ROUTE;
}

/**
 * Express middleware recording every request in `aas_http_request_duration_seconds` once its
 * connection is done with it: finished (the status sent) or closed early (499); and each refusal
 * (see markRefusal) in `aas_http_refusals_total` by its reason.
 */
export function httpMetricsMiddleware(metrics: Metrics) {
  const histogram = metrics.httpRequestDuration;
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const status = res.writableFinished ? String(res.statusCode) : CLOSED_STATUS;
      histogram.observe({ method: req.method, route: routeLabel(req, res), status_code: status }, seconds);
      const refusal = refusalOf(res);
      if (refusal !== undefined) metrics.httpRefusals.inc({ reason: refusal });
    });
    next();
  };
}
