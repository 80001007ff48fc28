/*
 * Which words of people are the audience's and which are asked about: a demographic said after
 * "are" or "be", or as a verb, of people named before it is the topic; a word for a group after
 * the people it is made of is the audience's word. Split from roles.ts, which assigns the roles.
 */
import { PlannerCatalogue } from '../assistant.types';
import { singleLeaf } from './audiences';
import { SHARE } from './cues';
import { Reading, Span } from './types';
import { LEXICON } from '../../lexicon/lexicon';

/** Verbs an audience phrase may open with (`audiences.json` `predicateVerbs`). */
const PREDICATE_VERBS = new Set(LEXICON.audiences.predicateVerbs);

/**
 * "Of Formula 1 fans, what proportion are men?", "what share of Germans are parents?": a
 * demographic after "are"/"is" in a share question is what is asked about, so it is read as a
 * topic mention rather than an audience; so is a phrase of people said as a verb ("what share of
 * students rent their home?") or after "be" ("are students more likely to be renters?") of people
 * named before it.
 */
export function askedDemographics(reading: Reading, catalogue: PlannerCatalogue): void {
  const { words } = reading;
  const cue = words.findIndex((w, i) => SHARE.test(` ${w} `) || (w === 'how' && words[i + 1] === 'many'));
  const peopleBefore = (span: Span) => reading.spans.some((o) => o !== span && o.end <= span.start && o.entry.kind === 'audience');
  reading.spans = reading.spans.map((span) => {
    const e = span.entry;
    if (e.kind !== 'audience') return span;
    const before = words[span.start - 1] ?? '';
    // "What share of students rent their home?": a phrase of people said as a verb of people named before it.
    const predicate = cue >= 0 && span.start > cue + 1 && PREDICATE_VERBS.has(words[span.start]) && peopleBefore(span);
    // "Are students more likely to be renters than average?": people said after "be" of people named before it.
    const beingThem = before === 'be' && peopleBefore(span);
    const isThem = cue >= 0 && span.start > cue + 1 && ['are', 'is'].includes(before);
    if (!isThem && !predicate && !beingThem) return span;
    const after = words[span.end];
    // "... to be renters than average": the base of the index may follow.
    if (after !== undefined && after !== '|' && !reading.used.has(span.end) && !(beingThem && after === 'than')) return span;
    const leaf = singleLeaf(e.expression);
    const question = leaf ? catalogue.questions.find((q) => q.code === leaf.question) : undefined;
    if (!leaf || !question) return span;
    const refs = question.datapoints.filter((d) => leaf.datapoints.includes(d.code)).map((datapoint) => ({ question, datapoint, partial: false }));
    return { ...span, entry: { kind: 'datapoint', words: e.words, refs } };
  });
}

/** Words for a group said after the people it is made of (`audiences.json` `groupHeads`). */
const AUDIENCE_HEADS = new Set(LEXICON.audiences.groupHeads);

/**
 * "Now the low-income group instead", "the students segment": a word for a group straight after
 * the people it is made of is the audience's own word, never a word of the topic ("group" is not
 * the "Age group" question). Only a word no other mention has taken.
 */
export function audienceHeadWords(reading: Reading): void {
  for (const s of reading.spans) {
    const at = s.end;
    if (s.entry.kind !== 'audience' || !AUDIENCE_HEADS.has(reading.words[at] ?? '') || reading.used.has(at)) continue;
    if (reading.spans.some((o) => o.start <= at && o.end > at)) continue;
    reading.used.add(at);
  }
}
