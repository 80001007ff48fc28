import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsOptional } from 'class-validator';
import { IsIntegerInRange } from './crosstab-validators';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
const MAX_OFFSET = 1_000_000_000;

/** Query of GET /v2/saved/crosstabs. */
export class ListSavedCrosstabsQuery {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: MAX_LIMIT, default: DEFAULT_LIMIT })
  @IsOptional()
  @Type(() => Number)
  @IsIntegerInRange(1, MAX_LIMIT)
  limit?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, default: 0 })
  @IsOptional()
  @Type(() => Number)
  @IsIntegerInRange(0, MAX_OFFSET)
  offset?: number;
}
