/*
 * The size of an audience itself: "How many Gen Z women are there in France?", "how many gamers
 * are there in Brazil?". With no topic and one audience named, a headcount asked is the number of
 * people in that audience: its defining answers counted among everyone (as a docked audience is
 * sized), one subject made of the answers of its questions (`PlanTopic.also`).
 */
import { PlannerCatalogue, PlannerQuestion, PlanTopic, PlanTopicPart, WireExpression } from '../assistant.types';
import { codeName } from './outcomes';
import { Frame, PromptContext } from './types';

interface Leaf {
  question: string;
  datapoints: string[];
  suffixes?: string[];
}

function leafOf(e: WireExpression): Leaf | null {
  const keys = Object.keys(e).filter((k) => k !== 'suffixes');
  if (typeof e['question'] !== 'string' || !Array.isArray(e['datapoints']) || keys.length !== 2) return null;
  const suffixes = e['suffixes'];
  if (suffixes !== undefined && !(Array.isArray(suffixes) && suffixes.length === 1)) return null;
  return { question: e['question'] as string, datapoints: e['datapoints'] as string[], ...(suffixes ? { suffixes: suffixes as string[] } : {}) };
}

/**
 * The leaves of an audience as one subject and how they combine: one leaf, or an `and` / `or` of
 * leaves (an `and` of single answers only: "both" of a leaf with two answers would be another
 * audience). Null for anything deeper or negated.
 */
function subjectLeaves(e: WireExpression): { leaves: Leaf[]; combine: 'all' | 'any' } | null {
  const single = leafOf(e);
  if (single) return { leaves: [single], combine: 'any' };
  for (const [key, combine] of [
    ['and', 'all'],
    ['or', 'any'],
  ] as const) {
    const list = e[key];
    if (!Array.isArray(list) || Object.keys(e).length !== 1) continue;
    const leaves = (list as WireExpression[]).map(leafOf);
    if (leaves.some((l) => l === null)) return null;
    if (combine === 'all' && leaves.some((l) => (l as Leaf).datapoints.length !== 1)) return null;
    return { leaves: combine === 'any' ? mergedLeaves(leaves as Leaf[]) : (leaves as Leaf[]), combine };
  }
  return null;
}

/** "Gen Z or Millennials": either of two audiences cut from one question is one leaf of both's answers. */
function mergedLeaves(leaves: Leaf[]): Leaf[] {
  const out: Leaf[] = [];
  for (const leaf of leaves) {
    const same = out.find((l) => l.question === leaf.question && !l.suffixes && !leaf.suffixes);
    if (same) same.datapoints = [...new Set([...same.datapoints, ...leaf.datapoints])];
    else out.push({ ...leaf, datapoints: [...leaf.datapoints] });
  }
  return out;
}

function partOf(leaf: Leaf, question: PlannerQuestion): PlanTopicPart {
  const suffix = leaf.suffixes ? question.suffixes.find((s) => s.code === leaf.suffixes?.[0]) : undefined;
  return {
    question: question.code,
    questionName: question.name,
    datapoints: question.datapoints.filter((d) => leaf.datapoints.includes(d.code)).map(codeName),
    suffix: suffix ? codeName(suffix) : null,
  };
}

/** The audience's defining answers as a topic (first question the topic, the others `also`), or null. */
export function audienceAsTopic(expression: WireExpression, catalogue: PlannerCatalogue): { topic: PlanTopic; question: PlannerQuestion } | null {
  const subject = subjectLeaves(expression);
  if (!subject) return null;
  const questions = subject.leaves.map((l) => catalogue.questions.find((q) => q.code === l.question));
  if (questions.some((q) => !q || !q.entitled)) return null;
  // One dataset asks every question (one answer counts the respondents of one dataset).
  const datasets = (q: PlannerQuestion) => q.datasetCodes ?? [q.datasetCode];
  if (!datasets(questions[0] as PlannerQuestion).some((d) => questions.every((q) => datasets(q as PlannerQuestion).includes(d)))) return null;
  const parts = subject.leaves.map((l, k) => partOf(l, questions[k] as PlannerQuestion));
  if (parts.some((p) => p.datapoints.length === 0) || new Set(parts.map((p) => p.question)).size !== parts.length) return null;
  const [first, ...also] = parts;
  const topic: PlanTopic = { ...first };
  // Several answers of one question ("Gen Z or Millennials", the Millennials' two age bands, Luxury fashion buyers' five brands): any of them.
  if (also.length > 0) {
    topic.combine = subject.combine;
    topic.also = also;
  } else if (first.datapoints.length > 1) topic.combine = 'any';
  return { topic, question: questions[0] as PlannerQuestion };
}

