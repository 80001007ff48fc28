import type { Expression } from '@aas/audience-expression-domain';
import { partitionId, type DecodedPartition } from '@aas/respondent-store-domain';
import { InlineExecutor, type CellExecutor } from './cell-executor';
import type { CrosstabData, CrosstabOptions, CrosstabQuery, CrosstabResult, SegmentBy, SegmentResult } from './crosstab.types';
import { buildCrosstabResult, buildSegmentResults, unique } from './crosstab-result';
import { expressionKey } from './evaluate';
import type { PackedAudiences } from './packed-store';
import { packedAudiencesFor, planPasses } from './pass-plan';
import { runPass, type InBands, type QueryRun } from './pass-run';
import { emptyRawSums, joinRowBands, type RawSums } from './raw-sums';

const ALL: Expression = { kind: 'all' };

/** How sums are grouped: one group, or one per wave / per location of the query (in its order, each code once). */
export type GroupBy = 'none' | SegmentBy;

export interface ComputeOptions {
  /** Where the cell kernel runs; default: inline on the calling thread, in slices. */
  readonly executor?: CellExecutor;
  /** The calling thread yields to its event loop at least this often while evaluating (ms). */
  readonly sliceMs?: number;
  /** Bytes per audience in one piece tile; default: 1 MiB / column count (at least 4 KiB). */
  readonly tileBytes?: number;
  /** Filled with the time spent per phase (ms), for benchmarks: evaluate + pack (incl. tables), kernel (incl. adding up). */
  readonly timings?: { evaluateMs: number; kernelMs: number };
  /**
   * Packed audiences and evaluated leaves kept across queries of one data version (the engine's
   * `AudienceStore`); default: a store sized for this query alone, dropped after it.
   */
  readonly audiences?: PackedAudiences;
}

/**
 * One crosstab (docs/metrics.md#crosstab-cell): rows x columns within the base, over the selected
 * waves, locations and datasets. Sizes are per-wave sums averaged over `query.waves` (a wave
 * without data counts 0), samples are totals.
 */
export async function computeCrosstab(
  data: CrosstabData,
  query: CrosstabQuery,
  options: CrosstabOptions = {},
  compute: ComputeOptions = {},
): Promise<CrosstabResult> {
  const raw = await computeRawSums(data, query, 'none', compute);
  return buildCrosstabResult(raw, 0, unique(query.waves).length, options);
}

/**
 * The same crosstab split by wave (each segment's size is that wave's sum) or by location (each
 * segment averaged over the selected waves), computed in one pass over the data: the kernel adds
 * each weight class into its segment's slot. Segments come in the order of `query.waves` or
 * `query.locations`.
 */
export async function computeSegmentedCrosstab(
  data: CrosstabData,
  query: CrosstabQuery,
  segmentBy: SegmentBy,
  options: CrosstabOptions = {},
  compute: ComputeOptions = {},
): Promise<SegmentResult[]> {
  const raw = await computeRawSums(data, query, segmentBy, compute);
  return buildSegmentResults(raw, query, segmentBy, options);
}

/** The group labels of a grouping: the query's waves or locations (each once, in order), or one unnamed group. */
export function groupLabels(query: Pick<CrosstabQuery, 'waves' | 'locations'>, groupBy: GroupBy): string[] {
  if (groupBy === 'wave') return unique(query.waves);
  if (groupBy === 'location') return unique(query.locations);
  return [''];
}

/**
 * Raw sums of a crosstab over the partitions of `data` the query selects, grouped as asked. With
 * `groupBy` 'wave' or 'location', a wave or location of the query without data has a group of zeros.
 */
export async function computeRawSums(data: CrosstabData, query: CrosstabQuery, groupBy: GroupBy, compute: ComputeOptions = {}): Promise<RawSums> {
  const { groupOf, groups } = grouping(query, groupBy);
  return computeRaw(data, query, groupOf, groups, compute);
}

/** The group of each partition's figures under a grouping, and how many groups there are. */
function grouping(query: CrosstabQuery, groupBy: GroupBy): { groupOf: (p: DecodedPartition) => number; groups: number } {
  const labels = groupLabels(query, groupBy);
  const position = new Map(labels.map((label, i) => [label, i]));
  const groupOf =
    groupBy === 'none' ? () => 0 : (partition: DecodedPartition) => position.get(groupBy === 'wave' ? partition.key.wave : partition.key.location) ?? 0;
  return { groupOf, groups: Math.max(1, labels.length) };
}

/**
 * The raw sums of a crosstab computed in bands of its rows, one band after another over the same
 * data, each handed to `onBand` as soon as it is done; returns the sums of every row, equal to
 * `computeRawSums` of the whole query. `starts`: where the bands after the first begin (strictly
 * increasing, within the rows). The columns (when the query measures them) are measured with the
 * first band only: later bands carry zeros there.
 *
 * When the whole query fits one pass of the engine (the usual case), the pass is set up once
 * (audiences pinned, tables built) and every band's cells are handed to the kernel threads at once,
 * in band order: a thread that finishes its share of a band goes on with the next band instead of
 * waiting for the other threads, and nothing is set up again between bands. Otherwise each band is
 * computed as a query of its own, with its own passes.
 *
 * (Computing the bands at once, each on one kernel thread, was tried on 2026-11-27: a warm banded
 * 100 x 100 on two threads took 25 instead of 31 ms, but its first band came after 10-13 ms instead
 * of 4, and through the service, where the gateway waits for that band, nothing changed.)
 */
