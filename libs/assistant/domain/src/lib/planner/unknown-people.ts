import { GROUP_NOUNS } from '../synonyms';
import { LEXICON } from '../../lexicon/lexicon';
import { wordsOf } from './mentions';

/** Words that name people in general or a kind of person the lexicon knows. */
const PEOPLE_WORDS = new Set([...GROUP_NOUNS, ...LEXICON.grammar.personNouns]);
/** A noun for a person who does something ("commuters", "voters", "cyclists"). */
const PERSON_SHAPE = /^[a-z]{3,}(ers|ists)$/;
/** Words before a group the answer is for ("share of commuters", "among voters"). */
const GROUP_BEFORE = new Set(['of', 'among', 'amongst']);

/**
 * A group of people the prompt asks about that no question of the catalogue defines: a person noun
 * the plan did not use (`unused`, the coverage accounting), said where the audience is named
 * ("what share of commuters ...", "among voters ..."). Answering for everyone instead would give
 * another group's number, so the caller refuses.
 */
export function unknownPeople(prompt: string, unused: readonly string[]): string | null {
  const words = wordsOf(prompt);
  for (const w of unused) {
    if (!PERSON_SHAPE.test(w) || PEOPLE_WORDS.has(w)) continue;
    const at = words.indexOf(w);
    if (at > 0 && GROUP_BEFORE.has(words[at - 1])) return w;
  }
  return null;
}
