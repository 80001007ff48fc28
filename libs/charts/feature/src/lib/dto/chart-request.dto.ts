import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow,
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { expressionSchemaRef } from '@aas/audience-expression-domain';
import { IsOpaqueObject } from '@aas/shared-infra/http';
import {
  CHART_METRICS,
  CHART_TESTS,
  describeCodes,
  GROUP_TYPE_VALUES,
  GROUP_TYPES,
  SORT_PARAMETER_TYPE_VALUES,
  SORT_PARAMETER_TYPES,
  SORT_TYPE_VALUES,
  SORT_TYPES,
  SPLITTERS,
  VIEW_TYPE_VALUES,
  VIEW_TYPES,
} from '../chart-codes';

export const MAX_ATTRIBUTES = 500;
export const MAX_AUDIENCES = 50;
export const MAX_DATASET_CODES = 50;
/** Waves, locations and segments of a chart or a calculation. */
export const MAX_CODES = 500;
const CODE = 255;
/** A list of catalogue codes: at most `max` of them, each a string of at most CODE characters. */
const codeList = (max: number, description: string) => ({ type: 'array', items: { type: 'string', maxLength: CODE }, maxItems: max, description }) as const;

/** A datapoint of the catalogue: `namespace_code.question_code`, datapoint, optional suffix (grid questions). */
export class ChartAttributeDto {
  @ApiProperty({ example: 'core', minLength: 1, maxLength: CODE }) @IsString() @Length(1, CODE) namespace_code!: string;
  @ApiProperty({ example: 'gender', minLength: 1, maxLength: CODE }) @IsString() @Length(1, CODE) question_code!: string;
  @ApiProperty({ example: 'female', minLength: 1, maxLength: CODE }) @IsString() @Length(1, CODE) datapoint_code!: string;
  @ApiPropertyOptional({ example: '', maxLength: CODE, description: 'Suffix code of a grid question; empty or absent = any suffix' })
  @IsOptional()
  @IsString()
  @MaxLength(CODE)
  suffix_code?: string;
}

export class ChartAudienceDto {
  @ApiPropertyOptional({ example: 'a1', minLength: 1, maxLength: CODE, description: 'Unique within the chart; generated (UUID) when absent' })
  @IsOptional()
  @IsString()
  @Length(1, CODE)
  id?: string;

  @ApiPropertyOptional({ example: 'Gen Z', maxLength: CODE, description: 'Default: a label made from the expression' })
  @IsOptional()
  @IsString()
  @MaxLength(CODE)
  name?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, example: 0 }) @IsOptional() @IsInt() @Min(0) color_index?: number;
  @ApiPropertyOptional({ example: false, description: 'Display only: hidden audiences are still computed' })
  @IsOptional()
  @IsBoolean()
  is_hidden?: boolean;

  @ApiProperty({
    allOf: [{ $ref: expressionSchemaRef('chart') }],
    description: 'Audience expression, chart form (the standard members; suffix items strings or integers)',
    example: { question: 'age_group', datapoints: ['16_24'] },
  })
  @IsOpaqueObject()
  expression!: Record<string, unknown>;
}

// Defaults are stated in descriptions, not as `default`: openapi-typescript makes a member with a
// default required in the generated request type, which would force clients to send it.
const codeEnum = (o: Record<string, number>) => ({ type: 'integer', enum: Object.values(o), description: `${describeCodes(o)}. Default 0` }) as const;

/**
 * The body of POST /v1/charts and PUT /v1/charts/{id}. Members left out take their
 * defaults. Members the server owns (id, created_at, updated_at, shared_at, is_owner, is_public,
 * is_shared, owner_email, owner_id, shared_type, dataset_names) are accepted and ignored, so a
 * chart read with GET can be sent back as it is.
 */
export class SaveChartRequest {
  @ApiProperty({ example: 'Gen Z vs Millennials: platforms', minLength: 1, maxLength: 255 })
  @IsString()
  @Length(1, 255)
  name!: string;

  @ApiPropertyOptional({ type: [ChartAttributeDto], maxItems: MAX_ATTRIBUTES, description: 'The datapoints charted; one stat per attribute' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_ATTRIBUTES)
  @ValidateNested({ each: true })
  @Type(() => ChartAttributeDto)
  attributes?: ChartAttributeDto[];

  @ApiPropertyOptional({ type: [ChartAudienceDto], maxItems: MAX_AUDIENCES, description: 'Compared audiences; none = the base audience alone' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_AUDIENCES)
  @ValidateNested({ each: true })
  @Type(() => ChartAudienceDto)
  audiences?: ChartAudienceDto[];

  @ApiPropertyOptional({ type: ChartAudienceDto, description: 'Default: all respondents (`{}`)' })
  @IsOptional()
  @ValidateNested()
  @Type(() => ChartAudienceDto)
  base_audience?: ChartAudienceDto;

  @ApiPropertyOptional({ example: '#1f77b4', maxLength: 64 }) @IsOptional() @IsString() @MaxLength(64) color?: string;

  @ApiPropertyOptional(codeList(MAX_DATASET_CODES, 'Datasets of the chart; default: those its attributes and audiences use. Unknown: 400, unlicensed: 403'))
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_DATASET_CODES)
  @IsString({ each: true })
  @MaxLength(CODE, { each: true })
  dataset_codes?: string[];

  @ApiPropertyOptional({ example: '00000000-0000-0000-0000-000000000000', maxLength: 64 }) @IsOptional() @IsString() @MaxLength(64) folder_id?: string;

  @ApiPropertyOptional(codeEnum(GROUP_TYPES)) @IsOptional() @IsIn(GROUP_TYPE_VALUES) group_type?: number;
  @ApiPropertyOptional(codeEnum(VIEW_TYPES)) @IsOptional() @IsIn(VIEW_TYPE_VALUES) view_type?: number;
  @ApiPropertyOptional(codeEnum(SORT_TYPES)) @IsOptional() @IsIn(SORT_TYPE_VALUES) sort_type?: number;
  @ApiPropertyOptional(codeEnum(SORT_PARAMETER_TYPES)) @IsOptional() @IsIn(SORT_PARAMETER_TYPE_VALUES) sort_parameter_type?: number;

  @ApiPropertyOptional({
    example: 'a1',
    maxLength: CODE,
    description:
      'The id of the audience whose values sort the stats; empty = the first audience. Must be the id of one of `audiences` (400 otherwise). ' +
      "The base audience's id is accepted only when `audiences` is empty (the base is then the only audience computed); with audiences " +
      'the base has no row of its own to sort on, so naming it answers 400.',
  })
  @IsOptional()
  @IsString()
  @MaxLength(CODE)
  sort_parameter_value?: string;

  @ApiPropertyOptional(codeList(MAX_CODES, 'Locations calculated by default; empty = every licensed location'))
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_CODES)
  @IsString({ each: true })
  @MaxLength(CODE, { each: true })
  location_codes?: string[];

