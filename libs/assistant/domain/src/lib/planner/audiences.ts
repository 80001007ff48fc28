import { CodeName, PlanAudience, PlannerQuestion } from '../assistant.types';
import { DatapointRef } from '../catalogue-index';
import { normalize } from '../text';
import { verbFit, verbFrameOf } from './topic-verbs';
import { Span } from './types';
import lexicon from './context-lexicon.json';

/** Words of disagreeing said before a statement ("people who disagree that ..."), as word lists. */
const DISAGREE = lexicon.subjectWords.disagree.map((p) => p.split(' '));
const STRONGLY = new Set(lexicon.subjectWords.strongly);
/** How far before a statement its "disagree" may stand ("who disagree that ads help ..."). */
const STANCE_REACH = 4;

/**
 * The stance said just before a statement named as people ("who disagree that ...": `disagree`,
 * "who strongly disagree with ...": `strongly disagree`), or null (agreeing, the default).
 */
export function stanceBefore(words: readonly string[], start: number): 'disagree' | 'strongly disagree' | null {
  for (let i = start - 1; i >= Math.max(0, start - STANCE_REACH); i--) {
    if (words[i] === '|') return null;
    const said = DISAGREE.find((p) => p.every((w, k) => words[i - p.length + 1 + k] === w));
    if (said) return STRONGLY.has(words[i - said.length] ?? '') ? 'strongly disagree' : 'disagree';
  }
  return null;
}

export function spanAudience(span: Span, words: readonly string[] = []): PlanAudience | null {
  const e = span.entry;
  if (e.kind === 'audience') {
    if (e.saved) return { id: e.saved.id, name: e.saved.name, description: e.saved.description, expression: e.saved.expression, origin: 'saved' };
    return phraseAudience(e.name, e.description, e.expression);
  }
  if (e.kind === 'datapoint') {
    // A group named by a datapoint: the question its verb says ("who follow football": Sports followed), else its first (usage) question.
    const ref = verbRef(e.refs, words, span) ?? groupRef(e.refs);
    // "Households earning over $150,000": the answers the amount means, by their question.
    if (span.amountGroup)
      return phraseAudience(
        `${ref.question.name}: ${e.refs.map((r) => r.datapoint.name).join(', ')}${rowScale(ref.question, span.rowSuffixes)}`,
        `Respondents who answered ${e.refs.map((r) => `“${r.datapoint.name}”`).join(' or ')} to “${ref.question.name}”.`,
        { question: ref.question.code, datapoints: e.refs.map((r) => r.datapoint.code), ...(span.rowSuffixes ? { suffixes: span.rowSuffixes } : {}) },
      );
    const name = `${ref.datapoint.name} ${ref.question.code.includes('owned') || ref.question.code.includes('ownership') ? 'owners' : 'users'}`;
    const stance = stanceBefore(words, span.start);
    const suffixes = groupSuffixes(ref.question, stance);
    return phraseAudience(
      stance && suffixes.length > 0 ? `${name} (${stance})` : name,
      `Respondents who answered “${ref.datapoint.name}” to “${ref.question.name}”.`,
      {
        question: ref.question.code,
        datapoints: e.refs.filter((r) => r.question.code === ref.question.code).map((r) => r.datapoint.code),
        ...(suffixes.length > 0 ? { suffixes } : {}),
      },
    );
  }
  return null;
}

/** The scale answers of a grid row said of people, as a name's tail (" (Daily)"), or nothing. */
const rowScale = (question: PlannerQuestion, codes: readonly string[] | undefined) =>
  codes
    ? ` (${question.suffixes
        .filter((x) => codes.includes(x.code))
        .map((x) => x.name)
        .join(', ')})`
    : '';

/**
 * The answers of a grid that make someone one of a group named by its row: an agreement
 * statement's "agree" and "strongly agree" ("people who worry about their privacy"), a brand
 * funnel's "used or bought" ("Nike customers"). None for a question without a scale.
 */
