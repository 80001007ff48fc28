import { escapeRegExp } from '../text';
import { LEXICON } from '../../lexicon/lexicon';

/**
 * Chat shorthand spelt out in the prompt as typed, before any stage reads it: the one-word
 * shorthand of the lexicon (`grammar.json` `shorthand`: "ppl", "abt", "gimme") and the slashed
 * forms ("w/", "w/o", "b/w"). The word stage reads them too, but the stages before it read the
 * prompt's text ("replace the US w/ Japan", "how many ppl is the second group?"), so they are spelt
 * out once, for all. Only words typed in lower case and standing alone: "PPL", "R&B", "rock'n'roll"
 * are left as written.
 */

/** The lexicon's one-word shorthand, longest first. */
const ONE_WORD = Object.entries(LEXICON.grammar.shorthand)
  .filter(([short, long]) => !short.includes(' ') && short !== long)
  .sort(([a], [b]) => b.length - a.length);

const MEANING = new Map(ONE_WORD);

/** A shorthand word with no letter, digit, apostrophe, hyphen, "&" or "/" touching it. */
const STANDALONE = new RegExp(`(?<![\\p{L}\\p{N}'’&/-])(${ONE_WORD.map(([short]) => escapeRegExp(short)).join('|')})(?![\\p{L}\\p{N}'’&/-])`, 'gu');

/** "b/w" between, "w/o" without, "w/" with (before a word or a space). */
const SLASHED: [RegExp, string][] = [
  [/(?<![\p{L}\p{N}])b\/w(?![\p{L}\p{N}])/giu, 'between'],
  [/(?<![\p{L}\p{N}])w\/o(?![\p{L}\p{N}])/giu, 'without'],
  [/(?<![\p{L}\p{N}])w\/(?=\s*[\p{L}\p{N}])\s*/giu, 'with '],
];

/** The prompt with its chat shorthand spelt out ("how many ppl use it w/ TikTok" -> "how many people use it with TikTok"). */
export function spelledOut(prompt: string): string {
  const slashed = SLASHED.reduce((text, [pattern, word]) => text.replace(pattern, word), prompt);
  return slashed.replace(STANDALONE, (m) => MEANING.get(m) ?? m);
}
