/*
 * Groups said as one: "How many Gen Z and Millennials combined use TikTok?", "Gen X plus Baby
 * boomers". Two audiences named with a word of union are one audience, any of them, sized or
 * measured once (not side by side); two groups of one single-answer question joined as parts of
 * one side ("Gen X plus Boomers") can only mean the same, as nobody is in both.
 */
import { PlanAudience, PlannerCatalogue, PlanTopic } from '../assistant.types';
import { LEXICON } from '../../lexicon/lexicon';
import { singleLeaf } from './audiences';
import { peopleQuestions } from './group-cues';
import { Roles } from './types';

const UNION = new RegExp(`(?:^|[\\s,;:(¿¡-])(?:${LEXICON.cues.union.join('|')})(?![\\p{L}])`, 'iu');

/** Whether the prompt says its groups are taken as one ("combined", "taken together", "zusammen"). */
export function saysUnion(text: string, raw = ''): boolean {
  return UNION.test(text) || UNION.test(raw.toLowerCase());
}

/** Several audiences as one, any of them: leaves of one question merged, others under `or`. */
export function unionOf(audiences: readonly PlanAudience[]): PlanAudience {
  const parts: Record<string, unknown>[] = [];
  for (const a of audiences) {
    const leaf = singleLeaf(a.expression);
    const same = leaf && !a.expression['suffixes'] ? parts.find((p) => p['question'] === leaf.question && !p['suffixes'] && !p['or']) : undefined;
    if (same && leaf) same['datapoints'] = [...new Set([...(same['datapoints'] as string[]), ...leaf.datapoints])];
    else parts.push(leaf && !a.expression['suffixes'] ? { question: leaf.question, datapoints: [...leaf.datapoints] } : a.expression);
  }
  const name = audiences.map((a) => a.name).join(' or ');
  return {
    id: audiences.map((a) => a.id).join('|'),
    name,
    description: `Respondents in any of: ${audiences.map((a) => a.name).join(', ')}.`,
    expression: parts.length === 1 ? parts[0] : { or: parts },
    origin: audiences.every((a) => a.origin === 'docked') ? 'docked' : 'phrase',
  };
}

/** The parts of one side that are groups of the same single-answer people question ("Gen X plus Boomers"): their union, the rest kept. */
function sameQuestionParts(side: PlanAudience[], people: ReadonlySet<string>): PlanAudience[] {
  const byQuestion = new Map<string, PlanAudience[]>();
  for (const a of side) {
    const leaf = singleLeaf(a.expression);
    if (leaf && people.has(leaf.question) && !a.expression['suffixes']) byQuestion.set(leaf.question, [...(byQuestion.get(leaf.question) ?? []), a]);
  }
  const merged = [...byQuestion.values()].filter((list) => list.length > 1);
  if (merged.length === 0) return side;
  const out: PlanAudience[] = [];
  for (const a of side) {
    const group = merged.find((list) => list.includes(a));
    if (!group) out.push(a);
    else if (group[0] === a) out.push(unionOf(group));
  }
  return out;
}

/**
 * Reads the sides again as one where the prompt takes its groups together: sides of one audience
 * each, with a word of union, are one side of their union; groups of one people question inside a
 * side are their union.
 */
export function unitedSides(roles: Roles, text: string, raw: string, catalogue: PlannerCatalogue): void {
  if (roles.sides.length > 1 && roles.sides.every((s) => s.length === 1) && saysUnion(text, raw)) {
    roles.sides = [[unionOf(roles.sides.map((s) => s[0]))]];
    return;
  }
  if (!roles.sides.some((s) => s.length > 1)) return;
  const people = new Set(peopleQuestions(catalogue).map((q) => q.code));
  roles.sides = roles.sides.map((s) => (s.length > 1 ? sameQuestionParts(s, people) : s));
}

/**
 * "Total number of Gen X plus Baby boomers", "Millennials as well as Gen X": bands of one
 * single-choice question (age bands, household sizes: the questions that are averaged over their
 * answers) named as the topic and joined as if both were meant are their union, any of them, as
 * nobody is in two bands at once. Other topics keep their reading ("Netflix plus Disney+": both).
 */
export function unitedBands(topic: PlanTopic, catalogue: PlannerCatalogue): PlanTopic {
  if (topic.combine !== 'all' || topic.datapoints.length < 2 || topic.negate || (topic.also?.length ?? 0) > 0) return topic;
  const question = catalogue.questions.find((q) => q.code === topic.question);
  return question?.averageBy === 'datapoints' && question.suffixes.length === 0 ? { ...topic, combine: 'any' } : topic;
}
