import { Module } from '@nestjs/common';
import { CrosstabChunkJobHandler } from './crosstab-chunk.job-handler';
import { CrosstabQueryController } from './crosstab-query.controller';
import { RunCrosstabUseCase } from './run-crosstab.usecase';

/** POST /v2/query/crosstab, and (for inline mode) the chunk handler. Needs EngineModule and CatalogueAccess. */
@Module({
  controllers: [CrosstabQueryController],
  providers: [RunCrosstabUseCase, CrosstabChunkJobHandler],
})
export class CrosstabsModule {}

/** The crosstab job handler alone, for the worker. Needs EngineModule. */
@Module({ providers: [CrosstabChunkJobHandler] })
export class CrosstabJobsModule {}
