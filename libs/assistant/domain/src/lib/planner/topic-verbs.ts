/*
 * The words around a mention choose among the questions that hold it. A thing is often an answer
 * of several questions ("Credit card": financial products held and payment methods used; "Nike":
 * a brand's funnel, its perceptions and the favourite; "Tablet": devices owned, planned and
 * played on): the verb said with it ("have a credit card", "pay by credit card", "uses Nike",
 * "play football") says which, as the question's name or description says that act ("held",
 * "payment", "usage", "done"). The verbs and the words they fit are data (`topics.json`,
 * `verbFrames`).
 */
import { PlannerQuestion } from '../assistant.types';
import { VERB_FRAMES } from '../synonyms';
import { stem } from '../text';
import { Span } from './types';
import { LEXICON } from '../../lexicon/lexicon';

/** Words for people (`grammar.json` `relativeHeads`): "people with a mortgage". */
const PEOPLE = new Set(LEXICON.grammar.relativeHeads);

/** Auxiliaries and words that may sit between a verb and its object ("do", "really", "a"). */
const SKIPPED = new Set([
  'do',
  'does',
  'did',
  'not',
  'never',
  'actually',
  'really',
  'still',
  'also',
  'ever',
  'a',
  'an',
  'the',
  'their',
  'any',
  'some',
  'to',
  'with',
  'by',
  'on',
  'at',
  'from',
  'of',
  'in',
]);

const FRAMES = new Map(Object.entries(VERB_FRAMES).map(([verb, fits]) => [verb, fits.map(stem)]));

/** The frames of a verb with its particle ("pay for"): an act said plainly, no auxiliary ("has"). */
const PHRASAL = new Set([...FRAMES].filter(([verb]) => verb.includes(' ')).map(([, fits]) => fits));

/** Whether a frame of `verbFrameOf` is a verb's with its particle ("pay for"), which surely says the act. */
export const isPhrasalFrame = (frame: readonly string[] | null): boolean => frame !== null && PHRASAL.has(frame as string[]);

/** How far from a mention its verb may be, in words other than names and skipped words. */
const REACH = 3;

/**
 * The stems a question's words must have to fit the verb said with `mention`: the nearest verb of
 * the frames before it in its clause, else the nearest after it ("which sports do Gen Z play"),
 * other names and skipped words not counted; null when no verb is said with it.
 */
export function verbFrameOf(words: readonly string[], mention: Span, spans: readonly Span[]): string[] | null {
  // "Who watches Amazon Prime": a verb of the frames that is one word read only as part of a longer
  // answer's name ("Jewellery and watches") is the verb said with the mention.
  const partOfName = (s: Span) => s.end - s.start === 1 && s.entry.kind === 'datapoint' && s.entry.refs.every((r) => r.partial);
  const inOtherName = (i: number) => spans.some((s) => s !== mention && i >= s.start && i < s.end && !(FRAMES.has(words[i]) && partOfName(s)));
  const peopleBefore = (i: number) =>
    PEOPLE.has(words[i] ?? '') || spans.some((s) => s !== mention && s.end === i + 1 && ['market', 'audience', 'region'].includes(s.entry.kind));
  const look = (from: number, step: number): string[] | null => {
    let counted = 0;
    for (let i = from; i >= 0 && i < words.length && counted < REACH; i += step) {
      const w = words[i];
      if (w === '|') return null;
      // "Brazilians with a credit card", "people with a mortgage": people with a thing have it.
      if (step < 0 && w === 'with' && peopleBefore(i - 1)) return FRAMES.get('have') ?? null;
      // A verb with its particle ("pay for" a service is buying it, "pay by" card a payment).
      const phrasal = FRAMES.get(step < 0 ? `${words[i - 1]} ${w}` : `${w} ${words[i + 1]}`);
      if (phrasal && !inOtherName(i)) return phrasal;
      if (inOtherName(i) || SKIPPED.has(w)) continue;
      const frame = FRAMES.get(w);
      if (frame) return frame;
      counted++;
    }
    return null;
  };
  return look(mention.start - 1, -1) ?? look(mention.end, 1);
}

/** Every word of a text, stemmed (function words too: "done" and "held" say the act). */
const allStems = (text: string) =>
  new Set(
    text
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter(Boolean)
      .map(stem),
  );
const QUESTION_STEMS = new Map<string, { name: Set<string>; description: Set<string> }>();

/** The stems every verb of the frames in the prompt fits, outside names: the act asked about when no thing is named ("go to the gym"). */
export function promptFrame(words: readonly string[], spans: readonly Span[]): string[] | null {
  const fits = words.flatMap((w, i) => (spans.some((s) => i >= s.start && i < s.end) ? [] : (FRAMES.get(w) ?? [])));
  return fits.length > 0 ? [...new Set(fits)] : null;
}

/** How well a question says the act of the verb: 2 in its name, 1 in its description, 0 not at all. */
export function verbFit(frame: readonly string[] | null, q: Pick<PlannerQuestion, 'code' | 'name' | 'description'>): number {
  if (!frame) return 0;
  let own = QUESTION_STEMS.get(`${q.code}|${q.name}`);
  if (!own) {
    own = { name: allStems(q.name), description: allStems(q.description) };
    if (QUESTION_STEMS.size < 5_000) QUESTION_STEMS.set(`${q.code}|${q.name}`, own);
  }
  if (frame.some((s) => own.name.has(s))) return 2;
  if (frame.some((s) => own.description.has(s))) return 1;
  return 0;
}

/** Words a list's noun follows: "which drinks", "top 5 drinks", "popular drinks" (in Japanese order too). */
const LIST_OPENERS = new Set(['which', 'what', 'top', 'popular']);

/** Words between "which"/"what" and the noun of the list it asks for ("what are the two main reasons"). */
const BEFORE_HEAD = new Set([
  'are',
  'is',
  'were',
  'the',
  'top',
  'main',
  'most',
  'biggest',
  'leading',
  'popular',
  'common',
  'kinds',
  'kind',
  'types',
  'type',
  'of',
]);

/**
 * The stems of the nouns a list is asked of: the first word after "which" or "what" (and words
 * like "are the top"; numbers) that is not one of them ("which drinks", "what are the main
 * reasons"). That noun names the question whose answers are listed.
 */
export function listHeadStems(words: readonly string[]): Set<string> {
  const heads = new Set<string>();
  words.forEach((w, i) => {
    if (!LIST_OPENERS.has(w)) return;
    for (let j = i + 1; j < Math.min(words.length, i + 6); j++) {
      const x = words[j];
      if (BEFORE_HEAD.has(x) || /^\d+$/.test(x) || ['two', 'three', 'four', 'five', 'ten'].includes(x)) continue;
      if (x !== '|') heads.add(stem(x));
      break;
    }
  });
  return heads;
}
