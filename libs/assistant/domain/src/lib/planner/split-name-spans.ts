import { CatalogueIndex } from '../catalogue-index';
import { stem } from '../text';
import { Span } from './types';

/**
 * "Trust influencers a lot" for the answer "Trust a lot" of "Trust in influencers": an answer's
 * name with the question's own subject said inside it, after its verb (the rest of the name may
 * follow in brackets: "trust influencers (a lot)"). The name is read whole,
 * the subject word with it (it names the question the answer belongs to, not another topic).
 */
export function splitNameSpans(words: string[], used: Set<number>, index: CatalogueIndex): Span[] {
  const out: Span[] = [];
  for (let i = 0; i + 2 < words.length; i++) {
    if (used.has(i) || used.has(i + 1) || words[i + 1] === '|') continue;
    const gap = stem(words[i + 1]);
    // The verb of the name as it is said of someone ("trusts influencers a lot" for "Trust a lot").
    const verb = words[i];
    const entries = [...(index.byFirst.get(verb) ?? []), ...(verb.endsWith('s') && verb.length > 3 ? (index.byFirst.get(verb.slice(0, -1)) ?? []) : [])];
    // "trust influencers (a lot or somewhat)": the rest of the name in brackets after the subject (a clause mark between).
    const from = words[i + 2] === '|' ? i + 3 : i + 2;
    for (const entry of entries) {
      if (entry.kind !== 'datapoint' || entry.words.length < 2) continue;
      const end = from + entry.words.length - 1;
      if (end > words.length || !entry.words.slice(1).every((w, k) => words[from + k] === w && !used.has(from + k))) continue;
      const subject = entry.refs.some((r) => r.question.name.split(/\s+/).some((w) => stem(w.toLowerCase()) === gap));
      // Not `loose`: the subject word is meant to be read with the name, not left to name a topic of its own.
      if (subject) out.push({ start: i, end, entry, typo: false });
    }
  }
  return out;
}
