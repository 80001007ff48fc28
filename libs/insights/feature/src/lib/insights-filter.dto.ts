import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsInt, IsOptional, Max, Min, ValidateNested } from 'class-validator';

export const INSIGHT_TYPES = ['report', 'infographic', 'powerpoint', 'chart'] as const;
export const INSIGHT_ORDER_BY = ['name', 'published_at', 'created_at', 'updated_at', 'trending', 'popularity', 'id'] as const;
export type InsightOrderBy = (typeof INSIGHT_ORDER_BY)[number];

export class InsightFiltersDto {
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'integer', minimum: 1 },
    description: 'Category ids; an insight matches when it is in one of them or below one of them',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(200)
  @IsInt({ each: true })
  @Min(1, { each: true })
  @Max(2_147_483_647, { each: true })
  categories?: number[];

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  is_trending?: boolean;

  @ApiPropertyOptional({ isArray: true, enum: INSIGHT_TYPES })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(10)
  @IsIn(INSIGHT_TYPES, { each: true, message: `each type must be one of ${INSIGHT_TYPES.join(', ')}` })
  types?: (typeof INSIGHT_TYPES)[number][];
}

export class InsightsFilterDto {
  @ApiPropertyOptional({ type: InsightFiltersDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => InsightFiltersDto)
  filters?: InsightFiltersDto;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, description: 'Page size (default 10)' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  limit?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: 1_000_000_000, description: 'Insights to skip (default 0)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(1_000_000_000)
  offset?: number;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], description: 'Default desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';

  @ApiPropertyOptional({ enum: INSIGHT_ORDER_BY, description: 'Default published_at. Ties are broken by id in the same direction, so paging is stable' })
  @IsOptional()
  @IsIn(INSIGHT_ORDER_BY)
  order_by?: InsightOrderBy;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, description: 'Accepted for compatibility and ignored: the response carries the real total' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(2_147_483_647)
  total?: number;
}
