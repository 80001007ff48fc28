import { AnalysisKind, AnalysisPlan, PlanAudience } from '../assistant.types';
import { combine, uniqueAudiences, uniqueCodes } from './audiences';
import { codeName } from './outcomes';
import { Frame, MarketReading, PlanShape, PromptContext, Reading, TopicStep } from './types';
import { LEXICON } from '../../lexicon/lexicon';
import { suffixWordsIn } from './topic-words';
import contextLexicon from './context-lexicon.json';

/** The words of the planner's grammar (`lexicon/grammar.json`). */
const G = LEXICON.grammar;

/** Openings of a prompt that continue the previous turn ("what about", "and in", "only"). */
export const FOLLOW_UP_START = G.followUpStart;

/** Words that refer to what the previous turn was about. */
export const REFERENCES = new Set(G.references);

/** "Instead", "rather than", "the same", "again": words that only mean something against an earlier answer. */
const RELATIVE_MARK = new RegExp(`\\b(?:${contextLexicon.replace.marks.join('|')})\\b`);

/** Whether a prompt's words read as a follow-up: a continuing opening, a reference in a short prompt, "what about", "instead". */
export function isFollowUpText(text: string, previous: AnalysisPlan | null): boolean {
  if (FOLLOW_UP_START.some((p) => text.startsWith(` ${p} `))) return true;
  const words = text.trim().split(' ');
  if (previous && words.length <= 8 && words.some((w) => REFERENCES.has(w))) return true;
  if (previous && RELATIVE_MARK.test(text)) return true;
  return /\b(how has (that|it) changed|how many is that|same for|what about|how about|compare them|compare these)\b/.test(text);
}

const sameAudience = (a: PlanAudience, b: PlanAudience) =>
  a.name.toLowerCase() === b.name.toLowerCase() || JSON.stringify(a.expression) === JSON.stringify(b.expression);

/** Words that may stand between the names of a fragment ("Netflix in France", "women and men"). */
const FRAGMENT_GLUE = new Set(['in', 'for', 'among', 'the', 'and', 'of', 'on', 'with', 'please', 'pls']);

/**
 * "Instagram?", "Netflix in France", "Millennials please": a prompt made only of names (and the
 * glue between them) says what the next answer changes, never a question of its own.
 */
export function isFragmentOfNames(reading: Reading): boolean {
  const { words, spans } = reading;
  if (words.length === 0 || words.length > 4 || spans.length === 0) return false;
  return words.every((w, i) => FRAGMENT_GLUE.has(w) || spans.some((s) => s.start <= i && i < s.end));
}

/**
 * A follow-up keeps everything the new prompt does not change: "what about X?" replaces, "and
 * X?" or "add X" after a comparison adds a side, "only X" narrows, a new scale word changes only
 * the scale, a period or a count changes only that.
 */
