export * from './lib/metrics';
export { evaluate, PartitionEvaluator, resolveQuestionCode, atLeast, expressionKey } from './lib/evaluate';
export type { LeafMemo, PartitionBits } from './lib/evaluate';
export * from './lib/crosstab.types';
export {
  computeCrosstab,
  computeSegmentedCrosstab,
  computeRawSums,
  computeRawSumsInBands,
  buildCrosstabResult,
  crosstabCells,
  crosstabCellViews,
  type CellOffset,
  buildSegmentResults,
  addRawSums,
  emptyRawSums,
  rowsOfRawSums,
  joinRowBands,
  collapseGroups,
  groupLabels,
  selectPartitions,
} from './lib/crosstab';
export type { ComputeOptions, RawSums, GroupBy } from './lib/crosstab';
export { InlineExecutor } from './lib/cell-executor';
export type { CellExecutor, CellTask } from './lib/cell-executor';
export { WorkerPool } from './lib/worker-pool';
export type { WorkerPoolOptions } from './lib/worker-pool';
export { kernelModuleBytes, cellsJs, instantiateKernel, allocateSharedMemory, PAGE_BYTES } from './lib/kernel';
export { AudienceStore, PackedAudiences, DEFAULT_ARENA_BYTES, DEFAULT_LEAF_CACHE_BYTES } from './lib/packed-store';
export { planPartition } from './lib/partition-layout';
export type { LayoutChoice, PartitionPlan } from './lib/partition-layout';
export type { AudienceStoreOptions, StoreStats } from './lib/packed-store';
export { LeafCache } from './lib/leaf-cache';
export { PartitionCache, InMemoryPartitionSource } from './lib/partition-cache';
export type { PartitionSource, PartitionCacheOptions, PartitionSelection, DataSnapshot } from './lib/partition-cache';
export { CrosstabEngine, bandStarts, MIN_BANDED_CELLS } from './lib/crosstab-engine';
export type { CrosstabEngineOptions } from './lib/crosstab-engine';
export { planShards, shardsServedBy } from './lib/shards';
export type { ShardPlan, ShardMember, SizedPartition } from './lib/shards';
export * from './lib/statistics';
export { BlockLayout, BlockFold, SpecSumsBuilder, specIsPlain } from './lib/crosstab-spec';
export type { AveragePart, AverageSums, CrosstabItem, CrosstabSpec, SpecBlock, SpecSums, ValidBaseSums } from './lib/crosstab-spec';
export { specCells } from './lib/spec-cells';
export type { AverageResult, CellTest, ColumnTestResult, ComplementTestResult, SpecCellOptions, TestKind, TrendResult } from './lib/spec-cells';
