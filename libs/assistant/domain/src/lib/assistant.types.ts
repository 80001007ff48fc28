/*
 * The plain data the assistant's pure core works on: a snapshot of the catalogue as one
 * organisation sees it (passed in by the feature, never read here), the plan it derives from
 * a prompt, and the computed cells it writes about.
 */

/** A standard-form audience expression (docs/metrics.md#the-three-wire-forms), as JSON. */
export type WireExpression = Record<string, unknown>;

export interface CodeName {
  code: string;
  name: string;
}

/** An answer of a question, with the other names the survey's catalogue gives it ("insta"). */
export interface PlannerDatapoint extends CodeName {
  aliases?: string[];
}

export interface PlannerQuestion {
  code: string;
  name: string;
  description: string;
  /** The dataset the question is licensed through. */
  datasetCode: string;
  /** Every dataset that asks it: respondents of each are a separate sample of the same population. */
  datasetCodes: string[];
  /** Whether the caller's organisation may use that dataset. */
  entitled: boolean;
  datapoints: PlannerDatapoint[];
  suffixes: CodeName[];
  /**
   * How the question can be averaged (a mean of the values its answers stand for, their
   * midpoints): over its datapoints (a single-choice question: age bands, hours per day) or over
   * the suffixes of one of its rows (a one-answer grid: an agreement or frequency scale). Absent:
   * it cannot be.
   */
  averageBy?: 'datapoints' | 'suffixes';
  /** Other names the survey's catalogue gives the question ("NPS"): read as words of its name. */
  aliases?: string[];
}

export interface PlannerAudience {
  id: string;
  name: string;
  description: string;
  expression: WireExpression;
  /** Curated (shared with every organisation) or the organisation's own. */
  curated: boolean;
}

export interface PlannerLocation extends CodeName {
  entitled: boolean;
}

export interface PlannerWave extends CodeName {
  startDate: string;
  endDate: string;
  entitled: boolean;
}

/** The catalogue as the planner needs it; waves oldest first. */
export interface PlannerCatalogue {
  questions: PlannerQuestion[];
  audiences: PlannerAudience[];
  locations: PlannerLocation[];
  waves: PlannerWave[];
  /** Datasets in catalogue order (the first is the main survey). */
  datasets: PlannerDataset[];
}

export interface PlannerDataset extends CodeName {
  entitled: boolean;
  /** Where and when the dataset was fielded (has respondents); absent = everywhere, always. */
  fielded?: { locations: string[]; waves: string[] };
}

export type AnalysisKind = 'share' | 'ranking' | 'comparison' | 'indexing' | 'trend';

/** One audience of a plan. `id` is the saved audience's id, or a stable made-up one for phrases. */
export interface PlanAudience {
  id: string;
  name: string;
  description: string;
  expression: WireExpression;
  /** How it was found: a saved/curated audience by name, a docked audience, or a demographic phrase. */
  origin: 'saved' | 'docked' | 'phrase' | 'everyone';
}

export interface PlanTopic {
  question: string;
  questionName: string;
  /** Datapoints the prompt named; empty = every datapoint of the question (a ranking). */
  datapoints: CodeName[];
  suffix: CodeName | null;
  /**
   * How the datapoints make the measured subject. `each` (the default): every datapoint is its own
   * column. `all`: one column, respondents who gave every one of them ("both X and Y"). `any`:
   * one column, respondents who gave at least one ("X or Y", "either"). `at-least`: one column,
   * respondents who gave at least `minCount` of them (the expression's `min_count`).
   */
  combine?: SubjectCombine;
  /** For `combine: 'at-least'`: how many of the datapoints, at least. */
  minCount?: number;
  /** The complement: respondents who did not give the answer(s) ("don't use", "are not on"). */
  negate?: boolean;
  /**
   * Answers of other questions in the same combined subject (with `combine` `all` or `any` only):
   * "use TikTok or Netflix" is respondents who gave TikTok to the platforms question or Netflix to
   * the streaming question, one column `{or: [leaf, leaf]}` (`{and: ...}` for `all`). Absent or
   * empty: the subject is made of the topic's own question.
   */
  also?: PlanTopicPart[];
}

