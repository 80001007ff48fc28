import { ApiProperty } from '@nestjs/swagger';
import { AUDIENCE_FLAGS, AUDIENCE_OVERALL, AudienceFlag, AudienceOverall } from '../audience-access';
import { expressionSchemaRef } from '@aas/audience-expression-domain';

export class AudiencePermissions {
  @ApiProperty({
    enum: AUDIENCE_OVERALL,
    description:
      '`edit`: an audience of your organisation (shared by all its users), which you may replace, patch and delete; ' +
      '`view`: a curated audience, readable by every organisation and writable by none (writes answer 403)',
  })
  audience_overall!: AudienceOverall;
}

/** A saved audience as the API answers it. */
export class AudienceResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Id in the earlier version of the service; null for audiences created here' })
  v1_id!: number | null;

  @ApiProperty({ example: 'Gen Z women' }) name!: string;

  @ApiProperty({ allOf: [{ $ref: expressionSchemaRef('standard') }], description: 'Standard form, as stored' })
  expression!: unknown;

  @ApiProperty({ format: 'date-time', example: '2025-11-21T10:15:30.123Z', description: 'ISO 8601, UTC' })
  created_at!: string;

  @ApiProperty({ format: 'date-time', example: '2025-11-21T10:15:30.123Z', description: 'ISO 8601, UTC' })
  updated_at!: string;

  @ApiProperty({ format: 'uuid', description: 'Folder UUID, or the nil UUID 00000000-0000-0000-0000-000000000000 for none' })
  folder_id!: string;

  @ApiProperty({ type: 'number' }) position!: number;

  @ApiProperty({ type: AudiencePermissions }) permissions!: AudiencePermissions;

  @ApiProperty({ type: [String], example: ['core'], description: 'The datasets the expression touches, sorted' })
  datasets!: string[];

  @ApiProperty({
    isArray: true,
    enum: AUDIENCE_FLAGS,
    description: '`authored`: written by a user of an organisation; `curated`: part of the curated (demo) set; `isP2`: set by clients',
  })
  flags!: AudienceFlag[];
}

export class AudienceEnvelope {
  @ApiProperty({ type: AudienceResponse }) data!: AudienceResponse;
}

export class AudiencePaging {
  @ApiProperty({ type: 'integer', example: 50 }) limit!: number;
  @ApiProperty({ type: 'integer', example: 0 }) offset!: number;
  @ApiProperty({ type: 'integer', description: 'Audiences matching the filters, over all pages' }) total!: number;
}

export class AudienceListResponse {
  @ApiProperty({ type: [AudienceResponse], description: 'Ordered by position, then created_at, then id (ascending)' })
  data!: AudienceResponse[];

  @ApiProperty({ type: AudiencePaging }) paging!: AudiencePaging;
}
