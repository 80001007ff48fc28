export * from './lib/partition-reader';
export * from './lib/pg-partition-source';
export * from './lib/engine.module';