  @ApiPropertyOptional(codeList(MAX_CODES, 'Waves calculated by default; empty = every licensed wave'))
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_CODES)
  @IsString({ each: true })
  @MaxLength(CODE, { each: true })
  wave_codes?: string[];

  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'string', enum: [...CHART_METRICS] },
    maxItems: CHART_METRICS.length,
    uniqueItems: true,
    description: 'Metrics a calculation returns, each at most once; empty = all (`average` only for a numeric or scale question)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(CHART_METRICS.length)
  @ArrayUnique()
  @IsIn(CHART_METRICS, { each: true })
  metrics?: string[];

  @ApiPropertyOptional({ enum: SPLITTERS, description: "'' (the default) = no split; 'wave' / 'location' = one data row per audience and wave / location" })
  @IsOptional()
  @IsIn(SPLITTERS)
  splitter?: string;

  @ApiPropertyOptional(codeList(MAX_CODES, 'With a splitter: the wave or location codes whose rows are returned; empty = every one'))
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_CODES)
  @IsString({ each: true })
  @MaxLength(CODE, { each: true })
  segments?: string[];

  @ApiPropertyOptional({
    description:
      'With a splitter: true (the default) = every metric of a segment row within that segment; false = sizes and percentages within the segment, but audience_index against the whole selection (its datapoint_size / base_size)',
  })
  @IsOptional()
  @IsBoolean()
  segmented_base?: boolean;

  // Server-owned members: accepted (a GET body can be sent back) and ignored. Documented with the
  // types GET answers, so that a typed client can send back what it read.
  @ApiPropertyOptional({ type: 'string', description: 'Ignored (the path names the chart)' }) @Allow() id?: unknown;
  @ApiPropertyOptional({ type: 'integer', description: 'Ignored' }) @Allow() created_at?: unknown;
  @ApiPropertyOptional({ type: 'integer', description: 'Ignored' }) @Allow() updated_at?: unknown;
  @ApiPropertyOptional({ type: 'integer', description: 'Ignored' }) @Allow() shared_at?: unknown;
  @ApiPropertyOptional({ type: 'boolean', description: 'Ignored' }) @Allow() is_owner?: unknown;
  @ApiPropertyOptional({ type: 'boolean', description: 'Ignored' }) @Allow() is_public?: unknown;
  @ApiPropertyOptional({ type: 'boolean', description: 'Ignored' }) @Allow() is_shared?: unknown;
  @ApiPropertyOptional({ type: 'string', description: 'Ignored' }) @Allow() owner_email?: unknown;
  @ApiPropertyOptional({ type: 'integer', description: 'Ignored' }) @Allow() owner_id?: unknown;
  @ApiPropertyOptional({ type: 'string', description: 'Ignored' }) @Allow() shared_type?: unknown;
  @ApiPropertyOptional({ type: [String], description: 'Ignored: computed from dataset_codes' }) @Allow() dataset_names?: unknown;
}

/** Optional body of POST /v1/charts/{id}/calculate. */
export class CalculateChartRequest {
  @ApiPropertyOptional(codeList(MAX_CODES, "Overrides the chart's wave_codes; default: the chart's, else every licensed wave"))
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_CODES)
  @IsString({ each: true })
  @MaxLength(CODE, { each: true })
  waves?: string[];

  @ApiPropertyOptional(codeList(MAX_CODES, "Overrides the chart's location_codes; default: the chart's, else every licensed location"))
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_CODES)
  @IsString({ each: true })
  @MaxLength(CODE, { each: true })
  locations?: string[];

  @ApiPropertyOptional({
    enum: [90, 95, 99],
    description: "The confidence level of each data row's test (`test`, default `base`) and, split by wave, of its trend (default 95)",
  })
  @IsOptional()
  @IsIn([90, 95, 99])
  significance?: 90 | 95 | 99;

  @ApiPropertyOptional({
    enum: [...CHART_TESTS],
    description:
      "What each data row's `significance` compares (audience_percentage): `base` (the default) the audience against the base; `columns` " +
      "the audiences pairwise, each with a letter (A, B, ... in the order of the chart's audiences) and `higher_than`; `complement` the " +
      'audience against the rest of the base (docs/metrics.md#column-tests)',
  })
  @IsOptional()
  @IsIn([...CHART_TESTS])
  test?: (typeof CHART_TESTS)[number];

  @ApiPropertyOptional({ description: 'With `test=columns`: Bonferroni adjustment for the pairs of audiences' })
  @IsOptional()
  @IsBoolean()
  bonferroni?: boolean;
}
