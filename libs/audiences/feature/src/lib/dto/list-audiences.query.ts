import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { NIL_UUID, PagingQuery } from '@aas/shared-infra/http';
import { IsFolderId } from './audience-validators';

/** Query of GET /v2/saved/audiences. */
export class ListAudiencesQuery extends PagingQuery {
  @ApiPropertyOptional({ format: 'uuid', description: `Only audiences in this folder (${NIL_UUID}: those in no folder)` })
  @IsOptional()
  @IsFolderId()
  folder_id?: string;

  @ApiPropertyOptional({ type: 'boolean', default: true, description: 'Include the curated audiences (true or false)' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value))
  @IsBoolean({ message: 'include_curated must be true or false' })
  include_curated?: boolean;
}
