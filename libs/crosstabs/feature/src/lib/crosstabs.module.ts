import { Module } from '@nestjs/common';
import { CrosstabQueryController } from './crosstab-query.controller';

/** POST /v2/query/crosstab. Needs CatalogueAccess and the EngineClient. */
@Module({ controllers: [CrosstabQueryController] })
export class CrosstabsModule {}
