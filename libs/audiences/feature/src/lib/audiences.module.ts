import { Global, Module } from '@nestjs/common';
import { AudienceDirectory } from '@aas/shared-contracts';
import { SavedAudiencesController } from './saved-audiences.controller';
import { SavedAudiencesService } from './saved-audiences.service';
import { SavedAudienceDirectory } from './saved-audience.directory';
import { SavedAudiencesRepository } from './saved-audiences.repository';

/**
 * The saved-audiences HTTP API, and the AudienceDirectory other domains read audiences through
 * (hence global). Needs `CatalogueAccess` (@aas/shared-contracts) provided globally, which the catalogue
 * feature does, and the process's TypeORM DataSource.
 */
@Global()
@Module({
  controllers: [SavedAudiencesController],
  providers: [SavedAudiencesRepository, SavedAudiencesService, { provide: AudienceDirectory, useClass: SavedAudienceDirectory }],
  exports: [SavedAudiencesService, AudienceDirectory],
})
export class AudiencesModule {}
