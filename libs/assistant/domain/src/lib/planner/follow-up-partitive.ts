import { AnalysisPlan, PlanAudience, PlannerCatalogue, PlanTopic } from '../assistant.types';
import { combine, phraseAudience } from './audiences';
import { peopleQuestions } from './group-cues';
import contextLexicon from './context-lexicon.json';

/** "Of them", "of those", "davon", "de ellos": a part of the people the previous answer was about. */
const PARTITIVE = new RegExp(`(?:^|[\\s¿¡,])(?:${contextLexicon.partitiveReferences.join('|')})(?![\\p{L}])`, 'iu');

/** Whether the prompt asks about a part of the previous answer's people ("how many of them ..."). */
export function saysPartitive(text: string, raw: string): boolean {
  return PARTITIVE.test(text) || PARTITIVE.test(raw.toLowerCase());
}

/**
 * The people who gave the topic's answers (any of them; none of them when the topic is negated), as
 * an audience; null when the topic is no one group.
 */
export function topicPeople(topic: PlanTopic | null): PlanAudience | null {
  if (!topic || topic.datapoints.length === 0 || (topic.also?.length ?? 0) > 0) return null;
  if (topic.datapoints.length > 1 && topic.combine !== 'any') return null;
  const expression: Record<string, unknown> = {
    question: topic.question,
    datapoints: topic.datapoints.map((d) => d.code),
    ...(topic.suffix ? { suffixes: [topic.suffix.code] } : {}),
    ...(topic.negate ? { not: true } : {}),
  };
  const name = topic.datapoints.map((d) => d.name).join(' or ');
  const said = topic.negate ? 'did not answer' : 'answered';
  return phraseAudience(
    `${topic.negate ? 'Not ' : ''}${name}${topic.suffix ? ` (${topic.suffix.name})` : ''}`,
    `Respondents who ${said} ${name} to ${topic.questionName}.`,
    expression,
  );
}

/**
 * "And how many of them are Gen Z?" after a size of Threads users, "what proportion of them are
 * women?" after a share of daily WhatsApp users: a group of a people question asked of "them" is
 * counted among the previous answer's people, so the previous topic (within its audience) becomes
 * the audience and the group the topic. Null when the turn does not read that way.
 */
export function partitiveAudiences(
  text: string,
  raw: string,
  previous: AnalysisPlan,
  topic: PlanTopic | null,
  kept: readonly PlanAudience[],
  catalogue: PlannerCatalogue,
): { audiences: PlanAudience[]; topic: PlanTopic } | null {
  if (!topic || topic.datapoints.length === 0 || !previous.topic || previous.topic.question === topic.question) return null;
  if (kept.length > 1 || !saysPartitive(text, raw)) return null;
  if (!peopleQuestions(catalogue).some((q) => q.code === topic.question)) return null;
  const people = topicPeople(previous.topic);
  if (!people) return null;
  // "How many of them are Millennials?": the group's answers (two age bands) are one group, any of them.
  const one = topic.datapoints.length > 1 && (topic.combine ?? 'each') === 'each' ? { ...topic, combine: 'any' as const } : topic;
  return { audiences: [combine([...kept, people])], topic: one };
}
