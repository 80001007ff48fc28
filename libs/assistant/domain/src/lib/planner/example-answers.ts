import { AnalysisKind, PlanTopic } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { SubjectSpan } from './combine';

/** Phrases after a list that leave it open ("etc", "and so on"): `subjectWords.examplesAfter`. */
const EXAMPLES_AFTER = lexicon.subjectWords.examplesAfter.map((p) => p.split(' '));
/** Words asking for the answers of a question in order, not the share of some of them. */
const RANKED = /(^| )(which|what|rank|ranked|ranking|top|most|main|popular)( |$)/;
const SHARE = /(^| )(share|percentage|percent|proportion|how many|number of)( |$)/;

/**
 * "Which wellbeing things do US millennials do - meditation, therapy, journaling etc? ranked",
 * "what streaming services, Netflix, Hulu and so on": answers named as examples, the list left
 * open, name their question and are not the answers asked. When the prompt asks for answers in
 * order (no share of some asked), the whole question is ranked. Whether the answers named are
 * followed by a phrase that leaves the list open.
 */
export function namedAsExamples(words: readonly string[], spans: readonly SubjectSpan[]): boolean {
  if (spans.length === 0) return false;
  const end = Math.max(...spans.map((s) => s.end));
  const at = words[end] === '|' ? end + 1 : end;
  return EXAMPLES_AFTER.some((p) => p.every((w, k) => words[at + k] === w) || (words[end] !== '|' && p.every((w, k) => words[end + k] === w)));
}

/** The topic as its whole question ranked, when its named answers are examples and the prompt asks for answers in order; else null. */
export function examplesAsQuestion(topic: PlanTopic, words: readonly string[], spans: readonly SubjectSpan[]): { topic: PlanTopic; kind: AnalysisKind } | null {
  if (topic.datapoints.length === 0 || !namedAsExamples(words, spans)) return null;
  const text = words.join(' ');
  if (!RANKED.test(text) || SHARE.test(text)) return null;
  const { combine: _combine, minCount: _minCount, negate: _negate, ...rest } = topic;
  return { topic: { ...rest, datapoints: [] }, kind: 'ranking' };
}
