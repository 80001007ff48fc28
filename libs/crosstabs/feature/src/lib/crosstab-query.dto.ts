import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { IsOpaqueObject } from '@aas/shared-infra/http';
import { expressionSchemaRef } from '@aas/audience-expression-domain';
import { CROSSTAB_EXPORT_METRICS, type CrosstabExportMetric, type CrosstabStatistics, METRIC_PARAMETER_DESCRIPTION } from '@aas/shared-contracts';

export class CrosstabAverageDatapointsDto {
  @ApiPropertyOptional({ type: [String], example: ['16_24', '25_34'], description: 'Datapoints averaged; absent or empty: every datapoint with a midpoint' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @IsString({ each: true })
  datapoints?: string[];
}

export class CrosstabAverageSuffixesDto {
  @ApiProperty({ example: 'television', description: 'The grid row (datapoint) whose answers are averaged' })
  @IsString()
  @MaxLength(255)
  datapoint!: string;

  @ApiPropertyOptional({
    type: 'array',
    items: { oneOf: [{ type: 'string' }, { type: 'integer' }] },
    example: ['1', '2'],
    description: 'Suffixes averaged (strings, or integers as saved crosstabs write them); absent or empty: every suffix with a midpoint',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  suffixes?: (string | number)[];
}

/** `avg` of a crosstab item: a question averaged over its datapoints' or one grid row's suffixes' midpoints. */
export class CrosstabAverageDto {
  @ApiProperty({ example: 'household_size', description: 'The question averaged (`<namespace>.<code>` or the code)' })
  @IsString()
  @MaxLength(255)
  question!: string;

  @ApiPropertyOptional({ type: CrosstabAverageDatapointsDto, description: "A single-choice question: the mean of its datapoints' midpoints" })
  @IsOptional()
  @ValidateNested()
  @Type(() => CrosstabAverageDatapointsDto)
  with_datapoints?: CrosstabAverageDatapointsDto;

  @ApiPropertyOptional({ type: CrosstabAverageSuffixesDto, description: "A one-answer grid: the mean of one row's suffixes' midpoints" })
  @IsOptional()
  @ValidateNested()
  @Type(() => CrosstabAverageSuffixesDto)
  with_suffixes?: CrosstabAverageSuffixesDto;
}

export class CrosstabAudienceDto {
  @ApiPropertyOptional({ example: 'a1', maxLength: 255, description: 'Echoed in each cell; default `rows-<n>` / `columns-<n>`' })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  id?: string;

  @ApiPropertyOptional({
    example: 'Gen Z',
    maxLength: 255,
    description: 'Echoed in each cell; default: a label made from the expression with the catalogue names',
  })
  @IsOptional()
  @IsString()
  @MaxLength(255)
  name?: string;

  @ApiPropertyOptional({
    allOf: [{ $ref: expressionSchemaRef('standard') }],
    description:
      'Audience expression, standard form (`and`, `or`, `not`, `question`, `datapoints`, `suffixes`, `min_count`). Required unless ' +
      '`avg` is given; an average item without one counts those who gave one of its answers',
    example: { question: 'age_group', datapoints: ['16_24'] },
  })
  @ValidateIf((item: CrosstabAudienceDto) => item.expression !== undefined || item.avg === undefined)
  @IsOpaqueObject()
  expression?: Record<string, unknown>;

  @ApiPropertyOptional({
    type: CrosstabAverageDto,
    description:
      "An average item (rows and columns only): each of its cells carries `average`, the weighted mean of the answers' midpoints over the " +
      'respondents of the other side (within the base) who gave one (docs/metrics.md#averages)',
  })
  @IsOptional()
  @ValidateNested()
  @Type(() => CrosstabAverageDto)
  avg?: CrosstabAverageDto;
}

export class CrosstabQueryDto {
  @ApiPropertyOptional({ type: [CrosstabAudienceDto], maxItems: 10_000, description: 'Column audiences; absent or empty: the base audience' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10_000)
  @ValidateNested({ each: true })
  @Type(() => CrosstabAudienceDto)
  columns?: CrosstabAudienceDto[];

  @ApiPropertyOptional({ type: [CrosstabAudienceDto], maxItems: 10_000, description: 'Row audiences; absent or empty: the base audience' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10_000)
  @ValidateNested({ each: true })
  @Type(() => CrosstabAudienceDto)
  rows?: CrosstabAudienceDto[];

  @ApiPropertyOptional({ type: [String], description: 'Location codes; default: every location the organisation may use' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @IsString({ each: true })
  locations?: string[];

  @ApiPropertyOptional({ type: [String], description: 'Wave codes; absent or empty: the last 4 accessible waves (by end date)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(500)
  @IsString({ each: true })
  waves?: string[];

  @ApiPropertyOptional({ type: CrosstabAudienceDto, description: 'Default: every respondent (`{}`)' })
  @IsOptional()
  @ValidateNested()
  @Type(() => CrosstabAudienceDto)
  base_audience?: CrosstabAudienceDto;
}

/** `metric` of a crosstab export. */
export class CrosstabMetricQueryDto {
  @ApiPropertyOptional({ enum: CROSSTAB_EXPORT_METRICS, description: METRIC_PARAMETER_DESCRIPTION })
  @IsOptional()
  @IsIn(CROSSTAB_EXPORT_METRICS)
  metric?: CrosstabExportMetric;
}

/** The statistics a crosstab (and an export of one) may carry: valid bases, a test, waves. */
export class CrosstabStatisticsQueryDto extends CrosstabMetricQueryDto {
  @ApiPropertyOptional({
    enum: ['all', 'asked', 'answered'],
    description:
      'What percentages are of, row by row: everyone in the base (`all`, the default), or those in the base who answered (`answered`) or ' +
      "were asked (`asked`) the questions of the row (docs/metrics.md#valid-bases); the cell's `base` is then the row's",
  })
  @IsOptional()
  @IsIn(['all', 'asked', 'answered'])
  percent_base?: 'all' | 'asked' | 'answered';

  @ApiPropertyOptional({ enum: ['90', '95', '99'], description: 'The confidence level of the test each cell carries (`test`, default `base`), and of trends' })
  @IsOptional()
  @IsIn(['90', '95', '99'])
  significance?: '90' | '95' | '99';

  @ApiPropertyOptional({
    enum: ['base', 'columns', 'complement'],
    description:
      'With `significance`: `base` (the default) tests each column against the whole base (two-proportion z on Kish bases); `columns` ' +
      'gives every column a letter (A, B, ... in request order) and each cell the letters of the columns of its row it is significantly ' +
      'higher than (SPSS CTABLES); `complement` tests each column against the rest of the base. Design-based standard errors for a ' +
      'weights-only design (docs/metrics.md#column-tests)',
  })
  @IsOptional()
  @IsIn(['base', 'columns', 'complement'])
  test?: 'base' | 'columns' | 'complement';

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'With `test=columns`: Bonferroni adjustment for the pairs of columns of a row' })
  @IsOptional()
  @IsIn(['true', 'false'])
  bonferroni?: 'true' | 'false';

  @ApiPropertyOptional({
    enum: ['wave'],
    description: 'Each cell once per wave (with `wave`), and its test against the previous wave (`trend`, at `significance` or 95%)',
  })
  @IsOptional()
  @IsIn(['wave'])
  split?: 'wave';
}

export class CrosstabOptionsQueryDto extends CrosstabStatisticsQueryDto {
  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'Adds Kish effective bases per cell' })
  @IsOptional()
  @IsIn(['true', 'false'])
  effective_base?: 'true' | 'false';
}

/** The statistics the query options ask for. */
export function statisticsOf(options: CrosstabStatisticsQueryDto & { effective_base?: 'true' | 'false' }): CrosstabStatistics {
  return {
    ...(options.percent_base ? { percentBase: options.percent_base } : {}),
    ...(options.significance ? { level: (Number(options.significance) / 100) as 0.9 | 0.95 | 0.99 } : {}),
    ...(options.test ? { test: options.test } : {}),
    ...(options.bonferroni === 'true' ? { bonferroni: true } : {}),
    ...(options.effective_base === 'true' ? { effectiveBase: true } : {}),
    ...(options.split ? { split: options.split } : {}),
  };
}