/**
 * "Either ... or", "neither ... nor": the sides named are one group of people, any of them (a
 * union, not a comparison; the subject stage negates it for "neither").
 */
const EITHER = /\b(either\b.*\bor|neither\b.*\bnor)\b/;

/**
 * "How many Gen Z women are there in France?": with no topic, one audience named and a headcount
 * asked (nothing to profile, no trend), the audience's defining answers are the topic, counted
 * among everyone. The audience leaves the sides (it is what is counted, not who). The same when
 * the audience is measured along groups or markets ("which age group has the most parents?").
 */
export function sizedAudience(ctx: PromptContext, frame: Frame): { topic: PlanTopic; question: PlannerQuestion } | null {
  const { cues, roles, count } = frame;
  // "Which age group has the most parents?", "which country has the most dog owners?": the audience
  // named is what is measured along the dimension, as a headcount measures it.
  // "Where are dog owners most common?": the markets, as "which country" asks for them.
  const along = ctx.reading.dimension.group !== null || ctx.reading.dimension.markets || ctx.reading.dimension.where;
  // Words that open a follow-up ("in", "for", "among") follow nothing in a first turn: "In which country are there the most dog owners?".
  const followsUp = ctx.followUpWords && ctx.previous !== null;
  if ((!count && !along) || cues.indexing || cues.openIndexing || cues.trend || followsUp) return null;
  // "How many people are either Gen Z or Millennials?" ("neither ... nor"): the sides are one audience, any of them.
  // (Read as one side of several parts, "neither Gen Z nor Millennials", the parts are the union too.)
  const apart = roles.sides.length > 1 && roles.sides.every((side) => side.length === 1);
  const union = !EITHER.test(ctx.text)
    ? null
    : apart
      ? roles.sides.map((side) => side[0])
      : roles.sides.length === 1 && roles.sides[0].length > 1
        ? roles.sides[0]
        : null;
  if (union) {
    const sized = audienceAsTopic({ or: union.map((a) => a.expression) }, ctx.catalogue);
    if (sized) roles.sides = [];
    return sized;
  }
  // "How many men and how many women are there?": single answers of one question side by side are
  // that question's answers, a column each, counted among everyone.
  const answers = sideBySideAnswers(roles.sides.map((side) => (side.length === 1 ? side[0].expression : null)));
  if (answers) {
    const sized = audienceAsTopic(answers, ctx.catalogue);
    if (sized) {
      roles.sides = [];
      const { combine: _combine, ...topic } = sized.topic;
      return { ...sized, topic };
    }
  }
  // "How many Millennials are there compared to Gen X?", "how many Gen Z and how many Millennials?":
  // whole groups side by side, each sized. The sides stay; the topic is any of their defining answers,
  // which every side gives all of, so each side's count is its own size.
  if (apart) {
    const sized = audienceAsTopic({ or: roles.sides.map((side) => side[0].expression) }, ctx.catalogue);
    if (sized) return sized;
  }
  if (roles.sides.length !== 1 || roles.sides[0].length === 0) return null;
  // "Women aged 25-34": the parts of one side are one audience, every one of them at once.
  const parts = roles.sides[0].map((a) => a.expression);
  const sized = audienceAsTopic(parts.length === 1 ? parts[0] : { and: parts }, ctx.catalogue);
  if (sized) roles.sides = [];
  return sized;
}

/** Two or more sides that are each one answer of the same question, as one leaf of those answers; null otherwise. */
function sideBySideAnswers(sides: (WireExpression | null)[]): WireExpression | null {
  if (sides.length < 2) return null;
  const leaves = sides.map((e) => (e ? leafOf(e) : null));
  if (leaves.some((l) => l === null || l.suffixes || l.datapoints.length !== 1)) return null;
  const question = (leaves[0] as Leaf).question;
  if (leaves.some((l) => (l as Leaf).question !== question)) return null;
  return { question, datapoints: [...new Set(leaves.map((l) => (l as Leaf).datapoints[0]))] };
}

const subjectKey = (t: PlanTopic) =>
  [
    t.question,
    ...t.datapoints.map((d) => d.code).sort(),
    ...(t.also ?? []).map(
      (p) =>
        `${p.question}:${p.datapoints
          .map((d) => d.code)
          .sort()
          .join(',')}`,
    ),
  ].join('|');

/** Whether `topic` counts exactly the people of the audience `expression` ("how big is this audience?" of the docked Parents). */
export function topicSizesAudience(topic: PlanTopic, expression: WireExpression, catalogue: PlannerCatalogue): boolean {
  const sized = audienceAsTopic(expression, catalogue);
  return sized !== null && subjectKey(sized.topic) === subjectKey(topic);
}
