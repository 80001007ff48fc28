import { AnalysisKind, AnalysisPlan, PlanAudience } from '../assistant.types';
import { combine, singleLeaf, uniqueAudiences, uniqueCodes } from './audiences';
import { Frame, MarketReading, PlanShape, PromptContext, Reading, TopicStep } from './types';
import { LEXICON } from '../../lexicon/lexicon';
import { followUpTopic, TopicEdit } from './follow-up-topic';
import contextLexicon from './context-lexicon.json';
import { asksChangeOverTime } from './shape';
import { partitiveAudiences } from './follow-up-partitive';
import { RANK_WORDS, MARKET_NOUNS } from './dimension-words';

/** The words of the planner's grammar (`lexicon/grammar.json`). */
const G = LEXICON.grammar;

/** Openings of a prompt that continue the previous turn ("what about", "and in", "only"). */
export const FOLLOW_UP_START = G.followUpStart;

/** Words that refer to what the previous turn was about. */
export const REFERENCES = new Set(G.references);

/** "Instead", "rather than", "the same", "again": words that only mean something against an earlier answer. */
export const RELATIVE_MARK = new RegExp(`\\b(?:${contextLexicon.replace.marks.join('|')})\\b`);

/**
 * The text less the connectives that are words of an answer's name ("repair instead of replacing"
 * is "Repaired instead of replacing"): those are not a follow-up's "instead".
 */
export function withoutNames(text: string, names: readonly string[]): string {
  return text.replace(/\b(instead of|rather than) (\w+)/g, (whole, link: string, next: string) =>
    names.some((n) => n.includes(`${link} ${next}`)) ? ' ' : whole,
  );
}

const PRONOUN_OBJECT = new RegExp(`\\b(?:${contextLexicon.replace.pronounObjects.join('|')}) (?:${contextLexicon.replace.afterPronoun.join('|')})\\b`);

/** Whether a prompt's words read as a follow-up: a continuing opening, a reference in a short prompt, "what about", "instead". */
export function isFollowUpText(text: string, previous: AnalysisPlan | null, names: readonly string[] = []): boolean {
  if (FOLLOW_UP_START.some((p) => text.startsWith(` ${p} `))) return true;
  // "Add Millennials", "include the UK and the US", "try Japan": a verb that edits the last answer.
  if (previous && contextLexicon.replace.openers.some((p) => text.startsWith(` ${p} `))) return true;
  const words = text.trim().split(' ');
  if (previous && words.length <= 8 && words.some((w) => REFERENCES.has(w))) return true;
  if (previous && RELATIVE_MARK.test(withoutNames(text, names))) return true;
  // "Can you break that down for men and women?", "do it again for Q1": a pronoun as the object, at any length.
  if (previous && PRONOUN_OBJECT.test(text)) return true;
  return /\b(how has (that|it) changed|how many is that|same for|what about|how about|compare them|compare these)\b/.test(text);
}

const sameAudience = (a: PlanAudience, b: PlanAudience) =>
  a.name.toLowerCase() === b.name.toLowerCase() || JSON.stringify(a.expression) === JSON.stringify(b.expression);

/** Articles of the languages of the markets, and closing words, around what a follow-up asks about. */
const ARTICLES = new Set('the a an instead then please o os as el la los las le les l il lo gli der die das den dem des'.split(' '));

/**
 * "What about Lego?": a follow-up that asks only about words the catalogue does not know (after
 * its opening and an article) asks about something not in the data; it is not the previous topic
 * again.
 */
export function asksOnlyUnknown(words: readonly string[], unknown: readonly string[]): boolean {
  if (unknown.length === 0) return false;
  let rest = [...words];
  for (const opening of ['and what about', 'and how about', 'what about', 'how about', 'and', 'also']) {
    const w = opening.split(' ');
    if (w.every((x, i) => rest[i] === x)) {
      rest = rest.slice(w.length);
      break;
    }
  }
  rest = rest.filter((w) => !ARTICLES.has(w));
  return rest.length > 0 && rest.length < words.length && rest.every((w) => unknown.includes(w));
}

