export { replaceCatalogue, replaceEntitlements, mergeDatasetCatalogue, CatalogueConflict } from './lib/catalogue.writer';
export type { MergeOptions, WaveDateCorrection } from './lib/catalogue.writer';
export type { CatalogueContent, EntitlementSet, DatasetCatalogue } from './lib/catalogue.writer';
export {
  ENTITLEMENT_KINDS,
  UnknownCatalogueCodes,
  grantEntitlements,
  revokeEntitlements,
  readEntitlements,
  entitlementVersion,
  versionedEntitlements,
} from './lib/entitlements';
export type { EntitlementKind, EntitlementCodes, OrganisationEntitlements } from './lib/entitlements';
export { CATALOGUE_MIGRATIONS, Catalogue1763769700000 } from './lib/migrations/1763769700000-Catalogue';
export { EntitlementVersions1764300000000 } from './lib/migrations/1764300000000-EntitlementVersions';
export { QuestionAliases1764900000000 } from './lib/migrations/1764900000000-QuestionAliases';
