import { Body, Controller, HttpCode, Logger, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE } from '@aas/shared-contracts';
import { EngineCapacityGuard } from '@aas/crosstab-engine-client';
import { CommonConfig, ProblemException } from '@aas/shared-infra';
import { ApiProblems, clientGoneSignal, CurrentPrincipal, negotiateMediaType, Principal, ProblemSchema, sendDownload } from '@aas/shared-infra/http';
import { CrosstabCellSchema } from './crosstab-cell.schema';
import { CrosstabOptionsQueryDto, CrosstabQueryDto, statisticsOf } from './crosstab-query.dto';
import { JSON_SEQ, NDJSON, writeCrosstabStream } from './crosstab-stream.writer';
import { CrosstabExportService } from './export/crosstab-export.service';
import { RunCrosstabCommand } from './run-crosstab/run-crosstab.command';
import { RunCrosstabUseCase } from './run-crosstab/run-crosstab.usecase';

/** What the operation answers with, in order of preference (`application/json` asks for the default NDJSON stream). */
const OFFERED = [NDJSON, JSON_SEQ, 'application/json', CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE] as const;

/** Each element of the stream: a cell, or (last, when something failed after the stream started) a problem. */
const STREAM_ITEM = { oneOf: [{ $ref: getSchemaPath(CrosstabCellSchema) }, { $ref: getSchemaPath(ProblemSchema) }] };

/** A crosstab that works against the demo data (`npm start`). */
const EXAMPLE_CROSSTAB = {
  rows: [
    { id: 'gen-z', name: 'Gen Z', expression: { question: 'age_group', datapoints: ['16_24'] } },
    { id: 'women', expression: { question: 'gender', datapoints: ['female'] } },
  ],
  columns: [
    { id: 'tiktok', name: 'TikTok', expression: { question: 'social_platform_usage', datapoints: ['tiktok'] } },
    { id: 'instagram', name: 'Instagram', expression: { question: 'social_platform_usage', datapoints: ['instagram'] } },
  ],
  locations: ['us', 'gb'],
  waves: ['q2_2026', 'q3_2026'],
};

@ApiTags('crosstabs')
@Controller('v2/query')
export class CrosstabQueryController {
  private readonly logger = new Logger('Crosstab');

  constructor(
    private readonly config: CommonConfig,
    private readonly runCrosstab: RunCrosstabUseCase,
    private readonly exports: CrosstabExportService,
  ) {}

