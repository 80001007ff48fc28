/*
 * The survey catalogue's data shapes, as the catalogue publishes them to other domains (and as its
 * tables hold them). Field names follow the wire form of the catalogue and insights endpoints
 * (snake_case; docs/api-guide.md#catalogue) so that tables and DTOs can be written from these types one to one.
 * Where the wire wraps a number (`order: { value }`, `midpoint: { value }`), the model keeps the
 * plain number and the HTTP layer wraps it.
 */

export interface Dataset {
  code: string;
  name: string;
  description: string;
  base_namespace_code: string;
  depth: number;
  order: number;
  is_syndicated: boolean;
}

export interface Category {
  /** Unique across the whole catalogue (`GET /v2/categories/{category_id}` takes no dataset). */
  id: number;
  dataset_code: string;
  name: string;
  description: string;
  order: number;
  parent_id: number | null;
}

export interface Datapoint {
  /** `[a-z0-9_]+`, unique within its question. */
  code: string;
  name: string;
  order: number;
  /** Numeric-range answers carry the value the range stands for (e.g. hours, income). */
  midpoint: number | null;
  /**
   * Other names people use for this answer (normalised words: nicknames, short forms, the name
   * in another language, "insta" for Instagram), which the assistant reads as the answer itself.
   */
  aliases?: string[];
}

export interface Suffix {
  /** A positive integer as a string ("1", "2", ...): the saved-crosstab wire form carries it as an integer. */
  code: string;
  name: string;
  order: number;
  midpoint: number | null;
}

/**
 * How the question was asked. It decides the attributes a question has:
 * - `single` / `multi`: one attribute per datapoint (suffix-less);
 * - `grid_single` (one suffix per row, e.g. a frequency or an agreement scale) and `grid_multi`
 *   (any suffixes per row, e.g. aware/considered/used): one attribute per (datapoint, suffix).
 */
export type QuestionKind = 'single' | 'multi' | 'grid_single' | 'grid_multi';

export interface Question {
  /** `[a-z0-9_]+`, unique across the whole catalogue; addressed as `<namespace_code>.<code>`. */
  code: string;
  namespace_code: string;
  name: string;
  description: string;
  kind: QuestionKind;
  unit: string;
  flags: string[];
  order: number;
  knowledge_base: string;
  message: string;
  notice: string;
  warning: string;
  /** Category ids (a question sits in one or more categories, possibly of several datasets). */
  category_ids: number[];
  /** Codes of the datasets that ask this question. */
  dataset_codes: string[];
  /** Number of (datapoint, suffix) attributes: datapoints x suffixes for grids, datapoints otherwise. */
  attribute_count: number;
  datapoints: Datapoint[];
  suffixes: Suffix[];
  /**
   * Other names people use for the question itself (short forms: "NPS" for "Net promoter
   * score"), which the assistant reads as words of its name. Absent or empty: none.
   */
  aliases?: string[];
}

export interface Location {
  code: string;
  name: string;
  region: string;
}

export interface Wave {
  code: string;
  name: string;
  kind: 'quarter';
  /** ISO dates (yyyy-mm-dd), both inclusive. */
  start_date: string;
  end_date: string;
}

/** Online population aged 16-64 of a location in a wave: what the weights of that location-wave sum to. */
export interface LocationWavePopulation {
  location_code: string;
  wave_code: string;
  population: number;
}
