import { Injectable } from '@nestjs/common';
import { Expression, parseStandardExpression } from '@aas/audience-expression';
import { EngineComputePayload, EngineComputeResult, JOBS } from '@aas/contracts';
import { HandlesJob, JobContext, JobHandler, ProblemException } from '@aas/infra';
import { EngineComputeCommand } from './engine-compute.command';
import { EngineHost } from './engine-host';

function parse(wire: unknown, path: string): Expression {
  const parsed = parseStandardExpression(wire);
  // The caller validated these against the catalogue; a failure means a corrupted or hand-made job.
  if (!parsed.ok)
    throw ProblemException.validation(
      `Invalid expression in engine job at ${path}`,
      parsed.errors.map((e) => ({ path: `${path}${e.path}`, message: e.message })),
    );
  return parsed.value;
}

/**
 * The engine's one job: raw sums of a block of rows x columns within the base, over one dataset's
 * partitions in the selected waves and locations, on this process's engine.
 */
@Injectable()
@HandlesJob(JOBS.engineCompute, { payload: EngineComputeCommand, shallow: true })
export class EngineComputeJobHandler implements JobHandler<'engine.compute'> {
  constructor(private readonly host: EngineHost) {}

  async handle(payload: EngineComputePayload, context: JobContext): Promise<EngineComputeResult> {
    if (context.signal.aborted) throw new Error('cancelled');
    const raw = await this.host.engine.rawSums(
      {
        rows: payload.rows.map((r, i) => parse(r, `/rows/${i}`)),
        columns: payload.columns.map((c, i) => parse(c, `/columns/${i}`)),
        base: parse(payload.base, '/base'),
        waves: payload.waves,
        locations: payload.locations,
        datasets: [payload.dataset],
      },
      payload.groupBy,
    );
    return { groups: raw.groups, rowCount: raw.rowCount, columnCount: raw.columnCount, singles: raw.singles, cells: raw.cells };
  }
}
