import type { PartitionKey } from '@aas/respondent-store-domain';
import { InlineExecutor, type CellExecutor } from './cell-executor';
import { computeCrosstab, computeRawSums, computeRawSumsInBands, computeSegmentedCrosstab, type GroupBy } from './crosstab';
import type { RawSums } from './raw-sums';
import type { CrosstabOptions, CrosstabQuery, CrosstabResult, SegmentBy, SegmentResult } from './crosstab.types';
import { AudienceStore, type AudienceStoreOptions, type StoreStats } from './packed-store';
import { PartitionCache, type DataSnapshot, type PartitionCacheOptions, type PartitionSource } from './partition-cache';
import { WorkerPool } from './worker-pool';

export interface CrosstabEngineOptions extends PartitionCacheOptions, AudienceStoreOptions {
  /** Worker threads for the cell kernel; 0 = on the calling thread, in slices. Default: available parallelism. */
  readonly threads?: number;
  /** Longest stretch (ms) the calling thread computes before yielding to its event loop; default 20. */
  readonly sliceMs?: number;
}

/**
 * The engine a service holds for its lifetime: a partition cache over a source, the packed
 * audiences and evaluated leaves kept across queries of one data version (bounded by
 * `arenaBytes` and `leafCacheBytes`, dropped when the version changes), and a worker pool for the
 * cell kernel. Call `close()` on shutdown.
 */
export class CrosstabEngine {
  readonly cache: PartitionCache;
  readonly audiences: AudienceStore;
  private readonly executor: CellExecutor;
  private readonly pool: WorkerPool | undefined;
  private readonly sliceMs: number;

  constructor(source: PartitionSource, options: CrosstabEngineOptions = {}) {
    this.cache = new PartitionCache(source, options);
    this.audiences = new AudienceStore(options);
    this.sliceMs = options.sliceMs ?? 20;
    this.pool = options.threads === 0 ? undefined : new WorkerPool({ threads: options.threads });
    this.executor = this.pool ?? new InlineExecutor(this.sliceMs);
  }

  /** Threads of the cell kernel (0: it runs on the calling thread). */
  get threads(): number {
    return this.pool?.threads ?? 0;
  }

  /** A crosstab over the current data (see `computeCrosstab`). */
  async crosstab(query: CrosstabQuery, options: CrosstabOptions = {}): Promise<CrosstabResult> {
    const data = await this.cache.snapshot(query);
    return computeCrosstab(data, query, options, this.compute(data));
  }

  /** The crosstab split by wave or location, one result per segment (see `computeSegmentedCrosstab`). */
  async segmentedCrosstab(query: CrosstabQuery, segmentBy: SegmentBy, options: CrosstabOptions = {}): Promise<SegmentResult[]> {
    const data = await this.cache.snapshot(query);
    return computeSegmentedCrosstab(data, query, segmentBy, options, this.compute(data));
  }

  /** The raw sums of a crosstab over the current data (what an engine job returns; see `computeRawSums`). */
  async rawSums(query: CrosstabQuery, groupBy: GroupBy): Promise<RawSums> {
    const data = await this.cache.snapshot(query);
    return computeRawSums(data, query, groupBy, this.compute(data));
  }

  /** The raw sums of a crosstab computed in bands of its rows, each handed on when done (see `computeRawSumsInBands`). */
  async rawSumsInBands(
    query: CrosstabQuery,
    groupBy: GroupBy,
    starts: readonly number[],
    onBand: (band: RawSums, rowStart: number, rowEnd: number) => void,
  ): Promise<RawSums> {
    const data = await this.cache.snapshot(query);
    return computeRawSumsInBands(data, query, groupBy, starts, onBand, this.compute(data));
  }

  /**
   * Forgets these partitions (a shard this process handed back) and what was packed from them:
   * their memory is freed once no running query holds them. Returns how many were held.
   */
  evict(keys: Iterable<PartitionKey>): number {
    const dropped = this.cache.evict(keys);
    if (dropped > 0) this.audiences.reset();
    return dropped;
  }

  /** What the caches hold and how often they were hit (for benchmarks, logs and tests). */
  stats(): StoreStats {
    return this.audiences.stats();
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }

  private compute(data: DataSnapshot) {
    return { executor: this.executor, sliceMs: this.sliceMs, audiences: this.audiences.forVersion(data.version) };
  }
}

/** The fewest cells a block must have to be reported in bands (below it, a band's costs outweigh writing the rows earlier). */
export const MIN_BANDED_CELLS = 2000;

/**
 * Where a block's row bands start after the first, for a block that is streamed: a small first
 * band (about an eighth of the rows), so the first bytes leave early, then about a quarter each.
 * Each band costs the kernel threads a read of every column, and a report through Redis (about
 * 1 ms of CPU on each side); what the gateway writes after the worker is done is the last band.
 * None below MIN_BANDED_CELLS.
 */
export function bandStarts(rowCount: number, columnCount: number): number[] {
  if (rowCount < 2 || rowCount * columnCount < MIN_BANDED_CELLS) return [];
  const first = Math.max(1, Math.round(rowCount / 8));
  const step = Math.max(1, Math.round(rowCount / 4));
  const starts: number[] = [];
  for (let at = first; at < rowCount; at += step) starts.push(at);
  return starts;
}
