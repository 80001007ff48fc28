export * from './lib/catalogue.module';
export { replaceCatalogue, replaceEntitlements } from './lib/store/catalogue.writer';
export type { CatalogueContent, EntitlementSet } from './lib/store/catalogue.writer';
export { CATALOGUE_MIGRATIONS } from './lib/store/migrations/1763769700000-Catalogue';
