import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiTags,
} from '@nestjs/swagger';
import { CurrentPrincipal, Principal, ProblemSchema, UuidParamPipe } from '@aas/infra';
import { PatchSavedCrosstabRequest, SaveSavedCrosstabRequest } from './dto/crosstab-request.dto';
import { SavedCrosstabListResponse, SavedCrosstabResponse } from './dto/crosstab-response.dto';
import { ListSavedCrosstabsQuery } from './dto/list-crosstabs.query';
import { SavedCrosstabsService } from './saved-crosstabs.service';

const UUID_PARAM = { name: 'uuid', format: 'uuid', description: 'Project uuid' } as const;
const INVALID =
  'Invalid uuid, body or expression; `errors` names each offending member by JSON pointer (e.g. ' +
  '/rows/2/expression/and/0/qustion), and catalogue errors name the unknown code. Limits: 1,000 rows, 1,000 columns, ' +
  'name 1..255 characters, notes at most 10,000';
const FORBIDDEN = 'An expression, avg question, country or wave uses a dataset, location or wave your organisation is not entitled to';
const NOT_FOUND = "No such project, or another organisation's (the same answer for both)";
const STALE = 'last_updated_at is older than the stored updated_at: someone changed the project since you read it; nothing was changed';
const TOO_LARGE = 'The body exceeds the body limit (BODY_LIMIT_BYTES, 1 MiB by default)';

/**
 * Saved crosstabs (projects, spec 4.6 and 2.6). A project belongs to the organisation of the
 * token and is shared by its users; another organisation's project answers exactly like a
 * missing one. A failed request changes nothing.
 */
const CROSSTAB_UUID = new UuidParamPipe('uuid', 'The saved crosstab uuid');

@ApiTags('saved crosstabs')
@Controller('v2/saved/crosstabs')
export class SavedCrosstabsController {
  constructor(private readonly crosstabs: SavedCrosstabsService) {}

  @Get()
  @ApiOperation({
    summary: "Lists your organisation's projects",
    description:
      'Ordered by updated_at descending, then uuid ascending. Paging: `limit` (default 50, at most 200) and `offset` ' +
      "(default 0); `paging.total` counts all your organisation's projects. Items are whole projects, as GET one answers them.",
  })
  @ApiOkResponse({ type: SavedCrosstabListResponse })
  @ApiBadRequestResponse({ type: ProblemSchema, description: 'Invalid or unknown query parameter' })
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListSavedCrosstabsQuery): Promise<SavedCrosstabListResponse> {
    return this.crosstabs.list(principal, query);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Creates a project in your organisation',
    description:
      'Answers 200 with the project (spec 4.6: "Response OK"), including user_id (you), org_id (yours), created_at, ' +
      'updated_at and metadata. Crosstab audiences without id, name or full_name get a generated UUID and labels made ' +
      "from the expression with the catalogue's names. A uuid is unique within an organisation: one that another " +
      'organisation uses creates your own project like any free uuid.',
  })
  @ApiOkResponse({ type: SavedCrosstabResponse })
  @ApiBadRequestResponse({ type: ProblemSchema, description: INVALID })
  @ApiForbiddenResponse({ type: ProblemSchema, description: FORBIDDEN })
  @ApiConflictResponse({
    type: ProblemSchema,
    description: "Your organisation already has a project with the uuid sent (another organisation's uuids are free to use)",
  })
  @ApiPayloadTooLargeResponse({ type: ProblemSchema, description: TOO_LARGE })
  create(@CurrentPrincipal() principal: Principal, @Body() body: SaveSavedCrosstabRequest): Promise<SavedCrosstabResponse> {
    return this.crosstabs.create(principal, body);
  }

  @Get(':uuid')
  @ApiOperation({ summary: 'Reads a project' })
  @ApiParam(UUID_PARAM)
  @ApiOkResponse({ type: SavedCrosstabResponse })
  @ApiBadRequestResponse({ type: ProblemSchema, description: 'The uuid is not a UUID' })
  @ApiNotFoundResponse({ type: ProblemSchema, description: NOT_FOUND })
  get(@CurrentPrincipal() principal: Principal, @Param('uuid', CROSSTAB_UUID) uuid: string): Promise<SavedCrosstabResponse> {
    return this.crosstabs.get(principal, uuid);
  }

  @Put(':uuid')
  @ApiOperation({
    summary: 'Replaces a project (every writable member; those left out take their defaults)',
    description:
      'Keeps uuid, user_id (the creator) and created_at. Send `last_updated_at` (the updated_at you read) to refuse overwriting a newer version (409).',
  })
  @ApiParam(UUID_PARAM)
  @ApiOkResponse({ type: SavedCrosstabResponse })
  @ApiBadRequestResponse({ type: ProblemSchema, description: `${INVALID}; also a body uuid other than the path's, or a read-only member` })
  @ApiForbiddenResponse({ type: ProblemSchema, description: FORBIDDEN })
  @ApiNotFoundResponse({ type: ProblemSchema, description: NOT_FOUND })
  @ApiConflictResponse({ type: ProblemSchema, description: STALE })
  @ApiPayloadTooLargeResponse({ type: ProblemSchema, description: TOO_LARGE })
  replace(
    @CurrentPrincipal() principal: Principal,
    @Param('uuid', CROSSTAB_UUID) uuid: string,
    @Body() body: SaveSavedCrosstabRequest,
  ): Promise<SavedCrosstabResponse> {
    return this.crosstabs.replace(principal, uuid, body);
  }

  @Patch(':uuid')
  @ApiOperation({
    summary: 'Changes the members sent; the others stay as they are',
    description:
      'Only the members sent are checked against the catalogue; metadata is recomputed. `bases: null` removes the base. ' +
      'Send `last_updated_at` to refuse overwriting a newer version (409).',
  })
  @ApiParam(UUID_PARAM)
  @ApiOkResponse({ type: SavedCrosstabResponse })
  @ApiBadRequestResponse({
    type: ProblemSchema,
    description: `${INVALID}; also a body uuid other than the path's, null for a member other than bases, or a read-only member`,
  })
  @ApiForbiddenResponse({ type: ProblemSchema, description: FORBIDDEN })
  @ApiNotFoundResponse({ type: ProblemSchema, description: NOT_FOUND })
  @ApiConflictResponse({ type: ProblemSchema, description: STALE })
  @ApiPayloadTooLargeResponse({ type: ProblemSchema, description: TOO_LARGE })
  patch(
    @CurrentPrincipal() principal: Principal,
    @Param('uuid', CROSSTAB_UUID) uuid: string,
    @Body() body: PatchSavedCrosstabRequest,
  ): Promise<SavedCrosstabResponse> {
    return this.crosstabs.patch(principal, uuid, body);
  }

  @Delete(':uuid')
  @HttpCode(204)
  @ApiOperation({ summary: 'Deletes a project' })
  @ApiParam(UUID_PARAM)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiBadRequestResponse({ type: ProblemSchema, description: 'The uuid is not a UUID' })
  @ApiNotFoundResponse({ type: ProblemSchema, description: NOT_FOUND })
  async delete(@CurrentPrincipal() principal: Principal, @Param('uuid', CROSSTAB_UUID) uuid: string): Promise<void> {
    await this.crosstabs.delete(principal, uuid);
  }
}
