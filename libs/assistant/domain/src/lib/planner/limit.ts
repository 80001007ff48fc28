import { numberWord, STOPWORDS } from '../text';
import { RANKING } from './cues';

export const LIMIT_WORDS = new Set([
  'most',
  'biggest',
  'largest',
  'best',
  'leading',
  'main',
  'top',
  'popular',
  'common',
  'favourite',
  'favorite',
  'least',
  'highest',
  'lowest',
  'strongest',
  'key',
]);

/** Plural nouns a number counts that are not things to list. */
export const COUNTED_UNITS = new Set(['quarters', 'waves', 'years', 'months', 'weeks', 'days', 'hours', 'minutes', 'times', 'olds', 'percent', 'points']);

/** "top 3", "three most used", "the 5 biggest", "which five", "give me the top five". */
export function readLimit(words: string[], used: Set<number>): number | undefined {
  const ranking = RANKING.test(` ${words.join(' ')} `);
  for (let i = 0; i < words.length; i++) {
    if (used.has(i)) continue;
    const n = numberWord(words[i]);
    if (n === undefined || n < 1 || n > 50) continue;
    const before = words[i - 1] ?? '';
    const after = words[i + 1] ?? '';
    // "Name the three retailers Germans would most consider": a count of a plural noun in a ranking question.
    if (ranking && ['', '|', 'the', 'name', 'list', 'give', 'show', 'me', 'which', 'what', 'are'].includes(before)) {
      const noun = [after, words[i + 2]].find((w) => w !== undefined && w.length > 3 && w.endsWith('s') && !STOPWORDS.has(w) && !COUNTED_UNITS.has(w));
      if (noun && !used.has(i + 1)) {
        used.add(i);
        return n;
      }
    }
    // "the three social media most used" (word order of other languages): a number, a short
    // noun phrase and a superlative.
    if (
      ranking &&
      ['the', 'which', 'what', 'are'].includes(before) &&
      !COUNTED_UNITS.has(after) &&
      words.slice(i + 2, i + 5).some((w) => LIMIT_WORDS.has(w)) &&
      words.slice(i + 1, i + 5).every((w) => w !== '|' && !/^\d/.test(w))
    ) {
      used.add(i);
      return n;
    }
    if (
      ['top', 'first', 'bottom', 'which', 'the', 'what', 'best', 'leading', 'main'].includes(before) &&
      (before !== 'the' || LIMIT_WORDS.has(after)) &&
      (before !== 'which' && before !== 'what' ? true : !['quarters', 'waves', 'years', 'months'].includes(after))
    ) {
      used.add(i);
      if (before === 'top' || before === 'bottom' || before === 'first') used.add(i - 1);
      return n;
    }
    if (LIMIT_WORDS.has(after) || (after === 'of' && words[i + 2] === 'the')) {
      used.add(i);
      return n;
    }
  }
  return undefined;
}
