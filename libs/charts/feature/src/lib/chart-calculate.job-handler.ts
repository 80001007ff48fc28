import { Injectable } from '@nestjs/common';
import { Expression, parseStandardExpression } from '@aas/audience-expression';
import { ChartCalculatePayload, ChartCalculateResult, JOBS } from '@aas/contracts';
import { EngineHost } from '@aas/engine';
import { HandlesJob, JobContext, JobHandler, ProblemException } from '@aas/infra';

function parse(wire: unknown, path: string): Expression {
  const parsed = parseStandardExpression(wire);
  // The gateway validated these already; a failure here means a corrupted or hand-made job.
  if (!parsed.ok)
    throw ProblemException.badRequest(
      `Invalid expression in chart job at ${path}`,
      parsed.errors.map((e) => ({ path: `${path}${e.path}`, message: e.message })),
    );
  return parsed.value;
}

/**
 * Computes one dataset group of a chart: datapoints (rows) x audiences (columns) within the base,
 * on the engine of this process, whole or split by wave/location in one pass.
 */
@Injectable()
@HandlesJob(JOBS.chartCalculate)
export class ChartCalculateJobHandler implements JobHandler<'charts.calculate'> {
  constructor(private readonly host: EngineHost) {}

  async handle(payload: ChartCalculatePayload, context: JobContext): Promise<ChartCalculateResult> {
    if (context.signal.aborted) throw new Error('cancelled');
    const query = {
      rows: payload.rows.map((r, i) => parse(r, `/rows/${i}`)),
      columns: payload.columns.map((c, i) => parse(c, `/columns/${i}`)),
      base: parse(payload.base, '/base_audience'),
      waves: payload.waves,
      locations: payload.locations,
      datasets: payload.datasets,
    };
    if (payload.segmentBy === null) {
      const result = await this.host.engine.crosstab(query);
      return { segments: [], total: [...result.cells] };
    }
    const [segments, total] = await Promise.all([
      this.host.engine.segmentedCrosstab(query, payload.segmentBy),
      payload.withTotal ? this.host.engine.crosstab(query) : Promise.resolve(null),
    ]);
    return {
      segments: segments.map((s) => ({ segment: s.segment, waves: [...s.waves], locations: [...s.locations], cells: [...s.result.cells] })),
      total: total === null ? null : [...total.cells],
    };
  }
}
