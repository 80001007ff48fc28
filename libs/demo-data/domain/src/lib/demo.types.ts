import type { Category, Dataset, LocationWavePopulation, Location, Question, Wave } from '@aas/shared-contracts';

/** A demo location: what the catalogue stores, and the population shares the generator weights to. */
export interface DemoLocation extends Location {
  /** Share of the online population 16-64 per age group code (sums to 1). */
  age_shares: Record<string, number>;
  /** Share of women in the online population 16-64. */
  female_share: number;
}

/** A demo wave, with its position in time (0 = oldest). */
export interface DemoWave extends Wave {
  order: number;
}

/** The standard wire form of an audience expression (docs/metrics.md#the-three-wire-forms). */
export interface AudienceExpression {
  and?: AudienceExpression[];
  or?: AudienceExpression[];
  not?: boolean;
  question?: string;
  datapoints?: string[];
  suffixes?: string[];
  min_count?: number;
}

export interface CuratedAudience {
  id: number;
  name: string;
  description: string;
  expression: AudienceExpression;
}

export type InsightType = 'report' | 'infographic' | 'powerpoint' | 'chart';

export interface InsightImage {
  id: number;
  is_main: boolean;
  page_preview_thumb_path: string;
  page_thumb_path: string;
  thumb_path: string;
}

export interface Insight {
  id: number;
  name: string;
  description: string;
  type: InsightType;
  category_ids: number[];
  is_trending: boolean;
  popularity: number;
  /** ISO timestamps. */
  published_at: string;
  created_at: string;
  updated_at: string;
  images: InsightImage[];
}

export interface OrganisationEntitlement {
  slug: string;
  name: string;
  datasets: string[];
  locations: string[];
  waves: string[];
}

export interface Catalogue {
  datasets: Dataset[];
  categories: Category[];
  questions: Question[];
  locations: DemoLocation[];
  waves: DemoWave[];
  populations: LocationWavePopulation[];
  audiences: CuratedAudience[];
  insights: Insight[];
  organisations: OrganisationEntitlement[];
}
