import { DynamicModule, Module } from '@nestjs/common';
import { AppConfigModule, DatabaseModule, QueueModule } from '@aas/infra';
import { ChartJobsModule } from '@aas/charts';
import { CrosstabJobsModule } from '@aas/crosstabs';
import { EngineModule } from '@aas/engine';
import { SystemJobsModule } from '@aas/system';
import { WorkerConfig } from './worker.config';

/** The worker's job handlers; no HTTP. */
@Module({})
export class WorkerModule {
  static forRoot(config: WorkerConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [AppConfigModule.forRoot(config), DatabaseModule, QueueModule, SystemJobsModule, EngineModule, CrosstabJobsModule, ChartJobsModule],
    };
  }
}
