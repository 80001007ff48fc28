import { Module } from '@nestjs/common';
import { SavedCrosstabsController } from './saved-crosstabs.controller';
import { SavedCrosstabsRepository } from './saved-crosstabs.repository';
import { SavedCrosstabsService } from './saved-crosstabs.service';

/**
 * The saved-crosstabs (projects) HTTP API. Needs `CatalogueAccess` (@aas/shared-contracts) provided
 * globally, which the catalogue feature does, and the process's TypeORM DataSource.
 */
@Module({
  controllers: [SavedCrosstabsController],
  providers: [SavedCrosstabsRepository, SavedCrosstabsService],
  exports: [SavedCrosstabsService],
})
export class SavedCrosstabsModule {}
