import { Global, Module } from '@nestjs/common';
import { CatalogueAccess } from '@aas/shared-contracts';
import { CatalogueController } from './http/catalogue.controller';
import { CatalogueRepository } from './store/catalogue.repository';
import { CatalogueService } from './store/catalogue.service';

/** The catalogue endpoints, and CatalogueAccess for every other domain (hence global). */
@Global()
@Module({
  controllers: [CatalogueController],
  providers: [CatalogueRepository, CatalogueService, { provide: CatalogueAccess, useExisting: CatalogueService }],
  exports: [CatalogueAccess, CatalogueService],
})
export class CatalogueModule {}

/** CatalogueAccess without the endpoints, for the worker. */
@Global()
@Module({
  providers: [CatalogueRepository, CatalogueService, { provide: CatalogueAccess, useExisting: CatalogueService }],
  exports: [CatalogueAccess, CatalogueService],
})
export class CatalogueAccessModule {}
