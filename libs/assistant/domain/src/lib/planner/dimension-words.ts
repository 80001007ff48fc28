import { LEXICON } from '../../lexicon/lexicon';

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
  'lead',
  'leads',
  'tops',
  'ahead',
  'heaviest',
  'keenest',
  'widest',
]);

/** Superlatives and comparatives asking for the lowest side. */
export const LOWEST_WORDS = new Set(['least', 'lowest', 'fewest', 'smallest', 'weakest', 'bottom', 'worst', 'less', 'fewer', 'lightest', 'slowest', 'poorest']);

/**
 * Comparatives that ask for the lowest side only when said of the sides themselves ("which group is
 * lower?", "lower in Spain"), never before the word they describe ("lower earners", "lower income").
 */
export const PREDICATIVE_LOWEST_WORDS = new Set(['lower']);

/** Words after which a predicative comparative is said of the sides (`''`: the end of the prompt). */
export const PREDICATIVE_AFTER = new Set(['', '|', 'one', 'ones', 'then', 'for', 'on', 'in', 'among', 'than', 'overall', 'here', 'there']);

/** Words for a market. */
export const MARKET_NOUNS = new Set(['country', 'countries', 'market', 'markets', 'nation', 'nations']);

/** Words asking for an order: "rank our markets", "country ranking", "order the countries". */
export const RANK_WORDS = new Set(['rank', 'ranks', 'ranked', 'ranking', 'rankings', 'order', 'ordered', 'sort', 'sorted', 'league']);

/** Words before a demographic question whose groups are ranked: "which age group", "by income", "rank employment groups". */
export const GROUP_LEADS = new Set(['which', 'what', 'by', 'across', 'per', 'each', 'every', 'rank', 'ranked', 'compare', 'between']);

/** Words between a lead and the groups it leads to ("rank the generations", "across all income groups"). */
export const DETERMINERS_BEFORE_GROUP = new Set(['the', 'all', 'our', 'different', 'each']);

/**
 * Words of a difference after a group question's name: "a gender gap in Twitch usage", "age
 * differences in Netflix use" are the groups compared on the topic ("gender split of Reddit users"
 * is the profile of an audience, not this).
 */
export const DIFFERENCE_NOUNS = new Set(['difference', 'differences', 'gap', 'gaps', 'divide', 'divides']);

/** Words after a group question's name that make it the topic, profiled in an audience ("age profile of", "gender split of"). */
export const PROFILE_NOUNS = new Set(['profile', 'profiles', 'split', 'breakdown', 'mix', 'makeup', 'composition', 'distribution', 'skew']);

/** Words for one group of a demographic question ("age band", "income bracket", "education level"). */
export const GROUP_HEADS = new Set([
  'group',
  'groups',
  'band',
  'bands',
  'bracket',
  'brackets',
  'level',
  'levels',
  'status',
  'size',
  'sizes',
  'tier',
  'tiers',
  'segment',
  'segments',
  'category',
  'categories',
  'type',
  'types',
  'kind',
  'kinds',
  'sort',
  'sorts',
]);

/** "Younger or older people", "old or young": the age groups side by side (the words, then the pattern). */
export const AGE_CONTRAST =
  /(?<!\b(years?|aged?|\d+) )\b(younger|young|older|old|seniors|elderly)( (people|ones|adults|consumers|users|respondents))? (or|vs|versus|than|and|compared (with|to)) (the )?(younger|young|older|old|seniors|elderly)\b|\b(younger|older)( \w+){1,4} than (the )?(younger|older|young|old)\b/;

/**
 * Comparatives set against each other that contrast the groups of a demographic question, by a word
 * of its code: "bigger or smaller households" (household_size), "richer or poorer people"
 * (income_group). The word names the question; the groups are its answers.
 */
export const GROUP_CONTRASTS: Record<string, string> = {
  bigger: 'size',
  larger: 'size',
  smaller: 'size',
  richer: 'income',
  poorer: 'income',
  wealthier: 'income',
  affluent: 'income',
};

/** Nouns for people grouped by a word of a question's code, after a list of their groups ("high, middle or low earners"). */
export const GROUP_PEOPLE_NOUNS: Record<string, string> = { earners: 'income', earner: 'income' };

/** Words for the generations (the curated age audiences). */
export const GROUPS_BY_GENERATION = new Set(['generation', 'generations', 'cohort', 'cohorts']);

/** "Which gen is most into hiking?": chat shorthand for a generation, read so only after a lead and never before a generation's letter ("gen z"). */
export const GENERATION_SHORTHAND = new Set(['gen', 'gens']);
export const GENERATION_LETTERS = new Set(['z', 'x', 'y', 'alpha', 'zers', 'zer', 'xers', 'xer']);

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

/**
 * The dimension cues (and the words of a size: "wie groß", "taille", "tamaño") and the time words
 * in the other languages the planner reads, as phrases translated into the English above: data in
 * `lexicon/dimensions.json` (merged into the language's phrase table; normalised: lower case, no
 * accents, apostrophes as spaces).
 */
export const DIMENSION_PHRASES: Record<'de' | 'es' | 'fr' | 'pt' | 'it', [string, string][]> = LEXICON.dimensions.phrases;

/** Words of going on before a word of change ("still climbing", "keeps growing"): that word is the trend asked, never a name ("Climbing"). */
export const CONTINUING_WORDS = new Set(['still', 'keep', 'keeps', 'kept', 'continues', 'continued']);
