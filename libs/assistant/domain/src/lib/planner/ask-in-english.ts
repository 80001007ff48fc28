import { PlannerCatalogue } from '../assistant.types';
import { indexOf } from '../catalogue-index';
import { beforeNumberWords, detectLanguage, translateWords } from '../languages';
import { normaliseWords, SHORTHAND } from './normalise';
import lexicon from './context-lexicon.json';
import { wordsOf } from './mentions';

type Table = string[][];
const PHRASES: Record<string, Table> = lexicon.askedInEnglish.phrases;
const JAPANESE: Table = lexicon.askedInEnglish.japanese;
const JAPANESE_AGES: Record<string, string> = lexicon.askedInEnglish.japaneseAges;
/** Shorthand for units of time, whose measures the unanswerable check reads (`grammar.json` `shorthand`). */
const UNITS = new Set([...lexicon.money.timeWords, ...lexicon.money.periods.flatMap((p) => p.split(' '))]);
const SHORT: Record<string, string> = SHORTHAND;
const UNIT_SHORTHAND = new Set(Object.keys(SHORT).filter((w) => UNITS.has(SHORT[w])));

/** "65歳以上", "18歳未満", "13〜15歳", "70代": ages in Japanese as the English words the age reader knows. */
function japaneseAges(prompt: string): string {
  return (
    prompt
      .replace(/(\d+)\s*[〜~～\-–]\s*(\d+)\s*歳/g, ' aged $1 to $2 ')
      .replace(/(\d+)\s*歳\s*(以上|未満|以下)/g, (whole, n: string, bound: string) => ` ${(JAPANESE_AGES[bound] ?? whole).replace('{n}', n)} `)
      // "70代": a decade of life, "in their 70s".
      .replace(/(\d+)\s*代/g, (whole, n: string) => (JAPANESE_AGES['代'] ? ` ${JAPANESE_AGES['代'].replace('{n}', n)} ` : whole))
  );
}

/** The longest phrase of a table at a word, if one: its length and its English words. */
function phraseAt(words: readonly string[], i: number, table: Table | readonly (readonly [string, string])[]): [number, string] | null {
  // Each entry is [phrase, English words].
  let best: [number, string] | null = null;
  for (const [phrase, english] of table) {
    const parts = phrase.split(' ');
    if (parts.length > (best?.[0] ?? 0) && parts.every((p, k) => words[i + k] === p)) best = [parts.length, english];
  }
  return best;
}

/**
 * The words of a prompt as an English ask, for finding what the catalogue cannot measure: the
 * measures of other languages ("Minuten pro Tag", "euros al mes", "moins de 16 ans") read as their
 * English words, the rest translated as the planner translates it. An English prompt is its words.
 */
export function askedInEnglish(prompt: string, catalogue?: PlannerCatalogue): string[] {
  const lang = detectLanguage(prompt);
  // Japanese is written without spaces: its measures ("何円", "毎月") are read where they stand, and
  // the rest as the planner reads Japanese ("ゲーム" is "game") when the catalogue is at hand.
  if (lang === 'ja') {
    const measured = JAPANESE.reduce((text, [phrase, english]) => text.split(phrase).join(english), japaneseAges(prompt));
    return catalogue ? normaliseWords(measured, indexOf(catalogue)).words.filter((w) => w !== '|') : wordsOf(measured);
  }
  // Chat shorthand of a unit ("hrs a week", "mins") is its word, as the planner reads it.
  const words = wordsOf(prompt).flatMap((w) => (UNIT_SHORTHAND.has(w) ? SHORT[w].split(' ') : [w]));
  const phrases = PHRASES[lang];
  if (!phrases) return words;
  // The translation's own list of words read otherwise before a number (`beforeNumber`).
  const beforeAge = beforeNumberWords(lang);
  const out: string[] = [];
  // Words between the measures are translated together, so the language's own phrases still read.
  let pending: string[] = [];
  const flush = () => {
    out.push(...translateWords(pending, lang));
    pending = [];
  };
  for (let i = 0; i < words.length;) {
    const age = phraseAt(words, i, beforeAge);
    // "Unter" is "among" before a name and "under" before a number of years.
    const found = age && /^\d/.test(words[i + age[0]] ?? '') ? age : phraseAt(words, i, phrases);
    if (found) {
      flush();
      out.push(...found[1].split(' '));
      i += found[0];
    } else pending.push(words[i++]);
  }
  flush();
  return out;
}
