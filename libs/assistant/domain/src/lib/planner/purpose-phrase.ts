import { PlannerCatalogue } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { escapeRegExp } from '../text';
import { mentionsIn } from './mentions';

const P = lexicon.purposePhrases;
const any = (list: readonly string[]) => [...new Set(list)].map((w) => escapeRegExp(w)).join('|');
/** A word of a name: no space, punctuation or bracket ("Iberia (lo presentamos ...)" names Iberia). */
const WORD = '[^\\s,.:;?!¿¡()（）]+';
const NAME = `(?:${WORD}\\s+){0,${P.maxNameWords - 1}}${WORD}`;
/** A word of a name after the first: written with a capital or a digit ("de Coca Cola", not "de Iberia necesito saber"). */
const NAMED = /^[\p{Lu}\p{N}]/u;
/** The fewest words a sentence keeps besides its purpose for the purpose to be set aside. */
const MIN_REST_WORDS = 3;
const B = '(?<![\\p{L}\\p{N}])';
const E = '(?![\\p{L}\\p{N}])';
/** "for the Snap pitch", "for the Spotify client meeting": the name before the noun of a purpose. */
const NAME_FIRST = new RegExp(
  `${B}(?:${any(P.leads)})\\s+(?:(?:${any(P.articles)})\\s+)(${NAME})\\s+(?:(?:${any(P.nouns)})\\s+)*(?:${any(P.nouns)})${E}`,
  'giu',
);
/** "para la presentación de Telegram", "für den Pitch bei Zalando", "for the pitch to Lufthansa": the noun, then the name. */
const NOUN_FIRST = new RegExp(`${B}(?:${any(P.leads)})\\s+(?:(?:${any(P.articles)})\\s+)(?:${any(P.nouns)})\\s+(?:${any(P.links)})\\s+(${NAME})`, 'giu');

/** Whether the words said as whom the answer is for name only answers (brands), or nothing of the catalogue. */
function namesOnlyBrands(name: string, catalogue: PlannerCatalogue): boolean {
  return mentionsIn(name, catalogue).every((m) => m.entry.kind === 'datapoint');
}

/**
 * "Could you pull that for the Snap pitch?", "For the Red Bull pitch: what share of Gen Z drink
 * kombucha?", "¿Me preparas eso para la presentación de Telegram?": what the answer is for, a
 * client's pitch, deck, meeting or presentation, is background wherever it stands, so the brand in
 * it is no topic. It is kept when it names people or a market ("for the Gen Z campaign"), and it is
 * only dropped when something else is left to ask: an earlier answer to repeat (`followUp`) or an
 * answer of the catalogue named outside it. `null` when the prompt has no such phrase.
 */
export function withoutPurpose(prompt: string, catalogue: PlannerCatalogue, followUp: boolean): { text: string; purposes: string[] } | null {
  const purposes: string[] = [];
  const drop = (whole: string, name: string) => {
    if (!namesOnlyBrands(name, catalogue)) return whole;
    purposes.push(whole.trim());
    return ' ';
  };
  // The name after its noun runs as far as its words with a capital: the words after it are the sentence's.
  const dropNamedLast = (whole: string, name: string) => {
    const words = name.split(/\s+/);
    let k = 1;
    while (k < words.length && NAMED.test(words[k])) k++;
    const named = words.slice(0, k).join(' ');
    if (!namesOnlyBrands(named, catalogue)) return whole;
    purposes.push(`${whole.slice(0, whole.length - name.length)}${named}`.trim());
    return ` ${words.slice(k).join(' ')}`;
  };
  // A sentence that is only a purpose ("It's for a streaming client.") is a context sentence of a brief: kept whole.
  const text = prompt
    .split(/(?<=[.!?。])(?=\s)/)
    .map((sentence) => {
      const found = purposes.length;
      const rest = sentence.replace(NOUN_FIRST, dropNamedLast).replace(NAME_FIRST, drop);
      if ((rest.match(/[\p{L}\p{N}]+/gu) ?? []).length >= MIN_REST_WORDS) return rest;
      purposes.length = found;
      return sentence;
    })
    .join('');
  if (purposes.length === 0) return null;
  if (!followUp && !mentionsIn(text, catalogue).some((m) => m.entry.kind === 'datapoint')) return null;
  return {
    text: text
      .replace(/\s+([,.:;?!])/g, '$1')
      .replace(/\s{2,}/g, ' ')
      .trim(),
    purposes,
  };
}

/**
 * The prompt without every phrase of what the answer is for, whatever it names ("For our UK
 * churn-risk deck: what share ..."): what a deck or pitch is about is never what is asked, so a
 * measure said in it (churn) is no ask the catalogue cannot measure. Read only for that check.
 */
export function withoutAnyPurpose(prompt: string): string {
  return prompt
    .replace(NOUN_FIRST, (whole: string, name: string) => {
      const words = name.split(/\s+/);
      let k = 1;
      while (k < words.length && NAMED.test(words[k])) k++;
      return ` ${words.slice(k).join(' ')}`;
    })
    .replace(NAME_FIRST, ' ')
    .replace(/\s+([,.:;?!])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .replace(/^[\s,.:;]+/, '')
    .trim();
}
