import { AnalysisPlan, PlannerCatalogue } from '../assistant.types';
import { planPrompt } from '../planner';

/** The plan the planner answers a first-turn prompt with; a refusal or question back fails the test with its message (tests only). */
export function answerPlan(prompt: string, catalogue: PlannerCatalogue): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome} ${out.message}`);
  return out.plan;
}

/**
 * The plan a follow-up is answered with after a first turn, as a chat sends it (the first plan as
 * previous and as history); a turn not answered fails the test with its message (tests only).
 */
export function answerFollowUp(first: string, prompt: string, catalogue: PlannerCatalogue): AnalysisPlan {
  const previous = answerPlan(first, catalogue);
  const out = planPrompt({ prompt, catalogue, previous, history: [previous] });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome} ${out.message}`);
  return out.plan;
}

/** A plan's topic question and its audiences' expressions: what a spec of who is asked about compares. */
export const topicAndAudiences = (p: AnalysisPlan) => ({ topic: p.topic?.question, audiences: p.audiences.map((a) => a.expression) });
