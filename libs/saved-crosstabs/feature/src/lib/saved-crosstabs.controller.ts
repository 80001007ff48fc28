import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE } from '@aas/shared-contracts';
import { ApiProblems, clientGoneSignal, CurrentPrincipal, negotiateMediaType, Principal, sendDownload, UuidParamPipe } from '@aas/shared-infra/http';
import { PatchSavedCrosstabRequest, SaveSavedCrosstabRequest } from './dto/crosstab-request.dto';
import { SavedCrosstabListResponse, SavedCrosstabResponse } from './dto/crosstab-response.dto';
import { ExportSavedCrosstabQuery } from './dto/export-crosstab.query';
import { ListSavedCrosstabsQuery } from './dto/list-crosstabs.query';
import { SavedCrosstabsService } from './saved-crosstabs.service';

const UUID_PARAM = { name: 'uuid', schema: { type: 'string', format: 'uuid' }, description: 'Project uuid' } as const;
const INVALID =
  'Invalid uuid, body or expression; `errors` names each offending member by JSON pointer (e.g. ' +
  '/rows/2/expression/and/0/qustion), and catalogue errors name the unknown code. Limits: 1,000 rows, 1,000 columns, ' +
  'name 1..255 characters, notes at most 10,000';
const FORBIDDEN = 'An expression, avg question, country or wave uses a dataset, location or wave your organisation is not entitled to';
const NOT_FOUND = "No such project, or another organisation's (the same answer for both)";
const STALE = 'last_updated_at is older than the stored updated_at: someone changed the project since you read it; nothing was changed';
const NOT_UUID = [400, 'The uuid is not a UUID'] as const;

/** A project that works against the demo data (`npm start`): Gen Z and 25-34 by TikTok and Instagram use. */
const EXAMPLE_PROJECT = {
  name: 'Gen Z by platform',
  rows: [
    { name: 'Gen Z', expression: { qustion: 'age_group', options: ['16_24'] } },
    { name: '25-34', expression: { qustion: 'age_group', options: ['25_34'] } },
  ],
  columns: [
    { name: 'TikTok', expression: { qustion: 'social_platform_usage', options: ['tiktok'] } },
    { name: 'Instagram', expression: { qustion: 'social_platform_usage', options: ['instagram'] } },
  ],
  country_codes: ['us', 'gb'],
  wave_codes: ['q3_2026'],
  notes: 'Shared with the social team',
};

/** The id in the path: a UUID (400 otherwise, before any lookup). */
const CROSSTAB_UUID = new UuidParamPipe('uuid', 'The saved crosstab uuid');

/**
 * Saved crosstabs (projects; docs/api-guide.md#saved-crosstabs). A project belongs to the organisation of the
 * token and is shared by its users; another organisation's project answers exactly like a
 * missing one. A failed request changes nothing.
 */
@ApiTags('saved crosstabs')
@Controller('v2/saved/crosstabs')
export class SavedCrosstabsController {
  constructor(private readonly crosstabs: SavedCrosstabsService) {}

