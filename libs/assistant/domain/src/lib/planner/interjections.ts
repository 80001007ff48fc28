/*
 * Chat interjections ("lol", "tbh", "haha") typed at the end of a clause are its tone, not a
 * thing asked about, even when the catalogue knows the word as a name ("LoL", League of Legends).
 * One after a verb of use or a preposition is its object ("how many people play lol") and stays.
 */
import { FUNCTION_WORDS } from '../text';
import { LEXICON } from '../../lexicon/lexicon';

const INTERJECTIONS = new Set(LEXICON.grammar.interjections);
const OBJECT_VERB_STEMS = LEXICON.grammar.objectVerbStems;

/** Whether `word` takes what follows it as its object: a verb of use ("play", "watches") or a function word ("of", "on"). */
const takesObject = (word: string | undefined) =>
  word !== undefined && (FUNCTION_WORDS.has(word) || OBJECT_VERB_STEMS.some((v) => word === v || (word.startsWith(v) && word.length - v.length <= 3)));

/** A clause's words without the interjections that end it. */
export function dropTrailingInterjections(words: readonly string[]): string[] {
  const out = [...words];
  while (out.length > 1 && INTERJECTIONS.has(out[out.length - 1]) && !takesObject(out[out.length - 2])) out.pop();
  return out;
}
