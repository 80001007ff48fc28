import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import { ORGANISATION_ID_PATTERN } from '@aas/shared-infra';
import { PagingQuery } from '@aas/shared-infra/http';

/** At most this many codes of one kind in one grant or revocation. */
export const MAX_CODES_PER_KIND = 1000;
const CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
/** Control characters (C0, DEL, C1), refused in an organisation's name. */
// eslint-disable-next-line no-control-regex
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/** Body of POST /v1/admin/organisations. */
export class CreateOrganisationRequest {
  @ApiProperty({
    pattern: ORGANISATION_ID_PATTERN.source,
    example: 'northwind',
    description: 'The id tokens carry in their `org` claim: lowercase letters, digits, `_` and `-`, at most 63, starting with a letter or digit',
  })
  @IsString()
  @Matches(ORGANISATION_ID_PATTERN, { message: 'id must be 1-63 lowercase letters, digits, _ or -, starting with a letter or digit' })
  id!: string;

  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Northwind Traders' })
  @IsString()
  @MinLength(1, { message: 'name must not be empty' })
  @MaxLength(200)
  @Matches(NO_CONTROL_CHARACTERS, { message: 'name must not contain control characters' })
  name!: string;
}

/** Body of the grant and revoke operations: codes by kind; a kind left out is left as it is. */
export class EntitlementChangeRequest {
  @ApiPropertyOptional({ type: [String], maxItems: MAX_CODES_PER_KIND, example: ['core'], description: 'Dataset codes (GET /v2/datasets)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_CODES_PER_KIND)
  @IsString({ each: true })
  @Matches(CODE_PATTERN, { each: true, message: 'each dataset code must be 1-64 letters, digits, _, . or -' })
  datasets?: string[];

  @ApiPropertyOptional({ type: [String], maxItems: MAX_CODES_PER_KIND, example: ['gb', 'us'], description: 'Location codes (GET /v2/locations)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_CODES_PER_KIND)
  @IsString({ each: true })
  @Matches(CODE_PATTERN, { each: true, message: 'each location code must be 1-64 letters, digits, _, . or -' })
  locations?: string[];

  @ApiPropertyOptional({ type: [String], maxItems: MAX_CODES_PER_KIND, example: ['q1_2026', 'q2_2026'], description: 'Wave codes (GET /v2/waves)' })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(MAX_CODES_PER_KIND)
  @IsString({ each: true })
  @Matches(CODE_PATTERN, { each: true, message: 'each wave code must be 1-64 letters, digits, _, . or -' })
  waves?: string[];
}

/** Query of GET /v1/admin/organisations. */
export class ListOrganisationsQuery extends PagingQuery {}

export class EntitlementsResponse {
  @ApiProperty({ type: [String], example: ['core'], description: 'Sorted' }) datasets!: string[];
  @ApiProperty({ type: [String], example: ['gb', 'us'], description: 'Sorted' }) locations!: string[];
  @ApiProperty({ type: [String], example: ['q1_2026', 'q2_2026'], description: 'Sorted' }) waves!: string[];
}

/** An organisation with what it is entitled to. */
export class OrganisationResponse {
  @ApiProperty({ example: 'northwind' }) id!: string;
  @ApiProperty({ example: 'Northwind Traders' }) name!: string;
  @ApiProperty({ format: 'date-time', example: '2026-01-05T09:30:00.000Z', description: 'ISO 8601, UTC' }) created_at!: string;
  @ApiProperty({ type: EntitlementsResponse }) entitlements!: EntitlementsResponse;
}

export class OrganisationEnvelope {
  @ApiProperty({ type: OrganisationResponse }) data!: OrganisationResponse;
}

export class OrganisationPaging {
  @ApiProperty({ type: 'integer', example: 50 }) limit!: number;
  @ApiProperty({ type: 'integer', example: 0 }) offset!: number;
  @ApiProperty({ type: 'integer', description: 'Organisations over all pages' }) total!: number;
}

export class OrganisationListResponse {
  @ApiProperty({ type: [OrganisationResponse], description: 'By id' }) data!: OrganisationResponse[];
  @ApiProperty({ type: OrganisationPaging }) paging!: OrganisationPaging;
}

/** The answer to a grant or a revocation: the organisation as it stands afterwards, and how many entitlements changed. */
export class EntitlementChangeResponse extends OrganisationEnvelope {
  @ApiProperty({ type: 'integer', example: 3, description: 'Entitlements added (grant) or removed (revoke); 0 when it had them (or lacked them) already' })
  changed!: number;
}