/** Words that may stand between the names of a fragment ("Netflix in France", "women and men"). */
const FRAGMENT_GLUE = new Set(['in', 'for', 'among', 'the', 'and', 'of', 'on', 'with', 'please', 'pls', 'too', 'also', 'as', 'well']);

/**
 * "Instagram?", "Netflix in France", "Millennials please": a prompt made only of names (and the
 * glue between them) says what the next answer changes, never a question of its own.
 */
export function isFragmentOfNames(reading: Reading): boolean {
  const { words, spans } = reading;
  if (words.length === 0 || words.length > 4 || spans.length === 0) return false;
  return words.every((w, i) => FRAGMENT_GLUE.has(w) || spans.some((s) => s.start <= i && i < s.end));
}

/** What a follow-up does to each member of the previous plan, decided once from the new turn's reading. */
export interface FollowUpEdits {
  /** `replace` the sides, `add` the ones named, `narrow` the one audience by the named ("only women"), `select` some of the sides, or `keep` them. */
  audiences: 'keep' | 'replace' | 'add' | 'narrow' | 'select';
  /** `replace`, `add` or `select` markets, `pool` every licensed market ("across all markets"), or `keep` them. */
  markets: 'keep' | 'replace' | 'add' | 'select' | 'pool';
  topic: TopicEdit;
  /** A period named (`replace`), every wave for a new trend (`every`), or the previous period. */
  waves: 'keep' | 'replace' | 'every';
}

/** A bare "instead" in the languages of the markets, read on the prompt as written ("und stattdessen in Japan?"). */
const INSTEAD = new RegExp(`(?:^|[\\s,¿¡])(?:${contextLexicon.followUpInstead.join('|')})(?![\\p{L}])(?!\\s+(?:of|de|di|von)\\b)`, 'iu');

/**
 * "Vs Spain", "compare it with men", "add Spain too", "include Boomers as well": another side.
 * "The same for Boomers, alongside Gen X": the side the new one stands beside is kept, first.
 */
const ADDS =
  /^ (vs|versus|compare with|compare to|compared with|compared to|against|add|include|plus)\b|\bcompare (it |that |them )?(with|to)\b|\b(too|as well|for comparison|to compare|alongside|beside|next to)\b/;

/** Words setting two sides named in the same turn against each other. */
const SETS_AGAINST = /\b(vs|versus|against)\b/;

/**
 * Which members of the previous plan a follow-up changes, read from what the new turn names
 * (its sides, markets, period and topic) and how it links them: "what about X?" replaces, "and
 * X?" or "add X" after a comparison adds a side, "only X" narrows one audience or keeps the
 * sides named of several, a new scale word changes only the scale; what it does not name is kept.
 */
export function decideFollowUp(
  ctx: PromptContext,
  start: Omit<PlanShape, 'kind'>,
  named: boolean,
  marketReading: MarketReading,
  topic: TopicEdit,
  kind: AnalysisKind,
): FollowUpEdits {
  const { text } = ctx;
  const previous = ctx.previous as AnalysisPlan;
  const { markets, allMarkets } = marketReading;
  // "And in Japan and Brazil instead?": a bare "instead" replaces, whatever "and" opens the turn
  // ("Germany instead of France" swaps one side: follow-up-replace.ts).
  const instead = /\binstead\b(?! of)/.test(text) || INSTEAD.test(ctx.reading.raw);
  const startsWithAnd = !instead && (/^ and\b/.test(text) || /^ (also|plus)\b/.test(text));
  const adds = !instead && ADDS.test(text);
  const narrows = /^ (only|just)\b/.test(text);
  const selects = /\b(only|just)\b/.test(text);
  const sides = previous.audiences.length;
  let audiences: FollowUpEdits['audiences'] = 'keep';
  if (named && selects && sides > 1 && start.audiences.every((a) => previous.audiences.some((p) => sameAudience(p, a)))) audiences = 'select';
  else if (named && narrows && sides === 1 && previous.audiences[0].origin !== 'everyone') audiences = 'narrow';
  // "And the second one against Gen X?": sides set against each other in the turn are the comparison whole.
  else if (start.audiences.length > 1 && SETS_AGAINST.test(text)) audiences = 'replace';
  else if (named && ((startsWithAnd && sides > 1) || adds)) audiences = 'add';
  else if (named) audiences = 'replace';
  let marketEdit: FollowUpEdits['markets'] = allMarkets ? 'pool' : 'keep';
  if (markets.length > 0) {
    const several = previous.locations.length > 1;
    if (selects && several && markets.every((m) => previous.locations.some((l) => l.code === m.code))) marketEdit = 'select';
    else if ((startsWithAnd && several) || (adds && !named)) marketEdit = 'add';
    else marketEdit = 'replace';
  }
  const waves = start.waves.length > 0 ? 'replace' : kind === 'trend' && previous.kind !== 'trend' ? 'every' : 'keep';
  return { audiences, markets: marketEdit, topic, waves };
}

