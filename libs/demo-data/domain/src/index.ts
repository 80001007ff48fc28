export { buildCatalogue, DATASETS, LOCATIONS, WAVES, POPULATIONS, DATASET_COVERAGE, CURATED_AUDIENCES, ORGANISATIONS } from './lib/catalogue';
export { generateSurvey, planPartitions } from './lib/survey-generator';
export type { Survey, SurveyOptions, PartitionPlan, EncodedPartition } from './lib/survey-generator';
export { surveyDigest } from './lib/survey-digest';
export * from './lib/demo.types';
