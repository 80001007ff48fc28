import { clauseGroupIds, foldTopicSides } from './planner/topic-own-sides';
import { AnalysisPlan, PlanAudience, PlannerCatalogue, PlanOutcome } from './assistant.types';
import { combine, uniqueAudiences } from './planner/audiences';
import { averagePlan } from './planner/average';
import { promptContext } from './planner/context';
import { withoutCourtesy } from './planner/courtesy';
import { finishPlan } from './planner/finish';
import { planInContext } from './planner/in-context';
import { mergeFollowUp, withDocked } from './planner/follow-up';
import { readFrame } from './planner/frame';
import { isForecast } from './planner/kind';
import { readMarkets } from './planner/markets';
import { clarify, codeName, refuse, titleCase } from './planner/outcomes';
import { firstTurnShape } from './planner/shape';
import { chooseTopic } from './planner/topic';
import { settleTopic } from './planner/topic-context';
import { correctSpelling, spellingNote } from './planner/spelling';
import { spelledOut } from './planner/chat-shorthand';
import { PlanShape, PromptContext } from './planner/types';
import { grainRefusal } from './time-grain';

export { DEFAULT_LIMIT, DEFAULT_OPEN_LIMIT, EVERYONE, MAX_LIMIT } from './planner/constants';
export { searchQuestions } from './planner/search-questions';

export interface PlanInput {
  prompt: string;
  catalogue: PlannerCatalogue;
  /** The previous answered turn's plan in this chat, for follow-ups. */
  previous?: AnalysisPlan | null;
  /**
   * The chat's answered plans, oldest first, the last being `previous`: a follow-up that refers
   * further back ("compare both of them", "go back to the first market") reads them
   * (`follow-up-history.ts`). Absent: only `previous` is known.
   */
  history?: AnalysisPlan[];
  /** Audiences docked to the request, already checked as readable by the caller. */
  docked?: PlanAudience[];
  /**
   * The prompt of the chat's last turn when it got no plan (a refusal or a question back): a turn
   * that answers it ("sorry, I meant Spain") asks it again with the correction
   * (`follow-up-unanswered.ts`). Absent when the last turn was answered.
   */
  unanswered?: string | null;
}

/**
 * Turns a prompt (with the chat's previous plan) into a plan to compute, a refusal, or a
 * clarifying question. An interface so that a model-backed planner can stand in for the rules.
 */
export interface Planner {
  plan(input: PlanInput): PlanOutcome;
}

/** The planner of rules: parses markets, audiences, time, the kind of question and the topic. */
export class RuleBasedPlanner implements Planner {
  plan(input: PlanInput): PlanOutcome {
    return planPrompt(input);
  }
}

/**
 * Reads a prompt against the catalogue: markets, audiences, time, the kind of question and the
 * topic, merged with the chat's previous plan for a follow-up. Pure: everything it needs is in
 * `input`. It refuses (not in the data, not licensed, a forecast) or asks back (two close
 * readings, nothing to go on) rather than answer another question.
 *
 * The stages (under `planner/`), each with a typed result: normalise and read the words
 * (`read`: time, amounts, the spans of names) → markets → kind cues and the roles of the names
 * (`Frame`) → the topic (`chooseTopic`, settled in context: `TopicStep`) → the follow-up merge
 * or the first turn's shape (`PlanShape`) → docked audiences → validation against the catalogue
 * and `@aas/query-rules` (`finishPlan`).
 */
export function planPrompt(input: PlanInput): PlanOutcome {
  // Chat shorthand ("ppl", "w/") is spelt out first, for the stages that read the prompt's text;
  // "Hi team - and France? Thanks!": the social wrapping of a request is no part of what is asked (courtesy.ts);
  // "retalers", "Streamindienste": one typo of a known word is read as that word, and the answer says so.
  // The refused turn a correction completes ("sorry, I meant Spain") is read so too.
  const spelling = correctSpelling(withoutCourtesy(spelledOut(input.prompt)), input.catalogue, input.previous?.language);
  const unanswered = input.unanswered ? correctSpelling(withoutCourtesy(spelledOut(input.unanswered)), input.catalogue).text : input.unanswered;
  const outcome = planInContext({ ...input, prompt: spelling.text, unanswered }, planQuestion);
  const note = spellingNote(spelling.fixes);
  return note && outcome.outcome === 'answer' ? { ...outcome, notes: [note, ...outcome.notes] } : outcome;
}

