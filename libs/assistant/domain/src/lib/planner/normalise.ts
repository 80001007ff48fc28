import { readExceptPhrases } from './audience-except';
import { CatalogueIndex, mayBeTypo } from '../catalogue-index';
import { cueTypo, QUERY_WORDS } from '../intents';
import { romanise, soundKey } from '../katakana';
import { Language, translateJapanese, translateWords } from '../languages';
import { turnLanguage } from '../chat-language';
import { capitaliseMarketCodes } from '../market-code-slots';
import { FUNCTION_WORDS, normalize, typoMatch } from '../text';
import { spellNegations } from './subject';
import { LEXICON } from '../../lexicon/lexicon';
import { joinSplitNames, repairWords } from './word-bounds';
import { dropTrailingInterjections } from './interjections';
import { withClauseBreak } from './clause-breaks';

/** The words of the planner's grammar (`lexicon/grammar.json`). */
const G = LEXICON.grammar;

/** A prompt's words, normalised: one language (English), chat shorthand and cue typos read as meant, clauses split by "|". */
export interface NormalisedWords {
  lang: Language;
  words: string[];
  /** Short words written in capitals in a prompt that is not shouted ("US", "UK"): codes and names. */
  capitals: Set<string>;
  /** Words written as names: capitalised after the first word of a sentence ("aware of Natura"). */
  names: Set<string>;
}

/** Chat shorthand and common misspellings of function words, read as the words they stand for. */
export const SHORTHAND = G.shorthand;

/**
 * The catalogue name a katakana word stands for: the answer the catalogue gives it as an alias
 * ("ディズニープラス" for Disney+), else the one name it sounds like ("テスラ": tesla), if exactly one.
 */
export function soundAlike(written: string, index: CatalogueIndex): string | undefined {
  // "プライム・ビデオ": the parts of a name joined by a middle dot are one word.
  const katakana = written.replace(/\u30fb/g, '');
  const aliased = aliasedName(katakana, index);
  if (aliased) return aliased;
  const key = soundKey(romanise(katakana));
  const names = key.length >= 2 ? index.bySound.get(key) : undefined;
  return names && names.size === 1 ? [...names][0] : undefined;
}

/** The one answer name a word written in another script is an alias of, normalised, if one. */
function aliasedName(word: string, index: CatalogueIndex): string | undefined {
  const key = normalize(word).trim();
  const names = new Set<string>();
  for (const e of index.byFirst.get(key) ?? [])
    if (e.kind === 'datapoint' && e.words.length === 1) for (const ref of e.refs) if (!ref.partial) names.add(normalize(ref.datapoint.name).trim());
  return names.size === 1 ? [...names][0] : undefined;
}

/**
 * How many words from `i` are a name of several words the data holds (an answer, a market, a place
 * outside the data): "Mercado Livre", "Pays Bas" stay names when a prompt is translated.
 */
function nameOfData(words: string[], i: number, index: CatalogueIndex): number {
  let best = 0;
  for (const e of index.byFirst.get(words[i]) ?? []) {
    if (e.kind === 'audience' || e.words.length < 2 || e.words.length <= best) continue;
    if (e.words.every((w, k) => words[i + k] === w)) best = e.words.length;
  }
  return best;
}

/**
 * A misspelt word of asking ("diffrent", "comapre") read as the word meant, unless it is a
 * catalogue name or could be a typo of one: names come first.
 */
export function correctCueTypo(word: string, index: CatalogueIndex): string {
  if (QUERY_WORDS.has(word)) return word;
  const spelt = vowelless(word, index);
  if (spelt) return spelt;
  if (!mayBeTypo(word, index)) return word;
  for (const key of index.byFirst.keys()) if (typoMatch(word, key)) return word;
  return cueTypo(word) ?? word;
}

/** A word without its vowels ("ths", "tht") -> the one function or asking word written so. */
const skeleton = (w: string) => w.replace(/[aeiou]/g, '');
const BY_SKELETON = (() => {
  const map = new Map<string, string | null>();
  for (const w of [...FUNCTION_WORDS, ...QUERY_WORDS])
    if (w.length >= 4 && /^[a-z]+$/.test(w) && skeleton(w) !== w) {
      const k = skeleton(w);
      map.set(k, map.has(k) && map.get(k) !== w ? null : w);
    }
  return map;
})();

/**
 * Chat writing drops vowels ("tht", "whch", "hve"): an unknown word with none, or with one fewer
 * than a function word of the same consonants, is that word when it is the only one.
 */