export function mergeFollowUp(
  ctx: PromptContext,
  frame: Frame,
  step: TopicStep,
  start: Omit<PlanShape, 'kind'>,
  named: boolean,
  marketReading: MarketReading,
): PlanShape {
  const { text, reading } = ctx;
  const previous = ctx.previous as AnalysisPlan;
  const { cues: kindCues } = frame;
  const { markets, allMarkets } = marketReading;
  let { audiences, locations, waves, limit, ascending } = start;
  const { count } = frame;
  const merged = followUpTopic(ctx, frame, step, start);
  let topic = merged.topic;
  const topicQuestion = merged.topicQuestion;
  let kind: AnalysisKind;
  // A follow-up keeps everything the new prompt does not change.
  const startsWithAnd = /^ and\b/.test(text) || /^ (also|plus)\b/.test(text);
  // "vs Spain", "compare it with men", "add Spain too", "include Boomers as well": another side.
  const adds =
    /^ (vs|versus|compare with|compare to|compared with|compared to|against|add|include|plus)\b/.test(text) ||
    /\bcompare (it |that |them )?(with|to)\b/.test(text) ||
    /\b(too|as well)\b/.test(text);
  const narrows = /^ (only|just)\b/.test(text);
  // "And Gen Z only?", "just the first one" after several sides: the sides named are kept, the others dropped.
  const selects = /\b(only|just)\b/.test(text);
  if (named && selects && previous.audiences.length > 1 && audiences.every((a) => previous.audiences.some((p) => sameAudience(p, a)))) {
    // the named sides, as they are
  } else if (named) {
    if (narrows && previous.audiences.length === 1 && previous.audiences[0].origin !== 'everyone') audiences = [combine([previous.audiences[0], ...audiences])];
    else if ((startsWithAnd && previous.audiences.length > 1) || adds)
      audiences = uniqueAudiences([...previous.audiences.filter((a) => a.origin !== 'everyone'), ...audiences]);
  } else audiences = previous.audiences.filter((a) => a.origin !== 'everyone');
  const picked = selects && previous.locations.length > 1 && markets.every((m) => previous.locations.some((l) => l.code === m.code));
  if (markets.length > 0) {
    if (picked) {
      // "Only the UK" after the US vs the UK: that market alone.
    } else if ((startsWithAnd && previous.locations.length > 1) || (adds && !named)) locations = uniqueCodes([...previous.locations, ...locations]);
  } else if (!allMarkets) locations = previous.locations;
  const previousBase: AnalysisKind =
    previous.kind === 'comparison' ? (previous.topic && previous.topic.datapoints.length > 0 ? 'share' : 'ranking') : previous.kind;
  if (kindCues.trend || reading.time.pointsInTime || reading.time.perWave) kind = 'trend';
  else if (kindCues.indexing || (!topic && previous.kind === 'indexing')) kind = 'indexing';
  else if ((limit !== undefined || kindCues.ranking) && previous.kind !== 'indexing')
    kind = topic && topic.datapoints.length > 0 && limit === undefined ? previousBase : 'ranking';
  // "Just Netflix" after a ranking of streaming services: one answer named is its share, not a ranking.
  else kind = previousBase === 'ranking' && topic && topic.datapoints.length > 0 && step.choice.mentioned ? 'share' : previousBase;
  if (kind === 'ranking' && topic && limit !== undefined && topic.datapoints.length > 0 && previous.topic?.question === topic.question)
    topic = { ...topic, datapoints: [] };
  if (waves.length === 0) {
    if (kind === 'trend' && previous.kind !== 'trend') waves = [];
    else waves = previous.waves;
  }
  if (limit === undefined) limit = previous.limit;
  const countWanted = count || previous.count;
  if (!/\b(least|lowest|bottom|fewest)\b/.test(text)) ascending = previous.ascending;
  return { kind, topic, topicQuestion, audiences, locations, waves, limit, count: countWanted, ascending };
}

/** The topic of a follow-up: a new scale of the old topic, the new topic, the open profile, or the old topic kept. */
function followUpTopic(ctx: PromptContext, frame: Frame, step: TopicStep, start: Omit<PlanShape, 'kind'>): Pick<PlanShape, 'topic' | 'topicQuestion'> {
  const { text, catalogue } = ctx;
  const previous = ctx.previous as AnalysisPlan;
  const { cues: kindCues } = frame;
  let { topic, topicQuestion } = start;
  // A new answer scale for the same thing ("what about considering it?"): the thing stays.
  const onlyScale = topic && previous.topic && !step.choice.mentioned && topic.suffix && topic.datapoints.length === 0;
  const previousScale = onlyScale
    ? catalogue.questions.find((q) => q.code === previous.topic?.question)?.suffixes.find((x) => x.name === topic?.suffix?.name)
    : undefined;
  if (onlyScale && previousScale && previous.topic) {
    topic = { ...previous.topic, suffix: codeName(previousScale) };
    topicQuestion = catalogue.questions.find((q) => q.code === previous.topic?.question) ?? null;
  } else if (topic) {
    const kept = sameMeasure(ctx, step, topic) ?? sameThing(ctx, frame, step, topic);
    if (kept) {
      topic = kept.topic;
      topicQuestion = kept.topicQuestion;
    }
    // "Now rank the streaming services": the whole question asked for a ranking is the whole question.
    if (topic && topicQuestion && topic.question === previous.topic?.question && topic.datapoints.length === 0 && previous.topic && !kindCues.ranking)
      topic = { ...previous.topic, suffix: topic.suffix ?? previous.topic.suffix };
  } else if (kindCues.openIndexing && !kindCues.explicitIndex && !/\b(it|that|this)\b/.test(text)) {
    // "what else makes them different?": the open profile of the same audience, past the old topic.
    topic = null;
    topicQuestion = null;
  } else topic = previousAnswerNamed(ctx) ?? previousScaleNamed(ctx) ?? previous.topic;
  return { topic, topicQuestion };
}

/**
 * "And weekly?" after the share who listen to podcasts daily: a word that names another answer of
 * the previous question (by the answer's own name) replaces its answers; the question, scale and
 * everything else are kept. Catch-all answers ("None", "Other") are not named this way.
 */
