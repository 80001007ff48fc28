// `@aas/system-feature/jobs`: the system's job handlers without its controllers, for the worker.
export * from '../lib/system-jobs.module';
export * from '../lib/ping.job-handler';
