import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { MetricsController } from './metrics.controller';
import { PingJobHandler } from './ping.job-handler';
import { SystemController } from './system.controller';

/** Health checks, the metrics endpoint and the ping job (HTTP side). */
@Module({
  controllers: [HealthController, MetricsController, SystemController],
  providers: [PingJobHandler],
})
export class SystemModule {}
