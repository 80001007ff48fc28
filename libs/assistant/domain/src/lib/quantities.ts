/**
 * Amounts in a prompt ("under five hours a night", "more than four hours a day", "between 2 and
 * 4 hours", "over 20 hours a week") read as intervals, and the datapoints of a banded question
 * ("Less than 5 hours", "4-6 hours", "More than 8 hours") whose bands lie inside one: the bands
 * a researcher means by the amount. Works on the planner's normalised English words.
 */
import { LEXICON } from '../lexicon/lexicon';
import { numberWord } from './text';

/** The unit of a frequency: times a week ("twice a month" is 0.5). */
export const TIMES_A_WEEK = 'times a week';
const FREQUENCIES = LEXICON.english.frequencies;
const ASKED_FREQUENCIES = Object.entries(FREQUENCIES.asked)
  .map(([phrase, [lo, hi]]) => ({ words: phrase.split(' '), lo, hi }))
  .sort((a, b) => b.words.length - a.words.length);

/** An interval of an amount in one unit; `hi` is Infinity for "more than". */
export interface Interval {
  lo: number;
  hi: number;
  unit: string;
}

export interface Quantity extends Interval {
  /** Word positions the amount takes. */
  start: number;
  end: number;
}

/** Units an amount may be counted in, by the words naming them. */
const UNITS: Record<string, string> = {
  hour: 'hour',
  hours: 'hour',
  hr: 'hour',
  hrs: 'hour',
  minute: 'minute',
  minutes: 'minute',
  mins: 'minute',
  person: 'person',
  people: 'person',
  holiday: 'holiday',
  holidays: 'holiday',
  trip: 'holiday',
  trips: 'holiday',
  // Money, written so by `normalize` ("$50" is "50 dollars").
  dollar: 'dollar',
  dollars: 'dollar',
  usd: 'dollar',
  euro: 'euro',
  euros: 'euro',
  eur: 'euro',
  pound: 'pound',
  pounds: 'pound',
  gbp: 'pound',
  yen: 'yen',
  reais: 'real',
  real: 'real',
  rupee: 'rupee',
  rupees: 'rupee',
};

const BELOW = ['under', 'below', 'less than', 'fewer than', 'up to', 'at most', 'no more than'];
const ABOVE = ['over', 'above', 'more than', 'at least', 'upwards of', 'in excess of'];

const phraseAt = (words: string[], i: number, phrases: string[]) => phrases.find((p) => p.split(' ').every((w, k) => words[i + k] === w));

const amount = (word: string | undefined): number | undefined => {
  if (word === undefined) return undefined;
  const n = numberWord(word);
  return n !== undefined && n >= 0 && n < 100_000_000 ? n : undefined;
};

/** Amounts with a unit: "under 5 hours", "more than four hours", "5-6 hours", "between 2 and 4 hours", "8 hours or more". */
export function readQuantities(words: string[]): Quantity[] {
  const out: Quantity[] = [];
  for (let i = 0; i < words.length; i++) {
    const below = phraseAt(words, i, BELOW);
    const above = below ? undefined : phraseAt(words, i, ABOVE);
    if (below || above) {
      const at = i + (below ?? above ?? '').split(' ').length;
      // "Under an hour": one of the unit.
      const n = ['a', 'an'].includes(words[at]) && UNITS[words[at + 1] ?? ''] ? 1 : amount(words[at]);
      const unit = UNITS[words[at + 1] ?? ''];
      if (n !== undefined && unit) {
        out.push({ lo: below ? 0 : n, hi: below ? n : Infinity, unit, start: i, end: at + 2 });
        i = at + 1;
      }
      continue;
    }
    const range = /^(\d+)-(\d+)$/.exec(words[i]);
    if (range && UNITS[words[i + 1] ?? '']) {
      out.push({ lo: Number(range[1]), hi: Number(range[2]), unit: UNITS[words[i + 1]], start: i, end: i + 2 });
      i++;
      continue;
    }
    // "Between 10 dollars and 24 dollars": the unit said after each end.
    if (
      words[i] === 'between' &&
      amount(words[i + 1]) !== undefined &&
      UNITS[words[i + 2] ?? ''] &&
      words[i + 3] === 'and' &&
      amount(words[i + 4]) !== undefined
    ) {
      const unit = UNITS[words[i + 2]];
      if (UNITS[words[i + 5] ?? ''] === unit) {
        out.push({ lo: amount(words[i + 1]) as number, hi: amount(words[i + 4]) as number, unit, start: i, end: i + 6 });
        i += 5;
        continue;
      }
    }
    if (words[i] === 'between' && amount(words[i + 1]) !== undefined && words[i + 2] === 'and' && amount(words[i + 3]) !== undefined) {
      const unit = UNITS[words[i + 4] ?? ''];
      if (unit) {
        out.push({ lo: amount(words[i + 1]) as number, hi: amount(words[i + 3]) as number, unit, start: i, end: i + 5 });
        i += 4;
      }
      continue;
    }
    const n = amount(words[i]);
    const unit = UNITS[words[i + 1] ?? ''];
    if (n !== undefined && unit && words[i + 2] === 'or' && ['more', 'over', 'above'].includes(words[i + 3] ?? '')) {
      out.push({ lo: n, hi: Infinity, unit, start: i, end: i + 4 });
      i += 3;
    }
  }
  return out;
}

