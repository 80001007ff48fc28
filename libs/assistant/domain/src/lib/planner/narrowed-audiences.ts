import { singleLeaf } from './audiences';
import { Span } from './types';
import { LEXICON } from '../../lexicon/lexicon';

/** Words between a group and what narrows it to one of its answers ("homeowners with a mortgage", "smokers who have ..."). */
const NARROWING_GAP = new Set(LEXICON.grammar.narrowingGap);

/**
 * An audience of several answers of one question narrowed by a modifier naming one of them
 * ("homeowners with a mortgage": Own with a mortgage, not every homeowner and not the mortgage
 * product; "renters or homeowners who own outright", "people who own their home outright"): one audience span of that answer alone.
 */
export function narrowedAudienceSpans(words: readonly string[], spans: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (let i = 0; i < spans.length; i++) {
    const group = spans[i];
    const next = spans[i + 1];
    const leaf = group.entry.kind === 'audience' ? singleLeaf(group.entry.expression) : null;
    if (!leaf || !next || next.entry.kind !== 'datapoint' || leaf.datapoints.length < 2) {
      out.push(group);
      continue;
    }
    const gap = words.slice(group.end, next.start);
    const ref = next.entry.refs.find((r) => r.question.code === leaf.question && leaf.datapoints.includes(r.datapoint.code));
    // "People who own their home outright": the modifier may follow the group's words directly.
    const linked = gap.length === 0 || (gap.every((w) => NARROWING_GAP.has(w)) && ['with', 'who', 'that'].includes(gap[0]));
    if (!ref || !linked) {
      out.push(group);
      continue;
    }
    out.push({
      start: group.start,
      end: next.end,
      typo: group.typo || next.typo,
      entry: {
        kind: 'audience',
        words: words.slice(group.start, next.end),
        name: ref.datapoint.name,
        saved: null,
        expression: { question: leaf.question, datapoints: [ref.datapoint.code] },
        description: `${ref.question.name}: ${ref.datapoint.name}.`,
      },
    });
    i++;
  }
  return out;
}