/**
 * A follow-up keeps everything the new prompt does not change (`decideFollowUp`); the kind of
 * answer follows from the new cues, the period and the topic kept or changed.
 */
export function mergeFollowUp(
  ctx: PromptContext,
  frame: Frame,
  step: TopicStep,
  start: Omit<PlanShape, 'kind'>,
  named: boolean,
  marketReading: MarketReading,
): PlanShape & { edits: FollowUpEdits } {
  const { text, reading } = ctx;
  const previous = ctx.previous as AnalysisPlan;
  const { cues: kindCues } = frame;
  let { limit, ascending } = start;
  const merged = followUpTopic(ctx, frame, step, start);
  let topic = merged.topic;
  const topicQuestion = merged.topicQuestion;
  let kind: AnalysisKind;
  const previousBase: AnalysisKind =
    previous.kind === 'comparison' ? (previous.topic && previous.topic.datapoints.length > 0 ? 'share' : 'ranking') : previous.kind;
  // "By generation - which one is the heaviest user?": a count said of the groups ranked ranks them on the answer kept.
  const answersCounted = limit !== undefined && reading.dimension.group === null;
  if (asksChangeOverTime(reading, kindCues, text, false)) kind = 'trend';
  else if (kindCues.indexing || (!topic && previous.kind === 'indexing')) kind = 'indexing';
  else if ((limit !== undefined || kindCues.ranking) && previous.kind !== 'indexing')
    kind = topic && topic.datapoints.length > 0 && !answersCounted ? previousBase : 'ranking';
  // "Just Netflix" after a ranking of streaming services: one answer named is its share, not a ranking.
  else kind = previousBase === 'ranking' && topic && topic.datapoints.length > 0 && step.choice.mentioned ? 'share' : previousBase;
  if (kind === 'ranking' && topic && answersCounted && topic.datapoints.length > 0 && previous.topic?.question === topic.question)
    topic = { ...topic, datapoints: [] };
  // "Now do it as a ranking" after the share of one answer: the whole question, ranked.
  if (asRanking(ctx, step, topic)) {
    kind = 'ranking';
    topic = { ...(topic as NonNullable<typeof topic>), datapoints: [] };
  }
  const edits = decideFollowUp(ctx, start, named, marketReading, merged.edit, kind);
  const kept = previous.audiences.filter((a) => a.origin !== 'everyone');
  let audiences = kept;
  if (edits.audiences === 'replace') audiences = start.audiences.length === 1 ? [withPartReplaced(previous.audiences, start.audiences[0])] : start.audiences;
  else if (edits.audiences === 'select') audiences = start.audiences;
  else if (edits.audiences === 'narrow') audiences = [combine([previous.audiences[0], ...start.audiences])];
  else if (edits.audiences === 'add') audiences = uniqueAudiences([...kept, ...start.audiences]);
  // "And how many of them are Gen Z?": the previous answer's people are the audience, the group the topic.
  else {
    const part = partitiveAudiences(text, reading.raw, previous, topic, kept, ctx.catalogue);
    if (part) ({ audiences, topic } = part);
  }
  let locations = previous.locations;
  if (edits.markets === 'add') locations = uniqueCodes([...previous.locations, ...start.locations]);
  else if (edits.markets !== 'keep') locations = start.locations;
  const waves = { keep: previous.waves, replace: start.waves, every: [] }[edits.waves];
  if (limit === undefined) limit = previous.limit;
  const count = frame.count || previous.count;
  if (!/\b(least|lowest|bottom|fewest)\b/.test(text)) ascending = previous.ascending;
  return { kind, topic, topicQuestion, audiences, locations, waves, limit, count, ascending, edits };
}