/** The unit of none of anything: "spend nothing" meets the answer "Nothing" of any amount. */
export const NONE_OF_IT = 'none';
const ZERO_ASKED = LEXICON.english.zeroAmounts.asked.map((p) => p.split(' ')).sort((a, b) => b.length - a.length);
const ZERO_ANSWERS = new Set(LEXICON.english.zeroAmounts.answers);

/** Whether an answer's name is none of the thing ("Nothing", "Never"): said with a negation, it is still that answer. */
export const isNoneAnswer = (normalisedName: string) => ZERO_ANSWERS.has(normalisedName.trim());

/** "Spend nothing", "don't spend any money": an amount of zero, its verb left out of the span so it still names the question. */
export function readZeroAmounts(words: readonly string[]): Quantity[] {
  const out: Quantity[] = [];
  for (let i = 0; i < words.length; i++) {
    const phrase = ZERO_ASKED.find((p) => p.every((w, k) => words[i + k] === w));
    if (phrase) out.push({ lo: 0, hi: 0, unit: NONE_OF_IT, start: i, end: i + phrase.length });
  }
  return out;
}

/**
 * Frequencies said in words ("twice a month", "at least once a week", "once in a while"), as
 * intervals of times a week (`frequencies.asked` of `languages/en.json`), the longest phrase first.
 */
export function readFrequencies(words: readonly string[]): Quantity[] {
  const out: Quantity[] = [];
  for (let i = 0; i < words.length; i++) {
    const f = ASKED_FREQUENCIES.find((x) => x.words.every((w, k) => words[i + k] === w));
    if (!f) continue;
    out.push({ lo: f.lo, hi: f.hi, unit: TIMES_A_WEEK, start: i, end: i + f.words.length });
    i += f.words.length - 1;
  }
  return out;
}

/** Whether a frequency said is itself the name of a frequency answer ("daily", "once a week"). */
export const isAnswerFrequency = (phrase: string) => Object.prototype.hasOwnProperty.call(FREQUENCIES.answers, phrase);

/**
 * The answers a researcher means by an amount: the bands inside it ("more than four hours": 4-6
 * hours and up); for a frequency, which words say only roughly, else the one band that holds it
 * ("twice a month" is "A few times a month", "rarely" is "Less than once a week").
 */
export function bandsMeant(bands: readonly (Interval | null)[], asked: Interval): number[] {
  const inside = bands.flatMap((b, k) => (b && bandInside(b, asked) ? [k] : []));
  if (inside.length > 0 || asked.unit !== TIMES_A_WEEK) return inside;
  const holding = bands.flatMap((b, k) => (b && b.unit === asked.unit && b.lo <= asked.lo && asked.hi <= b.hi ? [k] : []));
  return holding.length === 1 ? holding : [];
}

/** The band a datapoint name stands for ("Less than 5 hours", "4-6 hours", "5 or more people", "None"), or null. */
export function bandOf(normalisedName: string): Interval | null {
  const frequency = FREQUENCIES.answers[normalisedName.trim()];
  // "Several times a week", "Weekly", "Less often": an answer of a frequency question.
  if (frequency) return { lo: frequency[0], hi: frequency[1], unit: TIMES_A_WEEK };
  if (isNoneAnswer(normalisedName)) return { lo: 0, hi: 0, unit: NONE_OF_IT };
  const words = normalisedName.trim().split(' ');
  const [q] = readQuantities(words);
  // "100 dollars or more", "Less than 5 hours": the whole name is the amount.
  if (q && q.start === 0 && q.end === words.length) return { lo: q.lo, hi: q.hi, unit: q.unit };
  const unit = UNITS[words[words.length - 1]];
  if (!unit) return null;
  const single = amount(words[0]);
  if (single !== undefined && words.length === 2) return { lo: single, hi: single, unit };
  return null;
}

/** Whether a band lies inside what was asked ("4-6 hours" inside "more than four hours"). */
export function bandInside(band: Interval, asked: Interval): boolean {
  return band.unit === asked.unit && band.lo >= asked.lo && band.hi <= asked.hi;
}
