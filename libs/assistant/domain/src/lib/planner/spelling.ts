import { CatalogueIndex, indexOf, lemma } from '../catalogue-index';
import { PlannerCatalogue } from '../assistant.types';
import { clearLanguage, detectLanguage, inflectionKey, Language } from '../languages';
import { foldAccents, typoDistance } from '../text';
import { CONTEXT_LEXICON, LEXICON } from '../../lexicon/lexicon';
import { isEnglishWord } from '../english-words';
import { commonWords } from './word-bounds';
import { writtenAsNames } from './normalise';

/**
 * One typo of a word the planner knows, in any language, read as that word before anything else
 * reads the prompt: "retalers", "subscibers", "eigheen", "Streamindienste", "trimstre". A word of
 * the prompt that the planner does not know (not a word of the lexicon or the catalogue in any
 * language, nor a form of one) and that is one slip (`oneSlip`) from exactly one word of the
 * vocabulary of its language, English and the catalogue is that word. The vocabularies are built
 * once (the lexicon's) and once per catalogue; a prompt costs a few look-ups per long word. A word
 * written as a name ("aware of Natura") is read so only as a name of the catalogue, or as a word of
 * a name or phrase its neighbour goes on with ("Elecric car", "Net Promter Score"), never as a
 * common word: a brand the data lacks stays unknown, to be refused.
 */

/**
 * The shortest word read as a typo: one slip in fewer letters too often makes another word
 * ("though": "through", "grocer": "grocery", "settle": "seattle"); shorter slips are left to the
 * English repairs of known words (`word-bounds.ts`).
 */
export const MIN_TYPO_LENGTH = 7;

/** The shortest key a form is read through ("retal" of "retalers"; "retail", "insur" known). */
const MIN_KEY_LENGTH = 5;

/** A word of the prompt read as another. */
export interface SpellingFix {
  typed: string;
  meant: string;
}

/** The tabled languages, whose inflection keys tell a form of a known word from a typo. */
const TABLED: Language[] = ['de', 'es', 'fr', 'pt', 'it'];

/** A text's words as the vocabulary holds them: lower case, accents folded, letters only. */
const plainWords = (text: string): string[] =>
  foldAccents(text.toLowerCase())
    .split(/[^a-z]+/)
    .filter(Boolean);

/** Whose words a part of the lexicon holds: one language's, or any prompt's (names, places, the context stage's words). */
type Tag = Language | 'any';

/**
 * Every string of the lexicon's files (their words and the keys that are words), not comments
 * nor Japanese, by whose words they are: a language's table pairs its words with English ones.
 */
function lexiconStrings(node: unknown, tag: Tag, out: Map<Tag, string[]>): Map<Tag, string[]> {
  const put = (t: Tag, text: string) => {
    const list = out.get(t);
    if (list) list.push(text);
    else out.set(t, [text]);
  };
  if (typeof node === 'string') put(tag, node);
  else if (Array.isArray(node)) {
    // ["haushaltsgrosse", "household size"]: a word of the language and its English.
    if (tag !== 'any' && tag !== 'en' && node.length === 2 && node.every((x) => typeof x === 'string')) {
      put(tag, node[0]);
      put('en', node[1]);
    } else for (const x of node) lexiconStrings(x, tag, out);
  } else if (node && typeof node === 'object')
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('$') || key === 'japanese') continue;
      // Keys that are words ("eighteen", "january", "these days"), not the names of lists ("audiencePhrases").
      if (!/[A-Z]/.test(key)) put(tag, key);
      lexiconStrings(value, key === 'english' ? 'en' : (TABLED as string[]).includes(key) ? (key as Language) : tag, out);
    }
  return out;
}

/** Words and the keys of their single deletions, to find the words one edit away (symmetric deletion). */
interface Near {
  words: Set<string>;
  byDeletion: Map<string, string[]>;
}

function nearIndex(words: Iterable<string>): Near {
  const set = new Set<string>();
  const byDeletion = new Map<string, string[]>();
  const add = (key: string, w: string) => {
    const list = byDeletion.get(key);
    if (!list) byDeletion.set(key, [w]);
    else if (list[list.length - 1] !== w) list.push(w);
  };
  for (const w of words) {
    if (set.has(w)) continue;
    set.add(w);
    if (w.length < MIN_KEY_LENGTH) continue;
    add(w, w);
    for (let i = 0; i < w.length; i++) add(w.slice(0, i) + w.slice(i + 1), w);
  }
  return { words: set, byDeletion };
}

/** Rows of a keyboard: a letter typed for another is one of its neighbours there. */
const KEY_ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const KEY_AT = new Map([...KEY_ROWS.join('')].map((ch) => [ch, KEY_ROWS.findIndex((r) => r.includes(ch))]));

