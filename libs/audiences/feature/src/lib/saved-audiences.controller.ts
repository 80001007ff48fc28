import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { ApiBody, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ApiProblems, CurrentPrincipal, Principal, UuidParamPipe } from '@aas/shared-infra/http';
import { AudienceEnvelope, AudienceListResponse } from './dto/audience-response.dto';
import { PatchAudienceRequest, SaveAudienceRequest } from './dto/audience-request.dto';
import { ListAudiencesQuery } from './dto/list-audiences.query';
import { SavedAudiencesService } from './saved-audiences.service';

const ID_PARAM = { name: 'id', schema: { type: 'string', format: 'uuid' }, description: 'Audience id' } as const;
const INVALID = 'Invalid id, body or expression; `errors` names each offending member by JSON pointer';
const NOT_FOUND = "No such audience, or another organisation's (the same answer for both)";
const FORBIDDEN_WRITE = 'A curated audience (read-only), or the expression uses a dataset your organisation is not entitled to';
const NOT_UUID = [400, 'The id is not a UUID'] as const;

/** A body that works against the demo data (`npm start`): Gen Z women, in no folder. */
const EXAMPLE_AUDIENCE = {
  name: 'Gen Z women',
  expression: {
    and: [
      { question: 'gender', datapoints: ['female'] },
      { question: 'age_group', datapoints: ['16_24'] },
    ],
  },
  folder_id: '00000000-0000-0000-0000-000000000000',
  position: 1,
};

/** The id in the path: a UUID (400 otherwise, before any lookup). */
const AUDIENCE_ID = new UuidParamPipe('id', 'The audience id');

/**
 * Saved audiences (docs/api-guide.md#saved-audiences). Audiences are shared within their organisation (taken from the
 * token); curated audiences are readable by all and writable by none; another organisation's
 * audience answers exactly like a missing one.
 */
@ApiTags('saved audiences')
@Controller('v2/saved/audiences')
export class SavedAudiencesController {
  constructor(private readonly audiences: SavedAudiencesService) {}

  @Get()
  @ApiOperation({
    operationId: 'listSavedAudiences',
    summary: "Lists your organisation's audiences and the curated ones",
    description:
      'Ordered by position, then created_at, then id (ascending). Paging: `limit` (default 50, at most 200) and `offset` ' +
      '(default 0); `paging.total` counts every audience matching the filters.',
  })
  @ApiOkResponse({ type: AudienceListResponse, description: 'One page of audiences' })
  @ApiProblems([400, 'Invalid or unknown query parameter'])
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListAudiencesQuery): Promise<AudienceListResponse> {
    return this.audiences.list(principal, query);
  }

  @Post()
  @ApiOperation({ operationId: 'createSavedAudience', summary: 'Creates an audience in your organisation' })
  @ApiBody({ type: SaveAudienceRequest, examples: { 'Gen Z women': { value: EXAMPLE_AUDIENCE } } })
  @ApiCreatedResponse({ type: AudienceEnvelope, description: 'Created' })
  @ApiProblems([400, INVALID], [403, 'The expression uses a dataset your organisation is not entitled to'])
  async create(@CurrentPrincipal() principal: Principal, @Body() body: SaveAudienceRequest): Promise<AudienceEnvelope> {
    return { data: await this.audiences.create(principal, body) };
  }

  @Get(':id')
  @ApiOperation({ operationId: 'getSavedAudience', summary: 'Reads an audience' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: AudienceEnvelope, description: 'The audience' })
  @ApiProblems(NOT_UUID, [404, NOT_FOUND])
  async get(@CurrentPrincipal() principal: Principal, @Param('id', AUDIENCE_ID) id: string): Promise<AudienceEnvelope> {
    return { data: await this.audiences.get(principal, id) };
  }

  @Put(':id')
  @ApiOperation({ operationId: 'replaceSavedAudience', summary: 'Replaces an audience (every writable member)' })
  @ApiParam(ID_PARAM)
  @ApiBody({ type: SaveAudienceRequest, examples: { 'Gen Z women': { value: EXAMPLE_AUDIENCE } } })
  @ApiOkResponse({ type: AudienceEnvelope, description: 'The audience as stored' })
  @ApiProblems([400, INVALID], [403, FORBIDDEN_WRITE], [404, NOT_FOUND])
  async replace(@CurrentPrincipal() principal: Principal, @Param('id', AUDIENCE_ID) id: string, @Body() body: SaveAudienceRequest): Promise<AudienceEnvelope> {
    return { data: await this.audiences.replace(principal, id, body) };
  }

  @Patch(':id')
  @ApiOperation({ operationId: 'patchSavedAudience', summary: 'Changes the members sent; the others stay as they are' })
  @ApiParam(ID_PARAM)
  @ApiBody({ type: PatchAudienceRequest, examples: { rename: { value: { name: 'Gen Z women (UK)' } } } })
  @ApiOkResponse({ type: AudienceEnvelope, description: 'The audience as stored' })
  @ApiProblems([400, `${INVALID}; also a read-only member (id, v1_id, created_at, updated_at, permissions)`], [403, FORBIDDEN_WRITE], [404, NOT_FOUND])
  async patch(@CurrentPrincipal() principal: Principal, @Param('id', AUDIENCE_ID) id: string, @Body() body: PatchAudienceRequest): Promise<AudienceEnvelope> {
    return { data: await this.audiences.patch(principal, id, body) };
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteSavedAudience', summary: 'Deletes an audience' })
  @ApiParam(ID_PARAM)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiProblems(NOT_UUID, [403, 'A curated audience (read-only)'], [404, NOT_FOUND])
  async delete(@CurrentPrincipal() principal: Principal, @Param('id', AUDIENCE_ID) id: string): Promise<void> {
    await this.audiences.delete(principal, id);
  }
}
