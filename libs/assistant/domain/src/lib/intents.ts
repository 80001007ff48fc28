/**
 * The words of a question that say what kind of answer is wanted, as opposed to what it is
 * about: cue phrases per kind of answer (a trend, an index, a difference from the average, a
 * comparison, a ranking, a share), the phrases naming the base an index is read against, and
 * the wider vocabulary of asking that never names a topic. Everything here is English: prompts
 * in other languages are translated first (languages.ts). The phrases are data:
 * `../lexicon/cues.json`.
 */
import { LEXICON } from '../lexicon/lexicon';
import { typoMatch } from './text';
import { GROUPS_BY_GENERATION, MARKET_NOUNS } from './planner/dimension-words';

/** Change over time: the answer is one figure per wave. */
export const TREND_CUES = LEXICON.cues.trend;

/** Index words proper: the audience against the base. */
export const INDEX_CUES = LEXICON.cues.index;

/**
 * How a group differs from everyone: with one group and no topic, an open index ("what makes
 * Gen Z different?"); with two named sides, a comparison ("how do men and women differ on X?").
 */
export const DIFFERENCE_CUES = LEXICON.cues.difference;

export const COMPARISON_CUES = LEXICON.cues.comparison;

export const RANKING_CUES = LEXICON.cues.ranking;

export const SHARE_CUES = LEXICON.cues.share;

/**
 * What an index is read against, said in words ("everyone else", "the general population",
 * "the average internet user"): part of the question's frame, never a topic or an audience.
 */
export const BASE_PHRASES = LEXICON.cues.base;

/** A phrase list as one regular expression over normalised, space-padded text. */
export function cueRegex(phrases: readonly string[]): RegExp {
  const sorted = [...phrases].sort((a, b) => b.length - a.length).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`\\b(${sorted.join('|')})\\b`);
}

/** Words of asking (kinds, time, frame) that are never read as "not in the data". */
export const QUERY_WORDS = new Set(
  LEXICON.cues.queryWords.concat(
    ...[TREND_CUES, INDEX_CUES, DIFFERENCE_CUES, COMPARISON_CUES, RANKING_CUES, SHARE_CUES, BASE_PHRASES, LEXICON.cues.profileRequests].map((l) =>
      l.flatMap((p) => p.split(' ')),
    ),
  ),
);

/** Words of politeness and hesitation: never a topic. */
export const FILLER = new Set(LEXICON.cues.filler);

/** Whether a word says nothing about a topic: a filler, or too short to be a name. */
export function isFiller(w: string): boolean {
  return FILLER.has(w) || w.length <= 2;
}

// The words of a dimension ("markt", "contry", "genration") are read as meant too.
const CUE_WORDS = [
  ...new Set([
    ...[...TREND_CUES, ...INDEX_CUES, ...DIFFERENCE_CUES, ...COMPARISON_CUES, ...RANKING_CUES, ...SHARE_CUES].filter((p) => !p.includes(' ')),
    ...MARKET_NOUNS,
    ...GROUPS_BY_GENERATION,
  ]),
];

/**
 * The cue word an unknown word is a typo of ("diffrent" -> "different", "trnd" is too short),
 * when exactly one is that close; `undefined` otherwise. Callers first make sure the word is
 * no catalogue name or a typo of one: a name wins over a cue.
 */
export function cueTypo(word: string): string | undefined {
  let found: string | undefined;
  for (const cue of CUE_WORDS) {
    if (!typoMatch(word, cue)) continue;
    if (found !== undefined) return undefined;
    found = cue;
  }
  return found;
}
