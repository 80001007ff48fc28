import { Body, Controller, Get, HttpCode, Injectable, Param, PipeTransform, Post, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ORGANISATION_ID_PATTERN, ProblemException } from '@aas/shared-infra';
import { AdminOnly, ApiProblems } from '@aas/shared-infra/http';
import {
  CreateOrganisationRequest,
  EntitlementChangeRequest,
  EntitlementChangeResponse,
  ListOrganisationsQuery,
  OrganisationEnvelope,
  OrganisationListResponse,
} from './dto/organisation.dto';
import { OrganisationAdminService } from './organisation-admin.service';

/** An organisation id in the path: 400 naming it when it cannot be one, before anything is looked up. */
@Injectable()
class OrganisationIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (typeof value !== 'string' || !ORGANISATION_ID_PATTERN.test(value)) {
      throw ProblemException.validation('The organisation id is not valid', [
        { path: '/id', message: 'id must be 1-63 lowercase letters, digits, _ or -, starting with a letter or digit' },
      ]);
    }
    return value;
  }
}

const ORG_PARAM = { name: 'id', schema: { type: 'string', pattern: ORGANISATION_ID_PATTERN.source }, description: 'Organisation id' } as const;
const ADMIN_ONLY = [403, 'The token has no admin claim'] as const;
const NO_SUCH_ORG = [404, 'No such organisation'] as const;
const BAD_ID = [400, 'The organisation id is not valid'] as const;
const BAD_CHANGE = [
  400,
  'Invalid body or id, no code named, or a code the catalogue does not have (`errors` names each, e.g. `/waves/2`); nothing was changed',
] as const;
const CHANGE_EXAMPLES = {
  'core in two markets, two waves': { value: { datasets: ['core'], locations: ['gb', 'us'], waves: ['q3_2025', 'q4_2025'] } },
};

/**
 * Organisations and their entitlements, for administrators (tokens with `admin: true`). The
 * same service backs `npm run org`. Changes hold from the next request of any process.
 */
@ApiTags('admin')
@AdminOnly()
@Controller('v1/admin/organisations')
export class OrganisationsAdminController {
  constructor(private readonly organisations: OrganisationAdminService) {}

  @Post()
  @ApiOperation({
    operationId: 'createOrganisation',
    summary: 'Creates an organisation (with no entitlements)',
    description: 'Its users need tokens whose `org` claim is the id. It sees the catalogue but may use nothing until entitlements are granted.',
  })
  @ApiBody({ type: CreateOrganisationRequest, examples: { northwind: { value: { id: 'northwind', name: 'Northwind Traders' } } } })
  @ApiCreatedResponse({ type: OrganisationEnvelope, description: 'Created' })
  @ApiProblems(ADMIN_ONLY, [409, 'The id is taken; nothing was changed'])
  async create(@Body() body: CreateOrganisationRequest): Promise<OrganisationEnvelope> {
    return { data: await this.organisations.create(body) };
  }

  @Get()
  @ApiOperation({ operationId: 'listOrganisations', summary: 'Lists organisations with their entitlements, by id' })
  @ApiOkResponse({ type: OrganisationListResponse, description: 'One page of organisations' })
  @ApiProblems([400, 'Invalid or unknown query parameter'], ADMIN_ONLY)
  list(@Query() query: ListOrganisationsQuery): Promise<OrganisationListResponse> {
    return this.organisations.list(query);
  }

  @Get(':id')
  @ApiOperation({ operationId: 'getOrganisation', summary: 'Reads an organisation and its entitlements' })
  @ApiParam(ORG_PARAM)
  @ApiOkResponse({ type: OrganisationEnvelope, description: 'The organisation' })
  @ApiProblems(BAD_ID, ADMIN_ONLY, NO_SUCH_ORG)
  async get(@Param('id', OrganisationIdPipe) id: string): Promise<OrganisationEnvelope> {
    return { data: await this.organisations.get(id) };
  }

  @Post(':id/entitlements/grant')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'grantEntitlements',
    summary: 'Entitles an organisation to datasets, locations and waves',
    description: 'Idempotent: codes it has already are left alone. All or nothing: one unknown code and nothing changes.',
  })
  @ApiParam(ORG_PARAM)
  @ApiBody({ type: EntitlementChangeRequest, examples: CHANGE_EXAMPLES })
  @ApiOkResponse({ type: EntitlementChangeResponse, description: 'The organisation as it stands now' })
  @ApiProblems(BAD_CHANGE, ADMIN_ONLY, NO_SUCH_ORG)
  grant(@Param('id', OrganisationIdPipe) id: string, @Body() body: EntitlementChangeRequest): Promise<EntitlementChangeResponse> {
    return this.organisations.grant(id, body);
  }

  @Post(':id/entitlements/revoke')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'revokeEntitlements',
    summary: 'Takes datasets, locations and waves away from an organisation',
    description: 'Idempotent: codes it lacks are ignored. All or nothing: one unknown code and nothing changes.',
  })
  @ApiParam(ORG_PARAM)
  @ApiBody({ type: EntitlementChangeRequest, examples: CHANGE_EXAMPLES })
  @ApiOkResponse({ type: EntitlementChangeResponse, description: 'The organisation as it stands now' })
  @ApiProblems(BAD_CHANGE, ADMIN_ONLY, NO_SUCH_ORG)
  revoke(@Param('id', OrganisationIdPipe) id: string, @Body() body: EntitlementChangeRequest): Promise<EntitlementChangeResponse> {
    return this.organisations.revoke(id, body);
  }
}
