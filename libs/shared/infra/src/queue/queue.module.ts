import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { CommonConfig } from '../config/common.config';
import { Metrics, MetricsModule } from '../observability/metrics';
import { JobHandlerRegistry } from './job-handler';
import { BullJobRunner, InlineJobRunner, JobRunner } from './job-runner';
import { RedisProbe } from './redis-probe';
import { WorkerHost } from './worker-host';
import { WorkerDirectory } from './worker-registry';

/** Job plumbing for both apps: the runner (BullMQ or inline, by JOB_MODE), the handler registry, the worker host, and the process's Metrics. */
@Global()
@Module({
  imports: [DiscoveryModule, MetricsModule],
  providers: [
    JobHandlerRegistry,
    RedisProbe,
    WorkerHost,
    WorkerDirectory,
    {
      provide: JobRunner,
      inject: [CommonConfig, JobHandlerRegistry, Metrics],
      useFactory: (config: CommonConfig, registry: JobHandlerRegistry, metrics: Metrics) =>
        config.JOB_MODE === 'queue' ? new BullJobRunner(config, metrics) : new InlineJobRunner(registry, config, metrics),
    },
  ],
  exports: [JobRunner, JobHandlerRegistry, RedisProbe, WorkerHost, WorkerDirectory],
})
export class QueueModule {}
