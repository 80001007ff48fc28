import { Injectable } from '@nestjs/common';
import { Expression, parseStandardExpression } from '@aas/audience-expression-domain';
import { EngineComputePartial, EngineComputePayload, EngineComputeResult, JOBS, PartitionRef } from '@aas/shared-contracts';
import { joinRowBands, type RawSums } from '@aas/crosstab-engine-domain';
import { HandlesJob, JobContext, JobHandler, ProblemException } from '@aas/shared-infra';
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

/** Where the row bands of a block of `rows` rows start after the first: strictly increasing, each in 1..rows-1. */
function parseBands(bands: unknown, rows: number): number[] {
  const valid =
    Array.isArray(bands) && bands.every((b, i) => Number.isInteger(b) && (b as number) > (i === 0 ? 0 : (bands[i - 1] as number)) && (b as number) < rows);
  if (!valid) {
    throw ProblemException.validation('Invalid bands in engine job', [
      { path: '/bands', message: `must be strictly increasing row offsets between 1 and ${Math.max(1, rows - 1)}` },
    ]);
  }
  return bands as number[];
}

/**
 * The engine's one job: raw sums of a block of rows x columns within the base, over one dataset's
 * partitions in the selected waves and locations (with shards: exactly the partitions named), on
 * this process's engine.
 *
 * With `bands`, the rows are computed band by band and each band is reported as soon as it is
 * done (JobContext.report), so a gateway that streams can write the first rows while the rest are
 * computed; the result still carries every row. The next band is computed while a report
 * travels. The columns are measured with the first band only.
 *
 * A banded run keeps the bands it finished (JobContext.keep): handed back (its worker stopping), the
 * job's next run computes only the rows after them, numbers its reports on, and still returns every
 * row. (The rows kept and the rows computed then may come from different data versions if an
 * import landed in between, as rows streamed before a retry always could.)
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
    const rows = payload.rows.map((r, i) => parse(r, `/rows/${i}`));
    const query = {
      rows,
      columns: payload.columns.map((c, i) => parse(c, `/columns/${i}`)),
      base: parse(payload.base, '/base'),
      waves: payload.waves,
      locations: payload.locations,
      datasets: [payload.dataset],
      partitions,
      singles: payload.singles === undefined ? undefined : parseSingles(payload.singles),
    };
    const bands = payload.bands === undefined ? [] : parseBands(payload.bands, rows.length);
    if (bands.length === 0 || context.report === undefined) return resultOf(await this.host.engine.rawSums(query, payload.groupBy));
    const report = context.report;
    const reports: Promise<void>[] = [];
    // Rows an earlier run finished, kept when it was handed back: this run goes on after them.
    const groups = payload.groupBy === 'none' ? 1 : new Set(payload.groupBy === 'wave' ? payload.waves : payload.locations).size;
    const kept = keptRows(context.resumeFrom, { rowCount: rows.length, columnCount: query.columns.length, groups });
    const from = kept?.rowCount ?? 0;
    const done: RawSums[] = kept === undefined ? [] : [kept];
    context.keep?.(() => (done.length === 0 ? undefined : resultOf(joinRowBands(done))));
    // The columns were measured with the kept rows' first band.
    const rest = from === 0 ? query : { ...query, rows: rows.slice(from), singles: { rows: query.singles?.rows ?? true, columns: false } };
    const restBands = bands.filter((b) => b > from).map((b) => b - from);
    const raw = await this.host.engine.rawSumsInBands(rest, payload.groupBy, restBands, (band, rowStart, rowEnd) => {
      done.push(band);
      // The last band too: its rows then reach the caller while the whole result is packed and stored.
      reports.push(report({ ...resultOf(band), rowStart: rowStart + from, rowEnd: rowEnd + from } satisfies EngineComputePartial));
    });
    await Promise.all(reports);
    return resultOf(kept === undefined ? raw : joinRowBands([kept, raw]));
  }
}

/**
 * The rows a handed-back run kept, when they are what this block's first rows' sums look like
 * (fewer rows than the block, its columns, sums of the shape those give); else undefined and the
 * run computes every row. (What was kept comes from Redis.)
 */
function keptRows(kept: unknown, { rowCount, columnCount, groups }: { rowCount: number; columnCount: number; groups: number }): RawSums | undefined {
  if (typeof kept !== 'object' || kept === null) return undefined;
  const { groups: keptGroups, rowCount: rows, columnCount: columns, singles, cells } = kept as Partial<Record<keyof RawSums, unknown>>;
  if (keptGroups !== groups) return undefined;
  if (typeof rows !== 'number' || !Number.isInteger(rows) || rows < 1 || rows >= rowCount || columns !== columnCount) return undefined;
  if (!isFloat64Array(singles) || singles.length !== (1 + rows + columnCount) * groups * 3) return undefined;
  if (!isFloat64Array(cells) || cells.length !== rows * columnCount * groups * 3) return undefined;
  return { groups, rowCount: rows, columnCount, singles, cells };
}

/** A Float64Array, from whichever realm (instanceof would answer false for one made by another). */
const isFloat64Array = (value: unknown): value is Float64Array => Object.prototype.toString.call(value) === '[object Float64Array]';

function resultOf(raw: RawSums): EngineComputeResult {
  return { groups: raw.groups, rowCount: raw.rowCount, columnCount: raw.columnCount, singles: raw.singles, cells: raw.cells };
}
