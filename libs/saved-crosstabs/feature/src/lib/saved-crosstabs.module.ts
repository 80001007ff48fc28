import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SavedCrosstabEntity } from './saved-crosstab.entity';
import { SavedCrosstabsController } from './saved-crosstabs.controller';
import { SavedCrosstabsService } from './saved-crosstabs.service';

/**
 * The saved-crosstabs (projects) HTTP API. Needs `CatalogueAccess` (@aas/contracts) provided
 * globally, which the catalogue feature does.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SavedCrosstabEntity])],
  controllers: [SavedCrosstabsController],
  providers: [SavedCrosstabsService],
  exports: [SavedCrosstabsService],
})
export class SavedCrosstabsModule {}
