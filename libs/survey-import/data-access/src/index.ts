export { SurveyImportStore, StagedFileUnavailable, UPLOAD_CHUNK_BYTES } from './lib/survey-import.store';
export type { SurveyImportRecord, ImportStatus, ImportFileFormat, ImportMode, ImportProgress } from './lib/survey-import.store';
export { SURVEY_IMPORT_MIGRATIONS, SurveyImports1764300000001 } from './lib/migrations/1764300000001-SurveyImports';
