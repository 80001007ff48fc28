import { AnalysisPlan, PlannerCatalogue } from '../assistant.types';
import { detectLanguage } from '../languages';
import { unusedWords } from './coverage';
import { isEnglishWord } from '../english-words';
import { LOCATION_ALIASES, OTHER_PLACES } from '../synonyms';
import { FUNCTION_WORDS, STOPWORDS } from '../text';
import { wordsOf } from './mentions';

/** Words of places and their people ("deutsche"), never the short name of an answer. */
const PLACE_WORDS = new Set([...Object.values(LOCATION_ALIASES), ...Object.values(OTHER_PLACES)].flat().flatMap((p) => wordsOf(p)));

const INDEX = new WeakMap<PlannerCatalogue, Map<string, string>>();

/**
 * The answers of a catalogue by one distinctive word of a longer name ("telekom" for "Deutsche
 * Telekom"): a word of five letters or more that no other answer's name has, that is not an
 * English word ("coffee" of "Costa Coffee") nor a place's, and that is not an answer's whole name.
 */
function shortNames(catalogue: PlannerCatalogue): Map<string, string> {
  const known = INDEX.get(catalogue);
  if (known) return known;
  const names = new Map<string, Set<string>>();
  const whole = new Set<string>();
  for (const question of catalogue.questions) {
    for (const datapoint of question.datapoints) {
      const words = wordsOf(datapoint.name);
      if (words.length === 1) whole.add(words[0]);
      if (words.length < 2) continue;
      for (const word of words) {
        if (word.length < 5 || STOPWORDS.has(word) || FUNCTION_WORDS.has(word) || isEnglishWord(word) || PLACE_WORDS.has(word)) continue;
        names.set(word, (names.get(word) ?? new Set()).add(datapoint.name));
      }
    }
  }
  const index = new Map<string, string>();
  for (const [word, named] of names) if (named.size === 1 && !whole.has(word)) index.set(word, [...named][0]);
  INDEX.set(catalogue, index);
  return index;
}

/**
 * The answers a text names by a short name only ("satisfaction with the Telekom"): each word
 * that is the distinctive word of one answer's longer name, when the text does not say the whole
 * name. Returns the full names, in the order the text says them.
 */
export function partialNames(text: string, catalogue: PlannerCatalogue): string[] {
  const index = shortNames(catalogue);
  const words = wordsOf(text);
  const said = ` ${words.join(' ')} `;
  const out: string[] = [];
  for (const word of words) {
    const name = index.get(word);
    if (name && !said.includes(` ${wordsOf(name).join(' ')} `) && !out.includes(name)) out.push(name);
  }
  return out;
}

/**
 * Coverage accounting for short names: an answer said by the distinctive word of its longer name
 * ("aware of Telekom") that the plan did not use is the thing asked about, so the prompt is planned
 * again with the whole name ("aware of Deutsche Telekom") rather than answered with a question
 * other words found. English prompts only, as the unused words are counted in English. Returns the
 * prompt with the whole name, the name, and the note that says how the word was read.
 */
export function fullNameAsked(prompt: string, plan: AnalysisPlan, catalogue: PlannerCatalogue): { prompt: string; name: string; note: string } | null {
  if (detectLanguage(prompt) !== 'en') return null;
  const index = shortNames(catalogue);
  const word = unusedWords(prompt, plan, catalogue).find((w) => index.has(w));
  const name = word ? index.get(word) : undefined;
  if (!word || !name || partialNames(prompt, catalogue).indexOf(name) < 0) return null;
  const rewritten = prompt.replace(new RegExp(`(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`, 'iu'), name);
  if (rewritten === prompt) return null;
  return { prompt: rewritten, name, note: `I read “${word}” as “${name}”.` };
}
