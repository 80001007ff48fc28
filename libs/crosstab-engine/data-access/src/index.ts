export { EngineHost } from './lib/engine-host';
export { EngineJobsModule } from './lib/engine.module';
export { EngineComputeJobHandler } from './lib/engine-compute.job-handler';
export { EngineComputeCommand } from './lib/engine-compute.command';
export { ShardOwnership, shardMembers } from './lib/shard-ownership';
export type { ShardMeta, ShardOwnershipOptions } from './lib/shard-ownership';
