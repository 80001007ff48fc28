import { LEXICON, CONTEXT_LEXICON } from '../src/lexicon/lexicon';
import { TabledLanguage } from '../src/lexicon/read-lexicon';
import { isEnglishWord } from '../src/lib/english-words';
import { FUNCTION_WORDS, normalize, STOPWORDS } from '../src/lib/text';
import { PlannerCatalogue } from '../src/lib/assistant.types';

/**
 * How much of what the planner reads in English each European language's phrase table reaches.
 * A prompt in German, Spanish, French, Portuguese or Italian is read by translating its phrases
 * into English (`languages.ts`); a native word the table lacks stays untranslated, and the
 * planner refuses or misreads the prompt. So the table's reach is the English content words that
 * some phrase of the language translates into, out of the content words the planner reads:
 *
 * - `lexicon`: the English words of the lexicon's cues, audiences, topics, scales and grammar and
 *   of the context stage's words (dictionary words of three letters or more, no function words);
 * - `catalogue`: the ordinary words of the catalogue's question names and descriptions, answer
 *   names and scale names (dictionary words, so brand names, which every language writes the
 *   same, do not count).
 *
 * It measures breadth, not correctness: whether each phrase is right is what the evaluation
 * files and the vocabulary specs check.
 */
export interface LanguageReach {
  language: TabledLanguage;
  phrases: number;
  lexicon: { reached: number; total: number };
  catalogue: { reached: number; total: number };
}

export const TABLED_LANGUAGES: readonly TabledLanguage[] = ['de', 'es', 'fr', 'pt', 'it'];

function stringsOf(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => stringsOf(v, out));
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      out.push(key);
      stringsOf(v, out);
    }
  return out;
}

/** The content words of some text: dictionary words of three letters or more that are not function words. */
function contentWords(texts: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const text of texts)
    for (const w of normalize(text).split(' ')) if (w.length >= 3 && isEnglishWord(w) && !FUNCTION_WORDS.has(w) && !STOPWORDS.has(w)) out.add(w);
  return out;
}

/** The English content words the planner reads from its lexicon (the English parts of it). */
export function lexiconVocabulary(): Set<string> {
  const { cues, audiences, topics, scales, grammar } = LEXICON;
  return contentWords(stringsOf([cues, audiences, topics, scales, grammar, CONTEXT_LEXICON], []));
}

/** The ordinary English words of a catalogue's names and descriptions. */
export function catalogueVocabulary(catalogue: PlannerCatalogue): Set<string> {
  const texts: string[] = [];
  for (const q of catalogue.questions) texts.push(q.name, q.description, ...q.datapoints.map((d) => d.name), ...q.suffixes.map((s) => s.name));
  return contentWords(texts);
}

/** The English words a language's phrases translate into. */
function reachedWords(language: TabledLanguage): Set<string> {
  const phrases = [...LEXICON.languages[language].phrases, ...LEXICON.dimensions.phrases[language]];
  return new Set(phrases.flatMap(([, english]) => normalize(english).split(' ')));
}

export function languageReach(catalogue: PlannerCatalogue): LanguageReach[] {
  const lexicon = lexiconVocabulary();
  const names = catalogueVocabulary(catalogue);
  return TABLED_LANGUAGES.map((language) => {
    const reached = reachedWords(language);
    const count = (vocabulary: Set<string>) => ({ reached: [...vocabulary].filter((w) => reached.has(w)).length, total: vocabulary.size });
    return {
      language,
      phrases: LEXICON.languages[language].phrases.length + LEXICON.dimensions.phrases[language].length,
      lexicon: count(lexicon),
      catalogue: count(names),
    };
  });
}

export function formatLanguageReach(rows: readonly LanguageReach[]): string {
  const pct = (x: { reached: number; total: number }) => `${x.reached}/${x.total} (${((100 * x.reached) / x.total).toFixed(1)}%)`;
  return [
    'language  phrases  lexicon words reached  catalogue words reached',
    ...rows.map((r) => `${r.language.padEnd(8)}  ${String(r.phrases).padStart(7)}  ${pct(r.lexicon).padStart(21)}  ${pct(r.catalogue).padStart(23)}`),
  ].join('\n');
}