/** Plans one question (the context stage, planner/in-context.ts, has already set a brief's context aside). */
function planQuestion(input: PlanInput): PlanOutcome {
  const raw = input.prompt.trim();
  if (raw.length === 0) return refuse('not-understood', 'The prompt is empty: ask about an audience, a topic, a market or a period.');
  const ctx = promptContext(input, raw);
  const refusal = refusalOfReading(ctx);
  if (refusal) return refusal;
  const marketReading = readMarkets(ctx);
  if ('outcome' in marketReading) return marketReading;
  const frame = readFrame(ctx, marketReading.markets);
  const choice = chooseTopic(ctx.reading, frame.roles, ctx.index, ctx.catalogue, frame.cues);
  const step = settleTopic(ctx, frame, choice, marketReading.markets);
  if ('outcome' in step) return step;

  // "Do cat owners live in urban or rural areas?": answers of the question asked about are its answers, not sides.
  const clauseGroups = clauseGroupIds(ctx.reading.words, frame.roles.groupSpans, ctx.reading.spans);
  const folded = foldTopicSides(frame.roles.sides, step.topic, step.question, clauseGroups);
  if (folded.topic !== step.topic) {
    step.topic = folded.topic;
    frame.roles.sides = folded.sides;
  }
  // "Gen Z in Japan vs Gen Z in the US": the same audience on both sides of a market comparison is one audience.
  const audiences = uniqueAudiences(frame.roles.sides.map((side) => combine(side)));
  const named = audiences.length > 0;
  const followUp = ctx.previous !== null && (ctx.followUpWords || (!step.topic && !frame.cues.openIndexing));
  const start: Omit<PlanShape, 'kind'> = {
    topic: step.topic,
    topicQuestion: step.question,
    audiences,
    locations: marketReading.markets.map(codeName),
    waves: ctx.reading.time.waves.map(codeName),
    limit: ctx.reading.limit,
    count: frame.count,
    ascending: /\b(least|lowest|bottom|fewest|less popular|least popular)\b/.test(ctx.text),
  };
  const notes: string[] = [];
  if (choice.alternative && step.topic?.question === choice.question?.code) notes.push(choice.alternative);
  const shape =
    ctx.previous && followUp ? mergeFollowUp(ctx, frame, step, start, named, marketReading) : firstTurnShape(ctx, frame, step, start, marketReading);
  if ('outcome' in shape) return shape;
  // "Week on week", "over the last month": a period finer than the quarterly waves cannot be answered with them.
  const grain = grainRefusal(
    ctx.reading.time.grain,
    shape.kind,
    ctx.catalogue.waves.filter((w) => w.entitled),
  );
  if (grain) return refuse('no-data', grain);
  shape.audiences = withDocked(ctx, frame, shape.audiences, { dockedAsTopic: step.dockedAsTopic, named, followUp });
  const outcome = finishPlan(ctx, shape, choice, notes);
  if (outcome.outcome !== 'answer') return outcome;
  // A mean ("the average number of hours") is measured on the plan's topic, when it has one; the
  // language the turn was read in is kept for the chat's next turn (chat-language.ts).
  return { ...outcome, plan: { ...averagePlan(raw, outcome.plan, ctx.catalogue, ctx.previous), language: ctx.reading.lang } };
}

/** What the reading alone refuses or asks back: a forecast, a typo close to two names, a period outside the data. */
function refusalOfReading(ctx: PromptContext): PlanOutcome | null {
  const { reading, text } = ctx;
  if (isForecast(text)) return refuse('no-data', 'I can only report what the survey measured; I do not forecast future waves.');
  const doubtful = reading.spans.find((s) => s.rivals);
  if (doubtful?.rivals) return clarify(`Did you mean ${doubtful.rivals.map((r) => `“${titleCase(r)}”`).join(' or ')}?`, doubtful.rivals);
  if (reading.time.refusal) return refuse(reading.time.refusal.reason, reading.time.refusal.message);
  return null;
}