/**
 * Answers of one more question in a combined subject (see `PlanTopic.also`). `not`: the part is
 * excluded, respondents who gave none of its answers ("TikTok but not Instagram"; with `combine`
 * `all` only; the question may be the topic's own).
 */
export interface PlanTopicPart {
  question: string;
  questionName: string;
  datapoints: CodeName[];
  suffix: CodeName | null;
  not?: boolean;
}

export type SubjectCombine = 'each' | 'all' | 'any' | 'at-least';

/** What a plan splits or ranks by: the topic's answers, markets, waves, or the groups of a demographic question. */
export type PlanDimension = 'answers' | 'markets' | 'waves' | 'groups';

/**
 * The verdict an answer states, computed from the engine's numbers (never chosen by a rule):
 * which side is highest or lowest, which side grew more between the first and last wave, whether
 * the measure went up or down between two periods (and by how much).
 */
export type PlanVerdict = 'highest' | 'lowest' | 'grew-more' | 'up-or-down';

/** What is measured, derived from the plan (see `measureOf`). */
export type PlanMeasure = 'share' | 'size' | 'index' | 'average' | 'change';

/** What the assistant will compute: the structured reading of a prompt (plus the chat's context). */
export interface AnalysisPlan {
  kind: AnalysisKind;
  /**
   * The question measured. `null` only for an open indexing question ("what makes Gen Z
   * different?"): every datapoint of the plan's dataset the organisation may use, ranked by index.
   */
  topic: PlanTopic | null;
  /** Never empty: "all respondents" stands in when the prompt names no audience. Two or more: side by side. */
  audiences: PlanAudience[];
  /** Empty = every location the organisation may use, taken together. */
  locations: CodeName[];
  /** Several locations: each is measured on its own (a comparison between markets). */
  splitByLocation: boolean;
  waves: CodeName[];
  /** Waves measured one by one (a trend) rather than together. */
  splitByWave: boolean;
  /** How many datapoints a ranking or an indexing answer lists. */
  limit: number;
  /** Rank from the bottom ("least"). */
  ascending: boolean;
  /** "How many": the projected number of people (the weighted size) as well as the share. */
  count: boolean;
  /**
   * The one dataset whose respondents the plan counts: one that asks every question it uses
   * (`chooseUniverse` of @aas/query-rules-domain, preferring the topic's dataset). Datasets are separate
   * samples weighted to the same population, so counting in two at once counts people twice.
   */
  dataset: CodeName;
  /**
   * What the answer ranks (absent: the topic's answers for a ranking, nothing otherwise). `markets`:
   * each market measured and ordered; `groups`: the audiences are the groups of `groupQuestion`
   * (age bands, income groups), each measured and ordered.
   */
  rankBy?: PlanDimension | null;
  /** The demographic question whose groups are the audiences, with `rankBy: 'groups'`. */
  groupQuestion?: CodeName | null;
  /** The verdict the answer states from the numbers; absent = none. */
  verdict?: PlanVerdict | null;
  /**
   * Two periods compared ("vs the same quarter last year"): `waves` holds exactly the two, oldest
   * first, and the answer is the change between them rather than a trend through every wave.
   */
  pairedPeriods?: boolean;
  /**
   * The measure is the mean of the topic question's answer values (midpoints) over each audience's
   * respondents who answered it ("average age", "mean hours per day"), as the engine computes it for
   * a crosstab item's `avg`; for a grid, of each named row's scale.
   */
  average?: boolean;
  /**
   * The language the prompt was read in (the rule planner's; absent from a model's plan): a short
   * next turn that reads as well in another language is read in it (`turnLanguage`, chat-language.ts).
   */
  language?: PromptLanguage;
}

/** The languages prompts are read in (languages.ts). */
export type PromptLanguage = 'en' | 'de' | 'es' | 'fr' | 'pt' | 'it' | 'ja';

/** The measure of a plan: a size when it counts people, an index, a change over waves, or a share. */
export function measureOf(plan: AnalysisPlan): PlanMeasure {
  if (plan.average) return 'average';
  if (plan.kind === 'indexing') return 'index';
  if (plan.kind === 'trend' || plan.pairedPeriods) return 'change';
  if (plan.count) return 'size';
  return 'share';
}