/** Whether two letters are neighbouring keys: beside each other in a row, or touching in the row above or below. */
function neighbourKeys(a: string, b: string): boolean {
  const ra = KEY_AT.get(a);
  const rb = KEY_AT.get(b);
  if (ra === undefined || rb === undefined || Math.abs(ra - rb) > 1) return false;
  const ca = KEY_ROWS[ra].indexOf(a) + ra * 0.5;
  const cb = KEY_ROWS[rb].indexOf(b) + rb * 0.5;
  return ra === rb ? Math.abs(ca - cb) === 1 : Math.abs(ca - cb) <= 0.5;
}

/**
 * Whether `typed` is `known` with one slip of the fingers: a letter left out or typed twice or too
 * many, two letters swapped, or a letter replaced by its neighbour on the keyboard; never in the
 * first letter, which people rarely mistype (a substitution of far keys makes other words: "simple"
 * is not "sample", nor "footfall" "football").
 */
export function oneSlip(typed: string, known: string, replaced = true): boolean {
  if (typed[0] !== known[0] || typoDistance(typed, known) !== 1) return false;
  if (typed.length !== known.length) return true;
  const diff = [...typed].flatMap((ch, i) => (ch === known[i] ? [] : [i]));
  return diff.length === 2 || (replaced && neighbourKeys(typed[diff[0]], known[diff[0]]));
}

/** The words of `near` one slip from `typed` (`replaced`: a letter replaced by its neighbour is a slip too). */
function oneEditFrom(typed: string, near: Near, out: Set<string>, replaced = true): void {
  const look = (key: string) => {
    for (const w of near.byDeletion.get(key) ?? []) if (w !== typed && oneSlip(typed, w, replaced)) out.add(w);
  };
  look(typed);
  for (let i = 0; i < typed.length; i++) look(typed.slice(0, i) + typed.slice(i + 1));
}

/** A word's form keys: its lemma, and its inflection key in each tabled language (prefixes of the word). */
function formKeys(w: string): [Language, string][] {
  return [['en', lemma(w)], ...TABLED.map((lang): [Language, string] => [lang, inflectionKey(w, lang)])];
}

interface Vocabulary {
  words: Near;
  /** A word's key in this vocabulary's language: its inflection key, else its English lemma. */
  keyOf: (w: string) => string;
  /** The keys of the words, to read a typo of a form the vocabulary does not list ("retalers": "retailer"). */
  keys: Near;
  /** The form keys of the words in every language ("en:retail"): a word with one of them is a form of a known word. */
  forms: Set<string>;
  /** Two words that follow each other in a name or a phrase ("electric car", "net promoter"). */
  pairs: Set<string>;
}

function vocabularyOf(texts: readonly string[], tag: Tag): Vocabulary {
  const pairs = new Set<string>();
  const all: string[] = [];
  for (const text of texts) {
    const ws = plainWords(text);
    ws.forEach((w, i) => {
      all.push(w);
      if (i > 0) pairs.add(`${ws[i - 1]} ${w}`);
    });
  }
  const words = nearIndex(all);
  const keyOf = tag === 'any' || tag === 'en' ? lemma : (w: string) => inflectionKey(w, tag);
  const forms = new Set<string>();
  for (const w of words.words) if (w.length >= 4) for (const [lang, k] of formKeys(w)) forms.add(`${lang}:${k}`);
  return { words, keyOf, keys: nearIndex([...words.words].map(keyOf)), forms, pairs };
}

/** The lexicon's words by language, once: cue, time, number, scale, audience and grammar words, and the languages' tables. */
let lexiconVocabularies: Map<Tag, Vocabulary> | undefined;
function lexicon(): Map<Tag, Vocabulary> {
  if (!lexiconVocabularies) {
    const texts = lexiconStrings({ lexicon: LEXICON, context: CONTEXT_LEXICON }, 'any', new Map());
    lexiconVocabularies = new Map([...texts].map(([tag, list]) => [tag, vocabularyOf(list, tag)]));
  }
  return lexiconVocabularies;
}

/** The catalogue's words (names, aliases, question names and descriptions), once per catalogue. */
const CATALOGUE = new WeakMap<CatalogueIndex, Vocabulary>();
function catalogueVocabulary(index: CatalogueIndex): Vocabulary {
  let v = CATALOGUE.get(index);
  if (!v) {
    v = vocabularyOf([...index.entries.map((e) => e.words.join(' ')), ...index.vocabulary], 'any');
    CATALOGUE.set(index, v);
  }
  return v;
}

/**
 * The vocabularies a prompt's words are read against: every one to tell a known word, and those
 * of the prompt's language, English and any language to read a typo as (a Spanish word is not
 * read as an Italian one: "campaña" is no "campagna").
 */
