import { DynamicModule, Module } from '@nestjs/common';
import { AppConfigModule, QueueModule } from '@aas/shared-infra';
import { DatabaseModule } from '@aas/shared-infra/database';
import { AuthModule, RateLimitModule } from '@aas/shared-infra/http';
import { AdminModule } from '@aas/admin-feature';
import { AssistantModule } from '@aas/assistant-feature';
import { AudiencesModule } from '@aas/audiences-feature';
import { CatalogueModule } from '@aas/catalogue-feature';
import { ChartsModule } from '@aas/charts-feature';
import { CrosstabsModule } from '@aas/crosstabs-feature';
import { EngineJobsModule } from '@aas/crosstab-engine-data-access';
import { RespondentStoreModule } from '@aas/respondent-store-data-access';
import { EngineClientModule } from '@aas/crosstab-engine-client';
import { InsightsModule } from '@aas/insights-feature';
import { SavedCrosstabsModule } from '@aas/saved-crosstabs-feature';
import { SurveyImportJobsModule } from '@aas/survey-import-feature';
import { SystemModule } from '@aas/system-feature';
import { GatewayConfig } from './gateway.config';

/** The gateway composes feature modules; nothing domain-specific lives here. */
@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(config),
        DatabaseModule,
        QueueModule,
        RespondentStoreModule,
        AuthModule,
        // After AuthModule: its guard runs after authentication, so it counts the token's organisation.
        RateLimitModule.forRoot({ requests: config.RATE_LIMIT_REQUESTS, windowSeconds: config.RATE_LIMIT_WINDOW_SECONDS }),
        SystemModule,
        CatalogueModule,
        InsightsModule,
        AudiencesModule,
        EngineClientModule,
        // The engine job's handler, for inline mode (JOB_MODE=inline: the gateway computes); idle in queue mode.
        EngineJobsModule,
        // The survey import's handler, for inline mode as well; its pool opens only when it runs an import.
        SurveyImportJobsModule,
        CrosstabsModule,
        SavedCrosstabsModule,
        ChartsModule,
        AssistantModule,
        AdminModule,
      ],
    };
  }
}
