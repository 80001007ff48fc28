import { Global, Module } from '@nestjs/common';
import { EngineComputeJobHandler } from './engine-compute.job-handler';
import { EngineHost } from './engine-host';

/**
 * The engine job and its handler: in the worker, and in the gateway for inline mode (JOB_MODE=inline),
 * where the gateway computes itself. The engine starts only when a job runs.
 */
@Global()
@Module({ providers: [EngineHost, EngineComputeJobHandler], exports: [EngineHost] })
export class EngineJobsModule {}
