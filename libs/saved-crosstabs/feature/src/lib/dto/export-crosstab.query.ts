import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { CROSSTAB_EXPORT_METRICS, type CrosstabExportMetric, METRIC_PARAMETER_DESCRIPTION } from '@aas/shared-contracts';

/** Query of GET /v2/saved/crosstabs/{uuid}/export. */
export class ExportSavedCrosstabQuery {
  @ApiPropertyOptional({ enum: CROSSTAB_EXPORT_METRICS, description: METRIC_PARAMETER_DESCRIPTION })
  @IsOptional()
  @IsIn(CROSSTAB_EXPORT_METRICS)
  metric?: CrosstabExportMetric;
}
