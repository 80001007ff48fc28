import { AnalysisPlan, PlannerCatalogue, PlannerQuestion } from '../assistant.types';
import { detectLanguage } from '../languages';

/** An answer of the catalogue with the value it stands for, if any. */
interface ValuedAnswer {
  midpoint?: number | null;
}

/**
 * How a question can be averaged, from its kind and its answers' midpoints (as the crosstab's `avg`
 * checks it): a single-choice question whose datapoints have midpoints, by datapoints; a one-answer
 * grid whose suffixes have midpoints, by suffixes (one row at a time); otherwise not at all.
 */
export function averageByOf(
  kind: string | null | undefined,
  datapoints: readonly ValuedAnswer[],
  suffixes: readonly ValuedAnswer[],
): PlannerQuestion['averageBy'] {
  const valued = (answers: readonly ValuedAnswer[]) => answers.some((a) => typeof a.midpoint === 'number');
  if (kind === 'single' && valued(datapoints)) return 'datapoints';
  if (kind === 'grid_single' && valued(suffixes)) return 'suffixes';
  return undefined;
}

/**
 * Words asking for a mean ("average age", "mean hours", "on average", "moyenne", "Durchschnitt",
 * "promedio", "média", "平均"), not the index words that compare with the average person ("than
 * average", "above the average", "vs average") nor "mean" as a verb ("what do you mean").
 */
const AVERAGE_WORDS = /(^|[^\p{L}])(average|avg|mean|moyenne|moyen|durchschnitt\p{L}*|promedio|média|médio|media)(?=$|[^\p{L}])|平均/iu;
const NOT_A_MEAN =
  /\b(than|above|below|vs\.?|versus|against|compared (to|with)|from) (the |an )?average\b|\baverage (person|user|consumer|respondent|internet user|adult|people)\b|\b(do|does|did|you|i|we|they|would|will|could|to) mean\b/i;

/** "Social media", "media plan": in English, "media" is not the Spanish or Italian mean. */
const ENGLISH_MEDIA = /(^|[^\p{L}])media(?=$|[^\p{L}])/giu;

/** Whether a prompt asks for the mean of something. */
export function asksForAverage(prompt: string): boolean {
  const lower = prompt.toLowerCase();
  const text = detectLanguage(prompt) === 'en' ? lower.replace(ENGLISH_MEDIA, '$1 ') : lower;
  if (!AVERAGE_WORDS.test(text)) return false;
  // Every mention must be a mean: one index phrase ("than average") and nothing else is not.
  const stripped = text.replace(new RegExp(NOT_A_MEAN.source, 'gi'), ' ');
  return AVERAGE_WORDS.test(stripped);
}

/**
 * The plan as an average when the prompt asks for one (or follows up on one about the same
 * question) and the topic can be averaged: over every answer with a value of a single-choice
 * question, or over the scale of each named row of a grid. Each audience (and market, and wave
 * of a trend) gets its mean; an index question is left as it is. Otherwise the plan is unchanged.
 */
export function averagePlan(prompt: string, plan: AnalysisPlan, catalogue: PlannerCatalogue, previous: AnalysisPlan | null = null): AnalysisPlan {
  const topic = plan.topic;
  if (!topic || plan.kind === 'indexing') return plan;
  const carried = previous?.average === true && previous.topic?.question === topic.question;
  if (!asksForAverage(prompt) && !carried) return plan;
  const question = catalogue.questions.find((q) => q.code === topic.question);
  const by = question?.averageBy;
  if (by === undefined) return plan;
  if (by === 'suffixes' && topic.datapoints.length === 0) return plan;
  const kind = plan.kind === 'trend' ? 'trend' : plan.audiences.length > 1 || plan.splitByLocation ? 'comparison' : 'share';
  // No combination, minimum or negation: a mean is of the answers' values (the members left out, not set to undefined).
  const { combine: _combine, minCount: _minCount, negate: _negate, ...measured } = topic;
  return {
    ...plan,
    kind,
    average: true,
    count: false,
    topic: { ...measured, datapoints: by === 'datapoints' ? [] : topic.datapoints, suffix: null },
  };
}
