import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Put, Query, Req, Res, StreamableFile } from '@nestjs/common';
import {
  ApiBody,
  ApiCreatedResponse,
  ApiExtraModels,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CSV_MEDIA_TYPE } from '@aas/shared-contracts';
import { ProblemException } from '@aas/shared-infra';
import { ApiProblems, clientGoneSignal, CurrentPrincipal, downloadOf, negotiateMediaType, Principal, UuidParamPipe } from '@aas/shared-infra/http';
import { ChartCalculation } from './assemble-chart-result';
import { AUDIENCE_ERRORS, STAT_ERRORS } from './chart-codes';
import { CalculateChartUseCase } from './calculate-chart.usecase';
import { ChartsService } from './charts.service';
import { CalculateChartRequest, SaveChartRequest } from './dto/chart-request.dto';
import { ChartCalculationResponse, ChartListResponse, ChartResponse } from './dto/chart-response.dto';
import { ListChartsQuery } from './dto/list-charts.query';

const ID_PARAM = { name: 'id', schema: { type: 'string', format: 'uuid' }, description: 'Chart id' } as const;
const NOT_UUID = [400, 'The id is not a UUID'] as const;
const INVALID = 'Invalid id, body, enum value or audience expression; `errors` names each offending member by JSON pointer';
const FORBIDDEN = 'An audience, wave, location or dataset code your organisation is not licensed for';
const NOT_FOUND = "No such chart, or another organisation's (the same answer for both)";
/** A chart that works against the demo data (`npm start`): two audiences on three platforms. */
const EXAMPLE_CHART = {
  name: 'Gen Z vs 25-34: platforms',
  attributes: [
    { namespace_code: 'core', question_code: 'social_platform_usage', datapoint_code: 'tiktok' },
    { namespace_code: 'core', question_code: 'social_platform_usage', datapoint_code: 'instagram' },
    { namespace_code: 'core', question_code: 'social_platform_usage', datapoint_code: 'facebook' },
  ],
  audiences: [
    { id: 'gen-z', name: 'Gen Z', expression: { question: 'age_group', datapoints: ['16_24'] } },
    { id: '25-34', name: '25-34', expression: { question: 'age_group', datapoints: ['25_34'] } },
  ],
  location_codes: ['us', 'gb'],
  wave_codes: ['q2_2026', 'q3_2026'],
};
const list = (o: Record<string, number>) =>
  Object.entries(o)
    .map(([t, c]) => `\`${t}\` (${c})`)
    .join(', ');

/** The id in the path: a UUID (400 otherwise, before any lookup). */
const CHART_ID = new UuidParamPipe('id', 'The chart id');

/**
 * Charts and their calculation (docs/api-guide.md#charts). A chart belongs to the organisation of the token and is shared by
 * its users; another organisation's chart answers exactly like a missing one.
 */
@ApiTags('charts')
@Controller('v1/charts')
export class ChartsController {
  constructor(
    private readonly charts: ChartsService,
    private readonly calculator: CalculateChartUseCase,
  ) {}

  @Get()
  @ApiOperation({
    operationId: 'listCharts',
    summary: "Lists your organisation's charts",
    description: 'Ordered by updated_at descending, then id. Paging: `limit` (default 50, at most 200), `offset` (default 0).',
  })
  @ApiOkResponse({ type: ChartListResponse, description: 'One page of charts' })
  @ApiProblems([400, 'Invalid or unknown query parameter'])
  list(@CurrentPrincipal() principal: Principal, @Query() query: ListChartsQuery): Promise<ChartListResponse> {
    return this.charts.list(principal, query);
  }

  @Post()
  @ApiOperation({
    operationId: 'createChart',
    summary: 'Creates a chart in your organisation',
    description: 'owner_id and owner_email come from your token. Audiences without id get a UUID, without name a label made from the expression.',
  })
  @ApiBody({ type: SaveChartRequest, examples: { 'Gen Z vs 25-34': { value: EXAMPLE_CHART } } })
  @ApiCreatedResponse({ type: ChartResponse, description: 'Created' })
  @ApiProblems([400, INVALID], [403, FORBIDDEN])
  create(@CurrentPrincipal() principal: Principal, @Body() body: SaveChartRequest): Promise<ChartResponse> {
    return this.charts.create(principal, body);
  }

  @Get(':id')
  @ApiOperation({ operationId: 'getChart', summary: 'Reads a chart' })
  @ApiParam(ID_PARAM)
  @ApiOkResponse({ type: ChartResponse, description: 'The chart' })
  @ApiProblems(NOT_UUID, [404, NOT_FOUND])
  get(@CurrentPrincipal() principal: Principal, @Param('id', CHART_ID) id: string): Promise<ChartResponse> {
    return this.charts.get(principal, id);
  }

