/*
 * "Do daily TikTok users skew female?", "are Daily Instagram users skewed towards Gen Z?": what
 * skews is the subject, the group the verb leads to is who it is indexed on (the eval README's
 * convention for a skew: the topic indexed among Women). A curated audience named by a
 * behaviour before the verb ("Daily TikTok users") is then that behaviour measured, not a second
 * part of the audience.
 */
import { PlannerCatalogue } from '../assistant.types';
import { LEXICON } from '../../lexicon/lexicon';
import { peopleQuestions } from './group-cues';
import { Reading, Span } from './types';

const SKEW = new Set(LEXICON.grammar.skewVerbs);

/** The single leaf of an audience's expression, with its row of a grid when it has one. */
function behaviourLeaf(expression: Record<string, unknown>): { question: string; datapoints: string[] } | null {
  const keys = Object.keys(expression).filter((k) => k !== 'suffixes');
  if (typeof expression['question'] !== 'string' || !Array.isArray(expression['datapoints']) || keys.length !== 2) return null;
  return { question: expression['question'] as string, datapoints: expression['datapoints'] as string[] };
}

/**
 * Reads an audience of one behaviour said before a verb of skew as the answers it names (the
 * topic), when a group is named after the verb; the reading's spans are changed in place.
 */
export function skewedSubject(reading: Reading, catalogue: PlannerCatalogue): void {
  const { words } = reading;
  const verb = words.findIndex((w) => SKEW.has(w));
  if (verb < 0) return;
  const after = reading.spans.some((s) => s.start > verb && s.entry.kind === 'audience');
  if (!after) return;
  const people = new Set(peopleQuestions(catalogue).map((q) => q.code));
  reading.spans = reading.spans.map((span): Span => {
    const e = span.entry;
    if (e.kind !== 'audience' || span.end > verb) return span;
    const leaf = behaviourLeaf(e.expression);
    const question = leaf ? catalogue.questions.find((q) => q.code === leaf.question) : undefined;
    if (!leaf || !question || people.has(question.code)) return span;
    // A row of a grid is read again only when its scale is said ("daily"): a topic needs its scale.
    const suffixes = (e.expression['suffixes'] as string[] | undefined) ?? [];
    const said = ` ${words.slice(span.start, span.end).join(' ')} `;
    if (suffixes.length > 0 && !question.suffixes.some((x) => suffixes.includes(x.code) && said.includes(` ${x.name.toLowerCase()} `))) return span;
    const refs = question.datapoints.filter((d) => leaf.datapoints.includes(d.code)).map((datapoint) => ({ question, datapoint, partial: false }));
    return refs.length === 0 ? span : { ...span, entry: { kind: 'datapoint', words: e.words, refs } };
  });
}
