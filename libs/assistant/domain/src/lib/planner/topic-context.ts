import { PlannerLocation, PlannerQuestion, PlanOutcome, PlanTopic } from '../assistant.types';
import { GROUP_NOUNS } from '../synonyms';
import { stem } from '../text';
import { LEXICON } from '../../lexicon/lexicon';
import { questionsOf, singleLeaf } from './audiences';
import { DIFFERENCE, GROUP_WORDS, PROFILE_REQUEST, SHARE } from './cues';
import { audienceAsTopic, sizedAudience, topicSizesAudience } from './audience-size';
import { clarify, codeName, noTopic } from './outcomes';
import { asksOnlyUnknown } from './follow-up';
import { clauseGroupIds } from './topic-own-sides';
import { Frame, PromptContext, Span, TopicChoice, TopicStep } from './types';

/** Stems of verbs whose object is the thing measured (`grammar.json` `objectVerbStems`). */
const OBJECT_VERB_STEMS = new Set(LEXICON.grammar.objectVerbStems);

interface TopicAndQuestion {
  topic: PlanTopic | null;
  question: PlannerQuestion | null;
}

/**
 * The topic chosen, settled in its context: a follow-up keeps the old topic unless a new one is
 * named with confidence; a group to describe with no topic is its open profile; a demographic
 * asked about, or the one docked audience to size, is the topic; a question is never measured
 * on the audience it defines.
 */
export function settleTopic(ctx: PromptContext, frame: Frame, choice: TopicChoice, markets: PlannerLocation[]): TopicStep | PlanOutcome {
  const { previous, docked, text, words } = ctx;
  const { cues: kindCues, roles, they } = frame;
  const followingUp = previous !== null && ctx.followUpWords;
  // A follow-up keeps its topic unless the new words name one: not loose words that cover a
  // little of a question's name ("e per la Generazione Z": "per" of "Holidays taken per year").
  if (followingUp && !choice.confident && ctx.reading.spans.length === 0 && asksOnlyUnknown(words, choice.unknown))
    return choice.outcome ?? noTopic(ctx.reading, ctx.index, choice.unknown);
  if (followingUp) refinesPrevious(ctx, choice);
  // (Loose words of the previous question itself refine it: "rank all the platforms for them".)
  if (followingUp && (!choice.confident || (choice.thin && choice.question?.code !== previous?.topic?.question))) {
    choice.topic = null;
    choice.question = null;
    choice.outcome = undefined;
  }
  if (choice.outcome) return choice.outcome;
  if (frame.noOne && choice.topic)
    return clarify(
      `Who do you mean by “${words[they]}${GROUP_WORDS.has(words[they + 1] ?? '') ? ` ${words[they + 1]}` : ''}”? Name an audience (for example Gen Z, parents or women) or dock one.`,
      [],
    );
  // "How does Gen Z differ from Millennials?", "what makes Gen Z in the UK and Germany different?":
  // a difference with no topic profiles each side (audience or market) against the base.
  // "Tell me about Gen Z in Germany", "what are Luxury fashion buyers like?", "a portrait of
  // parents": with no topic, a request to describe a group is its open profile.
  const describe = PROFILE_REQUEST.test(text) && (roles.sides.length > 0 || docked.length > 0);
  if (
    !choice.topic &&
    !kindCues.openIndexing &&
    (describe || (DIFFERENCE.test(text) && (roles.sides.length > 1 || markets.length > 1) && roles.sides.length > 0))
  ) {
    kindCues.indexing = true;
    kindCues.openIndexing = true;
  }
  let current: TopicAndQuestion = { topic: choice.topic, question: choice.question };
  const asked = current.topic ? null : demographicAsked(ctx, frame);
  if (asked) current = asked;
  const sized = current.topic ? null : dockedSized(ctx, frame, choice);
  if (sized) current = sized;
  // "How many Gen Z women are there in France?": the named audience's size (audience-size.ts);
  // not when a word nothing knows is the object of a verb of use, where the topic would be ("how
  // many of Brazil's Gen Z use Kwai?").
  const unknownObject = choice.unknown.some((u) => OBJECT_VERB_STEMS.has(stem(ctx.words[ctx.words.indexOf(u) - 1] ?? '')));
  const named = current.topic || unknownObject ? null : sizedAudience(ctx, frame);
  if (named) current = named;
  current = withoutDefiningAudience(ctx, frame, choice, current);
  // "How big is this audience in Germany?": the docked audience named and sized is the topic, not also the audience.
  const sizedDocked =
    (asked !== null || named !== null) &&
    current.topic !== null &&
    docked.some((d) => topicSizesAudience(current.topic as PlanTopic, d.expression, ctx.catalogue));
  return { choice, topic: current.topic, question: current.question, dockedAsTopic: sized !== null || sizedDocked };
}

