/*
 * Phrase tables of the planner: places, audiences, answer scales and names in the words people
 * use. The words themselves are data (`../lexicon/*.json`, read once at start); these are the
 * typed views the planner reads.
 */
import { LEXICON } from '../lexicon/lexicon';

export type { AudiencePhrase } from '../lexicon/read-lexicon';

/**
 * Location code -> names, adjectives and demonyms (normalised), in the languages of the markets
 * in the data (and Italian). Catalogue names are added at run time. "us" and "usa" are not
 * here: as words they are a pronoun and a Spanish, Portuguese or Italian verb, so the planner
 * reads them as markets only where they cannot be those (see `findSpans` and `marketUs`).
 */
export const LOCATION_ALIASES = LEXICON.places.locationAliases;

/** Places the survey does not cover: named so the assistant can say so instead of ignoring them. */
export const OTHER_PLACES = LEXICON.places.otherPlaces;

/** Regions: the markets of the data that lie in them, side by side. */
export const REGIONS = LEXICON.places.regions;

/** Words that name every market together rather than one. */
export const ALL_MARKETS = LEXICON.places.allMarkets;

/**
 * Demographic phrases -> the curated audience they name (by name), with the standard expression
 * to use when no audience of that name is in the catalogue.
 */
export const AUDIENCE_PHRASES = LEXICON.audiences.audiencePhrases;

/** The age bands of `age_group`: [code, low, high]. */
export const AGE_BANDS = LEXICON.audiences.ageBands;

/**
 * Answer-scale words -> the suffix name they point to (normalised). Frequency words also name
 * the datapoints of frequency questions ("listen to podcasts daily").
 */
export const SUFFIX_ALIASES = LEXICON.scales.suffixAliases;

/** Words that carry a suffix only in a grid that asks about it, not "use" in general (see the planner). */
export const WEAK_SUFFIX_WORDS = new Set(LEXICON.scales.weakSuffixWords);

/** Topic words -> words the catalogue uses for them (stems are compared after this expansion). */
export const TOPIC_SYNONYMS = LEXICON.topics.topicSynonyms;

/** Nouns that make a datapoint a group of people ("TikTok users", "Netflix subscribers"). */
export const GROUP_NOUNS = new Set(LEXICON.topics.groupNouns);

/** Verbs said with a thing -> the words of a question's name or description that say that act (`topics.json`). */
export const VERB_FRAMES = LEXICON.topics.verbFrames;
