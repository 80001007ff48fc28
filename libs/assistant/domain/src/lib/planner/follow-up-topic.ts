import { AnalysisPlan, PlannerQuestion } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { codeName } from './outcomes';
import { saysPartitive } from './follow-up-partitive';
import { bandsMeant } from '../quantities';
import { suffixWordsIn } from './topic-words';
import { Frame, PlanShape, PromptContext, TopicStep } from './types';

/** What a follow-up does to the previous topic. */
export type TopicEdit =
  /** Nothing new named: the previous topic. */
  | 'keep'
  /** A new topic named ("what about Instagram?", "now rank the streaming services"). */
  | 'replace'
  /** Another row of the previous answer scale ("what about considering it?", "which do they buy?"). */
  | 'scale'
  /** Other answers of the previous question ("and weekly?", "Aldi instead of Lidl"). */
  | 'answers'
  /** The same answers measured by another question ("what about daily use?"). */
  | 'measure'
  /** No topic: the open profile of the same audience ("what else makes them different?"). */
  | 'profile';

/**
 * The topic of a follow-up, and what it did to the previous one: a new scale of the old topic,
 * other answers of the old question, the same answers by another measure, a new topic, the open
 * profile, or the old topic kept.
 */
export function followUpTopic(
  ctx: PromptContext,
  frame: Frame,
  step: TopicStep,
  start: Omit<PlanShape, 'kind'>,
): Pick<PlanShape, 'topic' | 'topicQuestion'> & { edit: TopicEdit } {
  const { text, catalogue } = ctx;
  const previous = ctx.previous as AnalysisPlan;
  const { cues: kindCues } = frame;
  let { topic, topicQuestion } = start;
  // A new answer scale for the same thing ("what about considering it?"): the thing stays.
  const onlyScale = topic && previous.topic && !step.choice.mentioned && topic.suffix && topic.datapoints.length === 0;
  const previousScale = onlyScale
    ? catalogue.questions.find((q) => q.code === previous.topic?.question)?.suffixes.find((x) => x.name === topic?.suffix?.name)
    : undefined;
  let edit: TopicEdit = 'keep';
  if (onlyScale && previousScale && previous.topic) {
    topic = { ...previous.topic, suffix: codeName(previousScale) };
    topicQuestion = catalogue.questions.find((q) => q.code === previous.topic?.question) ?? null;
    edit = 'scale';
  } else if (topic && topic.datapoints.length === 0 && !kindCues.ranking && ctx.reading.limit === undefined && previousAnswerNamed(ctx, frame)) {
    // "Beer rather than wine" after drinking wine: a word that is an answer of the previous question
    // is that answer, not a whole question whose name says it ("Favourite beer, wine and spirits brand").
    topic = previousAnswerNamed(ctx, frame);
    edit = 'answers';
  } else if (topic) {
    edit = 'replace';
    const answers = sameMeasure(ctx, step, topic);
    const measure = answers ? null : sameThing(ctx, frame, step, topic);
    const kept = answers ?? measure;
    if (kept) {
      topic = kept.topic;
      topicQuestion = kept.topicQuestion;
      edit = answers ? 'answers' : 'measure';
    }
    // "Now rank the streaming services": the whole question asked for a ranking is the whole question.
    // ("Which platforms do they over-index on?" asks for the whole question too.)
    const whole = kindCues.ranking || (kindCues.indexing && /^ (which|what)\b/.test(text));
    if (topic && topicQuestion && topic.question === previous.topic?.question && topic.datapoints.length === 0 && previous.topic && !whole) {
      edit = topic.suffix && topic.suffix.code !== previous.topic.suffix?.code ? 'scale' : 'keep';
      topic = { ...previous.topic, suffix: topic.suffix ?? previous.topic.suffix };
    }
  } else if (kindCues.openIndexing && !kindCues.explicitIndex && !/\b(it|that|this)\b/.test(text)) {
    // "what else makes them different?": the open profile of the same audience, past the old topic.
    topic = null;
    topicQuestion = null;
    edit = 'profile';
  } else {
    const answers = previousAnswerNamed(ctx, frame);
    const scale = answers ? null : previousScaleNamed(ctx);
    topic = answers ?? scale ?? previous.topic;
    edit = answers ? 'answers' : scale ? 'scale' : 'keep';
  }
  // "Statt Tesla bitte BYD" after Tesla consideration: another answer of the same grid, said with no
  // word of a scale, is asked on the previous row (a brand alone would otherwise be its customers).
  if (edit === 'replace' && topic && previous.topic && topic.question === previous.topic.question && topic.datapoints.length > 0 && !saysScale(text))
    topic = { ...topic, suffix: previous.topic.suffix };
  // "What about Instagram?" after Snapchat: other answers of the same question and scale.
  if (edit === 'replace' && topic && previous.topic && topic.question === previous.topic.question && topic.suffix?.code === previous.topic.suffix?.code)
    edit = topic.datapoints.map((d) => d.code).join() === previous.topic.datapoints.map((d) => d.code).join() ? 'keep' : 'answers';
  if (edit === 'answers' && topic && previous.topic) topic = withPreviousAnswers(ctx, topic, previous.topic);
  if (edit === 'keep' && topic?.negate && asksAffirmed(ctx)) {
    // Not negated is said by leaving `negate` out, as a plan read from the model has it.
    const { negate: _undone, ...affirmed } = topic;
    topic = affirmed;
  }
  return { topic, topicQuestion, edit };
}

