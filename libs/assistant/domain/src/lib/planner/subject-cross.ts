/*
 * Combined subjects across questions: "use TikTok or Netflix", "use Instagram and also own a
 * smartwatch". The topic holds one question; the answers of the others are `PlanTopic.also`, joined
 * to the topic's by the same words as a combination within one question ("both", "either",
 * "or", "as well as"). A name the plan uses nowhere else and that no such word joins to the topic
 * is left alone (the planner's coverage reports it), never guessed into the subject.
 */
import { CodeName, PlanAudience, PlannerCatalogue, PlannerQuestion, PlanTopic, PlanTopicPart, SubjectCombine } from '../assistant.types';
import { BOTH, EITHER, inside, leavesOf, NONE_OF, readCombine, SubjectSpan } from './combine';
import { VERB_FRAMES } from '../synonyms';

/** Verbs that say an act on a thing ("own", "use", "watch"): `topics.json` `verbFrames`. */
const ACT_VERBS = new Set(Object.keys(VERB_FRAMES));
/** Words that may stand between "and" and its verb ("and also use", "and who watch"). */
const AND_GAP = new Set(['also', 'who', 'they', 'that', 'do', 'does', 'to']);
/** Words that may stand between a verb and its thing ("own a smart TV"). */
const OBJECT_GAP = new Set(['a', 'an', 'the', 'any', 'some', 'to', 'on', 'from', 'at', 'in', 'of', 'with', 'by']);

/**
 * "Own a smart TV and use Netflix": two answers each with its own verb, joined by "and", are one
 * subject with both (a comparison of the two would name them under one verb, "use X and Y").
 */
export function joinedByOwnVerbs(words: readonly string[], spans: readonly SubjectSpan[]): boolean {
  const named = [...spans].sort((a, b) => a.start - b.start);
  const verbBefore = (span: SubjectSpan) => {
    let i = span.start - 1;
    while (i >= 0 && OBJECT_GAP.has(words[i]) && !inside(named, i)) i--;
    return i >= 0 && ACT_VERBS.has(words[i]) ? i : -1;
  };
  for (let k = 1; k < named.length; k++) {
    const verb = verbBefore(named[k]);
    if (verb < 0 || verbBefore(named[k - 1]) < 0) return false;
    let i = verb - 1;
    while (i > named[k - 1].end - 1 && AND_GAP.has(words[i])) i--;
    if (i !== named[k - 1].end || words[i] !== 'and') return false;
  }
  return named.length > 1;
}

/**
 * "Both a smart thermostat and an electric car", "both hold an investment account and ...": a word
 * of joining before a named thing (and its verb) joins it,
 * though an answer is called so too ("Both" of smoking or vaping).
 */
function joiningWord(words: readonly string[], span: SubjectSpan, spans: readonly SubjectSpan[]): boolean {
  const w = words[span.start];
  if (span.end - span.start !== 1 || !(BOTH.has(w) || EITHER.has(w) || NONE_OF.has(w))) return false;
  let i = span.end;
  // "Both hold an investment account and ...": the verb of the thing may come between.
  while (i < words.length && (OBJECT_GAP.has(words[i]) || ACT_VERBS.has(words[i]))) i++;
  return spans.some((s) => s !== span && s.start === i);
}

/** The answer of a grid that means having or using the thing ("Used or bought"); none for an opinion scale. */
function usageSuffix(question: PlannerQuestion): CodeName | null | undefined {
  if (question.suffixes.length === 0) return null;
  const used = question.suffixes.find((x) => /^used or bought/i.test(x.name.trim()));
  return used ? { code: used.code, name: used.name } : undefined;
}

/**
 * The question a name is read from in a combined subject: one the topic's dataset asks and the
 * organisation licenses, usage before brand funnels, perceptions and favourites; undefined when
 * none fits.
 */
