/*
 * How named answers combine into one subject, read from the words around and between them:
 * "both X and Y", "either X or Y", "at least two of X, Y and Z", "X, Y or both", "neither X nor
 * Y"; "which is bigger, X or Y?" keeps them side by side. Shared by the subject stage and the
 * combinations across questions (subject-cross.ts).
 */
import { SubjectCombine } from '../assistant.types';
import { numberWord } from '../text';
import { readFrequencies, readQuantities } from '../quantities';
import lexicon from './context-lexicon.json';

const SUBJECT_WORDS = lexicon.subjectWords;
/** Joins between answers meaning at least one of them ("X and/or Y", read as "and or"). */
const ANY_JOINS = SUBJECT_WORDS.anyJoins.map((p) => ` ${p} `);
/** Heads of a list meaning at least one of its answers ("any of X, Y or Z"). */
const ANY_HEADS = SUBJECT_WORDS.anyHeads.map((p) => p.split(' '));
/** Words after the last answer meaning at least one of them ("X or Y, at least one of the two"). */
const ANY_AFTER = SUBJECT_WORDS.anyAfter.map((p) => p.split(' '));

/** Whether the words after the last answer (past a clause break) start with one of `ANY_AFTER`. */
function anyAfter(after: readonly string[]): boolean {
  const rest = after[0] === '|' ? after.slice(1) : after;
  return ANY_AFTER.some((p) => p.every((w, k) => rest[k] === w));
}
/** Words that open a list between its head and its first answer ("at least two of the following: ..."). */
const LIST_OPENERS = new Set(SUBJECT_WORDS.listOpeners);
/** Words that may stand between a list's head and its first answer ("any of the ..."). */
const HEAD_GAP = new Set(['the', 'these', 'a', 'an']);

/** Whether the words before the first answer end with a head of "any of" ("follow any of the ..."). */
function anyHeadBefore(before: readonly string[]): boolean {
  const rest = [...before];
  while (rest.length > 0 && HEAD_GAP.has(rest[rest.length - 1])) rest.pop();
  return ANY_HEADS.some((h) => h.length <= rest.length && h.every((w, k) => rest[rest.length - h.length + k] === w));
}

/** A span of the prompt as the planner found it: what matters here is its place and what it names. */
export interface SubjectSpan {
  start: number;
  end: number;
  entry: {
    kind: string;
    refs?: { question: { code: string }; datapoint: { code: string; name: string }; partial?: boolean }[];
    expression?: Record<string, unknown>;
  };
}

/** "Neither X nor Y", "none of X, Y": not any of them. */
export const NONE_OF = new Set(['neither', 'nor', 'none']);

/** "Both X and Y" in the languages of the markets: every one of the answers. */
export const BOTH = new Set(SUBJECT_WORDS.bothWords);
/** "Either X or Y": at least one of them. */
export const EITHER = new Set(SUBJECT_WORDS.eitherWords);
/** Joining words meaning "and also" between two answers ("as well as", "plus", "together with"). */
const ALSO = [['as', 'well', 'as'], ['and', 'also'], ['together', 'with'], ['along', 'with'], ['plus']];
/** Asking which of two is bigger: the answers side by side, never their union. */
const WHICH_IS_MORE = new Set([
  'more',
  'less',
  'fewer',
  'most',
  'least',
  'which',
  'bigger',
  'larger',
  'smaller',
  'higher',
  'lower',
  'popular',
  'vs',
  'versus',
  'compare',
  'compared',
  'comparison',
  'than',
  'better',
  'preferred',
  'prefer',
  'favourite',
  'favorite',
  'each',
  'respectively',
  'separately',
  // Change compared: "is TikTok or Instagram gaining faster?" asks which of the two.
  'faster',
  'fastest',
  'quicker',
  'quickest',
  'slower',
  'slowest',
  'stronger',
  'strongest',
  'greater',
  'biggest',
  'highest',
  'lowest',
]);

export const inside = (spans: readonly SubjectSpan[], i: number) => spans.find((s) => i >= s.start && i < s.end);

