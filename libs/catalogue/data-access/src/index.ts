export { replaceCatalogue, replaceEntitlements, mergeDatasetCatalogue, CatalogueConflict } from './lib/catalogue.writer';
export type { CatalogueContent, EntitlementSet, DatasetCatalogue } from './lib/catalogue.writer';
export { CATALOGUE_MIGRATIONS, Catalogue1763769700000 } from './lib/migrations/1763769700000-Catalogue';
