/**
 * Market codes typed in lower case where a market stands ("in de", "incl jp", "jp ppl", "us only",
 * "…most? fr", "rank uk fr es", "swap de for fr"): written in capitals before the prompt is read,
 * as codes in capitals are markets in any language. The same letters elsewhere stay the words they
 * are: "de" and "es" in Spanish, French or Portuguese, "us" the pronoun ("tell us", "for us"), "au"
 * in French. The slots' words are `places.json` `codeSlots`; codes joined into a list ("uk vs de",
 * "fr/es") are `market-codes.ts`'s.
 */
import { LEXICON } from '../lexicon/lexicon';
import { CODES, capitaliseListedCodes } from './market-codes';

const SLOTS = LEXICON.places.codeSlots;
const AFTER = new Set(SLOTS.after);
const BEFORE_LIMIT = new Set(SLOTS.beforeLimit);
const BEFORE = new Set(SLOTS.before);
const BEFORE_ENGLISH = new Set(SLOTS.beforeEnglish);
const CODE_SET = new Set(CODES);

/** Words after which "us" is the pronoun ("tell us", "for us", "among us"): `grammar.json`. */
const US_PRONOUN_BEFORE = new Set(LEXICON.grammar.usPronounBefore);

/** Codes that are also a word of one of the other languages ("de", "es", French "au"). */
const FOREIGN_WORDS = new Set(
  Object.values(LEXICON.languages)
    .flatMap((l) => l.markers)
    .filter((w) => CODE_SET.has(w)),
);

/** A code that may be a word of the prompt: another language's or the pronoun "us". */
const isWord = (code: string) => FOREIGN_WORDS.has(code) || code === 'us';

interface Token {
  word: string;
  start: number;
  end: number;
}

/** Punctuation that sets a word apart at the end of a prompt ("…most? fr", "…, fr", "– fr", "(fr)"). */
const APART = /[,?!:;()\u2013\u2014]|\s-\s/;

/** Whether token `k` is a lower-case code standing where a market stands. */
function inSlot(raw: string, tokens: Token[], k: number): boolean {
  const t = tokens[k];
  const code = t.word;
  const prev = tokens[k - 1];
  const next = tokens[k + 1];
  const gapBefore = prev ? raw.slice(prev.end, t.start) : raw.slice(0, t.start);
  const gapAfter = next ? raw.slice(t.end, next.start) : raw.slice(t.end);
  const before = prev && /^\s+$/.test(gapBefore) ? prev.word.toLowerCase() : undefined;
  const after = next && /^\s+$/.test(gapAfter) ? next.word.toLowerCase() : undefined;
  // "us" after a verb or a preposition is the pronoun ("tell us", "for us only").
  const pronoun = code === 'us' && prev !== undefined && US_PRONOUN_BEFORE.has(prev.word.toLowerCase());
  // "in de", "incl jp", "swap de for fr".
  if (before !== undefined && AFTER.has(before) && !pronoun) return true;
  // "us only", "de instead"; "jp ppl", "fr adults"; "us gen z" only for a code no other language says.
  if (after !== undefined && BEFORE_LIMIT.has(after) && !pronoun) return true;
  if (after !== undefined && BEFORE.has(after)) return true;
  if (after !== undefined && BEFORE_ENGLISH.has(after) && !FOREIGN_WORDS.has(code)) return true;
  // Alone at the end, set apart by punctuation ("…most? fr", "…delivery, de").
  if (next === undefined && /^[\s.!?)]*$/.test(gapAfter)) {
    if (prev === undefined || APART.test(gapBefore)) return true;
    // Ending the prompt with no punctuation before it: only a code that is no word ("snap usage fr").
    if (!isWord(code)) return true;
  }
  // In brackets ("snap usage (fr) 2026") or heading the prompt ("fr: snap usage", "fr – snap usage").
  if (/\(\s*$/.test(gapBefore) && /^\s*\)/.test(gapAfter)) return true;
  if (prev === undefined && /^\s*[:\u2013\u2014]|^\s+-\s/.test(gapAfter)) return true;
  return false;
}

/**
 * Whether token `k` is in a run of codes said with spaces only, two of them no word ("rank uk fr es",
 * "uk jp de"): "usuarios de br" is Spanish "de" and one code, not two markets.
 */
function inSpacedRun(raw: string, tokens: Token[], k: number): boolean {
  const isCode = (i: number) => tokens[i] !== undefined && CODE_SET.has(tokens[i].word.toLowerCase());
  const spaced = (i: number) => /^\s+$/.test(raw.slice(tokens[i].end, tokens[i + 1].start));
  let from = k;
  while (from > 0 && isCode(from - 1) && spaced(from - 1)) from--;
  let to = k;
  while (isCode(to + 1) && spaced(to)) to++;
  return tokens.slice(from, to + 1).filter((t) => !isWord(t.word.toLowerCase())).length >= 2;
}

/** The prompt with every lower-case market code that stands where a market stands in capitals ("in de" -> "in DE"). */
export function capitaliseSlottedCodes(raw: string): string {
  const tokens: Token[] = [...raw.matchAll(/[\p{L}\p{N}]+/gu)].map((m) => ({ word: m[0], start: m.index ?? 0, end: (m.index ?? 0) + m[0].length }));
  let out = '';
  let at = 0;
  tokens.forEach((t, k) => {
    if (t.word !== t.word.toLowerCase() || !CODE_SET.has(t.word)) return;
    if (!inSlot(raw, tokens, k) && !inSpacedRun(raw, tokens, k)) return;
    out += raw.slice(at, t.start) + t.word.toUpperCase();
    at = t.end;
  });
  return out + raw.slice(at);
}

/** Lower-case market codes in a list or in a market's slot, in capitals: the prompt as the planner reads it. */
export function capitaliseMarketCodes(raw: string): string {
  return capitaliseSlottedCodes(capitaliseListedCodes(raw));
}