/** A demographic the prompt asks about is the topic ("what share of Germans are parents?"). */
function demographicAsked(ctx: PromptContext, frame: Frame): TopicAndQuestion | null {
  const { words, text, catalogue } = ctx;
  const { cues: kindCues, roles, count } = frame;
  // "How has the share of dog owners changed?": the share of the group is what changes.
  const trendOfShare = kindCues.trend && shareOfGroup(words, [...ctx.reading.spans.filter((sp) => sp.entry.kind === 'audience'), ...roles.groupSpans]);
  if (!(roles.sides.length === 1 && roles.sides[0].length === 1 && !kindCues.indexing && (!kindCues.trend || trendOfShare) && !ctx.followUpWords)) return null;
  const only = roles.sides[0][0];
  const leaf = singleLeaf(only.expression);
  // "What share of Germans are parents?", and in messy shorthand "dog owners in spain share",
  // "electric car owners germany percent": a group of owners or users is what is counted.
  const ownersOrUsers = words.some((w) => GROUP_NOUNS.has(w));
  const asked = leaf && (/\b(are|is|who are|being)\b/.test(text) || ownersOrUsers) && (kindCues.share || count);
  if (!leaf || !asked) return null;
  const q = catalogue.questions.find((x) => x.code === leaf.question);
  if (!q) return null;
  roles.sides = [];
  const datapoints = q.datapoints.filter((d) => leaf.datapoints.includes(d.code)).map(codeName);
  // "How many Millennials are there?": the people of the audience, any of its answers (its two age bands), counted once.
  const one = count && datapoints.length > 1 ? { combine: 'any' as const } : {};
  return { topic: { question: q.code, questionName: q.name, datapoints, suffix: null, ...one }, question: q };
}

/** Whether the one group is said right after "the share of", "the proportion of", "the number of" ("the share of dog owners"). */
export function shareOfGroup(words: string[], groups: Span[]): boolean {
  if (groups.length !== 1) return false;
  let at = groups[0].start - 1;
  while (at >= 0 && ['the', 'all'].includes(words[at])) at--;
  return words[at] === 'of' && at > 0 && (SHARE.test(` ${words[at - 1]} of `) || words[at - 1] === 'number');
}

/**
 * "How many are there in the US?", "how big is this audience in France?" with one audience docked
 * and nothing else asked: the size of that audience, its defining answer counted among everyone.
 */
