import { Injectable, OnModuleDestroy, Optional } from '@nestjs/common';
import type { StandardWire } from '@aas/audience-expression-domain';
import {
  engineQueue,
  QUEUES,
  queueKind,
  type EngineComputePartial,
  type EngineComputePayload,
  type EngineComputeResult,
  type PartitionRef,
  type WireExpression,
} from '@aas/shared-contracts';
import {
  addRawSums,
  buildCrosstabResult,
  crosstabCellViews,
  buildSegmentResults,
  collapseGroups,
  emptyRawSums,
  type CrosstabCell,
  type CrosstabOptions,
  type CrosstabResult,
  type GroupBy,
  planShards,
  type RawSums,
  bandStarts,
  rowsOfRawSums,
  type SegmentBy,
  type SegmentResult,
  type ShardPlan,
  specCells,
  SpecSumsBuilder,
  type CrosstabSpec,
  type SpecCellOptions,
  type SpecSums,
  groupLabels,
} from '@aas/crosstab-engine-domain';
import { CommonConfig, EventLoopLag, JobAdmission, JobRunner, Metrics, WorkerDirectory } from '@aas/shared-infra';
import { PartitionReader, StoreVersion } from '@aas/respondent-store-data-access';
import { BandSingles, measuredSides, type BlockSums } from './band-singles';
import { planBlocks, type Block } from './plan-blocks';
import { foldDone, planSpecBlocks, type PlannedBlock, type SpecPlan } from './spec-blocks';

/**
 * A crosstab the caller has checked against the organisation's catalogue: rows x columns within
 * the base, in one dataset (one respondent universe, see `chooseUniverse` of @aas/query-rules-domain),
 * over the selected waves and locations. Expressions in the standard wire form.
 */
export interface EngineQuery {
  readonly rows: readonly StandardWire[];
  readonly columns: readonly StandardWire[];
  readonly base: StandardWire;
  readonly waves: readonly string[];
  readonly locations: readonly string[];
  readonly dataset: string;
}

/**
 * A crosstab whose rows and columns may be average items or rows within a valid base of their own
 * (`CrosstabSpec` of @aas/crosstab-engine-domain), checked by the caller like an EngineQuery.
 */
export interface EngineSpecQuery {
  readonly spec: CrosstabSpec<StandardWire>;
  readonly base: StandardWire;
  readonly waves: readonly string[];
  readonly locations: readonly string[];
  readonly dataset: string;
}

/**
 * What a spec's cells carry besides their figures; `split: 'wave'` gives each cell once per wave,
 * with its trend; `split: 'location'` once per location.
 */
export interface EngineSpecOptions extends Omit<SpecCellOptions, 'waves' | 'locations' | 'columnCount'> {
  readonly split?: 'wave' | 'location';
}

/** A spec computed whole: its cells row by row (per wave, wave by wave within a row, when split). */
export interface SpecResult {
  readonly cells: CrosstabCell[];
  /** The folded sums behind them (what a caller that lays cells out otherwise reads). */
  readonly sums: SpecSums;
}

export interface EngineCallContext {
  readonly orgId: string;
  /** The request the computation serves (travels with every job, for logs and traces). */
  readonly requestId: string;
  /** Aborting stops waiting and removes the blocks no worker has taken yet. */
  readonly signal?: AbortSignal;
}

/** One block of a streamed crosstab: its cells as they are read (indices are positions in the whole query). */
export interface StreamedBlock {
  readonly cellCount: number;
  /**
   * One object refilled for each cell (`crosstabCellViews`): read a cell before taking the next,
   * and copy what must outlive that.
   */
  readonly cells: Iterable<CrosstabCell>;
}

export interface SegmentedResult {
  readonly segments: SegmentResult[];
  /** The unsplit result over the whole selection (from the same sums: no second pass). */
  readonly total: CrosstabResult;
}

/** One shard's part of a computation: its queue and, when the data is split, exactly its partitions of the selection. */
interface ShardPart {
  readonly queue: string;
  readonly partitions?: PartitionRef[];
}

