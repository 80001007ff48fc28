import { AGE_BANDS } from '../synonyms';
import { Span } from './types';
import { LEXICON } from '../../lexicon/lexicon';
import contextLexicon from './context-lexicon.json';

/** The words of the planner's grammar (`lexicon/grammar.json`). */
const G = LEXICON.grammar;

/** Words joining the two ends of an age range, English or left from another language ("à", "e", "y", "bis"). */
export const AGE_RANGE_LINKS = new Set(G.ageRangeLinks);

/**
 * How many words from `at` say the years of an age: "years" (1), "years old" (2), none (0). An
 * age ending the prompt ("and among under 25 years?") is read whole, never past its last word.
 */
function yearWords(words: readonly string[], at: number): number {
  if (!['year', 'years'].includes(words[at] ?? '')) return 0;
  return ['old', 'olds'].includes(words[at + 1] ?? '') ? 2 : 1;
}

/** Words before an age that opens a range up to the oldest, and the words after it that do (`audiences.json`). */
const BEFORE_AGE_FLOOR = new Set(LEXICON.audiences.beforeAgeFloor);
const AGE_FLOOR_WORDS = LEXICON.audiences.ageFloorWords.map((p) => p.split(' '));

/** How many words from `at` say "and over", "or older" (0 when none). */
export function ageFloorAt(words: readonly string[], at: number): number {
  return AGE_FLOOR_WORDS.find((p) => p.every((x, k) => words[at + k] === x))?.length ?? 0;
}

/** Age phrases: "aged 25-34", "25-34 year olds", "under 35", "over-35s", "35+", "between 25 and 34". */
export function ageSpans(words: string[], used: Set<number>): Span[] {
  const out: Span[] = [];
  const free = (i: number, j: number) => {
    for (let k = i; k < j; k++) if (used.has(k) || k >= words.length) return false;
    return true;
  };
  const num = (w: string | undefined) => {
    const m = /^(\d\d)s?$/.exec(w ?? '');
    return m ? Number(m[1]) : undefined;
  };
  const make = (start: number, end: number, lo: number, hi: number, name: string) => {
    const bands = bandsBetween(fromYoungest(lo), hi);
    if (bands.length === 0 || !free(start, end)) return;
    out.push({
      start,
      end,
      typo: false,
      entry: {
        kind: 'audience',
        words: words.slice(start, end),
        name,
        saved: null,
        expression: { question: 'age_group', datapoints: bands },
        description: `Internet users ${name.toLowerCase()}.`,
      },
    });
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const range = /^(\d\d)-(\d\d)s?$/.exec(w);
    if (range) {
      let start = i;
      let end = i + 1;
      if (['aged', 'age', 'ages'].includes(words[i - 1] ?? '')) start--;
      if (['year', 'years'].includes(words[i + 1] ?? '') && ['olds', 'old'].includes(words[i + 2] ?? '')) end += 2;
      else if (['yo', 'year olds', 'years'].includes(words[i + 1] ?? '')) end++;
      make(start, end, Number(range[1]), Number(range[2]), `Aged ${range[1]}-${range[2]}`);
      continue;
    }
    const lo = num(w);
    // "aged 25 to 34", "between 25 and 34", and in other languages "de 25 à 34 ans", "tra 25 e 34
    // anni" (the connector left untranslated, the years after): an age range.
    if (
      lo !== undefined &&
      AGE_RANGE_LINKS.has(words[i + 1] ?? '') &&
      num(words[i + 2]) !== undefined &&
      (words[i - 1] === 'aged' ||
        words[i - 1] === 'between' ||
        (['year', 'years'].includes(words[i + 3] ?? '') && ['of', 'from', 'among'].includes(words[i - 1] ?? '')))
    ) {
      const hi = num(words[i + 2]) as number;
      if (lo >= 13 && hi <= 99 && lo < hi) make(i - 1, i + 3 + yearWords(words, i + 3), lo, hi, `Aged ${lo}-${hi}`);
      continue;
    }
    if (['under', 'below', 'younger'].includes(w)) {
      const j = words[i + 1] === 'than' ? i + 2 : i + 1;
      const n = num(words[j]);
      if (n !== undefined && n >= 18 && n <= 70) make(i, j + 1 + yearWords(words, j + 1), 0, n - 1, `Under ${n}`);
      continue;
    }
    if (['over', 'above', 'older'].includes(w) || (w === 'aged' && /plus$/.test(words[i + 2] ?? ''))) {
      const j = words[i + 1] === 'than' ? i + 2 : i + 1;
      const n = num(words[j]);
      if (n !== undefined && n >= 18 && n <= 70) make(i, j + 1 + (words[j + 1] === 'plus' ? 1 : 0), n, 200, `${n} and over`);
      continue;
    }
    const n = num(w);
    // "people 55 and over", "aged 45 or older": the age and every band above it.
    const floor = ageFloorAt(words, i + 1);
    if (n !== undefined && floor > 0 && BEFORE_AGE_FLOOR.has(words[i - 1] ?? '') && n >= 18 && n <= 70) {
      const aged = ['aged', 'age', 'ages'].includes(words[i - 1]) ? 1 : 0;
      make(i - aged, i + 1 + floor, n, 200, `${n} and over`);
      continue;
    }
    if (n !== undefined && words[i + 1] === 'plus' && n >= 18 && n <= 70) make(i, i + 2, n, 200, `${n} and over`);
    if (n !== undefined && /s$/.test(w) && words[i - 1] === 'their') make(i - 2, i + 1, n, n + 9, `In their ${n}s`);
  }
  return out;
}

/** The survey's youngest age, and how far above it an age still starts with its youngest band (the unanswerable check's own slack). */
const YOUNGEST = Math.min(...AGE_BANDS.map(([, lo]) => lo));
const YOUNGEST_SLACK = contextLexicon.ages.youngestSlack;

/** "18-34s", "aged 18 to 24": an age a few years above the survey's youngest starts with its youngest band, as the unanswerable check reads it. */
export function fromYoungest(lo: number): number {
  return lo > YOUNGEST && lo <= YOUNGEST + YOUNGEST_SLACK ? YOUNGEST : lo;
}

export function bandsBetween(lo: number, hi: number): string[] {
  const inside = AGE_BANDS.filter(([, l, h]) => l >= lo && h <= hi).map(([c]) => c);
  return inside.length > 0 ? inside : AGE_BANDS.filter(([, l, h]) => h >= lo && l <= hi).map(([c]) => c);
}
