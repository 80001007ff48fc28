export { importSurvey } from './lib/import-survey.usecase';
export type { ImportMode, SurveyImportOptions, SurveyImportOutcome, SurveyImportProgress } from './lib/import-survey.usecase';