/** A shard plan and the partitions of the version it was made for. */
interface VersionPlan {
  readonly plan: ShardPlan;
  readonly partitions: readonly PartitionRef[];
}

const distinct = (values: readonly string[]): number => new Set(values).size;

/** The longest a refused computation is told to wait before trying again (s). */
const MAX_RETRY_AFTER_SECONDS = 10;

/** How old the count of engine workers may get before it is read again (ms). */
const WORKER_COUNT_REFRESH_MS = 2000;

/**
 * How many workers serve the engine's queues, from their heartbeats (WorkerDirectory). Read in the
 * background at most every WORKER_COUNT_REFRESH_MS: a computation never waits for it, and uses the
 * last count (1 until the first read, and whenever no worker is seen).
 */
export class EngineWorkerCount {
  private count = 1;
  private readAt = -Infinity;
  private reading?: Promise<void>;

  constructor(private readonly directory: WorkerDirectory | undefined) {}

  current(): number {
    if (this.directory !== undefined && this.reading === undefined && performance.now() - this.readAt >= WORKER_COUNT_REFRESH_MS) {
      this.reading = this.directory
        .alive()
        .then(
          (workers) => {
            this.count = Math.max(1, workers.filter((w) => w.queues.some((q) => queueKind(q) === QUEUES.engine)).length);
          },
          () => undefined, // Redis away: keep the last count; the computation itself will say what is wrong.
        )
        .finally(() => {
          this.readAt = performance.now();
          this.reading = undefined;
        });
    }
    return this.count;
  }
}

/**
 * The one way into the engine. Cuts a crosstab into blocks (`planBlocks`: at most
 * CROSSTAB_CHUNK_CELLS cells each, and a share for each live engine worker), runs each block as an `engine.compute` job (on the workers,
 * or in this process in inline mode), and builds the engine's typed results from the raw sums the
 * jobs return. A block that fails, or the caller's signal, stops the others.
 *
 * Admission control lives here because every engine computation passes here: a computation
 * reserves its blocks and cells (ENGINE_MAX_JOBS_IN_FLIGHT, ..._PER_ORG, ENGINE_MAX_CELLS_IN_FLIGHT)
 * before queueing any, and holds them until its caller has taken the last block (for a stream:
 * written it), or is refused with a 503 and Retry-After at once; so is any new computation while
 * this process's event loop lags past ADMISSION_MAX_EVENT_LOOP_DELAY_MS with work in flight.
 */
@Injectable()
export class EngineClient implements OnModuleDestroy {
  private readonly admission: JobAdmission;
  private readonly lag?: EventLoopLag;
  private readonly workers: EngineWorkerCount;
  /** The shard plan of the data version read last (ENGINE_SHARDS > 1). */
  private plan?: { readonly version: string; readonly made: Promise<VersionPlan> };

  constructor(
    private readonly jobs: JobRunner,
    private readonly config: CommonConfig,
    private readonly reader: PartitionReader,
    private readonly version: StoreVersion,
    directory: WorkerDirectory,
    @Optional() metrics?: Metrics,
  ) {
    // Inline mode has no workers to count: the gateway computes every block itself.
    this.workers = new EngineWorkerCount(config.JOB_MODE === 'queue' ? directory : undefined);
    const lag = config.ADMISSION_MAX_EVENT_LOOP_DELAY_MS > 0 ? new EventLoopLag(config.ADMISSION_MAX_EVENT_LOOP_DELAY_MS) : undefined;
    this.lag = lag;
    if (lag && metrics) {
      metrics.gauge({
        name: 'aas_event_loop_delay_seconds',
        help: 'Median event-loop delay of the last second, as admission reads it (ADMISSION_MAX_EVENT_LOOP_DELAY_MS)',
        collect() {
          this.set(lag.delayMs / 1000);
        },
      });
    }
    this.admission = new JobAdmission(
      {
        total: config.ENGINE_MAX_JOBS_IN_FLIGHT,
        perOrganisation: config.ENGINE_MAX_JOBS_IN_FLIGHT_PER_ORG,
        cells: config.ENGINE_MAX_CELLS_IN_FLIGHT,
        maxRetryAfterSeconds: MAX_RETRY_AFTER_SECONDS,
      },
      Date.now,
      this.lag,
    );
  }

