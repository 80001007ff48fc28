/*
 * Words asking for a size in people rather than (only) a share: "in millions", "how big is the
 * audience", "user base", "the number of ...", in the languages of the markets; the phrases of
 * `cues.json` `size` ("weighted count", "universe size", "in numbers").
 */
import { LEXICON } from '../../lexicon/lexicon';

/** The size phrases of the lexicon, longest first, as word lists. */
const SIZE_PHRASES = [...LEXICON.cues.size].sort((a, b) => b.length - a.length).map((p) => p.split(' '));

/** The words of the size phrases ("weighted", "universe"): a headcount plan stands on them. */
export const SIZE_WORDS = new Set(SIZE_PHRASES.flat());

/** Where each size phrase of the lexicon stands in `words`: the positions of its words. */
function sizePhrasePositions(words: readonly string[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < words.length; i++)
    for (const phrase of SIZE_PHRASES)
      if (phrase.every((w, k) => words[i + k] === w)) {
        for (let k = 0; k < phrase.length; k++) out.push(i + k);
        break;
      }
  return out;
}

const UNITS_NOT_PEOPLE =
  /^(hours?|times|days?|minutes?|holidays?|children|kids|brands?|platforms?|devices?|waves?|quarters?|years?|months?|weeks?|apps?|services?|products?)$/;
export const MILLIONS = new Set(['million', 'millions', 'millionen', 'millones', 'milhoes', 'milhao', 'milioni', 'mio', 'mn']);
const GROUP_HEADS =
  /^(audience|user|users|customer|customers|viewer|viewers|listener|listeners|player|players|subscriber|subscribers|reader|readers|fan|fans|owner|owners|buyer|buyers)$/;

/** Positions of words asking for a size ("audience size", "size of", "how large") that name no question ("Household size"). */
export function sizeCuePositions(words: readonly string[]): number[] {
  const out: number[] = sizePhrasePositions(words);
  const household = (i: number) => /^(household|households|family|families|home|homes)$/.test(words[i] ?? '');
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if ((w === 'size' || w === 'sizes') && !household(i - 1) && !household(i + 1) && !household(i + 2)) {
      if (GROUP_HEADS.test(words[i - 1] ?? '') || words[i + 1] === 'of' || ['the', 'its', 'their', 'what', 'whats'].includes(words[i - 1] ?? '')) out.push(i);
    } else if (w === 'base' && GROUP_HEADS.test(words[i - 1] ?? '')) out.push(i);
    else if ((w === 'big' || w === 'large') && words[i - 1] === 'how') out.push(i);
    else if (MILLIONS.has(w)) out.push(i);
    else if (w === 'in') out.push(...qualifiedNumbers(words, i));
  }
  return out;
}

const CUES = LEXICON.cues;
const NUMBER_MODIFIERS = new Set(CUES.sizeNumberModifiers);

/** "In actual ppl numbers", "in real user numbers": "in", one or two words qualifying a number of people, then "numbers"; their positions. */
function qualifiedNumbers(words: readonly string[], at: number): number[] {
  for (let n = 1; n <= 2; n++) {
    const between = words.slice(at + 1, at + 1 + n);
    if (between.length === n && between.every((w) => NUMBER_MODIFIERS.has(w)) && /^numbers?$/.test(words[at + 1 + n] ?? ''))
      return Array.from({ length: n + 2 }, (_, k) => at + k);
  }
  return [];
}
const SUPERLATIVES = new Set(CUES.sizeSuperlatives);
const SIZE_HEADS = CUES.sizeHeads.map((h) => h.split(' '));
const SIZE_NOUNS = CUES.sizeNouns.map((n) => n.split(' '));
/** The one-word share nouns of the lexicon ("share", "percentage", "proportion"). */
const SHARE_NOUNS = new Set(CUES.share.filter((p) => !p.includes(' ')));

