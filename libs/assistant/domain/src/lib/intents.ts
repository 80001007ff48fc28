/**
 * The words of a question that say what kind of answer is wanted, as opposed to what it is
 * about: cue phrases per kind of answer (a trend, an index, a difference from the average, a
 * comparison, a ranking, a share), the phrases naming the base an index is read against, and
 * the wider vocabulary of asking that never names a topic. Everything here is English: prompts
 * in other languages are translated first (languages.ts).
 */
import { typoMatch } from './text';

/** Change over time: the answer is one figure per wave. */
export const TREND_CUES = [
  'trend',
  'trends',
  'trending',
  'trajectory',
  'changed',
  'change',
  'changing',
  'changes',
  'evolved',
  'evolve',
  'evolving',
  'evolution',
  'develop',
  'developed',
  'development',
  'grown',
  'grow',
  'grew',
  'growing',
  'growth',
  'gaining',
  'gained',
  'gains',
  'losing ground',
  'lost ground',
  'shrinking',
  'shrunk',
  'shrank',
  'climbing',
  'climbed',
  'slipping',
  'slipped',
  'increased',
  'increase',
  'increasing',
  'decreased',
  'decrease',
  'decreasing',
  'declined',
  'declining',
  'decline',
  'rising',
  'risen',
  'rise',
  'rose',
  'falling',
  'fallen',
  'fall',
  'fell',
  'dropped',
  'drop',
  'dropping',
  'narrowed',
  'narrowing',
  'widened',
  'widening',
  'gone up',
  'gone down',
  'go up',
  'going up',
  'going down',
  'went up',
  'went down',
  'picked up',
  'picking up',
  'taken off',
  'took off',
  'moved',
  'shifted',
  'shift',
  'over time',
  'wave by wave',
  'quarter by quarter',
  'per quarter',
  'by quarter',
  'each quarter',
  'every quarter',
  'per wave',
  'each wave',
  'by wave',
  'lost',
  'losing',
  'quarterly',
  'track',
  'tracking',
  'year on year',
  'up or down',
  'momentum',
  'plot',
  'chart',
];

/** Index words proper: the audience against the base. */
export const INDEX_CUES = [
  'over index',
  'overindex',
  'over indexes',
  'over indexed',
  'over indexing',
  'overindexes',
  'overindexing',
  'under index',
  'underindex',
  'under indexes',
  'under indexed',
  'under indexing',
  'index',
  'indexes',
  'indices',
  'skew',
  'skews',
  'skewed',
  'than average',
  'than the average',
  'above average',
  'below average',
  'over represented',
  'under represented',
  'overrepresented',
  'underrepresented',
  'disproportionately',
  'affinity',
  'propensity',
  'vs average',
  'versus average',
  'compared to average',
  'compared with average',
  'against average',
  'especially popular',
  'particularly popular',
  'especially likely',
  'particularly likely',
  'disproportionate',
  'out of proportion',
];

/**
 * How a group differs from everyone: with one group and no topic, an open index ("what makes
 * Gen Z different?"); with two named sides, a comparison ("how do men and women differ on X?").
 */
export const DIFFERENCE_CUES = [
  'different',
  'differently',
  'differ',
  'differs',
  'differing',
  'differences',
  'distinctive',
  'distinct',
  'distinguish',
  'distinguishes',
  'distinguishing',
  'unique',
  'special',
  'notable',
  'remarkable',
  'stand out',
  'stands out',
  'standout',
  'stand apart',
  'stands apart',
  'sets apart',
  'set apart',
  'sets them apart',
  'apart',
  'unusually',
  'unusual',
  'peculiar',
  'typical',
  'unlike',
  'characterise',
  'characterize',
  'characterises',
  'characterizes',
  'characteristic',
  'characteristics',
  'trait',
  'traits',
  'define',
  'defines',
  'defining',
  'tick',
  'profile',
  'describe',
  'over indexes',
  'strongest',
  'biggest skews',
  'key over indexes',
];

