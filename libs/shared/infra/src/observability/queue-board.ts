import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { INestApplication } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { NextFunction, Request, Response } from 'express';
import { adminTokenMiddleware } from '../auth/admin-token.middleware';
import { CommonConfig } from '../config/common.config';
import { ProblemException } from '../errors/problem.exception';
import { setMetricsRoute } from './http-metrics';

/** Where the queue board is served. */
export const QUEUE_BOARD_PATH = '/admin/queues';

/**
 * Bull Board (the queues' jobs by state, each job's data, options, attempts and failure) at
 * QUEUE_BOARD_PATH, for tokens with the admin claim only (adminTokenMiddleware: 401 without a
 * valid token, 403 without the claim), every page, asset and API call alike. Read-only: the jobs
 * here belong to requests that are waiting for them or gave up, so retrying, promoting or cleaning
 * them by hand helps nobody, and pausing a queue stalls every request; operations stay with the
 * service. Call before app.init(), so the service's error handler comes after it.
 *
 * Every page reads Redis: while `redisAvailable` says Redis is down or hung, the board answers 503
 * with Retry-After at once rather than waiting for it.
 */
export function mountQueueBoard(app: INestApplication, queues: readonly Queue[], config: CommonConfig, redisAvailable: () => boolean = () => true): void {
  const server = new ExpressAdapter();
  server.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue, { readOnlyMode: true })),
    serverAdapter: server,
    options: { uiConfig: { boardTitle: 'aas queues' } },
  });
  app.use(
    QUEUE_BOARD_PATH,
    (_req: Request, res: Response, next: NextFunction) => {
      // One route label for the board's pages, assets and API (it has no Express route of its own).
      setMetricsRoute(res, QUEUE_BOARD_PATH);
      next();
    },
    adminTokenMiddleware(config),
    (_req: Request, _res: Response, next: NextFunction) =>
      next(redisAvailable() ? undefined : ProblemException.unavailable('The job queue is unavailable; try again shortly', 5, 'queue_unavailable')),
    server.getRouter() as (req: Request, res: Response, next: NextFunction) => void,
  );
}
