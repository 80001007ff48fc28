/*
 * Clause breaks typed without their comma: "Among people who worry about their privacy what share
 * use a VPN" is read as "Among people who worry about their privacy, what share use a VPN".
 */
import lexicon from './context-lexicon.json';
import { escapeRegExp } from '../text';

const words = (list: readonly string[]) => list.map((w) => escapeRegExp(w, true)).join('|');

/** An opening audience clause ("among ...") that runs, with no clause mark, into a question word. */
const UNBROKEN = new RegExp(
  `^(\\s*(?:${words(lexicon.clauseBreaks.openers)})\\s[^,;:?!.¿()]*?[^\\s,;:?!.¿()])\\s+((?:${words(lexicon.clauseBreaks.questions)})\\s)`,
  'i',
);

/** The text with a comma where an opening audience clause ends at a question word, as a person would punctuate it. */
export function withClauseBreak(text: string): string {
  return text.replace(UNBROKEN, '$1, $2');
}
