import { AnalysisPlan, PlannerCatalogue, PlannerWave } from '../assistant.types';
import lexicon from './context-lexicon.json';
import { wordsOf } from './mentions';

const { openers, counts, units, directions, directionsBefore, previous: previousWords, samePeriod, articles, closers } = lexicon.followUpPeriod;
const alternatives = (list: readonly string[]) => list.map((p) => p.replace(/ /g, '\\s+')).join('|');
/** "... instead", "... please": closing words that change nothing. */
const CLOSE = `(?:\\s+(?:${alternatives(closers)}))*`;

/** "The same quarter", "the same period": the previous period named as itself before its shift. */
const SAME = `(?:(?:${alternatives(samePeriod)})\\s+)?`;

/**
 * "And a year earlier?", "what about two quarters before?", "y un año antes", "what about the same
 * quarter a year earlier?": a follow-up whose only content is a shift in time. Matched on the
 * normalised words, the whole prompt.
 */
const SHIFT = new RegExp(
  `^(?:(?:${alternatives(openers)})\\s+)*(?:(?:back|in|for|at)\\s+)?${SAME}(${alternatives(Object.keys(counts))}|\\d+)\\s+(${alternatives(Object.keys(units))})\\s+(?:${alternatives(directions)})(?:\\s+(?:that|this|then))?${CLOSE}$`,
);
/** "The previous quarter", "the year before", "el trimestre anterior": one unit back. */
const UNIT = `(${alternatives(Object.keys(units))})`;
const PREVIOUS = `(?:${alternatives(previousWords)})`;
const ONE_BACK = new RegExp(
  `^(?:(?:${alternatives(openers)})\\s+)*(?:(?:back|in|for|at)\\s+)?(?:(?:${alternatives(articles)})\\s+)?(?:${PREVIOUS}\\s+${UNIT}|${UNIT}\\s+(?:${alternatives(directions)}|${PREVIOUS}))${CLOSE}$`,
);
/** "Y hace un año?", "und vor einem Jahr?": the direction before the amount. */
const SHIFT_BEFORE = new RegExp(
  `^(?:(?:${alternatives(openers)})\\s+)*${SAME}(?:${alternatives(directionsBefore)})\\s+(${alternatives(Object.keys(counts))}|\\d+)\\s+(${alternatives(Object.keys(units))})${CLOSE}$`,
);

const monthsBack = (date: string, months: number) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
};

/** The wave whose dates hold `date`, if there is one. */
const waveAt = (waves: readonly PlannerWave[], date: string) => waves.find((w) => w.startDate <= date && date <= w.endDate);

/**
 * The previous answer's period moved back by the shift the follow-up names, as the names of the
 * waves it covers ("Q4 2024 to Q3 2025"), or `null` when the prompt is not such a shift or the
 * catalogue has no wave that far back. The same number of waves as before: the previous year
 * a year earlier is again a year.
 */
export function shiftedPeriod(prompt: string, previous: AnalysisPlan | null | undefined, catalogue: PlannerCatalogue): string | null {
  if (!previous || previous.waves.length === 0) return null;
  const text = wordsOf(prompt).join(' ');
  const one = ONE_BACK.exec(text);
  const m = one ? ['', 'one', one[1] ?? one[2]] : (SHIFT.exec(text) ?? SHIFT_BEFORE.exec(text));
  if (!m) return null;
  const n = /^\d+$/.test(m[1]) ? Number(m[1]) : (counts as Record<string, number>)[m[1]];
  const months = n * (units as Record<string, number>)[m[2]];
  const byCode = new Map(catalogue.waves.map((w) => [w.code, w]));
  const shifted: PlannerWave[] = [];
  for (const w of previous.waves) {
    const wave = byCode.get(w.code);
    const earlier = wave ? waveAt(catalogue.waves, monthsBack(wave.startDate, months)) : undefined;
    if (!earlier) return null;
    shifted.push(earlier);
  }
  const first = shifted[0].name;
  const last = shifted[shifted.length - 1].name;
  return `What about ${first === last ? first : `${first} to ${last}`}?`;
}
