import { PlannerCatalogue } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { mentionsIn, wordsOf } from './mentions';

const P = lexicon.briefPointers;
const POINTERS = new Set(P.pronouns);
const QUESTION_WORDS = new Set(P.questionWords);
const REQUEST_STARTS = new Set(P.requestStarts);

/**
 * "Can you get it?", "Could you pull that?", "Can you do this by Friday?": a request (never a
 * check, "Is that right?") that names nothing of the catalogue, asks no question of its own (no question word) and points back with a
 * pronoun: it asks for what an earlier sentence of the brief requests.
 */
export function pointsBack(sentence: string, catalogue: PlannerCatalogue): boolean {
  const words = wordsOf(sentence);
  if (!REQUEST_STARTS.has(words[0] ?? '')) return false;
  return words.some((w) => POINTERS.has(w)) && !words.some((w) => QUESTION_WORDS.has(w)) && mentionsIn(sentence, catalogue).length === 0;
}

/**
 * The sentence an ask that points back asks for: the nearest one before it that names an answer of
 * the catalogue ("The client wants to know the split of Instagram users in Spain by age group. Can
 * you get it?"); -1 when the ask does not point back or nothing before it names a topic.
 */
export function pointedRequest(sentences: readonly string[], at: number, catalogue: PlannerCatalogue): number {
  if (at < 1 || !pointsBack(sentences[at], catalogue)) return -1;
  for (let i = at - 1; i >= 0; i--) if (mentionsIn(sentences[i], catalogue).some((m) => m.entry.kind === 'datapoint')) return i;
  return -1;
}
