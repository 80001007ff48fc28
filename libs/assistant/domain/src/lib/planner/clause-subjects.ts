import { joinedByOwnVerbs } from './subject-cross';
import { sameQuestion } from './roles';
import { Span } from './types';
import { LEXICON } from '../../lexicon/lexicon';

/** Words that open a relative clause about people (`grammar.json` `relativeWords`). */
const RELATIVE = new Set(LEXICON.grammar.relativeWords);

/**
 * "% of Australians who use Strava and also wear a smartwatch", "Gen Z who own a smart TV and use
 * Netflix": a relative clause whose verbs each take an answer, joined by "and", says one subject
 * with both (subject-cross.ts), not people narrowed by the first and measured on the second. True
 * for the first answer of such a clause when the answer it is joined to is the last one named.
 */
export function coordinatedInClause(words: readonly string[], s: Span, datapointSpans: readonly Span[]): boolean {
  const clauseStart = words.lastIndexOf('|', s.start) + 1;
  if (!words.slice(Math.max(clauseStart, s.start - 5), s.start).some((w) => RELATIVE.has(w))) return false;
  const after = datapointSpans.filter((o) => o.start >= s.end).sort((a, b) => a.start - b.start);
  if (after.length !== 1 || sameQuestion(after[0], s)) return false;
  return joinedByOwnVerbs(words, [s, after[0]]);
}
