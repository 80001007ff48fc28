import { ApiProperty } from '@nestjs/swagger';
import { CHART_METRICS, describeCodes, GROUP_TYPES, SORT_PARAMETER_TYPES, SORT_TYPES, SPLITTERS, STAT_ERRORS, VIEW_TYPES } from '../chart-codes';
import { ChartAttributeDto } from './chart-request.dto';

export class ChartAudienceResponse {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() color_index!: number;
  @ApiProperty() is_hidden!: boolean;
  @ApiProperty({ type: 'object', additionalProperties: true, description: 'Chart form, as sent' }) expression!: Record<string, unknown>;
}

/** Spec 2.3. Times are Unix timestamps (seconds). */
export class ChartResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: [ChartAttributeDto] }) attributes!: ChartAttributeDto[];
  @ApiProperty({ type: [ChartAudienceResponse] }) audiences!: ChartAudienceResponse[];
  @ApiProperty({ type: ChartAudienceResponse }) base_audience!: ChartAudienceResponse;
  @ApiProperty() color!: string;
  @ApiProperty({ description: 'Unix timestamp (s)' }) created_at!: number;
  @ApiProperty({ description: 'Unix timestamp (s)' }) updated_at!: number;
  @ApiProperty({ description: 'Unix timestamp (s): charts are shared within the organisation from their creation' }) shared_at!: number;
  @ApiProperty({ type: [String] }) dataset_codes!: string[];
  @ApiProperty({ type: [String] }) dataset_names!: string[];
  @ApiProperty() folder_id!: string;
  @ApiProperty({ enum: Object.values(GROUP_TYPES), description: describeCodes(GROUP_TYPES) }) group_type!: number;
  @ApiProperty({ description: 'Whether the caller created the chart' }) is_owner!: boolean;
  @ApiProperty({ description: 'Always false: charts are never public' }) is_public!: boolean;
  @ApiProperty({ description: 'Always true: charts are shared within the organisation' }) is_shared!: boolean;
  @ApiProperty({ type: [String] }) location_codes!: string[];
  @ApiProperty({ type: 'array', items: { type: 'string', enum: [...CHART_METRICS] } }) metrics!: string[];
  @ApiProperty() owner_email!: string;
  @ApiProperty() owner_id!: number;
  @ApiProperty() segmented_base!: boolean;
  @ApiProperty({ type: [String] }) segments!: string[];
  @ApiProperty({ enum: ['organisation'] }) shared_type!: string;
  @ApiProperty({ enum: Object.values(SORT_PARAMETER_TYPES), description: describeCodes(SORT_PARAMETER_TYPES) }) sort_parameter_type!: number;
  @ApiProperty() sort_parameter_value!: string;
  @ApiProperty({ enum: Object.values(SORT_TYPES), description: describeCodes(SORT_TYPES) }) sort_type!: number;
  @ApiProperty({ enum: SPLITTERS }) splitter!: string;
  @ApiProperty({ enum: Object.values(VIEW_TYPES), description: describeCodes(VIEW_TYPES) }) view_type!: number;
  @ApiProperty({ type: [String] }) wave_codes!: string[];
}

export class ChartPaging {
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
  @ApiProperty() total!: number;
}

export class ChartListResponse {
  @ApiProperty({ type: [ChartResponse] }) data!: ChartResponse[];
  @ApiProperty({ type: ChartPaging }) paging!: ChartPaging;
}

export class ChartMetricsResponse {
  @ApiProperty({ description: 'audience_percentage / (datapoint_size / base_size x 100) x 100' }) audience_index!: number;
  @ApiProperty({ description: 'positive_size / audience_size x 100' }) audience_percentage!: number;
  @ApiProperty() audience_sample!: number;
  @ApiProperty() audience_size!: number;
  @ApiProperty({ description: 'positive_size / datapoint_size x 100' }) datapoint_percentage!: number;
  @ApiProperty() datapoint_sample!: number;
  @ApiProperty() datapoint_size!: number;
  @ApiProperty() positive_sample!: number;
  @ApiProperty() positive_size!: number;
}

export class ChartDataRow {
  @ApiProperty({ description: 'The audience id' }) audience!: string;
  @ApiProperty({ description: "The wave or location code of the row, or 'all' when the chart is not split" }) segment!: string;
  @ApiProperty({ type: [String] }) waves!: string[];
  @ApiProperty({ type: ChartMetricsResponse, description: 'The metrics the chart selects (all nine by default)' }) metrics!: ChartMetricsResponse;
}

export class ChartStat {
  @ApiProperty({
    type: 'array',
    items: { type: 'object' },
    description: 'The attribute with labels, order (its position in the chart), compatibilities_metadata and taxonomy_paths (older nested form)',
  })
  attributes!: Record<string, unknown>[];
  @ApiProperty({
    description: `200 for a computed stat; otherwise ${Object.entries(STAT_ERRORS)
      .map(([t, c]) => `${c} (${t})`)
      .join(', ')}`,
  })
  code!: number;
  @ApiProperty({ type: [ChartDataRow] }) data!: ChartDataRow[];
  @ApiProperty({ description: 'Empty for a computed stat' }) error!: string;
  @ApiProperty({ enum: ['', ...Object.keys(STAT_ERRORS)] }) error_type!: string;
  @ApiProperty() group_id!: number;
  @ApiProperty({ type: 'object', additionalProperties: true }) meta!: Record<string, unknown>;
}

export class ChartCalculationResponse {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'waves, locations, datasets, splitter, metrics, base_audience and audience_errors (audiences left out of every stat)',
  })
  meta!: Record<string, unknown>;
  @ApiProperty({ type: [ChartStat] }) stats!: ChartStat[];
}