export async function computeRawSumsInBands(
  data: CrosstabData,
  query: CrosstabQuery,
  groupBy: GroupBy,
  starts: readonly number[],
  onBand: (band: RawSums, rowStart: number, rowEnd: number) => void,
  compute: ComputeOptions = {},
): Promise<RawSums> {
  const cuts = [0, ...starts, query.rows.length];
  if (cuts.some((cut, i) => i > 0 && !(Number.isInteger(cut) && cut > cuts[i - 1]))) {
    throw new Error(`row bands must start at increasing rows within 1..${query.rows.length - 1} (got ${starts.join(', ')})`);
  }
  const { groupOf, groups } = grouping(query, groupBy);
  return computeRaw(data, query, groupOf, groups, compute, { cuts, onBand });
}

/**
 * The bands of `computeRawSumsInBands` for a query too large for one pass: each band a query of
 * its own, with its own passes, the columns measured with the first.
 */
async function computeBandByBand(
  data: CrosstabData,
  query: CrosstabQuery,
  groupOf: (p: DecodedPartition) => number,
  groups: number,
  compute: ComputeOptions,
  { cuts, onBand }: InBands,
): Promise<RawSums> {
  const measureColumns = query.singles?.columns ?? true;
  const bands: RawSums[] = [];
  for (let k = 0; k + 1 < cuts.length; k++) {
    const bandQuery = {
      ...query,
      rows: query.rows.slice(cuts[k], cuts[k + 1]),
      singles: { rows: query.singles?.rows ?? true, columns: measureColumns && k === 0 },
    };
    const band = await computeRaw(data, bandQuery, groupOf, groups, compute);
    bands.push(band);
    onBand(band, cuts[k], cuts[k + 1]);
  }
  return bands.length === 1 ? bands[0] : joinRowBands(bands);
}

/** The partitions a query covers, in a stable order (dataset, wave, location). */
export function selectPartitions(
  partitions: readonly DecodedPartition[],
  query: Pick<CrosstabQuery, 'waves' | 'locations' | 'datasets' | 'partitions'>,
): DecodedPartition[] {
  const waves = new Set(query.waves);
  const locations = new Set(query.locations);
  const datasets = query.datasets === undefined ? undefined : new Set(query.datasets);
  const key = (p: DecodedPartition): string => partitionId(p.key);
  const only = query.partitions === undefined ? undefined : new Set(query.partitions.map(partitionId));
  return partitions
    .filter(
      (p) =>
        waves.has(p.key.wave) &&
        locations.has(p.key.location) &&
        (datasets === undefined || datasets.has(p.key.dataset)) &&
        (only === undefined || only.has(key(p))),
    )
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/**
 * The raw sums of a query, pass by pass (see `runPass`). With `bands`, the rows are computed in
 * those bands (see `computeRawSumsInBands`): within the one pass when the query fits one, else band by band.
 */
async function computeRaw(
  data: CrosstabData,
  query: CrosstabQuery,
  groupOf: (p: DecodedPartition) => number,
  groups: number,
  compute: ComputeOptions,
  bands?: InBands,
): Promise<RawSums> {
  const base = query.base ?? ALL;
  const selected = selectPartitions(data.partitions, query);
  const rowCount = query.rows.length;
  const columnCount = query.columns.length;
  const packed = packedAudiencesFor(compute.audiences, selected, rowCount, columnCount, groups);
  const store = packed.store;
  const passes = planPasses(
    selected.map((partition) => packed.plan(partition)),
    rowCount,
    columnCount,
    groups,
    Math.floor(store.arena.pageCount * store.passShare),
    Math.floor(store.arena.scratchBytes * store.passShare),
    query.singles,
  );
  if (bands !== undefined && passes.length !== 1) return computeBandByBand(data, query, groupOf, groups, compute, bands);
  const sliceMs = compute.sliceMs ?? 20;
  const run: QueryRun = {
    data,
    base,
    baseIsEveryone: base.kind === 'all' && base.not !== true,
    ...audienceKeysOf(base, query),
    rowCount,
    columnCount,
    groups,
    groupOf,
    packed,
    executor: compute.executor ?? new InlineExecutor(sliceMs),
    sliceMs,
    tileBytes: compute.tileBytes,
    raw: emptyRawSums(rowCount, columnCount, groups),
    timings: { evaluateMs: 0, kernelMs: 0 },
    yielder: { started: performance.now() },
  };
  for (const pass of passes) {
    await runPass(run, pass, bands);
  }
  if (compute.timings !== undefined) {
    compute.timings.evaluateMs = run.timings.evaluateMs;
    compute.timings.kernelMs = run.timings.kernelMs;
  }
  return run.raw;
}

/**
 * Audience keys: an expression within the base (the base itself is "base within base"). Equal
 * expressions (a row that is also a column, a chart's repeated audience) share one block.
 */
function audienceKeysOf(base: Expression, query: CrosstabQuery): { audienceKeys: string[]; expressions: Map<string, Expression> } {
  const baseKey = expressionKey(base);
  const keyOf = (expression: Expression): string => `${expressionKey(expression)}\u0000${baseKey}`;
  const expressions = new Map<string, Expression>();
  const audienceKeys = [base, ...query.rows, ...query.columns].map((expression) => {
    const key = keyOf(expression);
    if (!expressions.has(key)) expressions.set(key, expression);
    return key;
  });
  return { audienceKeys, expressions };
}
