import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { expressionSchemaRef } from '@aas/audience-expression-domain';
import {
  AUDIENCE_ERRORS,
  CHART_METRICS,
  describeCodes,
  GROUP_TYPES,
  SORT_PARAMETER_TYPES,
  SORT_TYPES,
  SPLITTERS,
  STAT_ERRORS,
  VIEW_TYPES,
} from '../chart-codes';
import { ChartAttributeDto } from './chart-request.dto';

export class ChartAudienceResponse {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'integer', minimum: 0 }) color_index!: number;
  @ApiProperty() is_hidden!: boolean;
  @ApiProperty({ allOf: [{ $ref: expressionSchemaRef('chart') }], description: 'Chart form, as sent' }) expression!: Record<string, unknown>;
}

/** A chart as the API answers it. Times are Unix timestamps (seconds). */
export class ChartResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: [ChartAttributeDto] }) attributes!: ChartAttributeDto[];
  @ApiProperty({ type: [ChartAudienceResponse] }) audiences!: ChartAudienceResponse[];
  @ApiProperty({ type: ChartAudienceResponse }) base_audience!: ChartAudienceResponse;
  @ApiProperty() color!: string;
  @ApiProperty({ type: 'integer', description: 'Unix timestamp (s)' }) created_at!: number;
  @ApiProperty({ type: 'integer', description: 'Unix timestamp (s)' }) updated_at!: number;
  @ApiProperty({ type: 'integer', description: 'Unix timestamp (s): charts are shared within the organisation from their creation' }) shared_at!: number;
  @ApiProperty({ type: [String] }) dataset_codes!: string[];
  @ApiProperty({ type: [String] }) dataset_names!: string[];
  @ApiProperty({ description: "The client's folder id, as sent ('' when none)" }) folder_id!: string;
  @ApiProperty({ enum: Object.values(GROUP_TYPES), description: describeCodes(GROUP_TYPES) }) group_type!: number;
  @ApiProperty({ description: 'Whether the caller created the chart' }) is_owner!: boolean;
  @ApiProperty({ description: 'Always false: charts are never public' }) is_public!: boolean;
  @ApiProperty({ description: 'Always true: charts are shared within the organisation' }) is_shared!: boolean;
  @ApiProperty({ type: [String] }) location_codes!: string[];
  @ApiProperty({ type: 'array', items: { type: 'string', enum: [...CHART_METRICS] } }) metrics!: string[];
  @ApiProperty() owner_email!: string;
  @ApiProperty({ type: 'integer', description: 'The creator (from the token)' }) owner_id!: number;
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
  @ApiProperty({ type: 'integer', example: 50 }) limit!: number;
  @ApiProperty({ type: 'integer', example: 0 }) offset!: number;
  @ApiProperty({ type: 'integer', description: "Your organisation's charts, over all pages" }) total!: number;
}

export class ChartListResponse {
  @ApiProperty({ type: [ChartResponse] }) data!: ChartResponse[];
  @ApiProperty({ type: ChartPaging }) paging!: ChartPaging;
}

/** The chart's metrics (docs/metrics.md#chart-metrics); a chart that selects some `metrics` gets only those. */
export class ChartMetricsResponse {
  @ApiPropertyOptional({ description: 'audience_percentage / (datapoint_size / base_size x 100) x 100' }) audience_index?: number;
  @ApiPropertyOptional({ description: 'positive_size / audience_size x 100' }) audience_percentage?: number;
  @ApiPropertyOptional({ type: 'integer', description: 'Respondents in the audience' }) audience_sample?: number;
  @ApiPropertyOptional({ description: 'Weighted size of the audience' }) audience_size?: number;
  @ApiPropertyOptional({ description: 'positive_size / datapoint_size x 100' }) datapoint_percentage?: number;
  @ApiPropertyOptional({ type: 'integer', description: 'Respondents matching the datapoint' }) datapoint_sample?: number;
  @ApiPropertyOptional({ description: 'Weighted size of the respondents matching the datapoint' }) datapoint_size?: number;
  @ApiPropertyOptional({ type: 'integer', description: 'Respondents in the audience matching the datapoint' }) positive_sample?: number;
  @ApiPropertyOptional({ description: 'Weighted size of the audience matching the datapoint' }) positive_size?: number;
  @ApiPropertyOptional({
    description:
      "A numeric question's (or a scale row's) weighted mean of its answers' midpoints over the audience's respondents who answered (the stats of other questions have none)",
  })
  average?: number;
}

