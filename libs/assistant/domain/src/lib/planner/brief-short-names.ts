import { PlannerCatalogue } from '../assistant.types';
import { escapeRegExp, FUNCTION_WORDS, STOPWORDS } from '../text';
import { mentionsIn } from './mentions';

/** A word written with a capital, as a brand's short name is ("Costa", "Pret"). */
const CAPITALISED = /^\p{Lu}/u;

/**
 * "We're pitching for Costa Coffee ... what share have bought from Costa?": a question that names
 * nothing to measure but a capitalised word that opens the name of an answer the context names in
 * full asks about that answer, the short name read as the whole one. The first word of two such
 * names says nothing of which is meant ("Amazon Prime Video" and "Amazon Music"), and a question
 * that names its own topic is left as written.
 */
export function resolveShortName(ask: string, context: string, catalogue: PlannerCatalogue): string {
  if (mentionsIn(ask, catalogue).some((m) => m.entry.kind === 'datapoint')) return ask;
  const byFirst = new Map<string, Set<string>>();
  for (const m of mentionsIn(context, catalogue)) {
    if (m.entry.kind !== 'datapoint' || m.entry.words.length < 2) continue;
    const first = m.entry.words[0];
    if (STOPWORDS.has(first) || FUNCTION_WORDS.has(first)) continue;
    byFirst.set(first, (byFirst.get(first) ?? new Set()).add(m.text));
  }
  let out = ask;
  for (const [first, names] of byFirst) {
    if (names.size !== 1) continue;
    const word = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(first)}(?![\\p{L}\\p{N}'’])`, 'iu');
    const found = word.exec(out);
    if (!found || !CAPITALISED.test(found[0])) continue;
    out = out.slice(0, found.index) + [...names][0] + out.slice(found.index + found[0].length);
  }
  return out;
}
