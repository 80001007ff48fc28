import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CommonConfig } from '../config/common.config';
import { JobHandlerRegistry } from './job-handler';
import { BullJobRunner, InlineJobRunner, JobRunner } from './job-runner';
import { RedisProbe } from './redis-probe';
import { WorkerHost } from './worker-host';

/** Job plumbing for both apps: the runner (BullMQ or inline, by JOB_MODE), the handler registry, the worker host. */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    JobHandlerRegistry,
    RedisProbe,
    WorkerHost,
    {
      provide: JobRunner,
      inject: [CommonConfig, JobHandlerRegistry],
      useFactory: (config: CommonConfig, registry: JobHandlerRegistry) =>
        config.JOB_MODE === 'queue' ? new BullJobRunner(config) : new InlineJobRunner(registry, config),
    },
  ],
  exports: [JobRunner, JobHandlerRegistry, RedisProbe, WorkerHost],
})
export class QueueModule {}
