/**
 * Text helpers of the planner. Prompts and catalogue names go through the same normalisation,
 * so a phrase match is a comparison of word lists (or a substring test on space-padded text).
 */
import { distance } from 'fastest-levenshtein';
import porter2 from 'wink-porter2-stemmer';

/**
 * Lower case, accents off (Latin letters only, so Japanese kana keep their marks), full-width
 * forms folded, apostrophes and punctuation out, digit ranges ("25-34") kept, "+" read as
 * "plus", single spaces, padded with one space each side.
 */
export function normalize(text: string): string {
  const s = foldAccents(text.normalize('NFKC').toLowerCase())
    .replace(/[\u2018\u2019`´]/g, "'")
    // English negative contractions: "aren't" is "are not", not "aren" and a stray "t".
    .replace(/\b(can)'t\b/g, '$1 not')
    .replace(/\bwon't\b/g, 'will not')
    .replace(/n't\b/g, ' not')
    .replace(/'s\b/g, '')
    .replace(/%/g, ' percent ')
    .replace(/(\d)\s*[-\u2013\u2014~〜]\s*(\d)/g, '$1-$2')
    .replace(/(\d)\s*\+/g, '$1 plus')
    .replace(/\+/g, ' plus ')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}\- ]+/gu, ' ')
    .replace(/(?<!\d)-|-(?!\d)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return ` ${s} `;
}

/** Latin accents off ("é" -> "e", "ß" -> "ss"); other scripts as they are. */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ø/g, 'o');
}

const CANONICAL: Record<string, string> = {
  used: 'use',
  uses: 'use',
  using: 'use',
  usage: 'use',
  user: 'use',
  users: 'use',
  watching: 'watch',
  watched: 'watch',
  watches: 'watch',
  bought: 'buy',
  buying: 'buy',
  purchase: 'buy',
  purchased: 'buy',
  purchases: 'buy',
  shopping: 'shop',
  shops: 'shop',
  networks: 'social',
  network: 'social',
  apps: 'app',
  listening: 'listen',
  listened: 'listen',
  listens: 'listen',
  played: 'play',
  playing: 'play',
  plays: 'play',
  games: 'game',
  gaming: 'game',
  owned: 'own',
  owns: 'own',
  owning: 'own',
  ownership: 'own',
  held: 'own',
  hold: 'own',
  holds: 'own',
  holder: 'own',
  holders: 'own',
  holding: 'own',
  ate: 'eat',
  drove: 'drive',
  wore: 'wear',
  flew: 'use',
  flown: 'use',
  fly: 'use',
  flying: 'use',
  followed: 'follow',
  follows: 'follow',
  following: 'follow',
  read: 'read',
  reading: 'read',
  reads: 'read',
};

const stems = new Map<string, string>();

/**
 * A word's stem: a few canonical forms (irregular verbs, "usage" for "use"), then the Porter2
 * stemmer, so that a word and its derivations meet ("insurers" and "insurance", "ordered" and
 * "order") without conflating unrelated words that merely start alike ("general", "generative").
 */
export function stem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    s = porter2(CANONICAL[word] ?? word);
    if (stems.size < 50_000) stems.set(word, s);
  }
  return s;
}

/** Words that carry no topic. */
export const STOPWORDS = new Set(
  (
    'a an the of in on at to for from by with and or but not no do does did done is are was were be been being am ' +
    'what which who whom whose how why when where there here this that these those it its they them their we our us you your ' +
    'i me my he she his her than then so as if about into over under up down out more most less least very much many ' +
    'percent percentage share proportion pct number top rank ranking popular biggest main leading show tell give list ' +
    'please can could would should will shall may might must also just only same other others each every any all some ' +
    'people person respondent respondents consumer consumers internet user users audience audiences market markets country countries ' +
    'compare compared comparison versus vs between difference differ different against like likely say said ' +
    'trend trends over time changed change wave waves quarter quarters year years latest recent current now today ' +
    'index indexing overindex underindex stand distinctive unique skew make makes made really actually ok okay now then ' +
    'one two three four five six seven eight nine ten twenty next last past since ever often whether among amongst ' +
    'hey hi hello um uh hmm well so basically kind sort lot lots thing things stuff know want wanna see look get got ' +
    'does doing go going think guess wondering curious quick quickly roughly approximately about around exactly ' +
    'folks guys individuals population everyone everybody anyone anybody total overall whole has had having'
  ).split(' '),
);

/**
 * Function words: articles, pronouns, prepositions, conjunctions and auxiliaries. What is left
 * of a long name without them ("like", "stand", "crowd" of "I like to stand out from the
 * crowd") says what the name is about.
 */
export const FUNCTION_WORDS = new Set(
  (
    'a an the of in on at to for from by with and or but not no nor do does did is are was were be been being am has have had ' +
    'i me my mine we us our you your he him his she her it its they them their this that these those who whom whose which what ' +
    'than then so as if about into onto over under up down out off per via'
  ).split(' '),
);

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  hundred: 100,
};

/** A count written in digits or as an English word ("three"); other languages are translated to English first. */
export function numberWord(word: string): number | undefined {
  if (/^\d+$/.test(word)) return Number(word);
  return NUMBER_WORDS[word];
}

/**
 * The number of typos a word of this length may carry and still match: none up to 4 letters
 * (so short words never match by accident), one up to 8, two from 9.
 */
export function typoBudget(length: number): number {
  if (length <= 4) return 0;
  if (length <= 8) return 1;
  return 2;
}

/** Whether two words differ by exactly one swap of adjacent letters ("tiktko" / "tiktok"). */
function oneTransposition(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i < a.length - 1 && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/** How many typos separate two words: a swap of two adjacent letters counts as one. */
export function typoDistance(typed: string, known: string): number {
  if (typed === known) return 0;
  return oneTransposition(typed, known) ? 1 : distance(typed, known);
}

/**
 * Whether `typed` is `known` written with at most the typos its length allows (edits by
 * Levenshtein distance; a swap of two adjacent letters counts as one typo). The first letter
 * must agree: people rarely mistype it, and it keeps unrelated short names apart.
 */
export function typoMatch(typed: string, known: string): boolean {
  if (typed === known) return true;
  const budget = Math.min(typoBudget(typed.length), typoBudget(known.length));
  if (budget === 0 || typed[0] !== known[0] || Math.abs(typed.length - known.length) > budget) return false;
  if (/\d/.test(typed) || /\d/.test(known)) return false;
  return distance(typed, known) <= budget || oneTransposition(typed, known);
}
