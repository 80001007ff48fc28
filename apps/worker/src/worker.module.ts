import { DynamicModule, Module } from '@nestjs/common';
import { AppConfigModule, QueueModule } from '@aas/shared-infra';
import { EngineJobsModule } from '@aas/crosstab-engine-data-access';
import { RespondentStoreModule } from '@aas/respondent-store-data-access';
import { SurveyImportJobsModule } from '@aas/survey-import-feature';
import { SystemJobsModule } from '@aas/system-feature/jobs';
import { WorkerConfig } from './worker.config';

/**
 * The worker: the engine's job, the survey import's and the system's, nothing else (no HTTP, no
 * controllers, no ORM module: the engine reads the respondent store through its own pool, an
 * import opens a small pool of its own, and migrations are the gateway's business).
 */
@Module({})
export class WorkerModule {
  static forRoot(config: WorkerConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [AppConfigModule.forRoot(config), QueueModule, RespondentStoreModule, SystemJobsModule, EngineJobsModule, SurveyImportJobsModule],
    };
  }
}
