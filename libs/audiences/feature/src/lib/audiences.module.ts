import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SavedAudienceEntity } from './saved-audience.entity';
import { SavedAudiencesController } from './saved-audiences.controller';
import { SavedAudiencesService } from './saved-audiences.service';

/**
 * The saved-audiences HTTP API. Needs `CatalogueAccess` (@aas/contracts) provided globally,
 * which the catalogue feature does.
 */
@Module({
  imports: [TypeOrmModule.forFeature([SavedAudienceEntity])],
  controllers: [SavedAudiencesController],
  providers: [SavedAudiencesService],
  exports: [SavedAudiencesService],
})
export class AudiencesModule {}
