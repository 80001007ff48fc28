import type { Category, Dataset, Location, Question, QuestionKind, Wave } from './catalogue.types';

/*
 * The catalogue as other domains see it, per organisation. Implemented by the catalogue
 * feature; injected elsewhere through the abstract class (a Nest DI token that needs no
 * Nest import). Structurally compatible with `CatalogueLookup` of @aas/audience-expression-domain.
 */

export interface CatalogueCodeName {
  readonly code: string;
  readonly name: string;
}

/** A datapoint or suffix with the value it stands for, where it has one (numeric ranges, scales): what an average takes. */
export interface CatalogueAnswer extends CatalogueCodeName {
  readonly midpoint?: number | null;
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
  readonly datapoints: readonly CatalogueAnswer[];
  readonly suffixes: readonly CatalogueAnswer[];
  /** How it was asked (one answer or several; a grid): the catalogue always says; lookups made by hand may not. */
  readonly kind?: QuestionKind;
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

/**
 * The whole catalogue as it stands at one data version (immutable; shared by every caller of that
 * version): what other domains list or walk (the assistant's planner, the charts' taxonomy)
 * without reading the catalogue's tables themselves.
 */
export interface CatalogueView {
  /** The data version it was read at: it changes with every seed or import. */
  readonly version: string;
  readonly datasets: readonly Dataset[];
  readonly categories: readonly Category[];
  /** In catalogue order. */
  readonly questions: readonly Omit<Question, 'attribute_count'>[];
  readonly locations: readonly Location[];
  /** Oldest first, by end date. */
  readonly waves: readonly Wave[];
}

export abstract class CatalogueAccess {
  abstract forOrganisation(orgId: string): Promise<OrganisationCatalogue>;
  /** The catalogue at the current data version (cached per version). */
  abstract view(): Promise<CatalogueView>;
}