/**
 * Why no number: not understood; not in the data; not licensed; or `cannot-answer`: the central ask
 * (a metric, range or unit) is not something the catalogue measures, and the message names the
 * nearest question it can answer (`offer`) without presenting that question's numbers as the answer.
 */
export type RefusalReason = 'not-understood' | 'no-data' | 'not-entitled' | 'cannot-answer';

/** A plan to compute; a refusal (no number: not in the data, not licensed, a forecast); or a clarifying question. */
export type PlanOutcome =
  | {
      outcome: 'answer';
      plan: AnalysisPlan;
      notes: string[];
      /** Content words of the prompt the plan does not use (coverage accounting); reported back in `notes`. */
      unused?: string[];
    }
  | { outcome: 'refuse'; reason: RefusalReason; message: string; unknown: string[]; offer?: CodeName }
  | { outcome: 'clarify'; message: string; options: string[] };

/** The metrics of one datapoint for one audience in one segment, as the engine computed them. */
export interface ComputedCell {
  audienceId: string;
  datapoint: string;
  /** Location code, wave code, or '' when the segment is the whole selection. */
  segment: string;
  /** % of the audience matching the datapoint (intersect / row). */
  audiencePercentage: number;
  /** % of all respondents of the base matching the datapoint (column / base). */
  basePercentage: number;
  index: number;
  /** Respondents in the audience (the base the audience % is measured against). */
  audienceSample: number;
  audienceSize: number;
  intersectSample: number;
  intersectSize: number;
  baseSample: number;
  baseSize: number;
  /**
   * The engine's flags of the cell, from its own sample (respondents in the audience AND matching
   * the datapoint): under 50 low base, under 30 unreliable. The one meaning of "low base" in the
   * service (crosstab cells, MCP run_crosstab and the assistant alike).
   */
  lowBase: boolean;
  unreliable: boolean;
  /** For an average column: the engine's mean over the audience's respondents who answered the question. */
  average?: CellAverage;
  /** Split by wave: the engine's test of this cell against the same cell of the previous wave. */
  trend?: CellTrend;
}

/** The engine's average of a cell (docs/metrics.md#averages): weighted mean, its spread, and who answered. */
export interface CellAverage {
  value: number;
  stdDev: number;
  stdError: number;
  /** Weighted size and respondents of those who gave one of the averaged answers. */
  size: number;
  sample: number;
}

/** The engine's test of a cell against the previous wave (split by wave). */
export interface CellTrend {
  previous: string;
  level: number;
  z: number;
  significant: boolean;
  direction: 'up' | 'down' | null;
}

/** One insight as written: its sentence and everything it was computed from. */
export interface WrittenInsight {
  key: string;
  text: string;
  metrics: {
    audience_percentage: number;
    base_percentage: number;
    index: number;
    audience_sample: number;
    audience_size: number;
    positive_sample: number;
    positive_size: number;
    base_sample: number;
    base_size: number;
    low_base: boolean;
    unreliable: boolean;
    /** An average: the engine's weighted mean, standard deviation and standard error, over who answered. */
    average?: { value: number; std_dev: number; std_error: number; size: number; sample: number };
    /** A wave of a trend: the engine's test against the previous wave. */
    trend?: { previous: string; level: number; z: number; significant: boolean; direction: 'up' | 'down' | null };
  };
  attribute: {
    question: string;
    question_name: string;
    datapoint: string;
    datapoint_name: string;
    suffix: string | null;
    suffix_name: string | null;
    /** The engine column exactly as computed: a negated or combined subject is no single datapoint. */
    expression: WireExpression;
  };
  audience: { id: string; name: string; expression: WireExpression };
  locations: string[];
  waves: string[];
}

export interface WrittenAnswer {
  message: string;
  insights: WrittenInsight[];
}

/** Index thresholds for over- and under-indexing (docs/metrics.md#reading-the-numbers). */
export const OVER_INDEX = 120;
export const UNDER_INDEX = 80;
