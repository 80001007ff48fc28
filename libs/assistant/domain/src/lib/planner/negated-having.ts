/*
 * "Without a smartphone", "with no credit card": when what is not had has no negative answer of
 * its own ("No car", "No pets"), the people are those without that answer, read from the question
 * of having it (the one whose name or description says owning or holding, by the verb frame of
 * "have" in `topics.json`), else from its only question.
 */
import { DatapointRef } from '../catalogue-index';
import { VERB_FRAMES } from '../synonyms';
import { stem } from '../text';
import { bestFitRef, isGroupRef } from './audiences';
import { Span } from './types';

const HAVE_FRAME = (VERB_FRAMES['have'] ?? []).map(stem);

/** The question a thing not had is read from: the one of having it, or the only one. */
function hadRef(refs: readonly DatapointRef[]): DatapointRef | undefined {
  const whole = refs.filter(isGroupRef);
  const questions = [...new Set(whole.map((r) => r.question.code))];
  return questions.length === 1 ? whole[0] : bestFitRef(whole, HAVE_FRAME);
}

/** The negated answer of a thing said after "without" (the datapoint span at `at`), or null. */
export function notHadAnswer(
  spans: readonly Span[],
  at: number,
): { name: string; description: string; expression: Record<string, unknown>; end: number } | null {
  const object = spans.find((s) => s.start === at && s.entry.kind === 'datapoint');
  if (!object || object.entry.kind !== 'datapoint') return null;
  const ref = hadRef(object.entry.refs);
  if (!ref) return null;
  const datapoints = object.entry.refs.filter((r) => r.question.code === ref.question.code).map((r) => r.datapoint.code);
  return {
    name: `Without ${ref.datapoint.name}`,
    description: `Respondents who did not answer “${ref.datapoint.name}” to “${ref.question.name}”.`,
    expression: { question: ref.question.code, datapoints, not: true },
    end: object.end,
  };
}
