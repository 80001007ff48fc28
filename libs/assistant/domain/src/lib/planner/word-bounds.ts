import { CatalogueIndex, Entry, lemma, mayBeTypo } from '../catalogue-index';
import { QUERY_WORDS } from '../intents';
import { isEnglishWord } from '../english-words';
import { FUNCTION_WORDS, stem, STOPWORDS, typoDistance, typoMatch } from '../text';
import { LEXICON } from '../../lexicon/lexicon';

/**
 * Word boundaries and spellings a hurried prompt gets wrong, repaired against the words the
 * planner knows (the catalogue's names and descriptions, the lexicon's cue and function words):
 * words run together ("howmany", "applepay"), a name split in two ("insta gram", "what's app"),
 * and a misspelt known word ("considration"). Each repair needs exactly one reading; a word that
 * could be read two ways is left for the later stages (which ask).
 */

const SHORTHAND: Record<string, string> = LEXICON.grammar.shorthand;

/** Cue phrases of two words ("how many", "what share"): a run-together pair of them is that phrase. */
const CUE_PAIRS = new Set(
  Object.values(LEXICON.cues)
    .flat()
    .filter((p): p is string => typeof p === 'string' && p.split(' ').length === 2),
);

const isPlain = (w: string) => /^[a-z]+$/.test(w);

/** A word the planner knows as it is written: a catalogue word, a form of one, a cue, function or shorthand word. */
function known(w: string, index: CatalogueIndex): boolean {
  return index.vocabulary.has(w) || index.stems.has(lemma(w)) || FUNCTION_WORDS.has(w) || QUERY_WORDS.has(w) || STOPWORDS.has(w) || w in SHORTHAND;
}

/** A word of the catalogue itself (not only a function word): a name's or a description's. */
const catalogueWord = (w: string, index: CatalogueIndex) => (index.vocabulary.has(w) || index.byFirst.has(w)) && !FUNCTION_WORDS.has(w) && !STOPWORDS.has(w);

/** A name of two words the catalogue holds, exactly these ("apple pay", "uber eats"). */
const twoWordName = (a: string, b: string, index: CatalogueIndex) => (index.byFirst.get(a) ?? []).some((e) => e.words.length === 2 && e.words[1] === b);

/**
 * "howmany" -> ["how", "many"], "applepay" -> ["apple", "pay"], "whichsocial" -> ["which",
 * "social"]: an unknown word that is two known words of three letters or more, when exactly one
 * split reads so and the pair means something together: a cue phrase, a name of the catalogue, or
 * a word of the catalogue beside another known word. Two function words alone ("however",
 * "somewhere") are never split, nor a word that may be a typo of a catalogue word.
 */
export function splitRunTogether(word: string, index: CatalogueIndex): [string, string] | undefined {
  if (word.length < 6 || !isPlain(word) || known(word, index)) return undefined;
  if (index.byFirst.has(word)) return undefined;
  for (const v of index.vocabulary) if (v.length >= 5 && typoMatch(word, v)) return undefined;
  const splits: [string, string][] = [];
  for (let k = 3; k <= word.length - 3; k++) {
    const a = word.slice(0, k);
    const b = word.slice(k);
    if (!known(a, index) || !known(b, index)) continue;
    const meaningful = CUE_PAIRS.has(`${a} ${b}`) || twoWordName(a, b, index) || catalogueWord(a, index) || catalogueWord(b, index);
    if (meaningful) splits.push([a, b]);
  }
  return splits.length === 1 ? splits[0] : undefined;
}

/** A one-word name of the catalogue (≥ 6 letters) written exactly as `w`. */
const oneWordName = (w: string, index: CatalogueIndex) =>
  w.length >= 6 && (index.byFirst.get(w) ?? []).some((e) => e.words.length === 1 && e.kind !== 'audience');

/**
 * "insta gram" -> "instagram", "smart watch" -> "smartwatch", "what's app" -> "whatsapp": two
 * words that are, run together, exactly a one-word name of the catalogue (an apostrophe-s between
 * them, as autocorrect writes it, is kept in the join).
 */