function vocabulariesFor(langs: readonly Language[], index: CatalogueIndex): { all: Vocabulary[]; meant: Vocabulary[]; langs: readonly Language[] } {
  const lex = lexicon();
  const catalogue = catalogueVocabulary(index);
  const meant = (['any', 'en', ...langs] as Tag[]).flatMap((t, i, list) => (list.indexOf(t) === i && lex.has(t) ? [lex.get(t) as Vocabulary] : []));
  return { all: [...lex.values(), catalogue], meant: [...meant, catalogue], langs };
}

/**
 * Whether a word is known: as written in any vocabulary, or as a form of a known word of the
 * prompt's languages ("tablettes", "planners"), its inflection read by those languages' endings
 * only. An English "millons" is not the Spanish "millones" with another ending: as the tables grow,
 * nearly any typo would be some language's form of some word, and never read as the word meant.
 */
function known(w: string, vocabularies: { all: readonly Vocabulary[]; meant: readonly Vocabulary[]; langs: readonly Language[] }): boolean {
  if (vocabularies.all.some((v) => v.words.words.has(w))) return true;
  const keys = formKeys(w)
    .filter(([lang]) => lang === 'en' || vocabularies.langs.includes(lang))
    .map(([lang, k]) => `${lang}:${k}`);
  return vocabularies.meant.some((v) => keys.some((k) => v.forms.has(k)));
}

/**
 * The known words `w` is one slip from: a word of the vocabulary, or a form of one, the slip in its
 * key and the ending as typed ("retalers": "retail" + "ers"; "abbonmenti": "abbonament" + "i").
 */
function meantWords(w: string, vocabularies: readonly Vocabulary[]): Set<string> {
  const near = new Set<string>();
  for (const v of vocabularies) {
    oneEditFrom(w, v.words, near);
    // Through the key, only a letter dropped, added or swapped, before an ending of inflection (not
    // the "e" a lemma drops): a letter replaced in a shorter key makes another word too often ("snacks").
    const k = v.keyOf(w);
    const ending = w.slice(k.length);
    if (ending === '' || ending === 'e' || k.length < MIN_KEY_LENGTH) continue;
    const keys = new Set<string>();
    oneEditFrom(k, v.keys, keys, false);
    for (const key of keys) near.add(key + ending);
  }
  return near;
}

/**
 * The one word meant of those a typo is one slip from; of several, the one that is a word of the
 * vocabulary or one with an ending of one or two letters ("retalers": "retailers", the plural of
 * "retailer", rather than "rentalers", "rental" with the "ers" typed); else none (the later stages ask).
 */
function oneMeant(near: ReadonlySet<string>, vocabularies: readonly Vocabulary[]): string | undefined {
  if (near.size <= 1) return [...near][0];
  const listed = (w: string) => [0, 1, 2].some((n) => vocabularies.some((v) => v.words.words.has(w.slice(0, w.length - n))));
  const nearer = [...near].filter(listed);
  return nearer.length === 1 ? nearer[0] : undefined;
}

/**
 * A German compound with one slip in one of its words ("hundebsitzer": "hunde" + "besitzer",
 * "elektroatofahrer": "elektroauto" + "fahrer"): a listed word and a word of six letters or more
 * one slip from exactly one; none when the compound splits into listed words as written.
 */