export const COMPARISON_CUES = [
  'compare',
  'compared',
  'comparison',
  'contrast',
  'versus',
  'vs',
  'against',
  'differ',
  'difference',
  'side by side',
  'next to',
  'stack up',
  'stacks up',
  'which group',
  'who uses',
  'who is more',
  'who s more',
];

export const RANKING_CUES = [
  'top',
  'most',
  'least',
  'rank',
  'ranking',
  'ranked',
  'league table',
  'popular',
  'biggest',
  'leading',
  'favourite',
  'favorite',
  'main',
  'best',
  'which',
  'what are the',
  'common',
  'mostly',
];

export const SHARE_CUES = [
  'share',
  'percent',
  'percentage',
  'proportion',
  'fraction',
  'portion',
  'how many',
  'penetration',
  'how common',
  'how widespread',
  'what share',
  'reach',
  'rate',
];

/**
 * What an index is read against, said in words ("everyone else", "the general population",
 * "the average internet user"): part of the question's frame, never a topic or an audience.
 */
export const BASE_PHRASES = [
  'everyone else',
  'everybody else',
  'anyone else',
  'the rest of the population',
  'the rest of the country',
  'rest of the population',
  'the general population',
  'general population',
  'the general public',
  'general public',
  'the population at large',
  'the average internet user',
  'average internet user',
  'the average person',
  'average person',
  'the average consumer',
  'all adults',
  'all respondents',
  'all internet users',
  'the total population',
  'total population',
  'whole population',
  'overall population',
  'national average',
  'the population',
  'the whole population',
  'the overall population',
  'the wider population',
  'the online population',
  'the national average',
  'the country as a whole',
  'everyone',
  'everybody',
  'the average',
  'the rest',
  'the others',
  'other people',
  'others',
  'the norm',
  'the mainstream',
];

/** A phrase list as one regular expression over normalised, space-padded text. */
export function cueRegex(phrases: readonly string[]): RegExp {
  const sorted = [...phrases].sort((a, b) => b.length - a.length).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`\\b(${sorted.join('|')})\\b`);
}

/** Words of asking (kinds, time, frame) that are never read as "not in the data". */
export const QUERY_WORDS = new Set(
  (
    'index indexes indexed indexing overindex underindex average represented likely unlikely ' +
    'stand stands set sets key group groups rank ranked mostly common bigger larger smaller higher lower more less people adults online population ' +
    'show give tell list please thanks thank what which who how where when why among across between within per each by vs or and quarter quarters wave waves year years month months ' +
    'now today currently latest recent previous one ago since until through from to over past last next this that these those them they it its their there here same also just only ' +
    'rely split breakdown distribution age gender income into really very interested pretty else general public norm mainstream rest respects ways way ' +
    'likelier likeliest whereabouts respect regard regards terms things thing do have does doing having get gets big bigger size sized'
  )
    .split(' ')
    .concat(...[TREND_CUES, INDEX_CUES, DIFFERENCE_CUES, COMPARISON_CUES, RANKING_CUES, SHARE_CUES, BASE_PHRASES].map((l) => l.flatMap((p) => p.split(' ')))),
);

/** Words of politeness and hesitation: never a topic. */
export const FILLER = new Set([
  'hey',
  'hi',
  'hello',
  'thanks',
  'thank',
  'cheers',
  'um',
  'uh',
  'like',
  'guess',
  'pls',
  'please',
  'lol',
  'ok',
  'yeah',
  'so',
  'really',
  'me',
  'give',
  'show',
  'tell',
  'could',
  'would',
  'can',
]);

/** Whether a word says nothing about a topic: a filler, or too short to be a name. */
export function isFiller(w: string): boolean {
  return FILLER.has(w) || w.length <= 2;
}

const CUE_WORDS = [
  ...new Set([...TREND_CUES, ...INDEX_CUES, ...DIFFERENCE_CUES, ...COMPARISON_CUES, ...RANKING_CUES, ...SHARE_CUES].filter((p) => !p.includes(' '))),
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
