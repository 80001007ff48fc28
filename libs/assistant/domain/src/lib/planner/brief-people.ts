import { PlannerCatalogue } from '../assistant.types';
import { mentionsIn, wordsOf } from './mentions';
import { agesAsked } from './unanswerable';

/** Words that may stand between the people and their ages: "women aged 25-34", "men between 18 and 24". */
const AGE_LINKS = new Set(['aged', 'age', 'ages', 'between', 'of']);

/**
 * The audiences a text names, each with the ages that qualify it: "Our target is women aged 25-34
 * in Germany" names "women aged 25-34", not "women", so that a question referring to them ("how
 * many of them ...") or scoped by the brief asks of the same people. Distinct, in order.
 */
export function audienceNames(text: string, catalogue: PlannerCatalogue): string[] {
  const words = wordsOf(text);
  const ages = agesAsked(words);
  const out = mentionsIn(text, catalogue)
    .filter((m) => m.entry.kind === 'audience')
    .map((m) => {
      let start = m.start;
      let end = m.end;
      // Ages right after the people (a linking word allowed), or right before them ("25-34 year old women").
      const after = ages.find((a) => a.start >= end && words.slice(end, a.start).every((w) => AGE_LINKS.has(w)) && a.start - end <= 1);
      if (after) end = after.end;
      const before = ages.find((a) => a.end === start);
      if (before) start = before.start;
      return words.slice(start, end).join(' ');
    });
  return [...new Set(out)];
}
