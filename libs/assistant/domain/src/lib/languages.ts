/**
 * Prompts in the languages of the markets in the data (German, Spanish, French, Portuguese,
 * Japanese; English for gb, us, au, in), and Italian are read by translating their question words, time
 * words, frequency words and audience words into the English the planner reads. Brand and
 * datapoint names are the same in every language and pass through untouched; market names and
 * demonyms of every language are aliases of the markets themselves (synonyms.ts). The words are
 * data: `../lexicon/languages/<lang>.json`.
 */
import { PromptLanguage } from './assistant.types';
import { LEXICON } from '../lexicon/lexicon';
import { TabledLanguage } from '../lexicon/read-lexicon';
import { joinDottedNames, katakanaRuns, withLatinLead } from './katakana';
import { capitaliseMarketCodes } from './market-code-slots';
import { escapeRegExp, foldAccents, FUNCTION_WORDS } from './text';
import { DIMENSION_PHRASES } from './planner/dimension-words';
import { frequencyBeforePeople } from './postposed-frequency';
import { superlativesBeforeNouns } from './postposed-superlative';
import { contractedPhrases } from './article-contractions';

export type Language = PromptLanguage;
/** The European languages read through a phrase table. */
type Tabled = TabledLanguage;

/**
 * Japanese has no spaces between words: its phrases are replaced in the raw prompt (longest
 * first) by English words; whatever Japanese is left (particles, endings) is dropped.
 */
const JAPANESE_PATTERNS: [RegExp, string][] = LEXICON.japanese.patterns.map((p) => [new RegExp(p.pattern, p.flags), p.replace]);

const JAPANESE_WORDS = LEXICON.japanese.words;

/** Words that mark each language, counted to tell which one a prompt is in. */
const MARKERS: Record<Tabled, string[]> = {
  de: LEXICON.languages.de.markers,
  es: LEXICON.languages.es.markers,
  fr: LEXICON.languages.fr.markers,
  pt: LEXICON.languages.pt.markers,
  it: LEXICON.languages.it.markers,
};

const ENGLISH_MARKERS = LEXICON.english.markers;

