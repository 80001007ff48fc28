export { EngineClient } from './lib/engine-client';
export type { EngineQuery, EngineCallContext, EngineSpecQuery, EngineSpecOptions, SegmentedResult, SpecResult, StreamedBlock } from './lib/engine-client';
export { EngineClientModule } from './lib/engine-client.module';
export { EngineCapacityGuard } from './lib/engine-capacity.guard';
export { planBlocks } from './lib/plan-blocks';
export type { Block } from './lib/plan-blocks';
