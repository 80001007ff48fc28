/**
 * Counts written as words, read as the digits that answer names are written in ("one-person
 * households" for "1 person", "three or four holidays" for "3-4", "five or more people" for
 * "5 or more people"). Runs inside `normalize` on lower-case text before hyphens go, so prompts
 * and catalogue names meet in the same form. English words only: other languages are asked in
 * English first. The words are lexicon data (`languages/en.json`: numberWords, compoundCounts,
 * irregularPlurals).
 */
import { LEXICON } from '../lexicon/lexicon';
import { detectLanguage } from './languages';

const NUMBERS: Readonly<Record<string, number>> = LEXICON.english.numberWords;
const COMPOUND: Readonly<Record<string, number>> = { ...LEXICON.english.numberWords, ...LEXICON.english.compoundCounts };
const PLURALS: Readonly<Record<string, string>> = LEXICON.english.irregularPlurals;
const FUNCTION = new Set(LEXICON.english.functionWords);
/** Periods a count is said per ("one holiday a year"). */
const PERIODS = new Set(['day', 'night', 'week', 'month', 'year']);

const alternation = (words: Iterable<string>) => [...words].sort((a, b) => b.length - a.length).join('|');
const NUMBER = `(?:${alternation(Object.keys(NUMBERS))}|\\d+)`;
const COMPOUND_NUMBER = `(?:${alternation(Object.keys(COMPOUND))}|\\d+)`;

const valueOf = (word: string, table: Readonly<Record<string, number>> = NUMBERS): number | undefined => (/^\d+$/.test(word) ? Number(word) : table[word]);

const plural = (noun: string) => PLURALS[noun] ?? (noun.endsWith('s') ? noun : `${noun}s`);

/** "twenty-five" is 25: a ten and a unit joined by a hyphen. */
const TENS_UNITS = new RegExp(`\\b(${NUMBER})-(${NUMBER})\\b`, 'gu');
/** "one-person", "single-person", "3-person", "two-car": a count joined to a noun, read as "1 person", "3 people", "2 cars". */
const COMPOUND_NOUN = new RegExp(`(?<![\\p{L}\\d-])(${COMPOUND_NUMBER})-(\\p{L}+)`, 'gu');
/** "three or four", "3 or 4": two counts read as the range between them. */
const EITHER = new RegExp(`(?<![\\p{L}\\d-])(${NUMBER}) or (${NUMBER})(?![\\p{L}\\d-])`, 'gu');
/** "five or more". */
const OR_MORE = new RegExp(`(?<![\\p{L}\\d-])(${NUMBER})(?= or (?:more|over|above)\\b)`, 'gu');
/** "two holidays", "one holiday a year": a count before a noun (not a function word such as "of"). */
const BEFORE_NOUN = new RegExp(`(?<![\\p{L}\\d-])(${NUMBER}) (\\p{L}+)( (?:a|per|each) (\\p{L}+))?`, 'gu');

/**
 * Count words as digits where they count something (see the file's comment); other text as it
 * was. The patterns are English ("3-person", "three or four"): a text in another language is left
 * as written, so that a word joined to a number there ("18-jährige") is not read as an English count.
 */
export function countsAsDigits(text: string): string {
  const out = readCounts(text);
  return out === text || detectLanguage(text) !== 'en' ? text : out;
}

function readCounts(text: string): string {
  return text
    .replace(TENS_UNITS, (all, tens: string, unit: string) => {
      const t = valueOf(tens);
      const u = valueOf(unit);
      return t !== undefined && u !== undefined && t >= 20 && t % 10 === 0 && u < 10 ? String(t + u) : all;
    })
    .replace(COMPOUND_NOUN, (all, count: string, noun: string) => {
      const n = valueOf(count, COMPOUND);
      if (n === undefined || valueOf(noun) !== undefined) return all;
      return `${n} ${n === 1 ? noun : plural(noun)}`;
    })
    .replace(EITHER, (all, a: string, b: string) => {
      const lo = valueOf(a);
      const hi = valueOf(b);
      return lo !== undefined && hi !== undefined && hi > lo ? `${lo}-${hi}` : all;
    })
    .replace(OR_MORE, (all, count: string) => String(valueOf(count) ?? all))
    .replace(BEFORE_NOUN, (all, count: string, noun: string, per: string | undefined, period: string | undefined) => {
      const n = valueOf(count);
      if (n === undefined || /^\d+$/.test(count) || FUNCTION.has(noun) || valueOf(noun) !== undefined) return all;
      // "One" is also a pronoun ("no one uses", "which one"): a count only when said per a period.
      if (n === 1 && !(per && period && PERIODS.has(period))) return all;
      if (n > 1 && !noun.endsWith('s') && !Object.values(PLURALS).includes(noun)) return all;
      return `${n} ${noun}${per ?? ''}`;
    });
}
