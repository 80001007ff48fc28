import { Injectable } from '@nestjs/common';
import { Expression, parseStandardExpression } from '@aas/audience-expression';
import { EngineComputePayload, EngineComputeResult, JOBS, PartitionRef } from '@aas/contracts';
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

const isCode = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 64;

/** A shard's partition list as the gateway sent it: every member a { dataset, wave, location } of codes. */
function parsePartitions(partitions: unknown): PartitionRef[] {
  // Null passes the shape check (an optional member); it is no list of partitions.
  if (!Array.isArray(partitions)) throw ProblemException.validation('Invalid partitions in engine job', [{ path: '/partitions', message: 'must be a list' }]);
  return partitions.map((p: unknown, i) => {
    const ref = p as Partial<Record<keyof PartitionRef, unknown>>;
    const wrong = (['dataset', 'wave', 'location'] as const).filter((field) => !isCode(ref[field]));
    if (wrong.length > 0 || Object.keys(ref).length !== 3)
      throw ProblemException.validation(
        `Invalid partition in engine job at /partitions/${i}`,
        (wrong.length > 0 ? wrong : ['']).map((field) => ({
          path: `/partitions/${i}${field ? `/${field}` : ''}`,
          message: 'must be { dataset, wave, location } of codes',
        })),
      );
    return { dataset: ref.dataset as string, wave: ref.wave as string, location: ref.location as string };
  });
}

/** Which sides' own sums a job computes, as the gateway sent it: `{ rows, columns }` of booleans. */
function parseSingles(singles: unknown): { rows: boolean; columns: boolean } {
  if (typeof singles !== 'object' || singles === null || Array.isArray(singles)) {
    throw ProblemException.validation('Invalid singles in engine job', [{ path: '/singles', message: 'must be { rows, columns } of booleans' }]);
  }
  const given = singles as Partial<Record<'rows' | 'columns', unknown>>;
  const wrong = (['rows', 'columns'] as const).filter((side) => typeof given[side] !== 'boolean');
  if (wrong.length > 0 || Object.keys(given).length !== 2)
    throw ProblemException.validation(
      'Invalid singles in engine job',
      (wrong.length > 0 ? wrong : ['']).map((side) => ({ path: `/singles${side ? `/${side}` : ''}`, message: 'must be { rows, columns } of booleans' })),
    );
  return { rows: given.rows as boolean, columns: given.columns as boolean };
}

/**
 * The engine's one job: raw sums of a block of rows x columns within the base, over one dataset's
 * partitions in the selected waves and locations (with shards: exactly the partitions named), on
 * this process's engine.
 */
@Injectable()
@HandlesJob(JOBS.engineCompute, { payload: EngineComputeCommand, shallow: true })
export class EngineComputeJobHandler implements JobHandler<'engine.compute'> {
  constructor(private readonly host: EngineHost) {}

  async handle(payload: EngineComputePayload, context: JobContext): Promise<EngineComputeResult> {
    if (context.signal.aborted) throw new Error('cancelled');
    const partitions = payload.partitions === undefined ? undefined : parsePartitions(payload.partitions);
    // What this job makes the process hold, by the queue (shard) it came from: handing the shard back drops it.
    if (partitions !== undefined && context.queue !== undefined) this.host.holdFor(context.queue, partitions);
    const raw = await this.host.engine.rawSums(
      {
        rows: payload.rows.map((r, i) => parse(r, `/rows/${i}`)),
        columns: payload.columns.map((c, i) => parse(c, `/columns/${i}`)),
        base: parse(payload.base, '/base'),
        waves: payload.waves,
        locations: payload.locations,
        datasets: [payload.dataset],
        partitions,
        singles: payload.singles === undefined ? undefined : parseSingles(payload.singles),
      },
      payload.groupBy,
    );
    return { groups: raw.groups, rowCount: raw.rowCount, columnCount: raw.columnCount, singles: raw.singles, cells: raw.cells };
  }
}