function meantCompound(w: string, vocabularies: readonly Vocabulary[]): string | undefined {
  const listed = (x: string) =>
    vocabularies.some((v) => v.words.words.has(x)) || (x.endsWith('s') && vocabularies.some((v) => v.words.words.has(x.slice(0, -1))));
  const found = new Set<string>();
  for (let k = 4; k <= w.length - 4; k++) {
    const head = w.slice(0, k);
    const tail = w.slice(k);
    if (listed(head) && listed(tail)) return undefined;
    const part = listed(head) ? tail : listed(tail) ? head : undefined;
    if (part === undefined || part.length < MIN_TYPO_LENGTH - 1) continue;
    const meant = oneMeant(meantWords(part, vocabularies), vocabularies);
    if (meant !== undefined) found.add(part === tail ? head + meant : meant + tail);
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/** A plain word (lower case, accents folded) as the speller sees it: known as written or as a form, else the known words one slip away. */
export function spellingOf(w: string, catalogue: PlannerCatalogue, lang: Language = 'en'): { known: boolean; near: string[]; meant?: string } {
  const vocabularies = vocabulariesFor([lang], indexOf(catalogue));
  if (known(w, vocabularies)) return { known: true, near: [] };
  const near = meantWords(w, vocabularies.meant);
  return { known: false, near: [...near], meant: oneMeant(near, vocabularies.meant) };
}

/** Words the catalogue writes capitalised inside an answer's name ("Use Marketplace"): names, even when also written as common words. */
const CAPITALISED = new WeakMap<CatalogueIndex, Set<string>>();
function capitalisedInNames(index: CatalogueIndex, catalogue: PlannerCatalogue): Set<string> {
  let set = CAPITALISED.get(index);
  if (!set) {
    set = new Set(
      catalogue.questions.flatMap((q) => q.datapoints.flatMap((d) => [...d.name.matchAll(/(?<=\S\s+)[A-Z][a-z]+/g)].map((m) => m[0].toLowerCase()))),
    );
    CAPITALISED.set(index, set);
  }
  return set;
}

/** A word of a catalogue name that a word written as a name may be: not a word the catalogue writes only as a common word ("nature"). */
function nameWord(w: string, index: CatalogueIndex, catalogue: PlannerCatalogue): boolean {
  return index.byFirst.has(w) && (!commonWords(index).has(w) || capitalisedInNames(index, catalogue).has(w));
}

/** `typed` (as written) with the one edit that makes `meant` of its folded form, its case and accents kept. */
function respelt(typed: string, meant: string): string {
  const folded = foldAccents(typed.toLowerCase());
  const upper = typed === typed.toUpperCase();
  const cased = (ch: string) => (upper ? ch.toUpperCase() : ch);
  if (folded.length !== typed.length) return /^\p{Lu}/u.test(typed) ? meant.charAt(0).toUpperCase() + meant.slice(1) : meant;
  let i = 0;
  while (i < folded.length && folded[i] === meant[i]) i++;
  if (meant.length > folded.length) return typed.slice(0, i) + cased(meant[i]) + typed.slice(i);
  if (meant.length < folded.length) return typed.slice(0, i) + typed.slice(i + 1);
  if (folded.slice(i + 2) === meant.slice(i + 2) && folded[i] === meant[i + 1] && folded[i + 1] === meant[i])
    return typed.slice(0, i) + typed[i + 1] + typed[i] + typed.slice(i + 2);
  return typed.slice(0, i) + (i === 0 && /\p{Lu}/u.test(typed[0]) ? meant[i].toUpperCase() : cased(meant[i])) + typed.slice(i + 1);
}

/**
 * The prompt with each unknown word one typo from exactly one known word written as that word,
 * and the words so read (for the answer's notes).
 */
export function correctSpelling(prompt: string, catalogue: PlannerCatalogue, chat?: Language): { text: string; fixes: SpellingFix[] } {
  const tokens = [...prompt.matchAll(/[\p{L}]+/gu)];
  if (!tokens.some((t) => t[0].length >= MIN_TYPO_LENGTH)) return { text: prompt, fixes: [] };
  const index = indexOf(catalogue);
  const lang = detectLanguage(prompt);
  // The language of the chat's last answer too ("E per la Generzione Z?"), and every language when
  // the prompt's words do not tell one (a typo may be in its one marker word: "Cosa contraddstingue ...").
  const vocabularies = vocabulariesFor(clearLanguage(prompt) === null ? TABLED : [lang, ...(chat ? [chat] : [])], index);
  // German writes its nouns with a capital: there a capital does not make a name.
  const names = new Set(lang === 'de' ? [] : [...writtenAsNames(prompt)].map(foldAccents));
  const plain = tokens.map((t) => foldAccents(t[0].toLowerCase()));
  const paired = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && vocabularies.all.some((v) => v.pairs.has(`${a} ${b}`));
  const fixes: SpellingFix[] = [];
  let text = '';
  let at = 0;
  tokens.forEach((t, k) => {
    const typed = t[0];
    const start = t.index ?? 0;
    const end = start + typed.length;
    const w = plain[k];
    // Letters and digits together ("Q1", "2025er") are codes, not words.
    if (typed.length < MIN_TYPO_LENGTH || !/^[a-z]+$/.test(w) || /\d/.test(prompt[start - 1] ?? '') || /\d/.test(prompt[end] ?? '')) return;
    if (known(w, vocabularies) || (lang === 'en' && isEnglishWord(w))) return;
    const meant = oneMeant(meantWords(w, vocabularies.meant), vocabularies.meant) ?? (lang === 'de' ? meantCompound(w, vocabularies.meant) : undefined);
    if (meant === undefined) return;
    // A word written as a name is a name of the catalogue, or a word of a name or phrase its neighbour goes on with ("Elecric car").
    if (names.has(w) && !nameWord(meant, index, catalogue) && !paired(plain[k - 1], meant) && !paired(meant, plain[k + 1])) return;
    const written = respelt(typed, meant);
    fixes.push({ typed, meant: written });
    text += prompt.slice(at, start) + written;
    at = end;
  });
  return fixes.length === 0 ? { text: prompt, fixes } : { text: text + prompt.slice(at), fixes };
}

/** The note an answer carries for the words read as others: "I read “retalers” as “retailers”." */
export function spellingNote(fixes: readonly SpellingFix[]): string | null {
  if (fixes.length === 0) return null;
  return `I read ${fixes.map((f) => `“${f.typed}” as “${f.meant}”`).join(', ')}.`;
}
