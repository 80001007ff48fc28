export { AdminModule } from './lib/admin.module';
export { OrganisationAdminService } from './lib/organisations/organisation-admin.service';
export { CreateOrganisationRequest, EntitlementChangeRequest } from './lib/organisations/dto/organisation.dto';
export type { OrganisationResponse, EntitlementChangeResponse, OrganisationListResponse } from './lib/organisations/dto/organisation.dto';
export { checkRequest } from './lib/check-request';
