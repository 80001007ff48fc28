export { createStorePool } from './lib/store-pool';
export { PartitionReader, NO_DATA_VERSION, BLOB_CHUNK_BYTES } from './lib/partition-reader';
export type { PartitionInfo, StoredPartition, PartitionFilter, ReadOptions } from './lib/partition-reader';
export { PgPartitionSource } from './lib/pg-partition-source';
export { SurveyDataVersion, hasSurveyData } from './lib/survey-data-writer';
export type { PartitionRow } from './lib/survey-data-writer';
export { RESPONDENT_STORE_MIGRATIONS, RespondentStore1763769700002, VersionedRespondentStore1764000000000 } from './lib/store-migrations';
export { StoreVersion } from './lib/store-version';
export { RespondentStoreModule, STORE_POOL } from './lib/respondent-store.module';
