import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsDefined, IsInt, IsString, Matches, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { expressionSchemaRef } from '@aas/audience-expression-domain';
import { ReadOnlyMember, UUID_PATTERN } from '@aas/shared-infra/http';
import { IsArrayOfAtMost, IsCodeList, IsDateTime, IsJsonObject, IsText } from './crosstab-validators';

export const NAME_MAX_LENGTH = 255;
export const NOTES_MAX_LENGTH = 10_000;
export const MAX_AUDIENCES_PER_SIDE = 1000;
export const FULL_NAME_MAX_LENGTH = 2000;
export const MAX_CODES = 200;
const CODE_MAX_LENGTH = 100;

const EXPRESSION_DESCRIPTION =
  'Saved-crosstab expression form (`qustion`, `options`, integer `suffixes`). Checked for shape (400 with the ' +
  'JSON pointer of the offending member, e.g. /rows/2/expression/and/0/qustion) and against the catalogue of your ' +
  'organisation (unknown question, option or suffix: 400 naming the code; a dataset your organisation is not entitled ' +
  'to: 403). Stored and answered in canonical member order.';

/** Optional if absent, refused if null (only `bases` may be null). */
const present = (name: string) => (o: Record<string, unknown>) => o[name] !== undefined;

export class SavedCrosstabAvgWithSuffixesInput {
  @ApiProperty({ example: 'tiktok', description: 'A datapoint code of the avg question' })
  @IsText(1, CODE_MAX_LENGTH)
  datapoint!: string;

  @ApiProperty({ type: [Number], example: [1, 2], description: 'Suffix codes of the avg question, as integers' })
  @IsArray()
  @ArrayMaxSize(MAX_CODES)
  @IsInt({ each: true, message: 'each value of suffixes must be an integer' })
  suffixes!: number[];
}

export class SavedCrosstabAvgWithDatapointsInput {
  @ApiProperty({ type: [String], example: ['16_24', '25_34'], description: 'Datapoint codes of the avg question' })
  @IsArray()
  @ArrayMaxSize(MAX_CODES)
  @IsString({ each: true })
  @MaxLength(CODE_MAX_LENGTH, { each: true })
  datapoints!: string[];
}

/** `avg` of a crosstab audience: the question averaged, over suffixes of a datapoint or over datapoints. */
export class SavedCrosstabAvgInput {
  @ApiProperty({ example: 'social_platform_frequency', description: 'Question code; must exist (400) and be entitled (403)' })
  @IsText(1, CODE_MAX_LENGTH)
  question!: string;

  @ApiPropertyOptional({ type: SavedCrosstabAvgWithSuffixesInput })
  @ValidateIf(present('with_suffixes'))
  @IsJsonObject()
  @ValidateNested()
  @Type(() => SavedCrosstabAvgWithSuffixesInput)
  with_suffixes?: SavedCrosstabAvgWithSuffixesInput;

  @ApiPropertyOptional({ type: SavedCrosstabAvgWithDatapointsInput })
  @ValidateIf(present('with_datapoints'))
  @IsJsonObject()
  @ValidateNested()
  @Type(() => SavedCrosstabAvgWithDatapointsInput)
  with_datapoints?: SavedCrosstabAvgWithDatapointsInput;
}

/** A crosstab audience as a client sends it (a row, a column or the base). */
export class SavedCrosstabAudienceInput {
  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH, description: "The client's id of the audience; a UUID is generated when absent" })
  @ValidateIf(present('id'))
  @IsText(1, NAME_MAX_LENGTH)
  id?: string;

  @ApiPropertyOptional({ maxLength: NAME_MAX_LENGTH, description: 'Generated from the expression (catalogue names) when absent' })
  @ValidateIf(present('name'))
  @IsText(1, NAME_MAX_LENGTH)
  name?: string;

  @ApiPropertyOptional({ maxLength: FULL_NAME_MAX_LENGTH, description: 'Generated from the expression (catalogue names) when absent' })
  @ValidateIf(present('full_name'))
  @IsText(1, FULL_NAME_MAX_LENGTH)
  full_name?: string;

  @ApiProperty({ allOf: [{ $ref: expressionSchemaRef('crosstab') }], description: `${EXPRESSION_DESCRIPTION} \`{}\` is every respondent.` })
  @IsDefined({ message: 'expression is required' })
  expression!: unknown;

  @ApiPropertyOptional({ type: SavedCrosstabAvgInput })
  @ValidateIf(present('avg'))
  @IsJsonObject()
  @ValidateNested()
  @Type(() => SavedCrosstabAvgInput)
  avg?: SavedCrosstabAvgInput;
}

