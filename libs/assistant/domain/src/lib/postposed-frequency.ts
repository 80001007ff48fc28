import { LEXICON } from '../lexicon/lexicon';

/** Nouns for people a frequency may describe: the lexicon's ("users", "parents", "vegans") and nouns of doers ("listeners"). */
const PEOPLE = new Set([...LEXICON.grammar.relativeHeads, ...LEXICON.grammar.personNouns, ...LEXICON.topics.groupNouns]);

/** Whether an English word is a noun for people ("users", "listeners", "parents"). */
export const isPeopleNoun = (w: string | undefined): boolean => w !== undefined && (PEOPLE.has(w) || /^[a-z]{3,}(ers|ists)$/.test(w));

/**
 * Romance languages put a frequency after the noun for people ("usuarios diarios de Instagram",
 * "utenti quotidiani di Instagram"): the language's `afterPeople` word right after a word read as
 * people is put before it, in English order ("daily users of instagram"), as the planner reads a
 * group named by a frequency. `english` is what the word means there, if it is such a word.
 * Returns the English words so far with the frequency in its place, or undefined.
 */
export function frequencyBeforePeople(out: readonly string[], english: string | undefined): string[] | undefined {
  if (english === undefined || !isPeopleNoun(out[out.length - 1])) return undefined;
  return [...out.slice(0, -1), ...english.split(' '), out[out.length - 1]];
}
