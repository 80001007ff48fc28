export * from './lib/catalogue.types';
export * from './lib/partition.types';
export { buildCatalogue, DATASETS, LOCATIONS, WAVES, POPULATIONS, DATASET_COVERAGE, CURATED_AUDIENCES, ORGANISATIONS } from './lib/catalogue';
export { buildAttributeDictionary, attributeDictionaryFromList } from './lib/attribute-dictionary';
export type { Attribute, AttributeDictionary } from './lib/attribute-dictionary';
export {
  encodePartition,
  decodePartition,
  popcount,
  weightedCount,
  setRange,
  partitionInvariantViolations,
  PARTITION_FORMAT_VERSION,
} from './lib/partition-codec';
export type { EncodeOptions, PartitionContent } from './lib/partition-codec';
export { generateSurvey, planPartitions } from './lib/survey-generator';
export type { Survey, SurveyOptions, PartitionPlan, EncodedPartition } from './lib/survey-generator';
export { toRespondentRecords } from './lib/respondent-records';
export { surveyDigest } from './lib/survey-digest';
