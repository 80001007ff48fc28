import { AnalysisPlan } from '../assistant.types';
import lexicon from './context-lexicon.json';

const alternatives = (list: readonly string[]) => list.map((p) => p.replace(/ /g, '\\s+')).join('|');

const SWAP = new RegExp(
  `^\\s*(?:(?:and|ok|okay|now|then|please|can you|could you)[,\\s]+)*(?:${alternatives(lexicon.replace.swapVerbs)})\\s+(?:the\\s+)?(.+?)\\s+(?:${alternatives(lexicon.replace.swapLinks)})\\s+(.+?)[\\s?.!]*$`,
  'i',
);
const INSTEAD_OF = new RegExp(`\\s*,?\\s*\\b(?:${alternatives(lexicon.replace.insteadOf)})\\s+[^,;?.!]+`, 'i');
const SIDE_BY_SIDE = new RegExp(`\\b(?:${alternatives(lexicon.replace.sideBySide)})\\b`, 'gi');

/**
 * The words of a follow-up that replaces one thing, rewritten into the one form the planner reads
 * as a replacement: "swap the US for Germany" and "Gen Z rather than millennials" become "what
 * about Germany instead" and "Gen Z instead". What is replaced is named only to be dropped: a
 * follow-up that names both the old and the new thing would otherwise keep both. Only a prompt
 * that follows an answered turn is rewritten.
 */
export function rewriteReplacement(prompt: string, previous: AnalysisPlan | null | undefined): string {
  if (!previous) return prompt;
  const swap = SWAP.exec(prompt);
  if (swap) return `What about ${swap[2].trim()} instead?`;
  if (INSTEAD_OF.test(prompt)) {
    const kept = prompt
      .replace(INSTEAD_OF, '')
      .trim()
      .replace(/[\s?.!]*$/, '');
    if (kept.length > 0) return `${kept} instead?`;
  }
  return prompt;
}

/**
 * "My Young parents side by side with Gen X", "Parents alongside Gen Z": two audiences set side by
 * side, read as the comparison they are ("versus"), never as one audience of people in both.
 */
export function rewriteSideBySide(prompt: string): string {
  return prompt.replace(SIDE_BY_SIDE, 'versus');
}