function vowelless(word: string, index: CatalogueIndex): string | undefined {
  if (word.length < 3 || index.vocabulary.has(word) || !/^[a-z]+$/.test(word)) return undefined;
  const meant = BY_SKELETON.get(skeleton(word));
  if (!meant) return undefined;
  return !/[aeiouy]/.test(word) || meant.length === word.length + 1 ? meant : undefined;
}

/**
 * The first stage: the prompt's text as words. Abbreviations and slashed shorthand are undone,
 * Japanese and other languages translated, clause punctuation kept as "|", chat shorthand and
 * misspelt words of asking read as the words meant.
 */
export function normaliseWords(written: string, index: CatalogueIndex, chat?: Language): NormalisedWords {
  // Market codes in a list or a market's slot ("uk vs de", "in fr") in capitals: codes in any language.
  // "Among people who worry about privacy what share ...": the comma that ends the audience clause, restored.
  const raw = withClauseBreak(capitaliseMarketCodes(written));
  // A short turn of a chat that reads as well in the chat's language is read in it (chat-language.ts).
  const lang = turnLanguage(raw, chat);
  // Abbreviations written with dots ("U.S.", "EE. UU.") are one name, not sentence ends.
  const undotted = raw
    // "$50,000": a thousands separator is not a clause break.
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/#\s?(\d+)/g, ' top $1 ')
    // "%age", "%ages": percentage written with its sign, not the word "age".
    .replace(/%(age)(s?)\b/gi, ' percent$1$2 ')
    // "top5", "top10": the number apart.
    .replace(/\b(top|bottom)(\d+)\b/gi, '$1 $2')
    // Slashed shorthand: "b/w" between, "w/o" without, "w/" with.
    .replace(/\bb\/w\b/gi, ' between ')
    .replace(/\bw\/o\b/gi, ' without ')
    .replace(/\bw\//gi, ' with ')
    // "y/y", "q/q", "y-o-y": year on year and quarter on quarter, not alternatives.
    .replace(/\b([yq])\s*(?:\/|-o-)\s*\1\b/gi, (_m, x: string) => ` ${x.toLowerCase()}o${x.toLowerCase()} `)
    // "men/women", "gen z/millennials", "uk/germany": alternatives side by side, never both at once.
    .replace(/([A-Za-z])\s*\/\s*(?=[A-Za-z])/g, '$1 or ')
    .replace(/\b(?:[A-Za-z]{1,2}\.\s?){2,}/g, (m) => `${m.replace(/\./g, '').trim()} `);
  const text = lang === 'ja' ? translateJapanese(undotted, (run) => soundAlike(run, index)) : joinSplitNames(undotted, index);
  // Shouting is judged on the prompt as written, not on the codes put in capitals.
  const letters = written.replace(/[^A-Za-z]/g, '');
  const shouting = letters.length > 0 && letters.replace(/[^A-Z]/g, '').length / letters.length > 0.6;
  const capitals = new Set(shouting ? [] : [...text.matchAll(/\b[A-Z]{1,4}\b/g)].map((m) => m[0].toLowerCase()));
  const names = shouting ? new Set<string>() : writtenAsNames(text);
  // Sentence punctuation splits clauses ("Gen Z vs Millennials: TikTok usage"): kept as "|".
  const parts = text.split(/[,;:?!¿¡()\u3001\u3002]+|\.(?=\s|$)|\s-\s|\s–\s/);
  let words: string[] = [];
  for (const part of parts) {
    let w = normalize(part)
      .trim()
      .split(' ')
      .filter((x) => x.length > 0)
      .flatMap((x) => (SHORTHAND[x] ?? x).split(' '));
    w = dropTrailingInterjections(w);
    if (w.length === 0) continue;
    // English typed in a hurry: words run together or misspelt are read as the known words meant.
    if (lang === 'en') w = repairWords(w, index, names);
    if (words.length > 0) words.push('|');
    words.push(
      ...spellNegations(
        translateWords(
          w,
          lang,
          capitals,
          (ws, i) => nameOfData(ws, i, index),
          (word) => (index.byFirst.get(word) ?? []).some((e) => e.kind === 'datapoint' && e.words.length === 1),
          names,
        ),
        lang,
      ),
    );
  }
  words = words.filter((w, i) => !(w === '|' && (i === 0 || words[i - 1] === '|')));
  if (words[words.length - 1] === '|') words.pop();
  words = readExceptPhrases(words.map((w) => correctCueTypo(w, index)));
  return { lang, words, capitals, names };
}

/** Words capitalised inside a sentence ("use Natura"), not at its start: names, lower-cased. */
export function writtenAsNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const sentence of text.split(/[.?!:;\n]+/)) for (const m of sentence.matchAll(/(?<=[A-Za-z0-9,'"’)]\s+)[A-Z][a-z]+\b/g)) names.add(m[0].toLowerCase());
  return names;
}
