/*
 * The social wrapping of a request: a greeting or thanks before the ask ("Hi team -", "thanks —
 * and for women?"), thanks and sign-offs after it ("Cheers", "Much appreciated!"), a politeness
 * marker or a courteous condition that ends it ("..., please?", "if you have a moment"), and a
 * lead-in that embeds its question ("Could you tell me what ...", "I'd love to know which ...").
 * None of these changes what is asked, so the planner reads the request without them.
 *
 * Each part is recognised as a class, from the words of `grammar.json` courtesy, not as a list
 * of phrasings: a greeting is any greeting (said to anyone, its letters drawn out, "hiii"), a
 * closing is any run of words of thanks around a head of thanks, a lead-in is any run of words
 * of asking that holds a verb of asking, telling or knowing and ends where the embedded question
 * starts. An opener that marks a follow-up ("and", "so") stays.
 */
import { normalize } from '../text';
import { LEXICON } from '../../lexicon/lexicon';

const C = LEXICON.grammar.courtesy;

/** A word with its repeated letters said once ("hiii", "heyyy", "thanksss"): the forms of an interjection. */
const squeeze = (word: string) => word.replace(/(\p{L})\1+/gu, '$1');
const keyOf = (written: string) => normalize(written.replace(/['’]/g, '')).trim();
const phrasesOf = (list: readonly string[]) => list.map((p) => keyOf(p).split(' ').map(squeeze));
const setOf = (list: readonly string[]) => new Set(list.map(keyOf));

const GREETINGS = phrasesOf(C.greetings);
const ADDRESSEES = phrasesOf(C.addressees);
const THANKS = new Set(C.thanks.map((w) => squeeze(keyOf(w))));
const THANKS_BEFORE = setOf(C.thanksBefore);
const THANKS_AFTER = setOf(C.thanksAfter);
const POLITE = new Set(C.politeWords.map((w) => squeeze(keyOf(w))));
const CONDITION_OPENS = setOf(C.conditionOpens);
const CONDITION_SUBJECTS = setOf(C.conditionSubjects);
const CONDITION_WORDS = setOf(C.conditionWords);
const ASK_LEADS = setOf(C.askLeads);
const ASK_VERBS = setOf(C.askVerbs);
const KEPT_OPENERS = setOf(C.keptOpeners);
const EMBEDDED_STARTS = setOf(C.embeddedStarts);
const QUOTE_VERBS = setOf(C.quoteVerbs);

/** The most words a greeting or thanks before the ask, a lead-in or a courteous condition runs to. */
const MAX_OPENING = 7;
const MAX_LEAD_IN = 8;
const MAX_CONDITION = 6;

interface Token {
  key: string;
  written: string;
  start: number;
  end: number;
}

/** The words of a text with where each stands: letters and digits, apostrophes inside a word kept ("I'd"). */
function tokens(text: string): Token[] {
  return [...text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu)].map((m) => ({ key: keyOf(m[0]), written: m[0], start: m.index, end: m.index + m[0].length }));
}

/** The text between word `i - 1` and word `i` (before the first, after the last). */
const gapBefore = (text: string, toks: readonly Token[], i: number) => text.slice(i === 0 ? 0 : toks[i - 1].end, i < toks.length ? toks[i].start : text.length);
/** A gap that ends a clause: a mark of punctuation, a line break, a dash between spaces, an emoji; not a hyphen inside a word. */
const separates = (gap: string) => /[,.!?;:…~()–—\n]|\s-|-\s|\p{Extended_Pictographic}/u.test(gap);
/** A gap that ends a sentence. */
const endsSentence = (gap: string, last: boolean) => /[!?…]|\.\s/.test(gap) || (last && gap.includes('.'));

/** How many words from `i` one of `phrases` takes, with no clause break inside it (0: none). */
function phraseAt(text: string, toks: readonly Token[], i: number, phrases: readonly string[][]): number {
  let best = 0;
  for (const p of phrases) {
    if (p.length <= best || i + p.length > toks.length) continue;
    if (p.every((w, k) => squeeze(toks[i + k].key) === w && (k === 0 || !separates(gapBefore(text, toks, i + k))))) best = p.length;
  }
  return best;
}

const isThanks = (t: Token) => THANKS.has(squeeze(t.key));

/**
 * Whether words `from`..`to` are a greeting or a closing said alone: greetings, who they are
 * said to, thanks and the words around thanks, at least one greeting or head of thanks among them;
 * a name after a greeting or thanks ("Hi Sam", "Thanks, Anna") is one of them.
 */
function isCourtesyRun(text: string, toks: readonly Token[], from: number, to: number): boolean {
  let heads = 0;
  let i = from;
  while (i < to) {
    const greeting = phraseAt(text, toks, i, GREETINGS);
    const addressee = phraseAt(text, toks, i, ADDRESSEES);
    if (greeting > 0) {
      heads++;
      i += greeting;
    } else if (isThanks(toks[i])) {
      heads++;
      i++;
    } else if (addressee > 0 && heads > 0) i += addressee;
    else if (THANKS_BEFORE.has(toks[i].key) || (heads > 0 && THANKS_AFTER.has(toks[i].key))) i++;
    else if (heads > 0 && i === to - 1 && /^\p{Lu}\p{Ll}+$/u.test(toks[i].written)) i++;
    else return false;
  }
  return heads > 0;
}

/** Whether a word may open the ask right after a greeting typed with no mark between them ("hey what share ..."). */
const opensAsk = (key: string) => EMBEDDED_STARTS.has(key) || KEPT_OPENERS.has(key) || POLITE.has(squeeze(key)) || ASK_LEADS.has(key);

/** The text without a greeting or thanks that opens it ("Hi team - ...", "thanks — and for women?"). */
export function withoutOpening(text: string): string {
  const toks = tokens(text);
  // Clause by clause ("Ok great, thanks! Now ..."): up to the last that greets or thanks, the others only words around thanks.
  let cut = 0;
  for (let from = 0, end = 1; end < toks.length && end <= MAX_OPENING; from = end, end++) {
    while (end < toks.length && !separates(gapBefore(text, toks, end))) end++;
    if (end >= toks.length) break;
    if (isCourtesyRun(text, toks, from, end)) cut = end;
    else if (!toks.slice(from, end).every((t) => THANKS_BEFORE.has(t.key))) break;
  }
  if (cut > 0) return text.slice(toks[cut].start);
  // No mark after it: a greeting (and who it is said to) right before the words of the ask.
  let g = phraseAt(text, toks, 0, GREETINGS);
  if (g === 0) return text;
  g += phraseAt(text, toks, g, ADDRESSEES);
  return g < toks.length && opensAsk(toks[g].key) ? text.slice(toks[g].start) : text;
}

/** The text cut before word `i`, without the commas or dashes left at its end (a question mark stays). */
const cutBefore = (text: string, toks: readonly Token[], i: number) => text.slice(0, toks[i].start).replace(/[\s,;:~–—-]+$/u, '');

/** The text without the thanks or sign-off that closes it ("...? Thanks!", "... 2026 thank you", "Cheers, Sam"). */
export function withoutClosing(text: string): string {
  const toks = tokens(text);
  const n = toks.length;
  const fragmentStart = (to: number) => {
    let s = to - 1;
    while (s > 0 && !separates(gapBefore(text, toks, s))) s--;
    return s;
  };
  const s = fragmentStart(n);
  if (s > 0 && isCourtesyRun(text, toks, s, n)) return cutBefore(text, toks, s);
  // "Thanks, Sam": a name alone after the closing.
  if (s > 1 && n - s === 1 && /^\p{Lu}/u.test(toks[s].written)) {
    const before = fragmentStart(s);
    if (before > 0 && isCourtesyRun(text, toks, before, s)) return cutBefore(text, toks, before);
  }
  // No mark before it: a head of thanks and the words that may follow one, to the end ("... 2026 thank you").
  let h = n;
  while (h - 1 > s && (THANKS_AFTER.has(toks[h - 1].key) || isThanks(toks[h - 1]))) h--;
  while (h < n && !isThanks(toks[h])) h++;
  // "Which brands do they appreciate": a verb of thanks closes only with its object ("appreciate it").
  if (h >= n || h <= s || (toks[h].key.startsWith('appreciat') && h === n - 1)) return text;
  // "How many say thank you": after a verb of saying, the words are what is said.
  if (QUOTE_VERBS.has(toks[h - 1].key)) return text;
  let from = h;
  // "Many thanks", not "how many" before them.
  while (from - 1 > s && h - from < 2 && THANKS_BEFORE.has(toks[from - 1].key) && !EMBEDDED_STARTS.has(toks[from - 2].key)) from--;
  return cutBefore(text, toks, from);
}

/** Whether the words `from`..`to` are a courteous condition ("if you can", "when you have a moment", "if possible"). */
function isCondition(toks: readonly Token[], from: number, to: number): boolean {
  if (to - from < 2 || to - from > MAX_CONDITION) return false;
  if (!CONDITION_OPENS.has(toks[from].key) || !CONDITION_SUBJECTS.has(toks[from + 1].key)) return false;
  return toks.slice(from + 2, to).every((t) => CONDITION_WORDS.has(t.key));
}

/** Where a marker that starts at `at` is cut from: with the space and the one comma before it ("in £, please"). */
function markerStart(text: string, at: number): number {
  let a = at;
  while (a > 0 && /\s/.test(text[a - 1])) a--;
  if (text[a - 1] !== ',') return a;
  a--;
  while (a > 0 && /\s/.test(text[a - 1])) a--;
  return a;
}

/** The text without a politeness marker or courteous condition ending a clause ("..., please?", "... if you can."). */
export function withoutPoliteness(text: string): string {
  for (;;) {
    const toks = tokens(text);
    const n = toks.length;
    let cut: [number, number] | null = null;
    for (let end = n; end > 1 && !cut; end--) {
      if (end < n && !separates(gapBefore(text, toks, end))) continue;
      const last = toks[end - 1];
      const quoted = QUOTE_VERBS.has(toks[end - 2].key) && !separates(gapBefore(text, toks, end - 1));
      if (POLITE.has(squeeze(last.key)) && !quoted && !endsSentence(gapBefore(text, toks, end - 1), false)) cut = [markerStart(text, last.start), last.end];
      for (let from = end - 2; from >= 1 && from >= end - MAX_CONDITION && !cut; from--)
        if (isCondition(toks, from, end) && !endsSentence(gapBefore(text, toks, from), false)) cut = [markerStart(text, toks[from].start), last.end];
    }
    if (!cut) return text;
    // A comma before the marker goes with it; the clause's own mark stays.
    const before = text.slice(0, cut[0]);
    const after = text.slice(cut[1]);
    text = before + after.replace(/^\s*,\s*(?=[?.!]|$)/, '');
  }
}

/**
 * The text without a lead-in that embeds its question ("Can you tell me what share ...", "I'm
 * curious which ..."): words of asking, at least one a verb of asking, telling or knowing, up to
 * the word the question starts with. An opener that marks a follow-up before it stays ("and could you ...").
 */
export function withoutLeadIn(text: string): string {
  const toks = tokens(text);
  let i = 0;
  while (i < toks.length && KEPT_OPENERS.has(toks[i].key) && !endsSentence(gapBefore(text, toks, i + 1), false)) i++;
  let verb = false;
  for (let k = i; k < toks.length && k - i <= MAX_LEAD_IN; k++) {
    if (k > i && endsSentence(gapBefore(text, toks, k), false)) return text;
    const key = toks[k].key;
    if (k > i && verb && EMBEDDED_STARTS.has(key)) return text.slice(0, toks[i].start) + text.slice(toks[k].start);
    if (ASK_VERBS.has(key)) verb = true;
    else if (!ASK_LEADS.has(key) && !POLITE.has(squeeze(key))) return text;
  }
  return text;
}

/** A request without its social wrapping: greeting, thanks, politeness markers and lead-in; the prompt itself when nothing else is left. */
export function withoutCourtesy(prompt: string): string {
  let text = prompt;
  for (let round = 0; round < 4; round++) {
    const next = withoutLeadIn(withoutPoliteness(withoutClosing(withoutOpening(text))));
    if (next === text) break;
    text = next;
  }
  return tokens(text).length > 0 ? text : prompt;
}
