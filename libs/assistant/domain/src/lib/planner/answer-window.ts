import { CatalogueIndex } from '../catalogue-index';
import { numberWord } from '../text';
import { LEXICON } from '../../lexicon/lexicon';

const LEADS = new Set(LEXICON.grammar.answerWindowLeads);
const UNITS = new Set(LEXICON.grammar.answerWindowUnits);

/** A unit without its plural ("months": "month"). */
const unitOf = (w: string) => (UNITS.has(w) ? w.replace(/s$/, '') : undefined);

/**
 * The recall windows a text says with a count, shorter than a year: "last 3 months" as "3 month".
 * "Last month", "past week" without one are left to time (a period finer than a wave: the latest),
 * and so is a year or more ("the past 12 months"): for a share those are the default waves anyway,
 * and for a trend ("awareness over the past 12 months") they are the period asked.
 */
function windowsOf(words: readonly string[]): { start: number; end: number; key: string }[] {
  const out: { start: number; end: number; key: string }[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!LEADS.has(words[i])) continue;
    const n = numberWord(words[i + 1] ?? '');
    const unit = unitOf(words[i + 2] ?? '');
    const underAYear = unit !== undefined && unit !== 'year' && !(unit === 'month' && n !== undefined && n >= 12);
    if (n !== undefined && unit && underAYear) out.push({ start: i, end: i + 3, key: `${n} ${unit}` });
  }
  return out;
}

const textWords = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/**
 * "Bought nappies in the past 3 months": a recall window the question of an answer named in the
 * prompt says of its own answers ("products bought in the last 3 months") is the answer's wording,
 * not a period of waves. Its positions are kept from the reading of time.
 */
export function answerWindowWords(words: readonly string[], index: CatalogueIndex): Set<number> {
  const out = new Set<number>();
  const windows = windowsOf(words);
  if (windows.length === 0) return out;
  const named = new Set<string>();
  for (let i = 0; i < words.length; i++)
    for (const entry of index.byFirst.get(words[i]) ?? [])
      if (entry.kind === 'datapoint' && entry.words.every((w, k) => words[i + k] === w || words[i + k] === `${w}s`))
        for (const ref of entry.refs) named.add(`${ref.question.name} ${ref.question.description}`);
  const said = new Set([...named].flatMap((text) => windowsOf(textWords(text)).map((w) => w.key)));
  for (const w of windows) if (said.has(w.key)) for (let k = w.start; k < w.end; k++) out.add(k);
  return out;
}
