import { Injectable } from '@nestjs/common';
import { Expression, parseStandardExpression } from '@aas/audience-expression';
import { CrosstabChunkPayload, CrosstabChunkResult, JOBS } from '@aas/contracts';
import { ConfidenceLevel } from '@aas/crosstab-engine';
import { EngineHost } from '@aas/engine';
import { HandlesJob, JobContext, JobHandler, ProblemException } from '@aas/infra';

function parse(wire: unknown, path: string): Expression {
  const parsed = parseStandardExpression(wire);
  // The gateway validated these already; a failure here means a corrupted or hand-made job.
  if (!parsed.ok)
    throw ProblemException.badRequest(
      `Invalid expression in crosstab job at ${path}`,
      parsed.errors.map((e) => ({ path: `${path}${e.path}`, message: e.message })),
    );
  return parsed.value;
}

/** Computes one block of rows of a crosstab against every column, on the engine of this process. */
@Injectable()
@HandlesJob(JOBS.crosstabChunk)
export class CrosstabChunkJobHandler implements JobHandler<'crosstab.chunk'> {
  constructor(private readonly host: EngineHost) {}

  async handle(payload: CrosstabChunkPayload, context: JobContext): Promise<CrosstabChunkResult> {
    if (context.signal.aborted) throw new Error('cancelled');
    const result = await this.host.engine.crosstab(
      {
        rows: payload.rows.map((r, i) => parse(r, `/rows/${payload.rowStart + i}`)),
        columns: payload.columns.map((c, i) => parse(c, `/columns/${i}`)),
        base: parse(payload.base, '/base_audience'),
        waves: payload.waves,
        locations: payload.locations,
        datasets: payload.datasets,
      },
      {
        significance: payload.significance === null ? false : (payload.significance as ConfidenceLevel),
        effectiveBase: payload.effectiveBase,
      },
    );
    return { rowStart: payload.rowStart, cells: [...result.cells], rows: [...result.rows], columns: [...result.columns], base: result.base };
  }
}