  @Get()
  @ApiOperation({
    operationId: 'listSavedCrosstabs',
    summary: "Lists your organisation's projects",
    description:
      'Ordered by updated_at descending, then uuid ascending. Paging: `limit` (default 50, at most 200) and `offset` ' +
      "(default 0); `paging.total` counts all your organisation's projects. Items are whole projects, as GET one answers them.",
  })
  @ApiOkResponse({ type: SavedCrosstabListResponse, description: 'One page of projects' })
  @ApiProblems([400, 'Invalid or unknown query parameter'])
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListSavedCrosstabsQuery): Promise<SavedCrosstabListResponse> {
    return this.crosstabs.list(principal, query);
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    operationId: 'createSavedCrosstab',
    summary: 'Creates a project in your organisation',
    description:
      'Answers 200 (not 201, for compatibility with existing clients) with the project, including user_id (you), org_id (yours), created_at, ' +
      'updated_at and metadata. Crosstab audiences without id, name or full_name get a generated UUID and labels made ' +
      "from the expression with the catalogue's names. A uuid is unique within an organisation: one that another " +
      'organisation uses creates your own project like any free uuid.',
  })
  @ApiBody({ type: SaveSavedCrosstabRequest, examples: { 'Gen Z by platform': { value: EXAMPLE_PROJECT } } })
  @ApiOkResponse({ type: SavedCrosstabResponse, description: 'The project as stored' })
  @ApiProblems(
    [400, INVALID],
    [403, FORBIDDEN],
    [409, "Your organisation already has a project with the uuid sent (another organisation's uuids are free to use)"],
  )
  create(@CurrentPrincipal() principal: Principal, @Body() body: SaveSavedCrosstabRequest): Promise<SavedCrosstabResponse> {
    return this.crosstabs.create(principal, body);
  }

  @Get(':uuid')
  @ApiOperation({ operationId: 'getSavedCrosstab', summary: 'Reads a project' })
  @ApiParam(UUID_PARAM)
  @ApiOkResponse({ type: SavedCrosstabResponse, description: 'The project' })
  @ApiProblems(NOT_UUID, [404, NOT_FOUND])
  get(@CurrentPrincipal() principal: Principal, @Param('uuid', CROSSTAB_UUID) uuid: string): Promise<SavedCrosstabResponse> {
    return this.crosstabs.get(principal, uuid);
  }

  @Get(':uuid/export')
  @ApiOperation({
    operationId: 'exportSavedCrosstab',
    summary: 'Computes a project now and answers it as CSV or an Excel workbook',
    description:
      'The project as it stands: its rows and columns within its base (none: every respondent), over its wave_codes and ' +
      'country_codes (none: the last 4 licensed waves and every licensed location), checked against your catalogue today and ' +
      'computed on request, exactly as POST /v2/query/crosstab computes it with `Accept: text/csv` or `Accept: ' +
      XLSX_MEDIA_TYPE +
      '`; the sheet is the same (see that operation), titled with the project name. A row or column with `avg` is an average item: ' +
      "its cells carry the mean (the `average` metric; the long CSV's average columns); `avg` on the base is left out. Accept: " +
      '`text/csv` (also when absent or */*) or the Excel type; anything else: 406.',
  })
  @ApiParam(UUID_PARAM)
  @ApiOkResponse({
    description: 'The computed project, as a download named after it',
    content: {
      [CSV_MEDIA_TYPE]: { schema: { type: 'string', description: 'The crosstab as CSV' } },
      [XLSX_MEDIA_TYPE]: { schema: { type: 'string', format: 'binary', description: 'The crosstab as an Excel workbook' } },
    },
  })
  @ApiProblems(
    [
      400,
      'The uuid is not a UUID, `metric` is not one of its values (or `average` for a project without avg), or the project no longer fits ' +
        'your catalogue (an unknown code, an avg without midpoints; paths name its members)',
    ],
    [403, 'The project uses a dataset, location or wave your organisation is no longer licensed for'],
    [404, NOT_FOUND],
    [406, 'The Accept header allows neither CSV nor Excel'],
    504,
  )
  async export(
    @CurrentPrincipal() principal: Principal,
    @Param('uuid', CROSSTAB_UUID) uuid: string,
    @Query() query: ExportSavedCrosstabQuery,
    @Req() req: Request & { id?: string },
    @Res() res: Response,
  ): Promise<void> {
    const mediaType = negotiateMediaType(req, [CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE] as const);
    const file = await this.crosstabs.export(principal, uuid, {
      mediaType,
      metric: query.metric ?? 'all',
      requestId: req.id ?? '',
      signal: clientGoneSignal(res),
    });
    sendDownload(res, file);
  }

  @Put(':uuid')
  @ApiOperation({
    operationId: 'replaceSavedCrosstab',
    summary: 'Replaces a project (every writable member; those left out take their defaults)',
    description:
      'Keeps uuid, user_id (the creator) and created_at. Send `last_updated_at` (the updated_at you read) to refuse overwriting a newer version (409).',
  })
  @ApiParam(UUID_PARAM)
  @ApiBody({ type: SaveSavedCrosstabRequest, examples: { 'Gen Z by platform': { value: EXAMPLE_PROJECT } } })
  @ApiOkResponse({ type: SavedCrosstabResponse, description: 'The project as stored' })
  @ApiProblems([400, `${INVALID}; also a body uuid other than the path's, or a read-only member`], [403, FORBIDDEN], [404, NOT_FOUND], [409, STALE])
  replace(
    @CurrentPrincipal() principal: Principal,
    @Param('uuid', CROSSTAB_UUID) uuid: string,
    @Body() body: SaveSavedCrosstabRequest,
  ): Promise<SavedCrosstabResponse> {
    return this.crosstabs.replace(principal, uuid, body);
  }

  @Patch(':uuid')
  @ApiOperation({
    operationId: 'patchSavedCrosstab',
    summary: 'Changes the members sent; the others stay as they are',
    description:
      'Only the members sent are checked against the catalogue; metadata is recomputed. `bases: null` removes the base. ' +
      'Send `last_updated_at` to refuse overwriting a newer version (409).',
  })
  @ApiParam(UUID_PARAM)
  @ApiBody({ type: PatchSavedCrosstabRequest, examples: { 'rename and drop the base': { value: { name: 'Gen Z by platform (all markets)', bases: null } } } })
  @ApiOkResponse({ type: SavedCrosstabResponse, description: 'The project as stored' })
  @ApiProblems(
    [400, `${INVALID}; also a body uuid other than the path's, null for a member other than bases, or a read-only member`],
    [403, FORBIDDEN],
    [404, NOT_FOUND],
    [409, STALE],
  )
  patch(
    @CurrentPrincipal() principal: Principal,
    @Param('uuid', CROSSTAB_UUID) uuid: string,
    @Body() body: PatchSavedCrosstabRequest,
  ): Promise<SavedCrosstabResponse> {
    return this.crosstabs.patch(principal, uuid, body);
  }

  @Delete(':uuid')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteSavedCrosstab', summary: 'Deletes a project' })
  @ApiParam(UUID_PARAM)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiProblems(NOT_UUID, [404, NOT_FOUND])
  async delete(@CurrentPrincipal() principal: Principal, @Param('uuid', CROSSTAB_UUID) uuid: string): Promise<void> {
    await this.crosstabs.delete(principal, uuid);
  }
}
