import { AnalysisPlan } from '../assistant.types';
import lexicon from './context-lexicon.json';

const L = lexicon.remove;
const any = (list: readonly string[]) => list.map((p) => p.replace(/ /g, '\\s+').replace(/'/g, "['’]")).join('|');
const DROP = (nouns: readonly string[]) =>
  new RegExp(`\\b(?:${any(L.verbs)})\\s+(?:the\\s+|any\\s+|that\\s+|this\\s+)?(?:${any(nouns)})(?:\\s+(?:${any(L.filterNouns)}))?\\b`, 'i');
const DROP_MARKET = DROP(L.markets);
const DROP_AUDIENCE = DROP(L.audiences);
const EVERYONE = new RegExp(`\\b(?:for|among|across|of|about)\\s+(?:${any(L.everyone)})\\b|^\\s*(?:${any(L.everyone)})\\b`, 'i');

/** What a follow-up removes from the previous answer, and the form the planner reads for the rest. */
export interface Removal {
  prompt: string;
  /** The audience is dropped: the answer is for all respondents. */
  everyone: boolean;
}

/**
 * "Drop the market filter", "for everyone, not just high earners": a follow-up that removes a
 * market or an audience, keeping everything else. A market removed is read as "all markets"
 * (every licensed market pooled); an audience removed leaves the previous one to be replaced by
 * all respondents. `null` when the prompt removes nothing or there is no earlier answer.
 */
export function removedFilter(prompt: string, previous: AnalysisPlan | null | undefined): Removal | null {
  if (!previous) return null;
  if (DROP_MARKET.test(prompt) && previous.locations.length > 0) return { prompt: 'What about all markets?', everyone: false };
  // "Compared to everyone else" sets the audience against everyone: an index, not a removal.
  const against = /\b(compar\w*|vs|versus|against|than|else|average)\b/i.test(prompt);
  const audience = !against && (DROP_AUDIENCE.test(prompt) || EVERYONE.test(prompt));
  const narrowed = previous.audiences.length === 1 && previous.audiences[0].origin !== 'everyone';
  if (audience && narrowed) return { prompt: 'What about them?', everyone: true };
  return null;
}