/** Per European language, the marker words a prompt uses and how many letters only that language writes. */
export function markersSaid(written: string): [Language, { words: string[]; letters: number }][] {
  // Market codes in a list or a market's slot ("uk/us/de", "in de") are markets, not the words "de" or "es".
  const raw = capitaliseMarketCodes(written);
  // Letters only one of the languages writes count as a marker word each.
  const letters: Record<Tabled, number> = {
    de: (raw.match(/[äöüß]/gi) ?? []).length,
    es: (raw.match(/[ñ¿¡]/gi) ?? []).length,
    // "a-t-il", "est-elle": the inverted question only French writes.
    fr: (raw.match(/[èêëîïûœ]|\b(?:qu|l|d|n|c|j|s)['’](?=[a-zà-ÿ])|-t-(?:il|elle|on)\b|\b\w+-(?:il|elle|ils|elles)\b/gi) ?? []).length,
    pt: (raw.match(/[ãõ]/gi) ?? []).length,
    // "è" on its own (\b does not see accented letters as word letters).
    it: (raw.match(/[ìò]|(?<![\p{L}])è(?![\p{L}])/giu) ?? []).length,
  };
  // Codes in capitals ("DE", "ES") are markets, not the Romance word "de".
  const words = foldAccents(raw.replace(/\b[A-Z]{2,3}\b/g, ' ').toLowerCase())
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const said = (markers: string[]) => {
    const set = new Set(markers);
    // A two-letter word ending the prompt is a code ("subs de"), not a preposition or an article,
    // which never end a sentence.
    return words.filter((w, i) => set.has(w) && !(i === words.length - 1 && w.length === 2 && i > 0));
  };
  return [
    ['en', { words: said(ENGLISH_MARKERS), letters: 0 }],
    ...(Object.entries(MARKERS) as [Tabled, string[]][]).map(([lang, markers]): [Language, { words: string[]; letters: number }] => [
      lang,
      { words: said(markers), letters: letters[lang] },
    ]),
  ];
}

/** Per European language, how many of its marker words and letters a prompt uses. */
function languageScores(written: string): [Language, number][] {
  return markersSaid(written).map(([lang, m]) => [lang, m.words.length + m.letters]);
}

/**
 * The language of a prompt: Japanese when it holds kana or kanji, else the European language
 * whose marker words it uses most (English when none leads).
 */
export function detectLanguage(raw: string): Language {
  if (/[\u3040-\u30ff\u4e00-\u9fff]/.test(raw)) return 'ja';
  const scores = weighedScores(raw);
  let [best, bestScore] = scores[0];
  for (const [lang, s] of scores.slice(1))
    if (s > bestScore) {
      best = lang;
      bestScore = s;
    }
  return best;
}

/** Per language, its marker words in a prompt; with the words of its own phrase table when no language leads by more than one. */
function weighedScores(raw: string): [Language, number][] {
  const scores = languageScores(raw);
  // A short turn ("E per reddito?", "e por renda?") leads by one marker word at most: the words of
  // each language's own phrase table ("per reddito", "renda") are counted too, so a word the
  // prompt shares with another language ("e") does not decide alone. Against an English marker word, only a language with a marker word of its own counts them.
  const top = Math.max(...scores.map(([, s]) => s));
  const english = scores.find(([lang]) => lang === 'en')?.[1] ?? 0;
  if (top !== 1) return scores;
  return scores.map(([lang, s]): [Language, number] => [lang, lang === 'en' || english > 0 ? s : s + tabledWords(raw, lang as Tabled)]);
}

/** How many words of a prompt a phrase of the language's table covers ("per reddito": two of "e per reddito"). */
function tabledWords(raw: string, lang: Tabled): number {
  const words = foldAccents(raw.toLowerCase())
    .replace(/[^a-z0-9 ]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w.length > 0);
  const t = table(lang);
  let covered = 0;
  for (let i = 0; i < words.length;) {
    let n = Math.min(t.longest, words.length - i);
    while (n >= 1 && lookUp(t, words.slice(i, i + n), lang) === undefined) n--;
    if (n >= 1) {
      covered += n;
      i += n;
    } else i++;
  }
  return covered;
}

/** The language of a prompt when its words say it clearly: no other language has as many of its marker words. */
export function clearLanguage(raw: string): Language | null {
  const language = detectLanguage(raw);
  if (language === 'ja') return language;
  const scores = weighedScores(raw);
  const top = scores.find(([lang]) => lang === language)?.[1] ?? 0;
  return scores.filter(([, s]) => s === top).length === 1 ? language : null;
}

/** Japanese phrases replaced by English words; other Japanese dropped. The rest of the prompt as it was. */
export function translateJapanese(raw: string, nameOfKatakana: (word: string) => string | undefined = () => undefined): string {
  let text = joinDottedNames(raw.normalize('NFKC'), nameOfKatakana);
  for (const [pattern, english] of JAPANESE_PATTERNS) text = text.replace(pattern, english);
  for (const [phrase, english] of [...JAPANESE_WORDS].sort((a, b) => b[0].length - a[0].length)) text = text.split(phrase).join(english);
  // Foreign names written by their sound ("テスラ"): the catalogue name they sound like, if one.
  for (const run of katakanaRuns(text)) {
    const name = nameOfKatakana(run);
    // "Amazonプライムビデオ": a Latin word written before the run that its name opens with is said once.
    if (name) text = text.replace(new RegExp(`([A-Za-z0-9+]+)?${escapeRegExp(run)}`, 'g'), (_, before?: string) => ` ${withLatinLead(before, name)} `);
  }
  return text.replace(/[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]+/g, ' ');
}

/**
 * Per language: a phrase of normalised words -> English words. Only words whose meaning is not
 * the same in English are listed; longer phrases win over their parts.
 */
const PHRASES: Record<Tabled, [string, string][]> = {
  de: LEXICON.languages.de.phrases,
  es: LEXICON.languages.es.phrases,
  fr: LEXICON.languages.fr.phrases,
  pt: LEXICON.languages.pt.phrases,
  it: LEXICON.languages.it.phrases,
};

/** Per language: its inflectional endings, longest first. */
const ENDINGS: Record<Tabled, string[]> = Object.fromEntries(
  (Object.keys(PHRASES) as Tabled[]).map((lang) => [lang, [...LEXICON.languages[lang].endings].sort((a, b) => b.length - a.length)]),
) as Record<Tabled, string[]>;

/**
 * A word's inflection key: the word without the longest of the language's endings it has, when
 * at least four letters stay ("tablettes" and "tablette": "tablett"; "bebidas", "bebida":
 * "bebid"). Shorter words are their own key: they are mostly function words.
 */
export function inflectionKey(word: string, lang: Language): string {
  if (lang === 'en' || lang === 'ja') return word;
  for (const ending of ENDINGS[lang]) if (word.endsWith(ending) && word.length - ending.length >= 4) return word.slice(0, -ending.length);
  return word;
}

interface PhraseTable {
  longest: number;
  map: Map<string, string>;
  /** The phrases by the inflection keys of their words; a key two phrases of different meanings share is left out. */
  byKey: Map<string, string>;
}

const TABLES = new Map<string, PhraseTable>();

function table(lang: Tabled): PhraseTable {
  let t = TABLES.get(lang);
  if (!t) {
    // The dimension cues ("in which country", "which age group") and time words of the language (lexicon/dimensions.json).
    const written = [...PHRASES[lang], ...DIMENSION_PHRASES[lang]];
    const known = new Set(written.map(([p]) => p));
    const phrases = [...written, ...[...elided(written, lang), ...contractedPhrases(written, lang)].filter(([p]) => !known.has(p))];
    const map = new Map(phrases);
    const byKey = new Map<string, string>();
    const clashing = new Set<string>();
    for (const [phrase, english] of phrases) {
      const key = phraseKey(phrase.split(' '), lang);
      const known = byKey.get(key);
      if (known !== undefined && known !== english) clashing.add(key);
      else byKey.set(key, english);
    }
    for (const key of clashing) byKey.delete(key);
    t = { longest: Math.max(...phrases.map(([p]) => p.split(' ').length)), map, byKey };
    TABLES.set(lang, t);
  }
  return t;
}

/** The first letters of a word before which an elided form stands ("d'avoir", "l'heure"). */
const VOWEL_START = /^[aeiouyh]/;

/**
 * The table's phrases with a word in the form it takes before a vowel (`elisions`: French "de" as
 * "d"), where a vowel follows it or it ends the phrase: "est le plus susceptible de" is also "est
 * le plus susceptible d" (of "d'avoir"), each with the same English.
 */
function elided(phrases: readonly [string, string][], lang: Tabled): [string, string][] {
  const short = new Map(LEXICON.languages[lang].elisions);
  if (short.size === 0) return [];
  const out: [string, string][] = [];
  for (const [phrase, english] of phrases) {
    const words = phrase.split(' ');
    if (words.length < 2) continue;
    words.forEach((w, k) => {
      const elision = short.get(w);
      if (elision !== undefined && (k === words.length - 1 || VOWEL_START.test(words[k + 1])))
        out.push([words.map((x, j) => (j === k ? elision : x)).join(' '), english]);
    });
  }
  return out;
}

const phraseKey = (words: string[], lang: Language) => words.map((w) => inflectionKey(w, lang)).join(' ');

/** The English of a phrase of the prompt: as written, else by the inflection keys of its words. */
function lookUp(t: PhraseTable, words: string[], lang: Language): string | undefined {
  return t.map.get(words.join(' ')) ?? t.byKey.get(phraseKey(words, lang));
}

/** Whether a phrase of two words or more starts at `at` and ends after `end`. */
function runsPast(t: PhraseTable, words: string[], at: number, end: number, lang: Language): boolean {
  for (let m = Math.min(t.longest, words.length - at); at + m > end && m >= 2; m--) if (lookUp(t, words.slice(at, at + m), lang) !== undefined) return true;
  return false;
}

/**
 * A data name written as a name ("nutzen Uber") whose table word is only a function word ("über":
 * "about"): a word capitalised inside a sentence is a noun or a name, never a preposition, so it
 * is the name (accents folded, "Uber" and "über" are one word).
 */
const functionWordAsName = (word: string, english: string, writtenAsName: ReadonlySet<string>) =>
  writtenAsName.has(word) && english.split(' ').every((w) => FUNCTION_WORDS.has(w));

/**
 * The words of a normalised prompt in English: each longest phrase of the language's table is
 * replaced by its English words. `keep` holds words written in capitals in the prompt ("USA"),
 * which are names, not words to translate.
 */
export function translateWords(
  words: string[],
  lang: Language,
  keep: ReadonlySet<string> = new Set(),
  /** How many words from `i` are a name the data holds ("Mercado Livre", "Pays Bas"): never translated. */
  nameAt: (words: string[], i: number) => number = () => 0,
  /** Whether a word is a whole one-word name of the data ("reddit"): never read as another form of a word of the table ("reddito"). */
  isName: (word: string) => boolean = () => false,
  /** Words capitalised inside a sentence ("nutzen Uber"): a name there, never a preposition of the table ("über"). */
  writtenAsName: ReadonlySet<string> = new Set(),
): string[] {
  if (lang === 'en' || lang === 'ja') return words;
  const t = table(lang);
  const { longest, map } = t;
  const out: string[] = [];
  // "que"/"quel" opening a question asks "what"; inside one it joins a clause ("who", "that").
  const opening = new Set(['que', 'quel', 'quelle', 'qual']);
  // "Sia X che Y", "tanto X como Y": both X and Y.
  let pendingAnd: string[] | null = null;
  for (let i = 0; i < words.length;) {
    if (words[i] === '|') pendingAnd = null;
    if (pendingAnd && words.slice(i, i + pendingAnd.length).join(' ') === pendingAnd.join(' ')) {
      out.push('and');
      i += pendingAnd.length;
      pendingAnd = null;
      continue;
    }
    const pair = LEXICON.languages[lang].bothAnd.find(([first, second]) => {
      const n = first.split(' ').length;
      if (words.slice(i, i + n).join(' ') !== first) return false;
      const ahead = words.slice(i + n, i + n + 8);
      const stop = ahead.indexOf('|');
      return ` ${(stop < 0 ? ahead : ahead.slice(0, stop)).join(' ')} `.includes(` ${second} `);
    });
    if (pair) {
      out.push('both');
      i += pair[0].split(' ').length;
      pendingAnd = pair[1].split(' ');
      continue;
    }
    // French "où" opening a question is "where" ("ou", "or", never opens one); accents are folded by now.
    if (i === 0 && lang === 'fr' && words[0] === 'ou') {
      out.push('where');
      i++;
      continue;
    }
    if (i === 0 && opening.has(words[0]) && ![2, 3, 4].some((n) => map.has(words.slice(0, n).join(' ')))) {
      out.push('what');
      i++;
      continue;
    }
    // "más ... que", "plus ... que", "mais ... (do) que": after a comparative, "que" is "than".
    const than = words[i] === 'que' ? 1 : words[i] === 'do' && words[i + 1] === 'que' && lang === 'pt' ? 2 : 0;
    if (than > 0) {
      const clause = out.slice(out.lastIndexOf('|') + 1);
      if ((clause.includes('more') || clause.includes('less')) && !clause.includes('than')) {
        out.push('than');
        i += than;
        continue;
      }
    }
    // "usuarios diarios": a frequency after its noun for people, read before it ("daily users").
    const postposed = frequencyBeforePeople(out, afterPeople(words[i], lang));
    if (postposed) {
      out.splice(0, out.length, ...postposed);
      i++;
      continue;
    }
    const beforeNumber = numberWord(words, i, lang);
    if (beforeNumber) {
      out.push(...beforeNumber.english.split(' '));
      i += beforeNumber.length;
      continue;
    }
    const name = nameAt(words, i);
    if (name > 0) {
      out.push(...words.slice(i, i + name));
      i += name;
      continue;
    }
    let done = false;
    for (let n = Math.min(longest, words.length - i); n >= 1; n--) {
      const phrase = words.slice(i, i + n).join(' ');
      const english = lookUp(t, words.slice(i, i + n), lang);
      if (
        english === undefined ||
        (n === 1 && (keep.has(phrase) || (isName(phrase) && (!map.has(phrase) || functionWordAsName(phrase, english, writtenAsName)))))
      )
        continue;
      // "los mayores de 55": a phrase never swallows the start of a word read before a number.
      if (Array.from({ length: n - 1 }, (_, k) => k + 1).some((k) => numberWord(words, i + k, lang))) continue;
      // "tra i giovani genitori": a phrase never swallows the start of a longer phrase that runs past its end ("i giovani" of "giovani genitori").
      if (Array.from({ length: n - 1 }, (_, k) => k + 1).some((k) => runsPast(t, words, i + k, i + n, lang))) continue;
      out.push(...english.split(' '));
      i += n;
      done = true;
      break;
    }
    if (!done) {
      const parts = lang === 'de' && !keep.has(words[i]) ? splitCompound(words[i], t) : undefined;
      if (parts) out.push(...parts.flatMap((p) => (lookUp(t, [p], lang) ?? p).split(' ')));
      else out.push(words[i]);
      i++;
    }
  }
  // Romance superlatives and adjectives of preference follow their noun ("il servizio di streaming
  // più usato", "la aerolínea favorita"): in English order ("the most used streaming service",
  // "the favourite airline"), so the noun reads as the one asked for.
  return lang === 'de' ? out : superlativesBeforeNouns(out);
}

/** The English of a word of the language's `afterPeople` list, by the word or its inflection key. */
function afterPeople(word: string, lang: Tabled): string | undefined {
  const found = LEXICON.languages[lang].afterPeople.find(([w]) => w === word || inflectionKey(w, lang) === inflectionKey(word, lang));
  return found?.[1];
}

/**
 * The language's words read otherwise only before a number (`beforeNumber`: "unter 35" is "under
 * 35", "mayores de 55" "over 55"), each with its English; none for English and Japanese. One list
 * for every reader of them: the translation here and the unanswerable check's ask in English.
 */
export function beforeNumberWords(lang: Language): readonly (readonly [string, string])[] {
  return lang === 'en' || lang === 'ja' ? [] : LEXICON.languages[lang].beforeNumber;
}

/**
 * A word of the language's `beforeNumber` list at `i` followed by a number ("unter 35", "mayores
 * de 55", "sotto i 30"): its English and how many words it takes; undefined elsewhere.
 */
function numberWord(words: string[], i: number, lang: Tabled): { english: string; length: number } | undefined {
  for (const [phrase, english] of LEXICON.languages[lang].beforeNumber) {
    const n = phrase.split(' ').length;
    if (words.slice(i, i + n).join(' ') === phrase && /^\d+$/.test(words[i + n] ?? '')) return { english, length: n };
  }
  return undefined;
}

/**
 * A German compound as two words of the table ("elektroautofahrer" = "elektroauto" + "fahrer"),
 * allowing the linking "s" ("nutzungsdauer"); undefined when it is not one.
 */
function splitCompound(word: string, t: PhraseTable): string[] | undefined {
  if (word.length < 8) return undefined;
  const has = (w: string) => lookUp(t, [w], 'de') !== undefined;
  for (let k = word.length - 4; k >= 4; k--) {
    const head = word.slice(0, k);
    const tail = word.slice(k);
    if (!has(tail)) continue;
    if (has(head)) return [head, tail];
    if (head.endsWith('s') && has(head.slice(0, -1))) return [head.slice(0, -1), tail];
  }
  return undefined;
}
