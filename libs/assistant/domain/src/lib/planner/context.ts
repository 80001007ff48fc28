import { AnalysisPlan, PlanAudience, PlannerCatalogue } from '../assistant.types';
import { indexOf } from '../catalogue-index';
import { isFollowUpText, isFragmentOfNames } from './follow-up';
import { read } from './read';
import { PromptContext } from './types';

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
  const reading = read(raw, catalogue, index);
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
      (previous !== null && isFragmentOfNames(reading)),
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
