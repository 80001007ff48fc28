import { Global, Module } from '@nestjs/common';
import { AudienceDirectory } from '@aas/contracts';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SavedAudienceEntity } from './saved-audience.entity';
import { SavedAudiencesController } from './saved-audiences.controller';
import { SavedAudiencesService } from './saved-audiences.service';
import { SavedAudienceDirectory } from './saved-audience.directory';

/**
 * The saved-audiences HTTP API, and the AudienceDirectory other domains read audiences through
 * (hence global). Needs `CatalogueAccess` (@aas/contracts) provided globally, which the catalogue
 * feature does.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([SavedAudienceEntity])],
  controllers: [SavedAudiencesController],
  providers: [SavedAudiencesService, { provide: AudienceDirectory, useClass: SavedAudienceDirectory }],
  exports: [SavedAudiencesService, AudienceDirectory],
})
export class AudiencesModule {}
