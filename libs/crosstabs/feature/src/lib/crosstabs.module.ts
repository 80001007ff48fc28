import { Global, Module } from '@nestjs/common';
import { CrosstabExporter } from '@aas/shared-contracts';
import { CrosstabQueryController } from './crosstab-query.controller';
import { CrosstabExportService } from './export/crosstab-export.service';
import { RunCrosstabUseCase } from './run-crosstab/run-crosstab.usecase';

/**
 * POST /v2/query/crosstab, and the CrosstabExporter other domains (saved crosstabs) export through
 * (hence global). Needs CatalogueAccess and the EngineClient.
 */
@Global()
@Module({
  controllers: [CrosstabQueryController],
  providers: [RunCrosstabUseCase, CrosstabExportService, { provide: CrosstabExporter, useExisting: CrosstabExportService }],
  exports: [CrosstabExporter],
})
export class CrosstabsModule {}
