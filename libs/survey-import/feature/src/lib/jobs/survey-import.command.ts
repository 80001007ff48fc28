import { IsUUID } from 'class-validator';
import type { SurveyImportPayload } from '@aas/shared-contracts';

/** The shape of a `survey.import` payload, checked in the worker with the rules HTTP bodies get. */
export class SurveyImportCommand implements SurveyImportPayload {
  @IsUUID('all', { message: 'importId must be a UUID' }) importId!: string;
}
