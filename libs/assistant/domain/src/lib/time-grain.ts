/**
 * Periods finer than the survey's waves. With quarterly waves (the demo's) the data can show neither a
 * series by the day, week or month ("week on week", "month by month", "the weekly trend") nor a
 * change within a month or a week ("how has X changed over the last month?", "since last week").
 * Answering such a prompt with the waves the data has would pass the quarters off as the period
 * asked, so it is refused and says why. A month or a week said of a share is left alone: it can be
 * the window of a question's own wording ("online activities in the last month"), and so is one
 * said beside a period of waves ("over the last year ... by last week": the deadline, not the period).
 * Works on the planner's English words (other languages are translated first); words in `time-words.ts`.
 */
import { AnalysisKind, PlannerWave } from './assistant.types';
import { numberWord } from './text';
import { SERIES_ADJECTIVES, SERIES_JOINS, SERIES_NOUNS, SUB_WAVE_GOVERNORS, SUB_WAVE_LEADS, SUB_WAVE_SKIPPED, SUB_WAVE_UNITS } from './time-words';

export interface TimeGrain {
  /** The unit finer than a wave: day, week or month. */
  unit: string;
  /** Said as a series ("week on week"): refused whatever the kind of answer. */
  series: boolean;
  /** Word positions the words take. */
  at: number[];
}

/** The first period finer than a quarter the words say, if any (positions in `used` are skipped). */
export function readGrain(words: string[], used: ReadonlySet<number> = new Set()): TimeGrain | null {
  for (let i = 0; i < words.length; i++) {
    if (used.has(i)) continue;
    const w = words[i];
    const unit = SUB_WAVE_UNITS[w];
    // "week on week", "month by month": a unit joined to itself.
    if (unit && SERIES_JOINS.has(words[i + 1] ?? '') && SUB_WAVE_UNITS[words[i + 2] ?? ''] === unit) return { unit, series: true, at: [i, i + 1, i + 2] };
    // "the weekly trend", "monthly changes".
    const adjective = SERIES_ADJECTIVES[w];
    if (adjective && SERIES_NOUNS.has(words[i + 1] ?? '')) return { unit: adjective, series: true, at: [i, i + 1] };
    if (!SUB_WAVE_LEADS.has(w)) continue;
    // Governed by a word of a period ("over the last month", "what about just the last month"), not said as an aside ("launched last month").
    let g = i - 1;
    while (g >= 0 && SUB_WAVE_SKIPPED.has(words[g])) g--;
    if (!SUB_WAVE_GOVERNORS.has(words[g] ?? '')) continue;
    // "the last month", "the past few weeks", "the last 10 days" (a count of months is read as waves by `readTime`).
    let j = i + 1;
    const count = numberWord(words[j] ?? '');
    if (count !== undefined) j++;
    else if (words[j] === 'few' || words[j] === 'couple') j += words[j + 1] === 'of' ? 2 : 1;
    const found = SUB_WAVE_UNITS[words[j] ?? ''];
    if (!found || (found === 'month' && words[j] !== 'month') || (words[j] === 'month' && count !== undefined && count !== 1) || words[j + 1] === 's') continue;
    return { unit: found, series: false, at: Array.from({ length: j + 1 - i }, (_, k) => i + k) };
  }
  return null;
}

/** Days in a unit a prompt can say. */
const UNIT_DAYS: Record<string, number> = { day: 1, week: 7, month: 30 };
/** How a wave's length is said, the longest first. */
const WAVE_SPANS: [string, number][] = [
  ['year', 365],
  ['half year', 182],
  ['quarter', 91],
  ['month', 30],
  ['week', 7],
  ['day', 1],
];
/** A unit at least this share of a wave's length is as coarse as the waves: the data has it. */
const AS_COARSE = 0.8;

/**
 * The usual time from one wave to the next, in days (the median gap between their starts; a single
 * wave's own length), or null when the waves carry no dates to tell it.
 */
export function waveDays(waves: readonly PlannerWave[]): number | null {
  const starts = waves.map((w) => Date.parse(w.startDate)).filter((t) => Number.isFinite(t));
  const day = 86_400_000;
  if (starts.length >= 2) {
    const gaps = starts
      .slice(1)
      .map((t, k) => (t - starts[k]) / day)
      .sort((a, b) => a - b);
    return gaps[Math.floor(gaps.length / 2)];
  }
  const only = waves[0];
  if (!only) return null;
  const length = (Date.parse(only.endDate) - Date.parse(only.startDate)) / day + 1;
  return Number.isFinite(length) && length > 0 ? length : null;
}

/**
 * The refusal a period finer than the waves calls for: a series always, a period back from now
 * when the answer is a change over time; null when the period can stand, or when the waves are
 * themselves that fine (a survey fielded every month has month-on-month change).
 */
export function grainRefusal(grain: TimeGrain | null | undefined, kind: AnalysisKind, waves: readonly PlannerWave[]): string | null {
  if (!grain || (!grain.series && kind !== 'trend')) return null;
  const days = waveDays(waves);
  if (days === null || (UNIT_DAYS[grain.unit] ?? 0) >= days * AS_COARSE) return null;
  const span = WAVE_SPANS.find(([, d]) => days >= d * AS_COARSE)?.[0] ?? 'day';
  const first = waves[0]?.name;
  const last = waves[waves.length - 1]?.name;
  const coverage = first && last ? ` (its waves run from ${first} to ${last})` : '';
  return `The survey is fielded once a ${span}${coverage}, so it cannot show change ${grain.series ? `${grain.unit} by ${grain.unit}` : `within a ${grain.unit}`}; the finest change it measures is from one wave to the next.`;
}