  onModuleDestroy(): void {
    this.lag?.stop();
  }

  /**
   * Throws the 503 (with Retry-After) a computation for this organisation would get now, before
   * the caller spends anything on preparing it: under overload a refusal must cost next to nothing.
   */
  assertCapacity(orgId: string): void {
    this.admission.assertRoom(orgId);
  }

  /**
   * Cells block by block as each block finishes (completion order); indices are positions in the
   * whole query. A block's cells are filled one at a time, into one object, as the caller reads
   * them: a caller that writes each out allocates nothing per cell.
   */
  async *stream(query: EngineQuery, context: EngineCallContext, options: CrosstabOptions = {}): AsyncGenerator<StreamedBlock> {
    const waveCount = distinct(query.waves);
    for await (const { block, raw } of this.run(query, 'none', context, true)) {
      yield {
        cellCount: raw.rowCount * raw.columnCount,
        cells: crosstabCellViews(raw, 0, waveCount, options, { row: block.rowStart, column: block.columnStart }),
      };
    }
  }

  /** The whole crosstab (cells row-major). */
  async crosstab(query: EngineQuery, context: EngineCallContext, options: CrosstabOptions = {}): Promise<CrosstabResult> {
    const raw = await this.gather(query, 'none', context);
    return buildCrosstabResult(raw, 0, distinct(query.waves), options);
  }

  /** The crosstab split by wave or location (in the query's order), and unsplit, in one pass. */
  async segmented(query: EngineQuery, segmentBy: SegmentBy, context: EngineCallContext, options: CrosstabOptions = {}): Promise<SegmentedResult> {
    const raw = await this.gather(query, segmentBy, context);
    return {
      segments: buildSegmentResults(raw, query, segmentBy, options),
      total: buildCrosstabResult(collapseGroups(raw), 0, distinct(query.waves), options),
    };
  }

  /**
   * A spec's cells (averages, rows within their valid bases, tests, waves) block by block as each
   * block, or band of a block, finishes; each cell is an object of its own. With a column test every
   * block spans whole rows, since the test compares a row's columns.
   */
  async *streamSpec(query: EngineSpecQuery, context: EngineCallContext, options: EngineSpecOptions = {}): AsyncGenerator<StreamedBlock> {
    const { planned, folds } = this.planSpec(query.spec, options.test === 'columns');
    const cellOptions = this.specCellOptions(query, options);
    const waveCount = distinct(query.waves);
    for await (const done of this.runBlocks(query, planned, options.split ?? 'none', context, true)) {
      const { rowStart, sums, visible } = foldDone(folds, done);
      const cellCount = sums.raw.rowCount * sums.raw.columnCount * sums.raw.groups;
      if (cellCount === 0) continue;
      yield { cellCount, cells: specCells(sums, waveCount, cellOptions, { row: visible.rowStart + rowStart, column: visible.columnStart }) };
    }
  }

  /** A spec computed whole (cells row by row; split by wave, each row's cells wave by wave). */
  async crosstabSpec(query: EngineSpecQuery, context: EngineCallContext, options: EngineSpecOptions = {}): Promise<SpecResult> {
    const groupBy: GroupBy = options.split ?? 'none';
    const { planned, folds } = this.planSpec(query.spec, false);
    const whole = new SpecSumsBuilder(query.spec, Math.max(1, groupLabels(query, groupBy).length));
    for await (const done of this.runBlocks(query, planned, groupBy, context, false)) {
      const { rowStart, sums, visible } = foldDone(folds, done);
      whole.place(sums, visible.rowStart + rowStart, visible.columnStart);
    }
    return { cells: [...specCells(whole.sums, distinct(query.waves), this.specCellOptions(query, options))], sums: whole.sums };
  }