/** Whether a turn says a row of an answer scale ("aware", "would consider", a verb of buying or using). */
function saysScale(text: string): boolean {
  const said = suffixWordsIn(text);
  return said.strong.length > 0 || said.weak.length > 0;
}

const AFFIRM = new RegExp(` (?:${lexicon.followUpAffirm.phrases.join('|')}) `);
const NEGATIONS = new Set(lexicon.followUpAffirm.negations);

/**
 * "And who does?", "those who do?", "what about users?" after the share who don't use TikTok:
 * the follow-up asks for the people who do, so the kept subject is no longer negated (the rest
 * of the plan stays). Only a follow-up that names no answer and no audience of its own, and
 * negates nothing itself, undoes it: "and Instagram users?" names other people, "and who doesn't?"
 * keeps the negation.
 */
export function asksAffirmed(ctx: PromptContext): boolean {
  if (!AFFIRM.test(ctx.text)) return false;
  if (ctx.words.some((w) => NEGATIONS.has(w))) return false;
  return !ctx.reading.spans.some((sp) => sp.entry.kind === 'datapoint' || sp.entry.kind === 'audience');
}

/** "Too", "as well", "add": answers named to join the previous ones. */
const JOINS = /\b(too|as well|also|add|include|plus)\b/;
/** "And compared with Just Eat?", "vs Deliveroo?": one answer set against the previous ones, beside them. */
const SET_AGAINST = /\b(compared (with|to)|compare (it |that |this )?(with|to)|in comparison (with|to)|vs|versus|against|alongside|next to)\b/;

/**
 * Other answers of the previous question keep what was said of its answers: "and Instagram?"
 * after the share who don't use Facebook is who don't use Instagram; "Instagram and Snapchat
 * too" after TikTok joins them to TikTok.
 */
function withPreviousAnswers(
  ctx: PromptContext,
  topic: NonNullable<PlanShape['topic']>,
  old: NonNullable<PlanShape['topic']>,
): NonNullable<PlanShape['topic']> {
  let out = topic;
  if (old.negate && !topic.negate) out = { ...out, negate: true };
  // Only words outside names join ("Disney+" is read "disney plus").
  const free = ` ${ctx.words.filter((_, i) => !ctx.reading.spans.some((sp) => sp.start <= i && i < sp.end)).join(' ')} `;
  // "Do those people use Telegram too?": asked of the last answer's people, the answer is not joined (previous-people.ts).
  if (
    (JOINS.test(free) || (SET_AGAINST.test(free) && topic.datapoints.length === 1)) &&
    !saysPartitive(ctx.text, ctx.reading.raw) &&
    topic.question === old.question &&
    topic.datapoints.length > 0 &&
    old.datapoints.length > 0
  ) {
    const codes = new Set(out.datapoints.map((d) => d.code));
    out = { ...out, datapoints: [...old.datapoints.filter((d) => !codes.has(d.code)), ...out.datapoints] };
  }
  return out;
}

/**
 * "And weekly?" after the share who listen to podcasts daily: a word that names another answer of
 * the previous question (by the answer's own name) replaces its answers; the question, scale and
 * everything else are kept. Catch-all answers ("None", "Other") are not named this way.
 */
function previousAnswerNamed(ctx: PromptContext, frame: Frame): PlanShape['topic'] | null {
  const old = ctx.previous?.topic;
  const question = old ? ctx.catalogue.questions.find((q) => q.code === old.question) : undefined;
  const names = old ? ctx.index.normalisedNames.get(old.question)?.datapoints : undefined;
  if (!old || !question || !names || old.datapoints.length === 0) return null;
  // Words of the people named ("TikTok users", "Non-Facebook users") are who is asked, not what.
  const people = [...ctx.reading.spans.filter((sp) => sp.entry.kind === 'audience'), ...frame.roles.groupSpans];
  const free = ` ${ctx.words.map((w, i) => (people.some((sp) => sp.start <= i && i < sp.end) ? '|' : w)).join(' ')} `;
  // "And at least once a week?" after daily podcasts: the answers an amount or frequency means.
  const bands = ctx.index.bands.get(old.question) ?? [];
  const meant = new Set(ctx.reading.quantities.flatMap((x) => bandsMeant(bands, x)));
  const named = question.datapoints.filter(
    (d, k) => meant.has(k) || (names[k] && names[k].length > 2 && !/^(none|no_|other)/.test(d.code) && free.includes(` ${names[k]} `)),
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
  const holds = (q: PlannerQuestion) => topic.datapoints.every((d) => q.datapoints.some((x) => x.code === d.code));
  if (holds(question))
    return { topic: { question: old.question, questionName: old.questionName, datapoints: topic.datapoints, suffix: old.suffix }, topicQuestion: question };
  // "What about Shein?" after bought from Temu: a grid of another sector asked on the same scale.
  const scale = old.suffix?.name;
  const sibling = scale ? ctx.catalogue.questions.find((q) => q.entitled && holds(q) && q.suffixes.some((x) => x.name === scale)) : undefined;
  const row = sibling?.suffixes.find((x) => x.name === scale);
  if (!sibling || !row) return null;
  return { topic: { question: sibling.code, questionName: sibling.name, datapoints: topic.datapoints, suffix: codeName(row) }, topicQuestion: sibling };
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