/**
 * "Make it 35-44" after men aged 25-34: one audience of several parts, and a new one of the same
 * question as one part, replaces that part and keeps the others (men aged 35-44). A saved or docked
 * audience, several sides, or a new audience of no part's question is replaced whole.
 */
export function withPartReplaced(previous: readonly PlanAudience[], fresh: PlanAudience): PlanAudience {
  const old = previous.length === 1 ? previous[0] : null;
  const leaf = singleLeaf(fresh.expression);
  const and = old?.expression['and'];
  if (!old || old.origin !== 'phrase' || !leaf || !Array.isArray(and)) return fresh;
  const ids = old.id.split('+');
  const names = old.name.split(' & ');
  if (ids.length !== and.length || names.length !== and.length) return fresh;
  const at = and.map((e) => singleLeaf(e as Record<string, unknown>)?.question).flatMap((q, i) => (q === leaf.question ? [i] : []));
  if (at.length !== 1) return fresh;
  const parts = and.map((e, i) =>
    i === at[0] ? fresh : { id: ids[i], name: names[i], description: '', expression: e as Record<string, unknown>, origin: 'phrase' as const },
  );
  return combine(parts);
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
  // "Compare the first two on Netflix", "Gen Z vs Millennials" of three docked: the docked audiences named are the sides.
  const pickedDocked = audiences.every((a) => docked.some((d) => sameAudience(d, a)));
  // "Compare my second audience with Gen Z": a docked audience named is the one meant, not all of them.
  const someDocked = audiences.some((a) => docked.some((d) => sameAudience(d, a)));
  if (
    named &&
    docked.length > 0 &&
    !pickedDocked &&
    !someDocked &&
    !followUp &&
    (frame.they >= 0 ||
      /^ (compare|compared|comparing|contrast|vs|versus|against)\b/.test(text) ||
      // "What share use Netflix compared with Millennials?": one side named against the docked one.
      (frame.roles.sides.length === 1 && /\b(compared (with|to)|vs|versus|against)\b/.test(text))) &&
    (frame.cues.comparison || /\bthan\b/.test(text))
  )
    return uniqueAudiences([...docked, ...audiences]);
  // "Gen Z vs my audience": a docked audience named beside others is the first side.
  if (named && !followUp && audiences.length > 1 && !pickedDocked) {
    const isDocked = (a: PlanAudience) => docked.some((d) => sameAudience(d, a));
    return [...audiences.filter(isDocked), ...audiences.filter((a) => !isDocked(a))];
  }
  return audiences;
}

/**
 * "Now do it as a ranking", "rank it instead" after the share of one answer, naming nothing new: a
 * word of ranking itself (`RANK_WORDS`) asks for every answer of the same question, ranked. A
 * ranking by market or by a group ("rank it by market") is a dimension, not this.
 */
function asRanking(ctx: PromptContext, step: TopicStep, topic: PlanShape['topic']): boolean {
  const previous = ctx.previous;
  if (!previous?.topic || !topic || step.choice.mentioned || previous.kind !== 'share') return false;
  if (topic.question !== previous.topic.question || topic.datapoints.length !== 1 || (topic.combine && topic.combine !== 'each') || topic.negate) return false;
  const words = ctx.text.toLowerCase().split(/[^\p{L}]+/u);
  return words.some((w) => RANK_WORDS.has(w)) && !words.some((w) => MARKET_NOUNS.has(w) || w === 'by');
}