export function groupSuffixes(question: PlannerQuestion, stance: 'disagree' | 'strongly disagree' | null = null): string[] {
  const names = question.suffixes.map((x) => normalize(x.name).trim());
  // "People who disagree that ...": the statement's disagreeing answers ("strongly": that one only).
  const against = question.suffixes.filter((_, k) => (stance === 'disagree' && names[k] === 'disagree') || names[k] === 'strongly disagree');
  if (stance && against.length > 0) return against.map((x) => x.code);
  const agree = question.suffixes.filter((_, k) => names[k] === 'agree' || names[k] === 'strongly agree');
  if (agree.length > 0) return agree.map((x) => x.code);
  const used = question.suffixes.filter((_, k) => names[k].startsWith('used or bought'));
  return used.map((x) => x.code);
}

/** The question a datapoint group is read from: the earliest in catalogue order (usage and ownership come first). */
export function groupRef(refs: DatapointRef[]): DatapointRef {
  return refs.find(isGroupRef) ?? refs[0];
}

/**
 * The answer of a group held by several questions that the verb said with it names ("who don't
 * follow football": Sports followed, not played): the one question fitting the verb best by its
 * name or description (`topic-verbs.ts`), when it fits strictly better than the others.
 */
function verbRef(refs: DatapointRef[], words: readonly string[], span: Span): DatapointRef | undefined {
  const whole = refs.filter(isGroupRef);
  if (words.length === 0 || new Set(whole.map((r) => r.question.code)).size < 2) return undefined;
  const frame = verbFrameOf(words, span, [span]);
  return frame ? bestFitRef(whole, frame) : undefined;
}

/** A whole answer (not part of a longer name) of a question that is no brand funnel or favourite: one a group of people is named by. */
export const isGroupRef = (r: DatapointRef): boolean => !r.partial && !/^(brand_|favourite_)/.test(r.question.code);

/** Of several answers' questions, the one a verb frame fits best (`topic-verbs.ts`), when it fits strictly better than the next. */
export function bestFitRef(refs: readonly DatapointRef[], frame: readonly string[]): DatapointRef | undefined {
  const fits = refs.map((r) => ({ r, fit: verbFit(frame, r.question) })).sort((a, b) => b.fit - a.fit);
  return fits.length > 1 && fits[0].fit > 0 && fits[0].fit > fits[1].fit ? fits[0].r : undefined;
}

export function phraseAudience(name: string, description: string, expression: Record<string, unknown>): PlanAudience {
  return { id: `phrase:${normalize(name).trim().replace(/ /g, '_')}`, name, description, expression, origin: 'phrase' };
}

/** Several parts of one audience: their intersection. */
export function combine(parts: PlanAudience[]): PlanAudience {
  const unique = uniqueAudiences(parts);
  if (unique.length === 1) return unique[0];
  return {
    id: unique.map((a) => a.id).join('+'),
    name: unique.map((a) => a.name).join(' & '),
    description: `Respondents in every one of: ${unique.map((a) => a.name).join(', ')}.`,
    expression: { and: unique.map((a) => a.expression) },
    origin: unique.every((a) => a.origin === 'docked') ? 'docked' : 'phrase',
  };
}

export function uniqueAudiences(list: PlanAudience[]): PlanAudience[] {
  const out: PlanAudience[] = [];
  for (const a of list) if (!out.some((o) => o.id === a.id)) out.push(a);
  return out;
}

export function uniqueCodes(list: CodeName[]): CodeName[] {
  const out: CodeName[] = [];
  for (const x of list) if (!out.some((o) => o.code === x.code)) out.push(x);
  return out;
}

export function singleLeaf(expression: Record<string, unknown>): { question: string; datapoints: string[] } | null {
  if (
    typeof expression['question'] === 'string' &&
    Array.isArray(expression['datapoints']) &&
    expression['not'] !== true &&
    !('suffixes' in expression) &&
    !('min_count' in expression)
  )
    return { question: expression['question'] as string, datapoints: expression['datapoints'] as string[] };
  return null;
}

export function questionsOf(expression: unknown, out: Set<string>): Set<string> {
  if (!expression || typeof expression !== 'object') return out;
  const e = expression as Record<string, unknown>;
  if (typeof e['question'] === 'string') out.add(e['question']);
  for (const key of ['and', 'or']) if (Array.isArray(e[key])) (e[key] as unknown[]).forEach((x) => questionsOf(x, out));
  return out;
}
