export { importSurvey } from './lib/import-survey.usecase';
export type { ImportMode, SurveyImportOptions, SurveyImportOutcome, SurveyImportProgress } from './lib/import-survey.usecase';
export { SurveyImportJobsModule } from './lib/jobs/survey-import-jobs.module';
export { SurveyImportJobHandler, IMPORT_HEARTBEAT_MS } from './lib/jobs/survey-import.job-handler';