  @Post('crosstab')
  @HttpCode(200)
  @UseGuards(EngineCapacityGuard)
  @ApiOperation({
    operationId: 'runCrosstab',
    summary: 'Bulk crosstab: one result object per row x column intersection, streamed as each block is ready',
    description:
      'The response is NDJSON (`application/x-ndjson`, one JSON object per line) unless the Accept header asks for ' +
      '`application/json-seq` (RFC 7464: each object preceded by RS and followed by LF). Objects come in any order. ' +
      '`row_index`/`column_index` are 1-based positions in the request; 0 means the base audience stood in for that side ' +
      '(when `rows` or `columns` is absent or empty). Waves default to the last 4 licensed waves (by end date), locations to ' +
      'every licensed location. The crosstab is computed within one dataset (one respondent universe): a licensed dataset that ' +
      'asks every question it uses, preferring the one most of them belong to (demographics asked in several datasets are read ' +
      'in the dataset of the topic); questions that share no dataset answer 400 naming them; every audience `{}`: the first ' +
      'licensed dataset. Unknown waves, locations or codes: 400; unlicensed ones: 403; more than CROSSTAB_MAX_CELLS ' +
      'cells (default 10,000) or 1,000 nodes in one expression: 400. If something fails once the stream has started, its last ' +
      'object is a problem-details error object (with `status`) and the stream ends. A row or column may be an average item (`avg`: ' +
      'a single-choice question `with_datapoints`, or a one-answer grid row `with_suffixes`; with or without an `expression`): each of ' +
      "its cells carries `average` (weighted mean of the midpoints over the other side's respondents who answered, its standard " +
      'deviation, standard error, size and sample). Query options: `percent_base` (`all`, `answered`, `asked`): what percentages are ' +
      'of, row by row; `significance` (90, 95, 99) and `test` (`base`, the default: each column against the base; `columns`: a letter ' +
      "per column and each cell's `significance.higher_than` letters; `complement`: each column against the rest of the base), " +
      '`bonferroni=true` (column tests only); `split=wave`: each cell once per wave with its `trend` against the previous wave; ' +
      '`effective_base=true` adds Kish effective bases (JSON only: 400 with CSV or Excel). ' +
      'With `Accept: text/csv` or `Accept: ' +
      XLSX_MEDIA_TYPE +
      '` the same crosstab (same checks, same numbers) comes as a file instead: a header block (title, metric, base ' +
      'name, size and sample, what percentages are of, the test, dataset, waves, markets, data version, the low-base mark), then rows ' +
      'by columns of the `metric` (columns named with their letters under a column test; rows once per wave with `split=wave`) ' +
      'chosen, a low-base value (fewer than 50 respondents in the cell, `flags.low_base`) marked with `*` after the number (Excel: ' +
      'through its number format, with a fill, so it stays a number); `metric=all` (the default) gives one worksheet per metric in ' +
      'Excel and, in CSV, the long form: one line per cell with the row and column index, id and name, every metric and low_base, and ' +
      "the wave, the row's base, the average, the test and the trend when asked for. " +
      'CSV: UTF-8 with a byte-order mark, CRLF, RFC 4180 quoting; the header block ends at the first empty line; text starting ' +
      'with = + - @, tab or CR is prefixed with an apostrophe (CSV injection). Any other Accept: 406.',
  })
  @ApiExtraModels(CrosstabCellSchema)
  @ApiBody({ type: CrosstabQueryDto, examples: { 'two audiences by two platforms': { value: EXAMPLE_CROSSTAB } } })
  @ApiResponse({
    status: 200,
    description:
      'A stream of crosstab cells, one per row x column intersection. The schema is that of each element: with `application/x-ndjson` (the default) ' +
      'one element per line; with `application/json-seq` (RFC 7464) each element preceded by RS (0x1E) and followed by LF. ' +
      'A stream that fails after it started ends with a problem-details element.',
    content: {
      [NDJSON]: { schema: STREAM_ITEM },
      [JSON_SEQ]: { schema: STREAM_ITEM },
      [CSV_MEDIA_TYPE]: { schema: { type: 'string', description: 'The crosstab as CSV (see the operation)' } },
      [XLSX_MEDIA_TYPE]: { schema: { type: 'string', format: 'binary', description: 'The crosstab as an Excel workbook (see the operation)' } },
    },
  })
  @ApiProblems(
    [
      400,
      'Invalid body, expression, average item or query option (`metric` not one of its values or a statistic the crosstab lacks; ' +
        '`effective_base` with CSV or Excel; `bonferroni` without `test=columns`), ' +
        'an unknown code, questions that share no dataset, or more than CROSSTAB_MAX_CELLS cells',
    ],
    [403, 'A dataset, location or wave your organisation is not licensed for'],
    [406, 'The Accept header allows none of NDJSON, json-seq, JSON (the NDJSON stream), CSV and Excel'],
    [503, 'The job queue is unavailable or the service is at its bound of engine work (Retry-After says when to try again)'],
    [504, 'No worker computed the first block within JOB_TIMEOUT_MS'],
  )
  async crosstab(
    @Body() body: CrosstabQueryDto,
    @Query() options: CrosstabOptionsQueryDto,
    @CurrentPrincipal() principal: Principal,
    @Req() req: Request & { id?: string },
    @Res() res: Response,
  ): Promise<void> {
    const mediaType = negotiateMediaType(req, OFFERED);
    const file = mediaType === CSV_MEDIA_TYPE || mediaType === XLSX_MEDIA_TYPE;
    if (file && options.effective_base !== undefined) {
      throw ProblemException.validation('The request is invalid: /effective_base', [
        { path: '/effective_base', message: 'effective_base is part of the JSON stream only; CSV and Excel exports do not carry it' },
      ]);
    }
    const gone = clientGoneSignal(res);
    const run = await this.runCrosstab.execute(
      new RunCrosstabCommand(principal.orgId, req.id ?? '', body, statisticsOf(options), file ? 'whole' : 'stream', gone),
    );
    if (file) {
      sendDownload(res, await this.exports.render(run, { mediaType, metric: options.metric ?? 'all', title: 'Crosstab' }));
      return;
    }
    await writeCrosstabStream(
      run,
      mediaType === JSON_SEQ ? JSON_SEQ : NDJSON,
      req,
      res,
      gone,
      { writeTimeoutMs: this.config.STREAM_WRITE_TIMEOUT_MS, maxBufferedBytes: this.config.STREAM_MAX_BUFFERED_BYTES },
      this.logger,
    );
  }
}
