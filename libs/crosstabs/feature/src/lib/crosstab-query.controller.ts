import { Body, Controller, HttpCode, Logger, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { CatalogueAccess } from '@aas/contracts';
import { CommonConfig, CurrentPrincipal, Principal, ProblemException, toProblem } from '@aas/infra';
import { CrosstabOptionsQueryDto, CrosstabQueryDto } from './crosstab-query.dto';
import { prepareCrosstab } from './prepare-crosstab';
import { RunCrosstabUseCase } from './run-crosstab.usecase';

const JSON_SEQ = 'application/json-seq';

/** Waits until the socket takes more data, or the client is gone (then 'drain' would never come). */
function drainOrClose(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.once('drain', done);
    res.once('close', done);
  });
}
const NDJSON = 'application/x-ndjson';
const RS = '\u001e';

@ApiTags('crosstabs')
@Controller('v2/query')
export class CrosstabQueryController {
  private readonly logger = new Logger('Crosstab');

  constructor(
    private readonly catalogue: CatalogueAccess,
    private readonly config: CommonConfig,
    private readonly runner: RunCrosstabUseCase,
  ) {}

  @Post('crosstab')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Bulk crosstab: one result object per row x column intersection, streamed as each block is ready',
    description:
      'The response is NDJSON (`application/x-ndjson`, one JSON object per line) unless the Accept header asks for ' +
      '`application/json-seq` (RFC 7464: each object preceded by RS and followed by LF). Objects come in any order. ' +
      '`row_index`/`column_index` are 1-based positions in the request; 0 means the base audience stood in for that side ' +
      '(when `rows` or `columns` is absent or empty). Waves default to the last 4 licensed waves (by end date), locations to ' +
      'every licensed location. Respondents count within the datasets the audiences are about (the first licensed dataset ' +
      'when every audience is `{}`). Unknown waves, locations or codes: 400; unlicensed ones: 403; more than CROSSTAB_MAX_CELLS ' +
      'cells (default 10,000) or 1,000 nodes in one expression: 400. If something fails once the stream has started, its last ' +
      'object is a problem-details error object (with `status`) and the stream ends. Query options: `significance` (90, 95, 99) ' +
      'adds a two-proportion z-test per cell; `effective_base=true` adds Kish effective bases.',
  })
  @ApiBody({ type: CrosstabQueryDto })
  @ApiProduces(NDJSON, JSON_SEQ)
  @ApiResponse({ status: 200, description: 'A stream of crosstab cells (spec 2.5)' })
  async crosstab(
    @Body() body: CrosstabQueryDto,
    @Query() options: CrosstabOptionsQueryDto,
    @CurrentPrincipal() principal: Principal,
    @Req() req: Request & { id?: string },
    @Res() res: Response,
  ): Promise<void> {
    const catalogue = await this.catalogue.forOrganisation(principal.orgId);
    const prepared = prepareCrosstab(body, catalogue, this.config.CROSSTAB_MAX_CELLS);
    if (!prepared.ok) {
      throw prepared.status === 403
        ? ProblemException.forbidden(prepared.detail, prepared.errors)
        : ProblemException.validation(prepared.detail, prepared.errors);
    }

    const seq = (req.headers.accept ?? '').includes(JSON_SEQ);
    const frame = (value: unknown) => (seq ? `${RS}${JSON.stringify(value)}\n` : `${JSON.stringify(value)}\n`);
    const abort = new AbortController();
    // 'close' on the response fires when the client goes away before we end it.
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
    });

    res.status(200);
    res.setHeader('Content-Type', `${seq ? JSON_SEQ : NDJSON}; charset=utf-8`);
    res.setHeader('Cache-Control', 'no-store');
    res.flushHeaders();
    let cells = 0;
    try {
      for await (const block of this.runner.run(prepared.value, {
        orgId: principal.orgId,
        requestId: req.id ?? '',
        significance: options.significance ? Number(options.significance) / 100 : null,
        effectiveBase: options.effective_base === 'true',
        signal: abort.signal,
      })) {
        if (abort.signal.aborted) break;
        const ok = res.write(block.map(frame).join(''));
        cells += block.length;
        if (!ok) await drainOrClose(res);
      }
    } catch (err) {
      if (!abort.signal.aborted) {
        const { problem, unexpected } = toProblem(err);
        if (unexpected) this.logger.error({ err, requestId: req.id }, 'crosstab failed mid-stream');
        res.write(frame({ ...problem, instance: req.originalUrl, request_id: req.id }));
      }
    } finally {
      if (abort.signal.aborted) this.logger.log({ requestId: req.id, cells }, 'client went away; crosstab stopped');
      res.end();
    }
  }
}