  private specCellOptions(query: EngineSpecQuery, options: EngineSpecOptions): SpecCellOptions {
    const { split, ...rest } = options;
    return {
      ...rest,
      columnCount: query.spec.columns.length,
      ...(split === 'wave' ? { waves: groupLabels(query, 'wave') } : split === 'location' ? { locations: groupLabels(query, 'location') } : {}),
    };
  }

  /** The jobs of a spec (`planSpecBlocks`) over the blocks of its rows and columns. */
  private planSpec(spec: CrosstabSpec<StandardWire>, wholeRows: boolean): SpecPlan {
    return planSpecBlocks(spec, this.planBlocks(spec.rows.length, spec.columns.length, wholeRows));
  }

  /** Every block's sums placed into one set of sums for the whole query. */
  private async gather(query: EngineQuery, groupBy: GroupBy, context: EngineCallContext): Promise<RawSums> {
    const rowCount = query.rows.length;
    const columnCount = query.columns.length;
    let whole: RawSums | undefined;
    for await (const { block, raw } of this.run(query, groupBy, context)) {
      const groups = raw.groups;
      whole ??= emptyRawSums(rowCount, columnCount, groups);
      const triple = groups * 3;
      const blockRows = block.rowEnd - block.rowStart;
      const blockColumns = block.columnEnd - block.columnStart;
      // Audiences: base (the same in every block), then the block's rows and columns.
      whole.singles.set(raw.singles.subarray(0, triple), 0);
      whole.singles.set(raw.singles.subarray(triple, (1 + blockRows) * triple), (1 + block.rowStart) * triple);
      whole.singles.set(raw.singles.subarray((1 + blockRows) * triple, (1 + blockRows + blockColumns) * triple), (1 + rowCount + block.columnStart) * triple);
      for (let r = 0; r < blockRows; r++) {
        const from = r * blockColumns * triple;
        whole.cells.set(raw.cells.subarray(from, from + blockColumns * triple), ((block.rowStart + r) * columnCount + block.columnStart) * triple);
      }
    }
    // No block (an empty side): sums of zeros in the shape asked for.
    return whole ?? emptyRawSums(rowCount, columnCount, groupBy === 'none' ? 1 : distinct(groupBy === 'wave' ? query.waves : query.locations) || 1);
  }

  /**
   * The shards a query's selection touches, in shard order, each with its partitions; with the data
   * unsplit, the one engine queue. A selection without any partition still gets one part (the
   * worker answers zeros without loading anything).
   */
  private async shardParts(query: Omit<EngineQuery, 'rows' | 'columns'>): Promise<ShardPart[]> {
    const shards = this.config.ENGINE_SHARDS;
    if (shards <= 1) return [{ queue: engineQueue(0, 1) }];
    const { plan, partitions } = await this.planFor(await this.version.current());
    const waves = new Set(query.waves);
    const locations = new Set(query.locations);
    const byShard = new Map<number, PartitionRef[]>();
    for (const p of partitions) {
      if (p.dataset !== query.dataset || !waves.has(p.wave) || !locations.has(p.location)) continue;
      const shard = plan.shardOf(p) as number;
      const own = byShard.get(shard);
      if (own) own.push(p);
      else byShard.set(shard, [p]);
    }
    if (byShard.size === 0) return [{ queue: engineQueue(0, shards), partitions: [] }];
    return [...byShard.keys()].sort((a, b) => a - b).map((shard) => ({ queue: engineQueue(shard, shards), partitions: byShard.get(shard) }));
  }

  /** The shard plan of a data version, made once per version from the store's partition list (every gateway makes the same). */
  private planFor(version: string): Promise<VersionPlan> {
    if (this.plan?.version !== version) {
      const made = this.reader.list(version).then((listed) => ({
        plan: planShards(listed, this.config.ENGINE_SHARDS),
        partitions: listed.map(({ dataset, wave, location }) => ({ dataset, wave, location })),
      }));
      // A failed read is not kept: the next computation asks again.
      made.catch(() => this.plan?.made === made && (this.plan = undefined));
      this.plan = { version, made };
    }
    return this.plan.made;
  }

