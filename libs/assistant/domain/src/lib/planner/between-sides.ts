import { GROUP_NOUNS } from '../synonyms';
import { Span } from './types';
import { LEXICON } from '../../lexicon/lexicon';

/** Words that lead to people or stand between two parts of one audience (`grammar.json` `glue`: "those", "in", "who", "are"). */
const GLUE = new Set(LEXICON.grammar.glue);

/**
 * "Compare between those in full-time employment and those who are self-employed": two people
 * after "between" joined by "and", each said with only the words that lead to people ("those in",
 * "those who are"), are the two sides of a comparison.
 */
export function betweenPair(words: readonly string[], a: Pick<Span, 'start' | 'end'>, b: Pick<Span, 'start' | 'end'>): boolean {
  if (b.start <= a.end) return false;
  let at = a.start - 1;
  while (at >= 0 && GLUE.has(words[at])) at--;
  if (words[at] !== 'between') return false;
  const gap = words.slice(a.end, b.start).filter((w) => !GLUE.has(w) && !GROUP_NOUNS.has(w));
  return gap.length === 1 && gap[0] === 'and';
}
