import { AnalysisPlan, PlanAudience, PlannerCatalogue } from '../assistant.types';
import { indexOf } from '../catalogue-index';
import { isFollowUpText, isFragmentOfNames } from './follow-up';
import { readCarriedCombine } from './combine';
import { read } from './read';
import { PromptContext, Reading } from './types';

/** What a prompt is planned from: its text, the organisation's catalogue and the chat's context. */
export interface ContextInput {
  catalogue: PlannerCatalogue;
  previous?: AnalysisPlan | null;
  docked?: PlanAudience[];
}

/**
 * The words of the prompt read against the catalogue (normalise, time, amounts, spans), with
 * the chat's context; whether the words read as a follow-up is decided here, once.
 */
export function promptContext(input: ContextInput, raw: string): PromptContext {
  const { catalogue } = input;
  const previous = readablePlan(input.previous);
  const index = indexOf(catalogue);
  const reading = withCarriedCombine(read(raw, catalogue, index, previous !== null && previous.topic !== null, previous?.language), previous);
  const text = ` ${reading.words.join(' ')} `;
  return {
    catalogue,
    index,
    previous,
    docked: input.docked ?? [],
    reading,
    words: reading.words,
    text,
    followUpWords:
      isFollowUpText(
        text,
        previous,
        index.datapointNames.map((d) => d.normalised),
      ) ||
      (previous !== null && isFragmentOfNames(reading)) ||
      // "And by age?", "by gender please": the groups of a question named alone regroup the last answer.
      reading.dimension.group?.alone === true,
  };
}

/** A stored plan of an older shape (or anything unreadable) is no context: the chat starts afresh. */
export function readablePlan(plan: AnalysisPlan | null | undefined): AnalysisPlan | null {
  if (!plan || typeof plan !== 'object') return null;
  const p = plan as Partial<AnalysisPlan>;
  if (
    !('topic' in p) ||
    !Array.isArray(p.audiences) ||
    !Array.isArray(p.locations) ||
    !Array.isArray(p.waves) ||
    typeof p.dataset !== 'object' ||
    p.dataset === null
  )
    return null;
  return plan;
}

/**
 * "And both?", "at least one of them?" after a topic of several answers: the words of the
 * combination refer to those answers, never to an answer called "Both" of another question.
 */
function withCarriedCombine(reading: Reading, previous: AnalysisPlan | null): Reading {
  if (!previous?.topic || previous.topic.datapoints.length < 2) return reading;
  const carried = readCarriedCombine(reading.words);
  if (!carried) return reading;
  const at = new Set(carried.at);
  const spans = reading.spans.filter((s) => ![...at].some((i) => s.start <= i && i < s.end));
  return { ...reading, spans, used: new Set([...reading.used, ...at]) };
}
