import type { components, operations, paths } from '../generated/openapi-types.js';

/**
 * Names for the schemas of the OpenAPI document, so callers need not spell
 * `components['schemas']['...']`. Every one is an alias of the generated type, never a copy:
 * regenerating the document's types (npm run openapi) changes them all.
 */
export type Schemas = components['schemas'];
export type { components, operations, paths };

export type Problem = Schemas['Problem'];
export type ProblemFieldError = Schemas['ProblemFieldError'];

export type AudienceExpression = Schemas['AudienceExpression'];
export type AudienceExpressionLeaf = Schemas['AudienceExpressionLeaf'];
export type SavedAudience = Schemas['AudienceResponse'];
export type SaveAudienceRequest = Schemas['SaveAudienceRequest'];
export type PatchAudienceRequest = Schemas['PatchAudienceRequest'];

export type CrosstabQuery = Schemas['CrosstabQueryDto'];
export type CrosstabAudience = Schemas['CrosstabAudienceDto'];
export type CrosstabCell = Schemas['CrosstabCell'];
/** The query options of a crosstab (`significance`, `effective_base`, `metric`), as the document names them. */
export type CrosstabOptions = NonNullable<operations['runCrosstab']['parameters']['query']>;
export type CrosstabExportMetric = NonNullable<CrosstabOptions['metric']>;

export type SavedCrosstab = Schemas['SavedCrosstabResponse'];
export type SaveSavedCrosstabRequest = Schemas['SaveSavedCrosstabRequest'];

export type Chart = Schemas['ChartResponse'];
export type SaveChartRequest = Schemas['SaveChartRequest'];
export type ChartCalculation = Schemas['ChartCalculationResponse'];
export type CalculateChartRequest = Schemas['CalculateChartRequest'];

export type ChatAnswer = Schemas['ChatAnswer'];
export type InsightDetails = Schemas['InsightDetails'];
export type Insight = Schemas['Insight'];
export type InsightsFilter = Schemas['InsightsFilterDto'];

export type Dataset = Schemas['DatasetWithAccess'];
export type Location = Schemas['CatalogueLocation'];
export type Wave = Schemas['CatalogueWave'];
export type Question = Schemas['CatalogueQuestion'];
export type QuestionSearchHit = Schemas['QuestionSearchHit'];
export type Category = Schemas['CatalogueCategory'];