/** A data row's test (the crosstab cell's `significance`): against the base (z, direction), between audiences (letters), or against the rest. */
export class ChartDataRowSignificance {
  @ApiPropertyOptional({ enum: ['columns', 'complement'], description: 'Absent: the default test against the base' }) test?: string;
  @ApiProperty({ enum: [0.9, 0.95, 0.99] }) level!: number;
  @ApiPropertyOptional({ description: 'z statistic (base and complement tests)' }) z?: number;
  @ApiPropertyOptional() significant?: boolean;
  @ApiPropertyOptional({ type: 'string', enum: ['over', 'under'], nullable: true }) direction?: 'over' | 'under' | null;
  @ApiPropertyOptional({ type: [String], description: '`test=columns`: letters of the audiences whose audience_percentage this row exceeds significantly' })
  higher_than?: string[];
  @ApiPropertyOptional({ description: 'Design-based standard error of audience_percentage as a share (columns and complement tests)' }) std_error?: number;
  @ApiPropertyOptional({ description: '`test=columns`: the |z| a difference had to exceed' }) critical?: number;
  @ApiPropertyOptional() reason?: string;
}

export class ChartDataRowTrend {
  @ApiProperty({ description: 'The previous wave' }) previous!: string;
  @ApiProperty({ enum: [0.9, 0.95, 0.99] }) level!: number;
  @ApiProperty({ description: 'z of audience_percentage against the previous wave' }) z!: number;
  @ApiProperty() significant!: boolean;
  @ApiProperty({ type: 'string', enum: ['up', 'down'], nullable: true }) direction!: 'up' | 'down' | null;
  @ApiPropertyOptional() reason?: string;
}

export class ChartDataRow {
  @ApiProperty({ description: 'The audience id' }) audience!: string;
  @ApiProperty({ description: "The wave or location code of the row, or 'all' when the chart is not split" }) segment!: string;
  @ApiProperty({ type: [String], description: 'The waves the row is computed over' }) waves!: string[];
  @ApiProperty({ type: ChartMetricsResponse, description: 'The metrics the chart selects (all by default)' }) metrics!: ChartMetricsResponse;
  @ApiPropertyOptional({ example: 'A', description: "With `test=columns`: the audience's letter" }) letter?: string;
  @ApiPropertyOptional({ type: ChartDataRowSignificance, description: 'With `significance` or `test` in the body' }) significance?: ChartDataRowSignificance;
  @ApiPropertyOptional({ type: ChartDataRowTrend, description: 'Split by wave, from the second wave: against the previous wave' }) trend?: ChartDataRowTrend;
}

export class ChartCompatibilities {
  @ApiProperty({ description: 'The question is asked in more than one dataset' }) has_compatibilities!: boolean;
  @ApiProperty({ description: "An audience (or the base) uses a question the stat's dataset does not ask" }) has_incompatibilities!: boolean;
}

/** A dataset in a taxonomy path; only `code` when the catalogue no longer has it. */
export class ChartTaxonomyDataset {
  @ApiProperty() code!: string;
  @ApiPropertyOptional() name?: string;
  @ApiPropertyOptional() description?: string;
  @ApiPropertyOptional() base_namespace_code?: string;
  @ApiPropertyOptional({ type: 'integer' }) depth?: number;
  @ApiPropertyOptional({ type: 'integer' }) order?: number;
  @ApiPropertyOptional() is_syndicated?: boolean;
  @ApiProperty({ type: () => [ChartTaxonomyCategory], description: 'The root category, nesting down to the question' }) categories!: ChartTaxonomyCategory[];
}

/** A category of a taxonomy path, flat. */
export class ChartTaxonomyNode {
  @ApiProperty({ type: 'integer', description: "Levels above the question's category (that category is 0)" }) height!: number;
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: 'integer' }) order!: number;
  @ApiProperty() description!: string;
  @ApiProperty({ type: 'integer', description: 'Attributes of the distinct questions beneath' }) attributes_count!: number;
}

export class ChartQuestionAttribute {
  @ApiProperty() datapoint_code!: string;
  @ApiProperty() datapoint_label!: string;
  @ApiProperty() suffix_code!: string;
  @ApiProperty() suffix_label!: string;
}

/** The question of a stat, as the innermost category of its taxonomy path holds it. */
export class ChartTaxonomyQuestion {
  @ApiProperty() accessible!: boolean;
  @ApiProperty({ type: [ChartQuestionAttribute] }) attributes!: ChartQuestionAttribute[];
  @ApiProperty() average_unit!: string;
  @ApiProperty({ type: [String] }) flags!: string[];
  @ApiProperty() has_suffixes!: boolean;
  @ApiProperty() knowledge_base!: string;
  @ApiProperty() message!: string;
  @ApiProperty() namespace_code!: string;
  @ApiProperty() notice!: string;
  @ApiProperty({ type: 'integer' }) order!: number;
  @ApiProperty() question_code!: string;
  @ApiProperty() question_description!: string;
  @ApiProperty() question_label!: string;
  @ApiProperty({ type: 'array', items: {}, maxItems: 0, description: 'Always empty: the path it sits in is the one around it' }) taxonomy_paths!: never[];
  @ApiProperty() warning!: string;
}

