import lexicon from './context-lexicon.json';
import { PlannerCatalogue } from '../assistant.types';
import { mentionsIn, wordsOf } from './mentions';

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
 * question's. Brackets that qualify the question ("(aged 16-24)", "(excluding YouTube)") stay. A
 * purpose opening a sentence ("For our Q4 2026 planning, ...") is background too.
 */
const PURPOSE = new RegExp(
  `(^|[.!?]\\s+)for (?:our|the|my|a|an|this|next|their) [^,.?!]{0,60}?\\b(?:${lexicon.briefAsides.purposeNouns.join('|')})\\b[^,.?!]*,\\s*`,
  'gi',
);

export function withoutAsides(prompt: string, catalogue: PlannerCatalogue): { text: string; asides: string[] } {
  const asides: string[] = [];
  // "For our Q4 2026 planning, which ...": what the answer is for opens the sentence; it is background,
  // unless it names the people or place asked about ("For our Gen Z campaign, which platforms ...").
  const unpurposed = prompt.replace(PURPOSE, (whole: string, before: string) => {
    const purpose = whole.slice(before.length).replace(/,\s*$/, '').trim();
    if (mentionsIn(purpose, catalogue).some((m) => m.entry.kind !== 'datapoint')) return whole;
    asides.push(purpose);
    return before;
  });
  const text = unpurposed.replace(/\s*[(（]([^()（）]*)[)）]/g, (whole, inside: string) => {
    if (!isAside(inside)) return whole;
    asides.push(inside.trim());
    return '';
  });
  // The sentence a purpose opened starts with a capital again.
  return { text: asides.length > 0 ? text.replace(/(^|[.!?]\s+)([a-z])/g, (_, b: string, c: string) => b + c.toUpperCase()) : text, asides };
}
