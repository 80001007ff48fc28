import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { IsFolderId, IsIntegerInRange, NIL_UUID } from './audience-validators';

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 200;
const MAX_OFFSET = 1_000_000_000;

/** Query of GET /v2/saved/audiences. */
export class ListAudiencesQuery {
  @ApiPropertyOptional({ format: 'uuid', description: `Only audiences in this folder (${NIL_UUID}: those in no folder)` })
  @IsOptional()
  @IsFolderId()
  folder_id?: string;

  @ApiPropertyOptional({ type: 'boolean', default: true, description: 'Include the curated audiences (true or false)' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'include_curated must be true or false' })
  include_curated?: boolean;

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