/** A category of a taxonomy path, nested: its child category on the path, or the question. */
export class ChartTaxonomyCategory extends ChartTaxonomyNode {
  @ApiProperty({ type: () => [ChartTaxonomyCategory] }) category_children!: ChartTaxonomyCategory[];
  @ApiProperty({ type: [ChartTaxonomyQuestion] }) question_children!: ChartTaxonomyQuestion[];
}

export class ChartTaxonomyPath {
  @ApiProperty({ type: ChartTaxonomyDataset }) dataset!: ChartTaxonomyDataset;
  @ApiProperty({ type: [ChartTaxonomyNode], description: 'Root first' }) taxonomy_path!: ChartTaxonomyNode[];
}

/** A stat's attribute: the chart's codes with the catalogue's labels (codes where it does not know them). */
export class ChartResultAttribute {
  @ApiProperty() namespace_code!: string;
  @ApiProperty() question_code!: string;
  @ApiProperty() datapoint_code!: string;
  @ApiProperty({ description: "'' for none" }) suffix_code!: string;
  @ApiProperty() datapoint_label!: string;
  @ApiProperty() question_label!: string;
  @ApiProperty() question_description!: string;
  @ApiProperty() suffix_label!: string;
  @ApiProperty({ description: 'A label of the attribute as an audience expression' }) generated_text!: string;
  @ApiProperty({ type: 'integer', description: "The attribute's position in the chart (stats may be sorted)" }) order!: number;
  @ApiProperty({ type: ChartCompatibilities }) compatibilities_metadata!: ChartCompatibilities;
  @ApiProperty({ type: [ChartTaxonomyPath], description: 'One per category the question is filed under (older nested form); empty for an unlicensed question' })
  taxonomy_paths!: ChartTaxonomyPath[];
}

export class ChartStatMeta {
  @ApiPropertyOptional({ description: 'The dataset the stat is computed in' }) dataset?: string;
}

export class ChartStat {
  @ApiProperty({ type: [ChartResultAttribute], description: 'The attribute (one)' })
  attributes!: ChartResultAttribute[];
  @ApiProperty({
    type: 'integer',
    description: `200 for a computed stat; otherwise ${Object.entries(STAT_ERRORS)
      .map(([t, c]) => `${c} (${t})`)
      .join(', ')}`,
  })
  code!: number;
  @ApiProperty({ type: [ChartDataRow] }) data!: ChartDataRow[];
  @ApiProperty({ description: 'Empty for a computed stat' }) error!: string;
  @ApiProperty({ enum: ['', ...Object.keys(STAT_ERRORS)] }) error_type!: string;
  @ApiProperty({ type: 'integer', description: 'Group of the attribute per group_type (1-based)' }) group_id!: number;
  @ApiProperty({ type: ChartStatMeta }) meta!: ChartStatMeta;
}

export class ChartAudienceError {
  @ApiProperty({ description: 'The audience id' }) audience!: string;
  @ApiProperty({ type: 'integer', enum: Object.values(AUDIENCE_ERRORS) }) code!: number;
  @ApiProperty({ enum: Object.keys(AUDIENCE_ERRORS) }) error_type!: string;
  @ApiProperty() error!: string;
}

export class ChartCalculationMeta {
  @ApiProperty({ type: [String] }) waves!: string[];
  @ApiProperty({ type: [String] }) locations!: string[];
  @ApiProperty({ type: [String], description: 'One per dataset group computed' }) datasets!: string[];
  @ApiProperty({ enum: SPLITTERS }) splitter!: string;
  @ApiProperty() segmented_base!: boolean;
  @ApiPropertyOptional({ type: 'array', items: { type: 'string', enum: [...CHART_METRICS] }, description: 'Absent when the chart returns all' })
  metrics?: string[];
  @ApiPropertyOptional({ enum: ['base', 'columns', 'complement'], description: 'The test of the data rows, when one was asked for' }) test?: string;
  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: '`test=columns`: each audience id with its letter',
    example: { 'gen-z': 'A', '25-34': 'B' },
  })
  letters?: Record<string, string>;
  @ApiProperty({ description: 'The base audience id' }) base_audience!: string;
  @ApiProperty({ type: [String], description: 'The audiences computed' }) audiences!: string[];
  @ApiProperty({ type: [ChartAudienceError], description: 'Audiences left out of every stat' }) audience_errors!: ChartAudienceError[];
}

export class ChartCalculationResponse {
  @ApiProperty({ type: ChartCalculationMeta }) meta!: ChartCalculationMeta;
  @ApiProperty({ type: [ChartStat] }) stats!: ChartStat[];
}