function partOf(span: SubjectSpan, topicQuestion: PlannerQuestion, catalogue: PlannerCatalogue): PlanTopicPart | undefined {
  const candidates = (span.entry.refs ?? [])
    .map((r) => ({ ref: r, question: catalogue.questions.find((q) => q.code === r.question.code) }))
    .filter((x): x is { ref: (typeof x)['ref']; question: PlannerQuestion } => x.question !== undefined)
    .filter((x) => x.question.entitled && (x.question.datasetCodes ?? [x.question.datasetCode]).includes(topicQuestion.datasetCode));
  const chosen =
    candidates.find((x) => !/^(brand_perception|favourite_)/.test(x.question.code) && !x.question.code.startsWith('brand_')) ??
    candidates.find((x) => !/^(brand_perception|favourite_)/.test(x.question.code));
  if (!chosen) return undefined;
  const suffix = usageSuffix(chosen.question);
  if (suffix === undefined) return undefined;
  const codes = new Set((span.entry.refs ?? []).filter((r) => r.question.code === chosen.question.code).map((r) => r.datapoint.code));
  return {
    question: chosen.question.code,
    questionName: chosen.question.name,
    datapoints: chosen.question.datapoints.filter((d) => codes.has(d.code)).map((d) => ({ code: d.code, name: d.name })),
    suffix,
  };
}

/**
 * Answers of other questions joined to the topic's into one subject, with how they combine;
 * null when the prompt joins none (or asks "at least N of" across questions, which one
 * expression cannot say).
 */
export function crossSubject(
  words: readonly string[],
  spans: readonly SubjectSpan[],
  topic: PlanTopic,
  audiences: readonly PlanAudience[],
  catalogue: PlannerCatalogue,
): { combine: SubjectCombine; also: PlanTopicPart[]; otherFirst: boolean } | null {
  const topicQuestion = catalogue.questions.find((q) => q.code === topic.question);
  if (!topicQuestion || topic.datapoints.length === 0) return null;
  const wanted = new Set(topic.datapoints.map((d) => d.code));
  const mentions = (s: SubjectSpan, pred: (q: string, d: string) => boolean) =>
    s.entry.kind === 'datapoint' && (s.entry.refs ?? []).some((r) => pred(r.question.code, r.datapoint.code));
  const own = spans.filter((s) => mentions(s, (q, d) => q === topic.question && wanted.has(d)));
  if (own.length === 0) return null;
  const inAudiences = new Set(audiences.flatMap((a) => [...leavesOf(a.expression)]));
  const others = spans.filter(
    (s) =>
      s.entry.kind === 'datapoint' &&
      !own.includes(s) &&
      !joiningWord(words, s, spans) &&
      // "A smart speaker and a smart display at home": a word of an answer's name is no answer named.
      !(s.entry.refs ?? []).every((r) => r.partial) &&
      !mentions(s, (q, d) => q === topic.question || inAudiences.has(`${q}:${d}`)),
  );
  if (others.length === 0) return null;
  const combined = readCombine(words, [...own, ...others]) ?? (joinedByOwnVerbs(words, [...own, ...others]) ? { combine: 'all' as const } : undefined);
  if (!combined || (combined.combine !== 'all' && combined.combine !== 'any')) return null;
  const also: PlanTopicPart[] = [];
  for (const span of others) {
    const part = partOf(span, topicQuestion, catalogue);
    if (!part || part.datapoints.length === 0) return null;
    const same = also.find((p) => p.question === part.question && p.suffix?.code === part.suffix?.code);
    if (same) same.datapoints.push(...part.datapoints.filter((d) => !same.datapoints.some((x) => x.code === d.code)));
    else also.push(part);
  }
  const first = (list: readonly SubjectSpan[]) => Math.min(...list.map((s) => s.start));
  return { combine: combined.combine, also, otherFirst: first(others) < first(own) };
}

/**
 * A subject across questions written in the order it is said: "own a dog and use Instagram" leads
 * with the dog, whichever of the two the topic stage found first. Only a plain pair is turned (one
 * other question, nothing negated or excluded), so the column counted is the same.
 */
export function inSaidOrder(topic: PlanTopic): PlanTopic {
  const also = topic.also ?? [];
  if (also.length !== 1 || also[0].not || topic.negate) return topic;
  const [lead] = also;
  const { also: _also, ...rest } = topic;
  return {
    ...rest,
    question: lead.question,
    questionName: lead.questionName,
    datapoints: lead.datapoints,
    suffix: lead.suffix,
    also: [{ question: topic.question, questionName: topic.questionName, datapoints: topic.datapoints, suffix: topic.suffix }],
  };
}