  /**
   * The blocks' sums as they finish (completion order), each completed with its rows' and columns'
   * own sums (BandSingles). With `progressive`, a block computed by one job (the data not split)
   * comes in row bands as the worker reports them (bandStarts), and any rows no report brought
   * when the job ends: the caller can write the first rows while the worker computes the rest.
   */
  private async *run(query: EngineQuery, groupBy: GroupBy, context: EngineCallContext, progressive = false): AsyncGenerator<BlockSums> {
    const blocks = this.planBlocks(query.rows.length, query.columns.length).map((block): PlannedBlock => ({
      block,
      rows: query.rows.slice(block.rowStart, block.rowEnd),
      columns: query.columns.slice(block.columnStart, block.columnEnd),
      bandStarts: () => bandStarts(block.rowEnd - block.rowStart, block.columnEnd - block.columnStart),
    }));
    yield* this.runBlocks(query, blocks, groupBy, context, progressive);
  }

  /** The blocks of a crosstab: as many as workers can take at once (each shard's workers take that shard's part of every block). */
  private planBlocks(rowCount: number, columnCount: number, wholeRows = false): Block[] {
    const parallel = Math.max(1, Math.round(this.workers.current() / Math.max(1, this.config.ENGINE_SHARDS)));
    return planBlocks(rowCount, columnCount, this.config.CROSSTAB_CHUNK_CELLS, parallel, wholeRows);
  }

