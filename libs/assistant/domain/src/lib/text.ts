/**
 * Text helpers of the planner. Prompts and catalogue names go through the same normalisation,
 * so a phrase match is a comparison of word lists (or a substring test on space-padded text).
 */
import { distance } from 'fastest-levenshtein';
import porter2 from 'wink-porter2-stemmer';
import { LEXICON } from '../lexicon/lexicon';
import { countsAsDigits } from './counts';

/** Currency signs before an amount, and the word the amount is read with. */
const CURRENCY_WORDS: Record<string, string> = { r$: 'reais', $: 'dollars', '€': 'euros', '£': 'pounds', '¥': 'yen', '₹': 'rupees' };
const SIGN = '(r\\$|[$€£¥₹])';
const AMOUNT = '(\\d+(?:\\.\\d+)?)(k\\b)?';
const CURRENCY_RANGE = new RegExp(`${SIGN}\\s?${AMOUNT}\\s*[-\u2013]\\s*(?:r\\$|[$€£¥₹])?\\s?${AMOUNT}`, 'g');
const CURRENCY_AMOUNT = new RegExp(`${SIGN}\\s?${AMOUNT}`, 'g');
/** "200k" is 200000. */
const thousands = (n: string, k: string | undefined) => (k ? String(Math.round(Number(n) * 1000)) : n);

const AMOUNT_PHRASES = new RegExp(
  `\\b(?:${Object.keys(LEXICON.english.amountPhrases)
    .sort((a, b) => b.length - a.length)
    .map((p) => p.replace(/ /g, '\\s+'))
    .join('|')})\\b`,
  'g',
);

/** A phrase of the lexicon as a literal in a regular expression; `spaced` lets its spaces match any run of space. */
export function escapeRegExp(phrase: string, spaced = false): string {
  const literal = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return spaced ? literal.replace(/ /g, '\\s+') : literal;
}

/** Whether `text` says `name` as whole words (no letter on either side), in any case: "Activities on Instagram" names "Instagram". */
export const namesWhole = (text: string, name: string) => new RegExp(`(?<![\\p{L}])${escapeRegExp(name)}(?![\\p{L}])`, 'iu').test(text);

/** Texts already normalised: the same lexicon phrases and catalogue names are normalised at every prompt. */
const normalised = new Map<string, string>();
/**
 * Texts longer than this are not kept: nearly every phrase and name normalised again and again is
 * shorter, while most prompts are longer and are normalised only in their own plan.
 */
const MEMO_MAX_LENGTH = 40;

/**
 * Lower case, accents off (Latin letters only, so Japanese kana keep their marks), full-width
 * forms folded, apostrophes and punctuation out, digit ranges ("25-34") kept, "+" read as
 * "plus", single spaces, padded with one space each side.
 *
 * Memoised for short texts (bounded, as `stem` is): the planner normalises ~250 texts a prompt,
 * nearly all of them lexicon phrases and catalogue names it normalised at the prompt before.
 */
export function normalize(text: string): string {
  if (text.length > MEMO_MAX_LENGTH) return normalizeAfresh(text);
  let s = normalised.get(text);
  if (s === undefined) {
    s = normalizeAfresh(text);
    if (normalised.size < 50_000) normalised.set(text, s);
  }
  return s;
}

function normalizeAfresh(text: string): string {
  const s = foldAccents(text.normalize('NFKC').toLowerCase())
    .replace(/[\u2018\u2019`´]/g, "'")
    // English negative contractions: "aren't" is "are not", not "aren" and a stray "t".
    .replace(/\b(can)'t\b/g, '$1 not')
    .replace(/\bwon't\b/g, 'will not')
    .replace(/n't\b/g, ' not')
    .replace(/'s\b/g, '')
    .replace(/%/g, ' percent ')
    // Amounts of money: "$50" is "50 dollars", "€10-€24" is "10-24 euros", "100,000" and "30.000" one number.
    .replace(/(\d)[,.](?=\d{3}\b)/g, '$1')
    .replace(
      CURRENCY_RANGE,
      (_, sign: string, lo: string, k1?: string, hi?: string, k2?: string) => `${thousands(lo, k1)}-${thousands(hi ?? lo, k2)} ${CURRENCY_WORDS[sign]} `,
    )
    .replace(CURRENCY_AMOUNT, (_, sign: string, n: string, k?: string) => `${thousands(n, k)} ${CURRENCY_WORDS[sign]} `)
    // Amounts said in words: "earning six figures" is 100000 dollars or more.
    .replace(AMOUNT_PHRASES, (phrase: string) => ` ${LEXICON.english.amountPhrases[phrase.replace(/\s+/g, ' ')]} `)
    .replace(/(\d)\s*[-\u2013\u2014~〜]\s*(\d)/g, '$1-$2')
    // Counts as words read as digits, as answer names write them ("one-person" is "1 person").
    .replace(/[\s\S]*/, countsAsDigits)
    .replace(/(\d)\s*\+/g, '$1 plus')
    .replace(/\+/g, ' plus ')
    .replace(/&/g, ' and ')
    // A decimal point stays ("5.5 hours"); every other full stop goes.
    .replace(/(?<!\d)\.|\.(?!\d)/g, ' ')
    .replace(/[^\p{L}\p{N}\-. ]+/gu, ' ')
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

/** Forms read as another word before stemming (`en.json` canonical: "held" as "own"). */
export const CANONICAL: Readonly<Record<string, string>> = LEXICON.english.canonical;

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

/** A word's Porter2 stem as written, without the canonical forms: whether two words are one word inflected ("reads", "reading"). */
export const writtenStem = (word: string): string => porter2(word);

/** Words that carry no topic. */
export const STOPWORDS = new Set(LEXICON.english.stopwords);

/**
 * Function words: articles, pronouns, prepositions, conjunctions and auxiliaries. What is left
 * of a long name without them ("like", "stand", "crowd" of "I like to stand out from the
 * crowd") says what the name is about.
 */
export const FUNCTION_WORDS = new Set(LEXICON.english.functionWords);

const NUMBER_WORDS = LEXICON.english.numberWords;

/** A count written in digits or as an English word ("three"); other languages are translated to English first. */
export function numberWord(word: string): number | undefined {
  if (/^\d+(\.\d+)?$/.test(word)) return Number(word);
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

/** The lower-case words of an answer's name, letters only ("Former smoker": "former", "smoker"). */
export const nameWords = (name: string): string[] =>
  name
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
