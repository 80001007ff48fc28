import { AnalysisPlan } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { escapeRegExp } from '../text';

const P = lexicon.sidePointers;
const ORDINALS: Record<string, number | string> = P.ordinals;
const any = (list: readonly string[]) => list.map((w) => escapeRegExp(w)).join('|');
/** "the first group", "the second one", "my last audience", "the middle one": a side by its place, a noun after it. */
const POINTER = new RegExp(`(?<![\\p{L}])(?:${any(P.determiners)})\\s+(${any(Object.keys(ORDINALS))})\\s+(?:${any(P.nouns)})(?![\\p{L}])`, 'giu');
/** "Size ...", "how many people is ...", "how big is ...": the turn asks for the number of people of the side it points at. */
const byLength = (list: readonly string[]) => [...list].sort((a, b) => b.length - a.length);
const SIZE_COMMAND = new RegExp(`^\\s*(?:${any(byLength([...P.sizeCommands, ...P.sizeQuestions]))})\\s+`, 'iu');

/** The names of the last answer's sides, in order: its audiences when several, else its answers, else its markets. */
function sidesOf(previous: AnalysisPlan): string[] {
  if (previous.audiences.length > 1) return previous.audiences.map((a) => a.name);
  const answers = previous.topic?.datapoints ?? [];
  if (answers.length > 1 && previous.topic?.combine !== 'all' && previous.topic?.combine !== 'any') return answers.map((d) => d.name);
  if (previous.locations.length > 1) return previous.locations.map((l) => l.name);
  return [];
}

function sideAt(sides: readonly string[], place: number | string): string | undefined {
  if (place === 'middle') return sides.length % 2 === 1 ? sides[(sides.length - 1) / 2] : undefined;
  const at = place as number;
  return sides[at < 0 ? sides.length + at : at];
}

/**
 * "Size the first group" after "Gen Z vs Millennials on TikTok", "the last one in millions" after
 * "do men or women use Pinterest more?", "size the second one" after "Netflix and Disney+ in Spain":
 * a follow-up that points at one side of the last answer by its place is written as "just <that
 * side>", so that the rest of the answer is kept for it alone; a sizing command opening it ("size")
 * or a question of size ("how many people is the second group?") asks for the number of people. `null` when the prompt points at no side the last answer had.
 */
export function pointedSide(prompt: string, previous: AnalysisPlan | null | undefined): string | null {
  if (!previous) return null;
  const sides = sidesOf(previous);
  if (sides.length < 2) return null;
  let found = false;
  const named = prompt.replace(POINTER, (whole, place: string) => {
    const side = sideAt(sides, ORDINALS[place.toLowerCase()]);
    if (!side) return whole;
    found = true;
    return `just ${side}`;
  });
  if (!found) return null;
  return SIZE_COMMAND.test(named) ? `${named.replace(SIZE_COMMAND, '').replace(/[\s?.!]+$/, '')}${P.sizeSuffix}` : named;
}
