import { Body, Controller, HttpCode, Logger, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBody, ApiExtraModels, ApiOperation, ApiResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CatalogueAccess, CSV_MEDIA_TYPE, XLSX_MEDIA_TYPE } from '@aas/contracts';
import type { ConfidenceLevel } from '@aas/crosstab-engine';
import { EngineCapacityGuard, EngineClient, type StreamedBlock } from '@aas/engine-client';
import { CommonConfig, ProblemException } from '@aas/infra';
import {
  ApiProblems,
  BoundedStreamWriter,
  clientGoneSignal,
  CurrentPrincipal,
  negotiateMediaType,
  Principal,
  ProblemSchema,
  sendDownload,
  toProblem,
} from '@aas/infra/http';
import { ChunkPool } from './chunk-pool';
import { CrosstabCellSchema } from './crosstab-cell.schema';
import { CrosstabCellSerializer } from './crosstab-cell.serializer';
import { CrosstabOptionsQueryDto, CrosstabQueryDto } from './crosstab-query.dto';
import { CrosstabExportService } from './export/crosstab-export.service';
import { prepareCrosstab } from './prepare-crosstab';

const JSON_SEQ = 'application/json-seq';

/**
 * The buffers crosstab streams are written into, about how much goes to the socket in one write
 * (more when one cell is larger), shared by every request of this process: 16 free ones kept at
 * most (1 MiB).
 */
const CHUNKS = new ChunkPool(64 * 1024, 16);
const NDJSON = 'application/x-ndjson';
const RS = '\u001e';
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
    private readonly catalogue: CatalogueAccess,
    private readonly config: CommonConfig,
    private readonly engine: EngineClient,
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
      'object is a problem-details error object (with `status`) and the stream ends. Query options: `significance` (90, 95, 99) ' +
      'adds a two-proportion z-test per cell; `effective_base=true` adds Kish effective bases (JSON only: 400 with CSV or Excel). ' +
      'With `Accept: text/csv` or `Accept: ' +
      XLSX_MEDIA_TYPE +
      '` the same crosstab (same checks, same numbers) comes as a file instead: a header block (title, metric, base ' +
      'name, size and sample, dataset, waves, markets, data version, the low-base mark), then rows by columns of the `metric` ' +
      'chosen, a low-base value (fewer than 50 respondents in the cell, `flags.low_base`) marked with `*` after the number (Excel: ' +
      'through its number format, with a fill, so it stays a number); `metric=all` (the default) gives one worksheet per metric in ' +
      'Excel and, in CSV, the long form: one line per cell with the row and column index, id and name, every metric and low_base. ' +
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
      'Invalid body, expression or query option (`metric` not one of its values; `significance` or `effective_base` with CSV or Excel), ' +
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
    if (mediaType === CSV_MEDIA_TYPE || mediaType === XLSX_MEDIA_TYPE) {
      for (const option of ['significance', 'effective_base'] as const) {
        if (options[option] !== undefined) {
          throw ProblemException.validation(`The request is invalid: /${option}`, [
            { path: `/${option}`, message: `${option} is part of the JSON stream only; CSV and Excel exports do not carry it` },
          ]);
        }
      }
      const file = await this.exports.export(principal.orgId, body, {
        mediaType,
        metric: options.metric ?? 'all',
        title: 'Crosstab',
        requestId: req.id ?? '',
        signal: clientGoneSignal(res),
      });
      sendDownload(res, file);
      return;
    }
    const catalogue = await this.catalogue.forOrganisation(principal.orgId);
    const prepared = prepareCrosstab(body, catalogue, this.config.CROSSTAB_MAX_CELLS);
    if (!prepared.ok) throw ProblemException.fromCheck(prepared);
    const crosstab = prepared.value;

    const seq = mediaType === JSON_SEQ;
    const frame = (value: unknown) => (seq ? `${RS}${JSON.stringify(value)}\n` : `${JSON.stringify(value)}\n`);
    const cellBytes = new CrosstabCellSerializer(crosstab.rows, crosstab.columns, { open: seq ? RS : '', close: '\n' });
    const gone = clientGoneSignal(res);
    const blocks = this.engine.stream(
      {
        rows: crosstab.rows.map((r) => r.wire),
        columns: crosstab.columns.map((c) => c.wire),
        base: crosstab.base.wire,
        waves: crosstab.waves,
        locations: crosstab.locations,
        dataset: crosstab.dataset,
      },
      { orgId: principal.orgId, requestId: req.id ?? '', signal: gone },
      {
        significance: options.significance ? ((Number(options.significance) / 100) as ConfidenceLevel) : undefined,
        effectiveBase: options.effective_base === 'true',
      },
    );

    // No header goes out before the first block is ready: a failure before any data (queue down,
    // overload, timeout, a bad request found by a worker) answers with its own status and
    // Retry-After; only a failure after data has been sent has to travel inside the stream.
    let next: IteratorResult<StreamedBlock>;
    try {
      next = await blocks.next();
    } catch (err) {
      if (gone.aborted) {
        this.logger.log({ requestId: req.id, cells: 0 }, 'client went away; crosstab stopped');
        return;
      }
      throw err;
    }

    res.status(200);
    res.setHeader('Content-Type', `${seq ? JSON_SEQ : NDJSON}; charset=utf-8`);
    res.setHeader('Cache-Control', 'no-store');
    const writer = new BoundedStreamWriter(
      res,
      { writeTimeoutMs: this.config.STREAM_WRITE_TIMEOUT_MS, maxBufferedBytes: this.config.STREAM_MAX_BUFFERED_BYTES },
      (info) => this.logger.warn({ requestId: req.id, ...info }, 'client took no data within the write timeout; cut off'),
    );
    const writeBlock = async (block: StreamedBlock): Promise<boolean> => {
      // Serialised a piece at a time, so a block's bytes never sit whole in memory beside its cells.
      // A piece handed to the response is never written again (the socket may still be sending it).
      // A chunk goes back to the pool once the socket has taken it (see ChunkPool).
      const send = (chunk: Buffer, bytes: number) => writer.write(chunk.subarray(0, bytes), (ok) => ok && CHUNKS.give(chunk));
      let chunk = CHUNKS.take();
      let at = 0;
      for (const cell of block.cells) {
        let end = cellBytes.write(cell, chunk, at);
        if (end < 0) {
          if (at > 0 && !(await send(chunk, at))) return false;
          if (at === 0) CHUNKS.give(chunk);
          chunk = CHUNKS.take(-end);
          end = cellBytes.write(cell, chunk, 0);
        }
        at = end;
      }
      if (at > 0) return send(chunk, at);
      CHUNKS.give(chunk);
      return true;
    };
    let cells = 0;
    try {
      while (!next.done && !gone.aborted) {
        if (!(await writeBlock(next.value))) break;
        cells += next.value.cellCount;
        next = await blocks.next();
      }
    } catch (err) {
      if (!gone.aborted && !writer.stop) {
        const { problem, unexpected } = toProblem(err);
        if (unexpected) this.logger.error({ err, requestId: req.id }, 'crosstab failed mid-stream');
        await writer.write(frame({ ...problem, instance: req.originalUrl, request_id: req.id }));
      }
    } finally {
      // Stopping early (client gone, cut off) ends the engine's run: its queued blocks are removed.
      await blocks.return(undefined);
      if (gone.aborted || writer.stop)
        this.logger.log({ requestId: req.id, cells, reason: writer.stop ?? 'client-gone' }, 'client went away; crosstab stopped');
      await writer.end();
    }
  }
}
