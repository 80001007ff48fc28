import lexicon from './context-lexicon.json';
import { wordsOf } from './mentions';

const MARKERS = lexicon.briefAsides.markers.map((m) => wordsOf(m).join(' '));

/** Whether the words inside brackets are a remark of the writer's, not part of the question. */
function isAside(inside: string): boolean {
  const words = wordsOf(inside);
  if (words.length < lexicon.briefAsides.minWords) return false;
  const text = ` ${words.join(' ')} `;
  return MARKERS.some((m) => text.includes(` ${m} `));
}

/**
 * "What share of Germans drink plant-based milk (our oat drink launches there in 2027)?": a
 * bracketed remark about the writer, the client or the product ("we", "our", "the client",
 * "launching") is background, like a context sentence: its period, brands and places are not the
 * question's. Brackets that qualify the question ("(aged 16-24)", "(excluding YouTube)") stay.
 */
export function withoutAsides(prompt: string): { text: string; asides: string[] } {
  const asides: string[] = [];
  const text = prompt.replace(/\s*[(（]([^()（）]*)[)）]/g, (whole, inside: string) => {
    if (!isAside(inside)) return whole;
    asides.push(inside.trim());
    return '';
  });
  return { text, asides };
}