/** Every `question:datapoint` an audience expression uses. */
export function leavesOf(expression: unknown, out = new Set<string>()): Set<string> {
  if (!expression || typeof expression !== 'object') return out;
  const e = expression as Record<string, unknown>;
  if (typeof e['question'] === 'string' && Array.isArray(e['datapoints'])) for (const d of e['datapoints']) out.add(`${e['question']}:${d}`);
  for (const key of ['and', 'or']) if (Array.isArray(e[key])) (e[key] as unknown[]).forEach((x) => leavesOf(x, out));
  return out;
}

/** How the topic's named answers combine, from the words around and between them. */
export function readCombine(words: readonly string[], spans: readonly SubjectSpan[]): { combine: SubjectCombine; minCount?: number } | undefined {
  const named = [...spans].sort((a, b) => a.start - b.start);
  if (named.length < 2) return undefined;
  const first = named[0];
  const last = named[named.length - 1];
  // "At least two of the following: X, Y, Z": the words opening the list stand between its head and its first answer.
  let head = first.start;
  // "... of these platforms: X, Y": a noun naming the list before its colon, after a word that opens it.
  while (head > 0 && (LIST_OPENERS.has(words[head - 1]) || (words[head] === '|' && LIST_OPENERS.has(words[head - 2] ?? '')))) head--;
  const from = Math.max(0, Math.min(first.start, head) - 5);
  const before = words.slice(from, head);
  const between = words.slice(first.end, last.start).filter((_, k) => !inside(named, first.end + k));
  // "At least two of X, Y and Z", "two or more of ...", "any of ...", "all of ...".
  // "At least 7 hours of sleep": an amount in a unit, never a count of the answers.
  const amounts = amountsIn(words);
  for (let k = 0; k < before.length; k++) {
    const a = before[k];
    const b = before[k + 1];
    const n = numberWord(b ?? '') ?? numberWord(a ?? '');
    if (amounts.some((q) => q.start <= from + k && from + k < q.end)) continue;
    if (a === 'at' && b === 'least') {
      const m = numberWord(before[k + 2] ?? '');
      if (m === undefined || m <= 1) return { combine: 'any' };
      return { combine: 'at-least', minCount: Math.min(m, named.length) };
    }
    if (numberWord(a) !== undefined && b === 'or' && ['more', 'plus'].includes(before[k + 2] ?? '') && n !== undefined)
      return (numberWord(a) as number) <= 1 ? { combine: 'any' } : { combine: 'at-least', minCount: Math.min(numberWord(a) as number, named.length) };
  }
  if (before.some((w) => NONE_OF.has(w)) || between.includes('nor')) return { combine: 'any' };
  if (before.some((w) => EITHER.has(w))) return { combine: 'any' };
  // "Deliveroo and/or Just Eat", "any of football, basketball or tennis": at least one, even
  // beside words of comparing ("which gender is least likely to follow any of ...").
  if (ANY_JOINS.some((p) => ` ${between.join(' ')} `.includes(p)) || anyHeadBefore(before)) return { combine: 'any' };
  // "Netflix or Prime Video, at least one of the two": said after them, at least one.
  if (anyAfter(words.slice(last.end, last.end + 7))) return { combine: 'any' };
  // "Netflix and Disney+ together": both at once.
  if (['together', 'simultaneously'].includes(words[last.end] ?? '')) return { combine: 'all' };
  // "Spotify and Deezer both", "Hulu, Peacock and Paramount+, all three": every one of them.
  const after = words.slice(last.end, last.end + 3);
  if (after[0] === 'both' || (after[0] === 'all' && (after[1] === undefined || after[1] === '|' || after[1] === 'of' || numberWord(after[1]) !== undefined)))
    return { combine: 'all' };
  if (after[0] === '|' && (after[1] === 'both' || (after[1] === 'all' && numberWord(after[2] ?? '') !== undefined))) return { combine: 'all' };
  // "A smartwatch, a fitness tracker or both": at least one.
  if (words[last.end] === 'or' && ['both', 'all'].includes(words[last.end + 1] ?? '')) return { combine: 'any' };
  if (before.some((w) => BOTH.has(w)) || (before.includes('all') && before.includes('of'))) return { combine: 'all' };
  const joined = ` ${between.join(' ')} `;
  if (ALSO.some((p) => joined.includes(` ${p.join(' ')} `))) return { combine: 'all' };
  // "Which is bigger, Netflix or Prime Video?" anywhere in the prompt: side by side.
  if (between.includes('or') && !between.includes('and') && !words.some((w) => WHICH_IS_MORE.has(w))) return { combine: 'any' };
  return undefined;
}

