import { DynamicModule, Module } from '@nestjs/common';
import { AppConfigModule, AuthModule, DatabaseModule, QueueModule } from '@aas/infra';
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
        SystemModule,
        CatalogueModule,
        InsightsModule,
        AudiencesModule,
        EngineClientModule,
        // The engine job's handler, for inline mode (JOB_MODE=inline: the gateway computes); idle in queue mode.
        EngineJobsModule,
        CrosstabsModule,
        SavedCrosstabsModule,
        ChartsModule,
        AssistantModule,
      ],
    };
  }
}
