/**
 * The catalogue as other domains see it, per organisation. Implemented by the catalogue
 * feature; injected elsewhere through the abstract class (a Nest DI token that needs no
 * Nest import). Structurally compatible with `CatalogueLookup` of @aas/audience-expression.
 */

export interface CatalogueCodeName {
  readonly code: string;
  readonly name: string;
}

export interface CatalogueQuestionInfo {
  readonly code: string;
  readonly namespaceCode: string;
  readonly name: string;
  readonly description: string;
  /** The dataset the question is entitled through (its namespace's dataset). */
  readonly datasetCode: string;
  /** Every dataset that asks it. */
  readonly datasetCodes: readonly string[];
  readonly datapoints: readonly CatalogueCodeName[];
  readonly suffixes: readonly CatalogueCodeName[];
}

export interface WaveInfo {
  readonly code: string;
  readonly name: string;
  readonly startDate: string;
  readonly endDate: string;
}

/** What one organisation may see and use. */
export interface OrganisationCatalogue {
  readonly orgId: string;
  findQuestion(code: string, namespaceCode?: string): CatalogueQuestionInfo | undefined;
  isDatasetEntitled(datasetCode: string): boolean;
  isLocationEntitled(locationCode: string): boolean;
  isWaveEntitled(waveCode: string): boolean;
  /** Whether the code exists at all (entitled or not): unknown answers 400, not entitled 403. */
  locationExists(locationCode: string): boolean;
  waveExists(waveCode: string): boolean;
  datasetExists(datasetCode: string): boolean;
  readonly entitledDatasets: readonly string[];
  readonly entitledLocations: readonly CatalogueCodeName[];
  /** Entitled waves, oldest first (by end date). */
  readonly entitledWaves: readonly WaveInfo[];
}

export abstract class CatalogueAccess {
  abstract forOrganisation(orgId: string): Promise<OrganisationCatalogue>;
}
