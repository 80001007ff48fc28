import { Module } from '@nestjs/common';
import { ImportAdminService } from './imports/import-admin.service';
import { ImportsAdminController } from './imports/imports.controller';
import { OrganisationAdminService } from './organisations/organisation-admin.service';
import { OrganisationsAdminController } from './organisations/organisations.controller';

/** The admin endpoints (tokens with `admin: true` only): organisations and their entitlements, survey imports. */
@Module({
  controllers: [OrganisationsAdminController, ImportsAdminController],
  providers: [OrganisationAdminService, ImportAdminService],
})
export class AdminModule {}
