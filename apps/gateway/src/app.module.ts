import { DynamicModule, Module } from '@nestjs/common';
import { AppConfigModule, QueueModule } from '@aas/infra';
import { DatabaseModule } from '@aas/infra/database';
import { AuthModule, RateLimitModule } from '@aas/infra/http';
import { AdminModule } from '@aas/admin';
import { AssistantModule } from '@aas/assistant';
import { AudiencesModule } from '@aas/audiences';
import { CatalogueModule } from '@aas/catalogue';
import { ChartsModule } from '@aas/charts';
import { CrosstabsModule } from '@aas/crosstabs';
import { EngineJobsModule } from '@aas/engine';
import { RespondentStoreModule } from '@aas/respondent-store-data';
import { EngineClientModule } from '@aas/engine-client';
import { InsightsModule } from '@aas/insights';
import { SavedCrosstabsModule } from '@aas/saved-crosstabs';
import { SurveyImportJobsModule } from '@aas/survey-import-feature';
import { SystemModule } from '@aas/system';
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
