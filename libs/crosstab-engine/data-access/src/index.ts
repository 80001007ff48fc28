export { EngineHost } from './lib/engine-host';
export { EngineJobsModule } from './lib/engine.module';
export { EngineComputeJobHandler } from './lib/engine-compute.job-handler';
export { EngineComputeCommand } from './lib/engine-compute.command';
export { PartitionReader, connect } from './lib/partition-reader';
export type { StoredPartition } from './lib/partition-reader';
export { PgPartitionSource } from './lib/pg-partition-source';
