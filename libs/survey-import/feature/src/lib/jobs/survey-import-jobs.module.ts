import { Module } from '@nestjs/common';
import { ImportDatabase } from './import-database';
import { SurveyImportJobHandler } from './survey-import.job-handler';

/**
 * The `survey.import` job's handler: in the worker, and in the gateway for inline mode
 * (JOB_MODE=inline); idle in a gateway in queue mode (its pool opens at the first import it runs).
 */
@Module({ providers: [ImportDatabase, SurveyImportJobHandler] })
export class SurveyImportJobsModule {}
