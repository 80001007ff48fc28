import { Module } from '@nestjs/common';
import { PingJobHandler } from './ping.job-handler';

/** The ping job's handler alone, for the worker (no controllers, so no HTTP or OpenAPI code is loaded). */
@Module({ providers: [PingJobHandler] })
export class SystemJobsModule {}
