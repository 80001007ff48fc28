/*
 * The words of dimensions and verdicts (English; prompts in other languages reach the planner
 * translated word by word). Data, not rules: each set is read by `readDimensions`.
 */

/** Superlatives and comparatives asking for the highest side. */
export const HIGHEST_WORDS = new Set([
  'most',
  'more',
  'highest',
  'higher',
  'biggest',
  'bigger',
  'largest',
  'greatest',
  'strongest',
  'top',
  'best',
  'leading',
  'fastest',
  'faster',
  'quickest',
]);

/** Superlatives and comparatives asking for the lowest side. */
export const LOWEST_WORDS = new Set(['least', 'lowest', 'fewest', 'smallest', 'weakest', 'bottom', 'worst', 'less', 'fewer']);

/** Words for a market. */
export const MARKET_NOUNS = new Set(['country', 'countries', 'market', 'markets', 'nation', 'nations']);

/** Words asking for an order: "rank our markets", "country ranking", "order the countries". */
export const RANK_WORDS = new Set(['rank', 'ranks', 'ranked', 'ranking', 'rankings', 'order', 'ordered', 'sort', 'sorted', 'league']);

/** Words before a demographic question whose groups are ranked: "which age group", "by income", "rank employment groups". */
export const GROUP_LEADS = new Set(['which', 'what', 'by', 'across', 'per', 'each', 'every', 'rank', 'ranked', 'compare', 'between']);

/** Words for one group of a demographic question ("age band", "income bracket", "education level"). */
export const GROUP_HEADS = new Set(['group', 'groups', 'band', 'bands', 'bracket', 'brackets', 'level', 'levels', 'status', 'size', 'sizes']);

/** Words for the generations (the curated age audiences). */
export const GROUPS_BY_GENERATION = new Set(['generation', 'generations', 'cohort', 'cohorts']);

/**
 * A demographic question named by one word after a lead ("by age", "which gender"): its code. A
 * question named otherwise must end in a word for a group ("age group", "household income band"),
 * so that "which PC gaming stores" stays a question about stores.
 */
export const GROUP_ALIASES: Record<string, string> = {
  age: 'age_group',
  income: 'income_group',
  education: 'education_level',
  employment: 'employment_status',
  gender: 'gender',
  genders: 'gender',
  sex: 'gender',
};