export function joinSplitNames(raw: string, index: CatalogueIndex): string {
  // A lookahead, so that each word is tried with the next one ("on face book": "on face", then "face book").
  return raw.replace(/\b([A-Za-z]+)(['’]s)?\s+(?=([A-Za-z]+)\b)/g, (m, a: string, s: string | undefined, b: string) => {
    const joined = `${a}${s ? 's' : ''}${b}`.toLowerCase();
    return oneWordName(joined, index) ? `${a}${s ? 's' : ''}` : m;
  });
}

/** The words of the names of markets, regions and places outside the data. */
function placeWords(index: CatalogueIndex): ReadonlySet<string> {
  let words = PLACE_WORDS.get(index);
  if (!words) {
    words = new Set(index.entries.flatMap((e) => (e.kind === 'market' || e.kind === 'region' || e.kind === 'place' ? e.words : [])));
    PLACE_WORDS.set(index, words);
  }
  return words;
}
const PLACE_WORDS = new WeakMap<CatalogueIndex, ReadonlySet<string>>();

/** Every known word a misspelling is checked against: the catalogue's words and the lexicon's cue words. */
function candidates(index: CatalogueIndex): string[] {
  const cached = CANDIDATES.get(index);
  if (cached) return cached;
  const list = [...new Set([...index.vocabulary, ...QUERY_WORDS])].filter((w) => w.length >= 6 && isPlain(w));
  CANDIDATES.set(index, list);
  return list;
}
const CANDIDATES = new WeakMap<CatalogueIndex, string[]>();

/**
 * "considration" -> "consideration", "smartwach" -> "smartwatch": an unknown word of six letters or
 * more within the typo distance of exactly one known word of six letters or more is that word.
 * Two near words ("Tesca": Tesco or Tesla) leave it as written, so the later stages ask.
 * A word written as a name (`asName`: capitalised mid-sentence, "Natura") is repaired only to a
 * name of the catalogue ("Samsnug" -> samsung), never to a common word ("nature"): an unknown
 * brand stays unknown, so the later stages refuse or ask rather than answer another question.
 */
export function correctMisspelling(word: string, index: CatalogueIndex, asName = false): string {
  if (word.length < 6 || !isPlain(word) || known(word, index) || !mayBeTypo(word, index)) return word;
  let found: string | undefined;
  // A word of the dictionary is the word meant, not a misspelt place ("settle" is not Seattle).
  const english = isEnglishWord(word);
  for (const v of candidates(index)) {
    if (!typoMatch(word, v) || (asName && (commonWords(index).has(v) || QUERY_WORDS.has(v)))) continue;
    if (english && placeWords(index).has(v)) continue;
    if (found !== undefined && found !== v) return word;
    found = v;
  }
  return found ?? word;
}

/**
 * Words the catalogue writes as common words, not names: those it writes in lower case, and the
 * first word of an answer written in sentence case ("Nature and wildlife", "Spending time in
 * nature"), not the words of a name ("Apple Music", "Samsung").
 */
export function commonWords(index: CatalogueIndex): ReadonlySet<string> {
  const cached = COMMON.get(index);
  if (cached) return cached;
  const common = new Set(index.commonWords);
  for (const e of index.entries) {
    if (e.kind !== 'datapoint') continue;
    for (const { datapoint } of e.refs) {
      const [first, ...rest] = datapoint.name.split(/\s+/);
      const lower = rest.filter((w) => /^[a-z][a-z]+$/.test(w));
      for (const w of lower) common.add(w);
      if (lower.some((w) => !FUNCTION_WORDS.has(w))) common.add(first.toLowerCase());
    }
  }
  COMMON.set(index, common);
  return common;
}
const COMMON = new WeakMap<CatalogueIndex, Set<string>>();

/** Asking and function words of three letters or more, for the short misspellings ("hoiw", "mnay"). */
const SHORT_WORDS = [...new Set([...QUERY_WORDS, ...FUNCTION_WORDS])].filter((w) => w.length >= 3 && w.length <= 5 && isPlain(w));

/** Whether `longer` is `word` with one vowel put back ("brnds", "brands"). */
function droppedVowel(word: string, longer: string): boolean {
  let i = 0;
  while (i < word.length && word[i] === longer[i]) i++;
  return /[aeiou]/.test(longer[i]) && word.slice(i) === longer.slice(i + 1);
}

/** One letter too many or too few, or two adjacent letters swapped (never a letter replaced by another). */
const oneSlip = (a: string, b: string) =>
  a[0] === b[0] && typoDistance(a, b) === 1 && (a.length !== b.length || [...a].sort().join('') === [...b].sort().join(''));

/** Words a market follows ("in", "among", "across": `places.json` `codeSlots.after`). */
const PLACE_BEFORE = new Set<string>(LEXICON.places.codeSlots.after);

/**
 * "in japn", "in jpan": an unknown word of four letters or more where a market stands, one slip of
 * the fingers from the names of one word of exactly one market, is that market (a short name misspelt
 * elsewhere is left alone).
 */
function slippedMarket(word: string, index: CatalogueIndex): string | undefined {
  if (word.length < 4 || !isPlain(word) || known(word, index) || index.byFirst.has(word)) return undefined;
  // Names of one market in several languages ("japan", "japon") are one reading.
  const near = new Map<string, string>();
  for (const e of index.entries)
    if (e.kind === 'market' && e.words.length === 1 && oneSlip(word, e.words[0]) && !near.has(e.location.code)) near.set(e.location.code, e.words[0]);
  return near.size === 1 ? [...near.values()][0] : undefined;
}

/**
 * "hoiw" -> "how", "mnay" -> "many": an unknown word of four or five letters one slip of the
 * fingers from exactly one asking or function word, when no word of the catalogue is as near
 * (a short brand name misspelt stays for the name stages, unless every catalogue word as near is a
 * form of one word).
 */
export function correctShortSlip(word: string, index: CatalogueIndex, asName = false): string {
  if (word.length < 4 || word.length > 5 || !isPlain(word) || known(word, index) || index.byFirst.has(word)) return word;
  const near = [...index.vocabulary].filter(
    (v) => Math.abs(v.length - word.length) <= 1 && !QUERY_WORDS.has(v) && catalogueWord(v, index) && typoDistance(word, v) <= 1,
  );
  if (near.length > 0) {
    // "spors": near only the forms of one catalogue word ("sport", "sports"), it is the one form
    // with a letter dropped ("sports"); five letters, so a short name misspelt is not guessed, and
    // never a word written as a name or with a letter too many ("rolex" is not "role").
    const slipped = near.filter((v) => v.length === word.length + 1 && oneSlip(word, v));
    if (asName || word.length !== 5 || slipped.length !== 1) return word;
    // "brnds": a vowel dropped, as hurried typing drops them ("tht", "podcst"), is the word meant
    // even beside a word one letter changed ("bonds").
    return new Set(near.map(stem)).size === 1 || droppedVowel(word, slipped[0]) ? slipped[0] : word;
  }
  const meant = SHORT_WORDS.filter((w) => oneSlip(word, w));
  return meant.length === 1 ? meant[0] : word;
}

/** Names of two words or more written without their spaces ("genzers", "babyboomers"), each to its words when only one. */
function spacelessNames(index: CatalogueIndex): Map<string, string[] | null> {
  const cached = SPACELESS.get(index);
  if (cached) return cached;
  const map = new Map<string, string[] | null>();
  const meant = new Map<string, string>();
  // What a name stands for: "gen zers" and "gen z ers" are one audience.
  const target = (e: Entry) =>
    e.kind === 'audience'
      ? `a:${e.name}`
      : e.kind === 'datapoint'
        ? `d:${e.refs.map((r) => `${r.question.code}/${r.datapoint.code}`).join(',')}`
        : `${e.kind}:${e.words.join(' ')}`;
  for (const e of index.entries) {
    if (e.words.length < 2) continue;
    const key = e.words.join('');
    if (key.length < 6 || !isPlain(key)) continue;
    const prior = meant.get(key);
    if (prior === undefined) {
      meant.set(key, target(e));
      map.set(key, e.words);
    } else if (prior !== target(e)) map.set(key, null);
  }
  SPACELESS.set(index, map);
  return map;
}
const SPACELESS = new WeakMap<CatalogueIndex, Map<string, string[] | null>>();

/** "genzers" -> "gen zers", "babyboomers" -> "baby boomers": an unknown word that is one name of several words without its spaces. */
export function spacedName(word: string, index: CatalogueIndex): string[] | undefined {
  if (index.vocabulary.has(word) || index.byFirst.has(word)) return undefined;
  return spacelessNames(index).get(word) ?? undefined;
}

/**
 * The prompt's English words with two-word shorthand read, run-together words split and misspelt
 * known words read as meant; `names` are the words written as names (see `correctMisspelling`).
 */
export function repairWords(words: string[], index: CatalogueIndex, names: ReadonlySet<string> = new Set()): string[] {
  // Shorthand of two words ("these days": nowadays, the present in general, not "days").
  const paired: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const two = SHORTHAND[`${words[i]} ${words[i + 1]}`];
    if (two !== undefined && i + 1 < words.length) {
      paired.push(...two.split(' '));
      i++;
    } else paired.push(words[i]);
  }
  return paired.flatMap((w, i) => {
    if (w === '|') return [w];
    const market = PLACE_BEFORE.has(paired[i - 1] ?? '') ? slippedMarket(w, index) : undefined;
    if (market) return [market];
    const split = spacedName(w, index) ?? splitRunTogether(w, index);
    return split ?? [correctShortSlip(correctMisspelling(w, index, names.has(w)), index, names.has(w))];
  });
}