  @Put(':id')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiOperation({
    operationId: 'replaceChart',
    summary: 'Replaces a chart (every member; those left out take their defaults)',
    description: 'An `id` in the body is ignored. Keeps owner_id, owner_email and created_at. Answers the chart id as a JSON string.',
  })
  @ApiParam(ID_PARAM)
  @ApiBody({ type: SaveChartRequest, examples: { 'Gen Z vs 25-34': { value: EXAMPLE_CHART } } })
  @ApiOkResponse({ schema: { type: 'string', format: 'uuid' }, description: 'The chart id, as a JSON string' })
  @ApiProblems([400, INVALID], [403, FORBIDDEN], [404, NOT_FOUND])
  async replace(@CurrentPrincipal() principal: Principal, @Param('id', CHART_ID) id: string, @Body() body: SaveChartRequest): Promise<string> {
    return JSON.stringify(await this.charts.replace(principal, id, body));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ operationId: 'deleteChart', summary: 'Deletes a chart' })
  @ApiParam(ID_PARAM)
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiProblems(NOT_UUID, [404, NOT_FOUND])
  async delete(@CurrentPrincipal() principal: Principal, @Param('id', CHART_ID) id: string): Promise<void> {
    await this.charts.delete(principal, id);
  }

  @Post(':id/calculate')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'calculateChart',
    summary: 'Calculates a chart on a worker',
    description:
      "One stat per attribute: datapoints x audiences within the base audience over the waves and locations (the body's, else the chart's " +
      "wave_codes/location_codes, else every licensed one), computed over the dataset of each attribute's question (one engine query per dataset). " +
      "Data rows: one per audience, or per audience and segment with a splitter, segment 'all' otherwise; the metrics are defined in docs/metrics.md " +
      '(chart metrics): nine for every stat, and `average` for a numeric question (a single whose datapoints have midpoints) or a scale (a ' +
      'one-answer grid whose suffixes have them): the mean over the audience. With `significance` and/or `test` in the body each data row ' +
      'carries `significance` (of audience_percentage: against the base, between audiences with letters (`letter`, `higher_than`), or ' +
      'against the rest of the base); split by wave, each row from the second wave carries `trend` (against the previous wave). ' +
      `A stat whose attribute cannot be computed has no data and its own code/error/error_type: ${list(STAT_ERRORS)}. ` +
      `An audience whose expression no longer validates has no rows and is listed in meta.audience_errors: ${list(AUDIENCE_ERRORS)}. ` +
      'Stats are ordered per sort_type/sort_parameter_type/sort_parameter_value; errored stats last. ' +
      'With `Accept: text/csv` the same calculation comes as CSV: a header block (chart, base audience, waves, markets, split, data ' +
      'version) ending at the first empty line, then one line per data row in the order of the JSON (order, namespace_code, ' +
      'question_code, question_label, datapoint_code, datapoint_label, suffix_code, suffix_label, dataset, group_id, audience, ' +
      'audience_name, segment, waves joined by `;`, the metrics the chart returns under their JSON names, code, error_type); a stat ' +
      'without data has one line with empty metrics. UTF-8 with a byte-order mark, CRLF, RFC 4180 quoting, text starting with ' +
      '= + - @, tab or CR prefixed with an apostrophe. Any Accept other than JSON or CSV: 406.',
  })
  @ApiParam(ID_PARAM)
  @ApiBody({
    type: CalculateChartRequest,
    required: false,
    examples: { "the chart's waves and locations": { value: {} }, 'one wave in the US': { value: { waves: ['q3_2026'], locations: ['us'] } } },
  })
  @ApiOkResponse({
    description: 'The stats (JSON), or the same as CSV',
    content: {
      'application/json': { schema: { $ref: getSchemaPath(ChartCalculationResponse) } },
      [CSV_MEDIA_TYPE]: { schema: { type: 'string', description: 'The calculation as CSV (see the operation)' } },
    },
  })
  @ApiExtraModels(ChartCalculationResponse)
  @ApiProblems(
    [400, 'Invalid id or body, or an unknown wave or location'],
    [403, 'A wave or location your organisation is not licensed for'],
    [404, NOT_FOUND],
    [406, 'The Accept header allows neither JSON nor CSV'],
    504,
  )
  async calculate(
    @CurrentPrincipal() principal: Principal,
    @Param('id', CHART_ID) id: string,
    @Body() body: CalculateChartRequest,
    @Req() req: Request & { id?: string },
    @Res({ passthrough: true }) res: Response,
  ): Promise<ChartCalculation | StreamableFile> {
    const mediaType = negotiateMediaType(req, ['application/json', CSV_MEDIA_TYPE] as const);
    const context = { requestId: req.id ?? '', signal: clientGoneSignal(res) };
    const { significance, bonferroni, ...rest } = body ?? {};
    if (bonferroni && rest.test !== 'columns') {
      throw ProblemException.validation('The request is invalid: /bonferroni', [{ path: '/bonferroni', message: 'bonferroni adjusts test=columns only' }]);
    }
    const request = { ...rest, ...(significance ? { level: (significance / 100) as 0.9 | 0.95 | 0.99 } : {}), ...(bonferroni ? { bonferroni } : {}) };
    if (mediaType === CSV_MEDIA_TYPE) return downloadOf(res, await this.calculator.calculateCsv(principal, id, request, context));
    return this.calculator.calculate(principal, id, request, context);
  }
}