/**
 * "At least 2 of Nike, Adidas, Puma", "2 or more of ...": the count of the answers held, said in
 * digits, is no answer itself (not the "2" of a question counted in numbers). Its positions.
 */
export function answerCountPositions(words: readonly string[]): number[] {
  return words.flatMap((w, i) => {
    if (numberWord(w) === undefined) return [];
    const atLeast = words[i - 2] === 'at' && words[i - 1] === 'least' && words[i + 1] === 'of';
    const orMore = words[i + 1] === 'or' && ['more', 'plus'].includes(words[i + 2] ?? '') && words[i + 3] === 'of';
    return atLeast || orMore ? [i] : [];
  });
}

/** Words that refer to the answers already named in the chat ("both of them", "all three", "either one"). */
const THEM = new Set(['them', 'these', 'those', 'the', 'two', 'three', 'four', 'one', 'together']);

/**
 * A combination said of answers named earlier in the chat ("and both?", "what about either of
 * them?", "at least one?", "all three together"): how they combine, and the positions of its words
 * (so that "both" is not read as an answer called "Both"). Only said with no answer named in the
 * prompt itself; "all" and "any" count only with a word of the answers after them ("all of them",
 * "any of those"), never "across all markets".
 */
export function readCarriedCombine(words: readonly string[]): { combine: SubjectCombine; minCount?: number; negate?: boolean; at: number[] } | undefined {
  const found = carriedCombineOf(words);
  // "Compare both of them", "put all three side by side": the answers referred to are sides, each its own column.
  if (found && found.combine === 'all' && words.some((w) => SIDE_BY_SIDE.has(w)) && !words.some((w) => TOGETHER.has(w)))
    return { combine: 'each', at: found.at };
  return found;
}

/** Amounts and frequencies ("at least 7 hours", "at least once a week"): their "at least" counts no answers. */
const amountsIn = (words: readonly string[]) => [...readQuantities([...words]), ...readFrequencies(words)];

/** Words of setting things beside each other, in English and as the languages of the markets are read. */
const SIDE_BY_SIDE = new Set([
  'compare',
  'compared',
  'comparing',
  'side',
  'vs',
  'versus',
  'against',
  'beside',
  'alongside',
  'vergleiche',
  'vergleichen',
  'compara',
  'comparer',
  'compare',
  'confronta',
]);
/** Words of one group holding all the answers at once ("together", "à la fois"). */
const TOGETHER = new Set(['together', 'fois', 'same', 'zugleich', 'gleichzeitig', 'vez', 'insieme']);

function carriedCombineOf(words: readonly string[]): ReturnType<typeof readCarriedCombine> {
  const amounts = amountsIn(words);
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const next = words[i + 1] ?? '';
    if (w === 'at' && next === 'least' && !amounts.some((q) => q.start <= i && i < q.end)) {
      const m = numberWord(words[i + 2] ?? '');
      if (m === undefined) continue;
      return m <= 1 ? { combine: 'any', at: [i, i + 1, i + 2] } : { combine: 'at-least', minCount: m, at: [i, i + 1, i + 2] };
    }
    if (BOTH.has(w) && words[i - 1] !== 'or') return { combine: 'all', at: [i] };
    if (w === 'all' && (THEM.has(next) || next === 'of') && words[i - 1] !== 'across') return { combine: 'all', at: [i] };
    if (EITHER.has(w) || (w === 'any' && (next === 'of' || next === 'one'))) return { combine: 'any', at: [i] };
    if (w === 'neither' || (w === 'none' && next === 'of')) return { combine: 'any', negate: true, at: [i] };
  }
  return undefined;
}
