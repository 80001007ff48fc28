import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsIn, IsOptional, IsString, MaxLength, ValidateNested } from 'class-validator';
import { IsOpaqueObject } from '@aas/infra/http';
import { expressionSchemaRef } from '@aas/audience-expression';
import { CROSSTAB_EXPORT_METRICS, type CrosstabExportMetric, METRIC_PARAMETER_DESCRIPTION } from '@aas/contracts';

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

  @ApiProperty({
    allOf: [{ $ref: expressionSchemaRef('standard') }],
    description: 'Audience expression, standard form (`and`, `or`, `not`, `question`, `datapoints`, `suffixes`, `min_count`)',
    example: { question: 'age_group', datapoints: ['16_24'] },
  })
  @IsOpaqueObject()
  expression!: Record<string, unknown>;
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

export class CrosstabOptionsQueryDto extends CrosstabMetricQueryDto {
  @ApiPropertyOptional({ enum: ['90', '95', '99'], description: 'Adds a two-proportion z-test per cell at this confidence level' })
  @IsOptional()
  @IsIn(['90', '95', '99'])
  significance?: '90' | '95' | '99';

  @ApiPropertyOptional({ enum: ['true', 'false'], description: 'Adds Kish effective bases per cell' })
  @IsOptional()
  @IsIn(['true', 'false'])
  effective_base?: 'true' | 'false';
}
