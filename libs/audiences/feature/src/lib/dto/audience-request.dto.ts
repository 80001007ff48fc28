import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsDefined, IsIn, IsInt, IsNumber, IsString, MaxLength, ValidateIf } from 'class-validator';
import { CLIENT_FLAGS } from '../audience-access';
import { expressionSchemaRef } from '@aas/audience-expression-domain';
import { NIL_UUID, ReadOnlyMember } from '@aas/shared-infra/http';
import { IsAudienceName, IsFolderId, NAME_MAX_LENGTH } from './audience-validators';

const FLAGS_MESSAGE = `each value of flags must be one of ${CLIENT_FLAGS.join(', ')} ('curated' is reserved for curated audiences)`;
const EXPRESSION_DESCRIPTION =
  'Audience expression, standard form (`and`, `or`, `not`, `question`, `datapoints`, `suffixes`, `min_count`). Checked for shape (400 with the JSON pointer of the offending member, ' +
  'e.g. /expression/and/0/min_count) and against the catalogue of your organisation (unknown question, datapoint or suffix: ' +
  '400 naming the code; a dataset your organisation is not entitled to: 403). Stored and answered in the standard form.';
const DATASETS_DESCRIPTION =
  "Optional. Each code must exist (400) and be entitled to your organisation (403), but the audience's `datasets` " +
  'in responses are always the datasets its expression touches.';
const POSITION_DESCRIPTION = 'Sort key of the audience in lists (ascending; ties by created_at)';

/** Members a client reads in a response but never sets. */
abstract class ReadOnlyMembers {
  @ReadOnlyMember() id?: unknown;
  @ReadOnlyMember() v1_id?: unknown;
  @ReadOnlyMember() created_at?: unknown;
  @ReadOnlyMember() updated_at?: unknown;
  @ReadOnlyMember() permissions?: unknown;
}

/** Body of POST (create) and PUT (replace) of a saved audience. */
export class SaveAudienceRequest extends ReadOnlyMembers {
  @ApiProperty({ minLength: 1, maxLength: NAME_MAX_LENGTH, example: 'Gen Z women' })
  @IsAudienceName()
  name!: string;

  @ApiProperty({ allOf: [{ $ref: expressionSchemaRef('standard') }], description: EXPRESSION_DESCRIPTION })
  @IsDefined({ message: 'expression is required' })
  expression!: unknown;

  @ApiProperty({
    type: 'string',
    format: 'uuid',
    nullable: true,
    example: NIL_UUID,
    description: `A folder UUID, or the nil UUID (${NIL_UUID}; null is read as it) for no folder`,
  })
  @ValidateIf((o: SaveAudienceRequest) => o.folder_id !== null)
  @IsFolderId()
  folder_id!: string | null;

  @ApiProperty({ type: 'number', example: 1, description: POSITION_DESCRIPTION })
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'position must be a number' })
  position!: number;

  @ApiPropertyOptional({ isArray: true, enum: CLIENT_FLAGS, description: '`authored` is always added; `curated` is reserved' })
  @ValidateIf((o: SaveAudienceRequest) => o.flags !== undefined)
  @IsArray()
  @ArrayMaxSize(CLIENT_FLAGS.length * 2)
  @IsIn(CLIENT_FLAGS, { each: true, message: FLAGS_MESSAGE })
  flags?: string[];

  @ApiPropertyOptional({ type: [String], example: ['core'], description: DATASETS_DESCRIPTION })
  @ValidateIf((o: SaveAudienceRequest) => o.datasets !== undefined)
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  datasets?: string[];
}

/**
 * Body of PATCH: every member optional; the members sent replace the stored ones. `null` is
 * refused for every member but `folder_id` (where it means no folder). `position` is an
 * integer here (a number on create and replace), as the API has always typed it.
 */
export class PatchAudienceRequest extends ReadOnlyMembers {
  @ApiPropertyOptional({ minLength: 1, maxLength: NAME_MAX_LENGTH })
  @ValidateIf((o: PatchAudienceRequest) => o.name !== undefined)
  @IsAudienceName()
  name?: string;

  @ApiPropertyOptional({ allOf: [{ $ref: expressionSchemaRef('standard') }], description: EXPRESSION_DESCRIPTION })
  @ValidateIf((o: PatchAudienceRequest) => o.expression !== undefined)
  @IsDefined({ message: 'expression must not be null' })
  expression?: unknown;

  @ApiPropertyOptional({ type: 'string', format: 'uuid', nullable: true, description: `A folder UUID, or the nil UUID (${NIL_UUID}; null is read as it)` })
  @ValidateIf((o: PatchAudienceRequest) => o.folder_id !== undefined && o.folder_id !== null)
  @IsFolderId()
  folder_id?: string | null;

  @ApiPropertyOptional({ type: 'integer', description: POSITION_DESCRIPTION })
  @ValidateIf((o: PatchAudienceRequest) => o.position !== undefined)
  @IsInt({ message: 'position must be an integer' })
  position?: number;

  @ApiPropertyOptional({ isArray: true, enum: CLIENT_FLAGS, description: 'Replaces the flags; `authored` is always kept' })
  @ValidateIf((o: PatchAudienceRequest) => o.flags !== undefined)
  @IsArray()
  @ArrayMaxSize(CLIENT_FLAGS.length * 2)
  @IsIn(CLIENT_FLAGS, { each: true, message: FLAGS_MESSAGE })
  flags?: string[];

  @ApiPropertyOptional({ type: [String], description: DATASETS_DESCRIPTION })
  @ValidateIf((o: PatchAudienceRequest) => o.datasets !== undefined)
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  datasets?: string[];
}