function previousAnswerNamed(ctx: PromptContext): PlanShape['topic'] | null {
  const old = ctx.previous?.topic;
  const question = old ? ctx.catalogue.questions.find((q) => q.code === old.question) : undefined;
  const names = old ? ctx.index.normalisedNames.get(old.question)?.datapoints : undefined;
  if (!old || !question || !names || old.datapoints.length === 0) return null;
  const named = question.datapoints.filter(
    (d, k) => names[k] && names[k].length > 2 && !/^(none|no_|other)/.test(d.code) && ctx.text.includes(` ${names[k]} `),
  );
  if (named.length === 0 || named.every((d) => old.datapoints.some((x) => x.code === d.code))) return null;
  return { ...old, datapoints: named.map(codeName) };
}

/**
 * "Aldi instead of Lidl" after a share who bought from Lidl, "what about Instagram?" after daily
 * TikTok use: a new answer of the previous question, named without a question or scale of its
 * own, is measured as the previous one was (its question and answer scale), not by whichever
 * other question also lists it (the favourite retailer, plain use).
 */
function sameMeasure(
  ctx: PromptContext,
  step: TopicStep,
  topic: NonNullable<PlanShape['topic']>,
): { topic: NonNullable<PlanShape['topic']>; topicQuestion: PlanShape['topicQuestion'] } | null {
  const old = ctx.previous?.topic;
  const question = old ? ctx.catalogue.questions.find((q) => q.code === old.question) : undefined;
  if (!old || !question || topic.question === old.question || topic.datapoints.length === 0) return null;
  if (step.choice.namedQuestion || topic.suffix !== null) return null;
  if (!topic.datapoints.every((d) => question.datapoints.some((x) => x.code === d.code))) return null;
  return { topic: { question: old.question, questionName: old.questionName, datapoints: topic.datapoints, suffix: old.suffix }, topicQuestion: question };
}

/**
 * "And which do they actually buy?" after the car brands men would consider: a word of another
 * row of the previous question's answer scale (aware, would consider, a verb of buying) moves the
 * same topic to that row.
 */
function previousScaleNamed(ctx: PromptContext): PlanShape['topic'] | null {
  const old = ctx.previous?.topic;
  const question = old ? ctx.catalogue.questions.find((q) => q.code === old.question) : undefined;
  if (!old || !question || question.suffixes.length === 0) return null;
  const names = ctx.index.normalisedNames.get(question.code)?.suffixes ?? [];
  const said = suffixWordsIn(ctx.text);
  const wanted = [...said.strong, ...(said.custom ? said.weak : [])];
  const at = names.findIndex((n) => wanted.includes(n));
  if (at < 0 || question.suffixes[at].code === old.suffix?.code) return null;
  return { ...old, suffix: codeName(question.suffixes[at]) };
}

/**
 * "What about daily use?" after the share who use Snapchat: a new measure (another question,
 * named by its scale or words, with no answer of its own) of the same thing, when that question
 * asks it: the previous answers are kept ("Snapchat daily"), not the new question ranked whole.
 */
function sameThing(ctx: PromptContext, frame: Frame, step: TopicStep, topic: NonNullable<PlanShape['topic']>): ReturnType<typeof sameMeasure> {
  const old = ctx.previous?.topic;
  if (!old || old.datapoints.length === 0 || topic.datapoints.length > 0 || topic.question === old.question) return null;
  if (step.choice.mentioned || frame.cues.ranking || ctx.reading.limit !== undefined) return null;
  const question = ctx.catalogue.questions.find((q) => q.code === topic.question);
  const codes = old.datapoints.map((d) => d.code);
  if (!question || !codes.every((c) => question.datapoints.some((d) => d.code === c))) return null;
  return { topic: { ...topic, datapoints: question.datapoints.filter((d) => codes.includes(d.code)).map(codeName) }, topicQuestion: question };
}

/**
 * Docked audiences are the answer's audiences when the prompt names none; with one named and a
 * comparison asked ("compare them with Millennials"), the docked audience is one side.
 */
export function withDocked(
  ctx: PromptContext,
  frame: Frame,
  audiences: PlanAudience[],
  how: { dockedAsTopic: boolean; named: boolean; followUp: boolean },
): PlanAudience[] {
  const { docked, previous, text } = ctx;
  const { named, followUp } = how;
  if (how.dockedAsTopic) return [];
  if (!named && audiences.length === 0 && docked.length > 0) return docked;
  if (!named && (previous === null || !followUp) && docked.length > 0) return docked;
  // "Compare them with Millennials", "do they use it more than men?", "vs men: Instagram": the
  // docked audience is one side, the one named the other.
  if (
    named &&
    docked.length > 0 &&
    !followUp &&
    (frame.they >= 0 || /^ (compare|compared|comparing|contrast|vs|versus|against)\b/.test(text)) &&
    (frame.cues.comparison || /\bthan\b/.test(text))
  )
    return uniqueAudiences([...docked, ...audiences]);
  return audiences;
}