/** How many words of one of `phrases` stand at `i` (0 when none). */
function phraseAt(words: readonly string[], i: number, phrases: readonly string[][]): number {
  return phrases.find((p) => p.every((w, k) => words[i + k] === w))?.length ?? 0;
}

/**
 * "The biggest Spotify audience", "which market has the largest user base": a superlative of
 * size before a group's head, up to three words between, none of them a share ("the larger share
 * of the population" is a share).
 */
export function superlativeOfSize(words: readonly string[]): boolean {
  return words.some(
    (w, i) =>
      SUPERLATIVES.has(w) &&
      [1, 2, 3, 4].some((k) => phraseAt(words, i + k, SIZE_HEADS) > 0 && !words.slice(i + 1, i + k).some((x) => SHARE_NOUNS.has(x) || x === '|')),
  );
}

/** "Both the number and the percentage of", "the share and the headcount": a number of people asked beside a share. */
export function numberBesideShare(words: readonly string[]): boolean {
  const afterAnd = (j: number) => (words[j] === 'and' ? j + 1 + (['the', 'a', 'its', 'their'].includes(words[j + 1]) ? 1 : 0) : -1);
  return words.some((w, i) => {
    const noun = phraseAt(words, i, SIZE_NOUNS);
    if (noun > 0 && SHARE_NOUNS.has(words[afterAnd(i + noun)] ?? '')) return true;
    return SHARE_NOUNS.has(w) && afterAnd(i + 1) > 0 && phraseAt(words, afterAnd(i + 1), SIZE_NOUNS) > 0;
  });
}

/** Whether the prompt asks for a number of people rather than (only) a share. */
export function asksForSize(words: readonly string[]): boolean {
  const text = ` ${words.join(' ')} `;
  if (words.some((w) => MILLIONS.has(w))) return true;
  if (sizePhrasePositions(words).length > 0) return true;
  if (words.some((w, i) => w === 'in' && qualifiedNumbers(words, i).length > 0)) return true;
  if (superlativeOfSize(words) || numberBesideShare(words)) return true;
  // "Size the audience that ...", "size up the Gen Z market": the verb of sizing, opening the ask.
  if (words[0] === 'size' && words[1] !== 'of') return true;
  if (/ how (big|large) /.test(text) && !/ how (big|large) (is|are) (the )?(gap|difference|lead|change|drop|rise|increase|decrease) /.test(text)) return true;
  if (/ (audience|user|customer|viewer|listener|player|subscriber|reader|fan|owner|buyer)s? (size|base) /.test(text)) return true;
  if (
    / size of (the |this |that |its |their )?(audience|users?|customers?|viewers?|listeners?|players?|fans?|owners?|buyers?|people|market|population|\w+ (audience|users|customers|viewers|fans))/.test(
      text,
    )
  )
    return true;
  if (/ size of (the |this |that |its |their )/.test(text) && !/ size of (the |their )?(households?|famil)/.test(text)) return true;
  // "What size is the Netflix audience", "¿qué tamaño tiene la audiencia ...?" (translated), not of a household.
  if (/ what size /.test(text) && !/ (households?|famil\w*|homes?) /.test(text)) return true;
  if (/ (projected|estimated|weighted|total) (population|number|size|headcount|reach) /.test(text) || / population of /.test(text)) return true;
  // "Total TikTok users", "the combined Netflix audience", "the total addressable audience".
  if (/ (total|combined|addressable) (\w+ ){0,3}(audience|users|customers|viewers|listeners|players|subscribers|owners|buyers|fans|people|reach) /.test(text))
    return true;
  if (/ absolute (numbers?|terms|figures?|size) /.test(text) || / in people /.test(text) || / headcount /.test(text)) return true;
  const numberOf = words.findIndex((w, i) => w === 'number' && words[i + 1] === 'of');
  if (numberOf >= 0 && !UNITS_NOT_PEOPLE.test(words[numberOf + 2] ?? '')) return true;
  return false;
}
