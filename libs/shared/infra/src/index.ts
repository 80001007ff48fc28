// What every process needs: configuration, errors, logging, the job queue, identity and metrics.
// The HTTP side (request pipeline, auth, OpenAPI, rate limiting, the queue board) is
// `@aas/shared-infra/http`, and TypeORM is `@aas/shared-infra/database`, so a process without HTTP or the ORM
// (the worker) does not load them.
export * from './config/load-config';
export * from './config/common.config';
export * from './config/config.module';
export * from './config/bind-safety';
export * from './errors/problem.exception';
export * from './errors/validation';
export * from './logging/logger';
export * from './identity/identity';
export * from './database/queryable';
export * from './database/data-source-options';
export * from './queue/redis';
export * from './queue/job-handler';
export * from './queue/job-runner';
export * from './queue/job-request-id';
export * from './queue/job-admission';
export * from './queue/job-errors';
export * from './queue/job-retention';
export * from './queue/worker-host';
export * from './queue/worker-registry';
export * from './queue/redis-probe';
export * from './queue/queue.module';
export * from './observability/metrics';
export * from './observability/metrics-server';
export * from './observability/request-context';
export * from './observability/job-run-recorder';
export * from './observability/event-loop-lag';