  /** The sums of planned blocks as they finish (see `run`). */
  private async *runBlocks(
    query: Omit<EngineQuery, 'rows' | 'columns'>,
    blocks: readonly PlannedBlock[],
    groupBy: GroupBy,
    context: EngineCallContext,
    progressive: boolean,
  ): AsyncGenerator<BlockSums> {
    const parts = blocks.length === 0 ? [] : await this.shardParts(query);
    const jobCount = blocks.length * Math.max(1, parts.length);
    // The cells the engine computes: a block's laid-out rows and columns (an average item adds its answers).
    const cells = blocks.reduce((n, b) => n + b.rows.length * b.columns.length, 0);
    const ticket = this.admission.admit(context.orgId, jobCount, cells);
    // Our own signal: the caller's abort stops it, and so does ending early for any reason (a
    // failed block, the consumer stopping), so blocks nobody will read are not left queued.
    const stop = new AbortController();
    const onAbort = () => stop.abort();
    if (context.signal?.aborted) stop.abort();
    else context.signal?.addEventListener('abort', onAbort, { once: true });
    // What the jobs have brought and the generator not yet handed on; `wake` resumes it.
    const ready: BlockSums[] = [];
    let failure: { error: unknown } | undefined;
    // Blocks whose every row has been queued in `ready`, and blocks whose jobs have settled.
    let complete = 0;
    // Jobs in the queue: nothing is handed on before all are, so a request whose work the queue
    // cannot take fails before its caller has answered anything (a stream: before its headers).
    let queued = 0;
    const settling: Promise<unknown>[] = [];
    let wake: (() => void) | undefined;
    const notify = () => {
      const resume = wake;
      wake = undefined;
      resume?.();
    };
    try {
      blocks.forEach((planned) => {
        const { block } = planned;
        const rowCount = block.rowEnd - block.rowStart;
        const columnCount = block.columnEnd - block.columnStart;
        const bands = progressive && parts.length === 1 ? planned.bandStarts() : [];
        // Rows of the block handed on so far, from its first: reports are taken only in order.
        let handed = 0;
        const payload: EngineComputePayload = {
          requestId: context.requestId,
          rows: planned.rows as WireExpression[],
          columns: planned.columns as WireExpression[],
          base: query.base as WireExpression,
          waves: [...query.waves],
          locations: [...query.locations],
          dataset: query.dataset,
          groupBy,
          // Each row and column is measured in one block of its band; BandSingles fills the others.
          singles: measuredSides(block),
          ...(bands.length > 0 ? { bands } : {}),
        };
        const onProgress =
          bands.length === 0
            ? undefined
            : (progress: unknown) => {
                const band = progress as EngineComputePartial;
                // A retried job reports again from its first band; a lost report leaves its rows to the result.
                if (failure !== undefined || !isBandOf(band, handed, rowCount, columnCount)) return;
                ready.push({
                  block: { ...block, rowStart: block.rowStart + band.rowStart, rowEnd: block.rowStart + band.rowEnd },
                  raw: band,
                  origin: block,
                });
                handed = band.rowEnd;
                if (handed === rowCount) complete++;
                notify();
              };
        const jobs = parts.map((part) => {
          // Queued once the runner says so, or at the latest once the job has finished.
          let inQueue = false;
          const onQueued = () => {
            if (inQueue) return;
            inQueue = true;
            queued++;
            notify();
          };
          const job = this.jobs.run('engine.compute', part.partitions === undefined ? payload : { ...payload, partitions: part.partitions }, {
            signal: stop.signal,
            queue: part.queue,
            onProgress,
            onQueued,
          });
          job.then(onQueued, () => undefined);
          return job;
        });
        const settled = Promise.all(jobs).then(
          (sums) => {
            if (handed === rowCount) return; // every row came in its reports
            const result = mergeShards(sums);
            ready.push(
              handed === 0
                ? { block, raw: result, origin: block }
                : { block: { ...block, rowStart: block.rowStart + handed }, raw: rowsOfRawSums(result, handed, rowCount), origin: block },
            );
            handed = rowCount;
            complete++;
            notify();
          },
          (error: unknown) => {
            // A block already whole needs nothing more from its job (a retry that failed after its reports changes nothing).
            if (handed === rowCount) return;
            failure ??= { error };
            notify();
          },
        );
        settling.push(settled);
      });
      const sides = new BandSingles();
      for (;;) {
        if (failure !== undefined) throw failure.error;
        const next = queued < jobCount ? undefined : ready.shift();
        if (next !== undefined) yield* sides.complete(next);
        else if (queued === jobCount && complete === blocks.length) return;
        else await new Promise<void>((resolve) => (wake = resolve));
      }
    } finally {
      context.signal?.removeEventListener('abort', onAbort);
      if (failure === undefined && complete === blocks.length) {
        // Every row was handed on, some from reports before their jobs ended: the caller need not
        // wait for those jobs' results (the whole block's sums again, for a lost report). They finish
        // in the background and their results are collected; their reservation holds until then,
        // since a worker is still busy with them.
        void Promise.allSettled(settling).then(() => ticket.release());
      } else {
        stop.abort();
        ticket.release();
      }
    }
  }
}

/** Whether a reported band is the next rows of a block (after the `handed` first ones) with sums of the block's shape. */
function isBandOf(band: EngineComputePartial, handed: number, rowCount: number, columnCount: number): boolean {
  const rows = band.rowEnd - band.rowStart;
  const triple = band.groups * 3;
  return (
    band.rowStart === handed &&
    band.rowEnd > handed &&
    band.rowEnd <= rowCount &&
    band.rowCount === rows &&
    band.columnCount === columnCount &&
    band.singles?.length === (1 + rows + columnCount) * triple &&
    band.cells?.length === rows * columnCount * triple
  );
}

/**
 * One block's sums from its shards' sums, added in shard order: sizes, samples and the sums of
 * squares behind Kish bases and significance all add across disjoint partitions. The order is
 * fixed by the plan, never by which worker answered first, so the same data gives the same
 * figures to the last bit however many workers serve the shards.
 */
function mergeShards(sums: readonly EngineComputeResult[]): RawSums {
  if (sums.length === 1) return sums[0];
  const first = sums[0];
  const merged = emptyRawSums(first.rowCount, first.columnCount, first.groups);
  for (const part of sums) addRawSums(merged, part);
  return merged;
}
