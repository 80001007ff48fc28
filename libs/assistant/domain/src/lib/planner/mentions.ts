import { PlannerCatalogue } from '../assistant.types';
import { Entry, indexOf } from '../catalogue-index';
import { normalize } from '../text';
import { capitaliseMarketCodes } from '../market-code-slots';

/** A catalogue name found in a text: the entry, and the words it spans in the normalised text. */
export interface Mention {
  entry: Entry;
  start: number;
  end: number;
  /** The words as the text wrote them (normalised). */
  text: string;
}

/** The words of a text as the planner reads them (`normalize`, split on spaces). */
export function wordsOf(text: string): string[] {
  return normalize(text).trim().split(' ').filter(Boolean);
}

/**
 * The catalogue names a text mentions (markets, regions, audiences, datapoints), longest first at
 * each position and never overlapping: exact word matches only, enough to see what a context
 * sentence or an ask names without planning it.
 */
export function mentionsIn(text: string, catalogue: PlannerCatalogue): Mention[] {
  const index = indexOf(catalogue);
  const words = wordsOf(text);
  // Codes in capitals, and lower-case ones where a market stands ("swap de for fr").
  const capitals = new Set((capitaliseMarketCodes(text).match(/\b[A-Z]{2}\b/g) ?? []).map((w) => w.toLowerCase()));
  const out: Mention[] = [];
  for (let i = 0; i < words.length;) {
    let best: Entry | undefined = codeAt(words, i, capitals, catalogue);
    for (const entry of index.byFirst.get(words[i]) ?? []) {
      const n = entry.words.length;
      if (n > (best?.words.length ?? 0) && entry.words.every((w, k) => words[i + k] === w)) best = entry;
    }
    if (best) {
      out.push({ entry: best, start: i, end: i + best.words.length, text: words.slice(i, i + best.words.length).join(' ') });
      i += best.words.length;
    } else i++;
  }
  return out;
}

/** Whether `phrase` (normalised words) occurs in `words` at a word boundary; the index of its first word, or -1. */
/** Whether `words` open with `phrase` (its words separated by single spaces). */
export const startsWithPhrase = (words: readonly string[], phrase: string) => phrase.split(' ').every((w, k) => words[k] === w);

export function findPhrase(words: readonly string[], phrase: string): number {
  const p = phrase.split(' ');
  for (let i = 0; i + p.length <= words.length; i++) if (p.every((w, k) => words[i + k] === w)) return i;
  return -1;
}

/**
 * A market written as its code in capitals ("US", "DE"), or "the us": never the pronoun "us" or
 * the word "in", which codes also spell.
 */
function codeAt(words: readonly string[], i: number, capitals: ReadonlySet<string>, catalogue: PlannerCatalogue): Entry | undefined {
  const w = words[i];
  const written = capitals.has(w) || (w === 'us' && words[i - 1] === 'the');
  if (!written || w === 'in') return undefined;
  const location = catalogue.locations.find((l) => l.code === w);
  return location ? { kind: 'market', words: [w], location } : undefined;
}
