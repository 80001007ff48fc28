import { PlanAudience, PlannerQuestion, PlanTopic } from '../assistant.types';
import { singleLeaf, spanAudience } from './audiences';
import { peopleClauseBefore } from './relative-heads';
import { Span } from './types';

/**
 * People named by an answer of the very question asked about are that question's answers, not an
 * audience: "do cat owners mostly live in urban or rural areas?" asks the area lived in (Urban,
 * Rural) among cat owners; measuring where rural people live among rural people says nothing.
 * When the topic is the whole question, the answers said as groups become its answers (all of them
 * said: the whole question still), and the sides they made are dropped. Saved audiences and a topic
 * whose answers are already named are left alone, and so are people defined by a clause about them
 * ("which social platforms do Germans who don't use Facebook use most?": `clauseGroups`).
 */
export function foldTopicSides(
  sides: PlanAudience[][],
  topic: PlanTopic | null,
  question: PlannerQuestion | null,
  clauseGroups: ReadonlySet<string> = new Set(),
): { sides: PlanAudience[][]; topic: PlanTopic | null } {
  if (!topic || !question || topic.datapoints.length > 0 || topic.negate || (topic.also ?? []).length > 0) return { sides, topic };
  const named = new Set<string>();
  const own = (a: PlanAudience) => {
    const leaf = a.origin === 'saved' || clauseGroups.has(a.id) ? null : singleLeaf(a.expression);
    return leaf !== null && leaf.question === topic.question;
  };
  for (const side of sides) for (const a of side) if (own(a)) singleLeaf(a.expression)?.datapoints.forEach((d) => named.add(d));
  if (named.size === 0) return { sides, topic };
  const kept = sides.map((side) => side.filter((a) => !own(a))).filter((side) => side.length > 0);
  // The same people left on every side that had an answer of the topic's question are one audience.
  const unique = kept.filter((side, k) => kept.findIndex((s) => s.map((a) => a.id).join() === side.map((a) => a.id).join()) === k);
  const every = question.datapoints.every((d) => named.has(d.code));
  const datapoints = every ? [] : question.datapoints.filter((d) => named.has(d.code)).map((d) => ({ code: d.code, name: d.name }));
  return { sides: unique, topic: { ...topic, datapoints } };
}

/** The ids of the groups said in a relative clause about people ("Germans who use Facebook", "people who own a cat"). */
export function clauseGroupIds(words: readonly string[], groups: readonly Span[], spans: readonly Span[]): Set<string> {
  const ids = new Set<string>();
  for (const g of groups) {
    if (peopleClauseBefore(words, g.start, spans) < 0) continue;
    const audience = spanAudience(g, [...words]);
    if (audience) ids.add(audience.id);
  }
  return ids;
}
