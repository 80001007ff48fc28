export * from './lib/partition.types';
export { buildAttributeDictionary, attributeDictionaryFromList } from './lib/attribute-dictionary';
export type { Attribute, AttributeDictionary, DictionaryQuestion } from './lib/attribute-dictionary';
export {
  encodePartition,
  decodePartition,
  popcount,
  weightedCount,
  setRange,
  partitionInvariantViolations,
  PARTITION_FORMAT_VERSION,
  partitionFormatVersion,
} from './lib/partition-codec';
export type { EncodeOptions, PartitionContent } from './lib/partition-codec';
export { toRespondentRecords } from './lib/respondent-records';