/** Members a client reads in a response but never sets. */
abstract class ReadOnlyMembers {
  @ReadOnlyMember() user_id?: unknown;
  @ReadOnlyMember() org_id?: unknown;
  @ReadOnlyMember() created_at?: unknown;
  @ReadOnlyMember() updated_at?: unknown;
  @ReadOnlyMember() metadata?: unknown;
}

const UUID_DESCRIPTION =
  'POST: optional; a UUID (generated when absent). Unique within your organisation: one your organisation already ' +
  'uses answers 409; one only another organisation uses is free and creates your own project. PUT/PATCH: optional, and if sent ' +
  'it must be the uuid of the path.';
const LAST_UPDATED_DESCRIPTION =
  'Optimistic concurrency. PUT/PATCH: the `updated_at` you last read; when the stored project changed after it ' +
  '(stored updated_at is later), the write answers 409 and changes nothing. Absent: last write wins. POST: accepted and ignored.';
const CODES_DESCRIPTION = (what: string) => `${what} codes; each must exist (400 naming the code) and be entitled to your organisation (403). No duplicates.`;

function audienceArray(): PropertyDecorator[] {
  return [IsArrayOfAtMost(MAX_AUDIENCES_PER_SIDE, 'crosstab audiences'), ValidateNested({ each: true }), Type(() => SavedCrosstabAudienceInput)];
}

function apply(decorators: PropertyDecorator[]): PropertyDecorator {
  return (target, key) => decorators.forEach((d) => d(target, key));
}

/** Shared by POST, PUT and PATCH; what is required differs (see the subclasses). */
abstract class CrosstabMembers extends ReadOnlyMembers {
  @ApiPropertyOptional({ format: 'uuid', description: UUID_DESCRIPTION })
  @ValidateIf(present('uuid'))
  @Matches(UUID_PATTERN, { message: 'uuid must be a UUID' })
  uuid?: string;

  @ApiPropertyOptional({ type: [SavedCrosstabAudienceInput], maxItems: MAX_AUDIENCES_PER_SIDE, description: 'Row audiences (default [])' })
  @ValidateIf(present('rows'))
  @apply(audienceArray())
  rows?: SavedCrosstabAudienceInput[];

  @ApiPropertyOptional({ type: [SavedCrosstabAudienceInput], maxItems: MAX_AUDIENCES_PER_SIDE, description: 'Column audiences (default [])' })
  @ValidateIf(present('columns'))
  @apply(audienceArray())
  columns?: SavedCrosstabAudienceInput[];

  @ApiPropertyOptional({ type: [String], example: ['us', 'gb'], description: CODES_DESCRIPTION('Location') + ' Default [].' })
  @ValidateIf(present('country_codes'))
  @IsCodeList(MAX_CODES, CODE_MAX_LENGTH)
  country_codes?: string[];

  @ApiPropertyOptional({ type: [String], example: ['q3_2026'], description: CODES_DESCRIPTION('Wave') + ' Default [].' })
  @ValidateIf(present('wave_codes'))
  @IsCodeList(MAX_CODES, CODE_MAX_LENGTH)
  wave_codes?: string[];

  @ApiPropertyOptional({
    type: SavedCrosstabAudienceInput,
    nullable: true,
    description: 'The base audience (a crosstab audience object); null or absent: every respondent',
  })
  @ValidateIf((o: CrosstabMembers) => o.bases !== undefined && o.bases !== null)
  @IsJsonObject()
  @ValidateNested()
  @Type(() => SavedCrosstabAudienceInput)
  bases?: SavedCrosstabAudienceInput | null;

  @ApiPropertyOptional({ format: 'date-time', example: '2025-11-21T10:15:30.123Z', description: LAST_UPDATED_DESCRIPTION })
  @ValidateIf(present('last_updated_at'))
  @IsDateTime()
  last_updated_at?: string;

  @ApiPropertyOptional({ maxLength: NOTES_MAX_LENGTH, description: "Free text (default '')" })
  @ValidateIf(present('notes'))
  @IsText(0, NOTES_MAX_LENGTH)
  notes?: string;
}

/** Body of POST (create) and PUT (replace) of a project. Members left out take their defaults. */
export class SaveSavedCrosstabRequest extends CrosstabMembers {
  @ApiProperty({ minLength: 1, maxLength: NAME_MAX_LENGTH, example: 'Gen Z by platform' })
  @IsText(1, NAME_MAX_LENGTH)
  name!: string;
}

/** Body of PATCH: every member optional; the members sent replace the stored ones. */
export class PatchSavedCrosstabRequest extends CrosstabMembers {
  @ApiPropertyOptional({ minLength: 1, maxLength: NAME_MAX_LENGTH })
  @ValidateIf(present('name'))
  @IsText(1, NAME_MAX_LENGTH)
  name?: string;
}