function dockedSized(ctx: PromptContext, frame: Frame, choice: TopicChoice): TopicAndQuestion | null {
  const { docked, previous, text, catalogue } = ctx;
  const { cues: kindCues, roles, count } = frame;
  const sizing = count || /\bhow (big|large)\b|\bsize of\b|\bsized?\b/.test(text);
  if (!(!choice.mentioned && roles.sides.length === 0 && docked.length === 1 && previous === null && sizing && !kindCues.trend && !kindCues.indexing))
    return null;
  const leaf = singleLeaf(docked[0].expression);
  const q = leaf ? catalogue.questions.find((x) => x.code === leaf.question) : undefined;
  // "How many of them are there?" of Young parents (parents aged 25-34): every defining answer, together.
  if (!leaf || !q) return audienceAsTopic(docked[0].expression, catalogue);
  const datapoints = q.datapoints.filter((d) => leaf.datapoints.includes(d.code)).map(codeName);
  // Luxury fashion buyers (any of five brands bought): one subject, any of its answers.
  return {
    topic: { question: q.code, questionName: q.name, datapoints, suffix: null, ...(datapoints.length > 1 ? { combine: 'any' as const } : {}) },
    question: q,
  };
}

/**
 * A question is never measured on the audience it defines (that would be 100%): in a profile
 * the question is the audience's ("skews among people in rural areas"); otherwise the
 * demographic is what is asked about ("what proportion of Americans live in rural areas?").
 */
function withoutDefiningAudience(ctx: PromptContext, frame: Frame, choice: TopicChoice, current: TopicAndQuestion): TopicAndQuestion {
  const { catalogue } = ctx;
  const { cues: kindCues, roles } = frame;
  let { topic, question } = current;
  if (!(topic && roles.sides.length === 1)) return current;
  const side = roles.sides[0];
  // "Which social platforms do Germans who don't use Facebook use most?": people a clause defines
  // by one answer are asked about the question's other answers, so they stay the audience.
  const clauseGroups = topic.datapoints.length === 0 ? clauseGroupIds(ctx.reading.words, roles.groupSpans, ctx.reading.spans) : new Set<string>();
  const defining = side.filter((a) => questionsOf(a.expression, new Set()).has((topic as PlanTopic).question) && !clauseGroups.has(a.id));
  if (defining.length === 0) return current;
  if (kindCues.indexing || kindCues.openIndexing) {
    if (topic.datapoints.length > 0 || choice.mentioned) defining.length = 0;
  }
  if (defining.length === 0) {
    // A datapoint of the audience's own question named as what it is measured on: kept.
  } else if (kindCues.indexing || kindCues.openIndexing) {
    topic = null;
    question = null;
  } else if (defining.length === 1 && topic.datapoints.length === 0 && singleLeaf(defining[0].expression)) {
    const leaf = singleLeaf(defining[0].expression) as { question: string; datapoints: string[] };
    const q = catalogue.questions.find((x) => x.code === leaf.question);
    if (q) {
      topic = { ...topic, datapoints: q.datapoints.filter((d) => leaf.datapoints.includes(d.code)).map(codeName) };
      roles.sides = side.length > 1 ? [side.filter((a) => a !== defining[0])] : [];
    }
  }
  return { topic, question };
}

/**
 * "Rank all the platforms for them" after TikTok use: loose words (no answer named) that are words
 * of the previous question's name refine that question ("Social media platforms used"), rather
 * than find another question with the same words ("Gaming platforms played on").
 */
const GENERIC = new Set(LEXICON.grammar.genericVerbStems);

function refinesPrevious(ctx: PromptContext, choice: TopicChoice): void {
  const old = ctx.previous?.topic;
  // A scale said ("daily use") is another measure of the same thing, not a refinement (follow-up-topic.ts).
  if (!old || !choice.topic || choice.mentioned || choice.topic.suffix || choice.topic.question === old.question) return;
  const previousName = ctx.index.questionWords.get(old.question)?.name;
  const newName = ctx.index.questionWords.get(choice.topic.question)?.name;
  const question = ctx.catalogue.questions.find((q) => q.code === old.question);
  if (!previousName || !newName || !question) return;
  const said = ctx.words.map(stem).filter((w) => newName.has(w) && !GENERIC.has(w));
  if (said.length === 0 || !said.every((w) => previousName.has(w))) return;
  choice.topic = { question: old.question, questionName: old.questionName, datapoints: [], suffix: old.suffix };
  choice.question = question;
  choice.thin = false;
}
