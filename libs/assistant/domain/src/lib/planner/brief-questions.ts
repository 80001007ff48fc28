import lexicon from './context-lexicon.json';
import { wordsOf } from './mentions';

const L = lexicon.secondaryAsks;
const startsWith = (words: readonly string[], phrase: string) => phrase.split(' ').every((w, k) => words[k] === w);
const has = (text: string, phrase: string) => ` ${text} `.includes(` ${phrase} `);

/**
 * "Second, less urgent, how often do they drink?", "Also, if you can: which brands?": a question
 * of a brief marked as the lesser one. A brief of two questions plans its main one and notes this.
 */
export function isSecondaryAsk(sentence: string): boolean {
  const words = wordsOf(sentence);
  const text = words.join(' ');
  return L.openers.some((o) => startsWith(words, o)) || L.marks.some((m) => has(text, wordsOf(m).join(' ')));
}

/** "First, what share ...": the ordinal that numbers a brief's questions is not part of the question. */
export function withoutOrdinal(sentence: string): string {
  const ordinal = [...L.ordinals].sort((a, b) => b.length - a.length).find((o) => new RegExp(`^${o.replace(/ /g, '\\s+')}\\s*[,:]\\s*`, 'i').test(sentence));
  if (!ordinal) return sentence;
  const rest = sentence.replace(new RegExp(`^${ordinal.replace(/ /g, '\\s+')}\\s*[,:]\\s*`, 'i'), '');
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}
