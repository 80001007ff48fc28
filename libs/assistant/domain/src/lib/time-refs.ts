/*
 * Named waves in a prompt's words: "Q1 2025", "2025 Q1", "q1-2025", "first quarter of 2025",
 * "T1 2025", and a month of a year ("March 2025", "März 2025", "marzo de 2025": the wave of the
 * quarter it falls in), and the word-level helpers of `readTime` (time.ts): a relative year
 * written as its number, a point set against another.
 */
import { AGAINST_WORDS, CHANGE_BEFORE_ON, MONTHS, ORDINALS, SEASONS } from './time-words';

const YEAR = /^(19|20)\d\d$/;

/** An ordinal word or numeral: "first", "1st", "1o" (1º), "1er", "1e", "1a". */
function ordinalOf(word: string): number | undefined {
  const n = ORDINALS[word];
  if (n !== undefined) return n;
  const m = /^([1-4])(st|nd|rd|th|o|a|er|re|e|eme|ste|te)$/.exec(word);
  return m ? Number(m[1]) : undefined;
}

export interface WaveRef {
  start: number;
  end: number;
  quarter: number;
  year: number;
}

/** Finds "Q1 2025", "2025 Q1", "q1-2025", "first quarter of 2025", "T1 2025", "March 2025" at word positions. */
export function waveRefs(words: string[]): WaveRef[] {
  const out: WaveRef[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    let m = /^[qt]([1-4])-?((?:19|20)\d\d)$/.exec(w);
    if (m) {
      out.push({ start: i, end: i + 1, quarter: Number(m[1]), year: Number(m[2]) });
      continue;
    }
    m = /^[qt]([1-4])$/.exec(w);
    if (m && YEAR.test(words[i + 1] ?? '')) {
      out.push({ start: i, end: i + 2, quarter: Number(m[1]), year: Number(words[i + 1]) });
      i++;
      continue;
    }
    if (m && words[i + 1] === 'of' && YEAR.test(words[i + 2] ?? '')) {
      out.push({ start: i, end: i + 3, quarter: Number(m[1]), year: Number(words[i + 2]) });
      i += 2;
      continue;
    }
    if (YEAR.test(w)) {
      const q = /^q([1-4])$/.exec(words[i + 1] ?? '');
      if (q) {
        out.push({ start: i, end: i + 2, quarter: Number(q[1]), year: Number(w) });
        i++;
        continue;
      }
    }
    // "March 2025", "march of 2025", "marzo de 2025" (translated "of"), "2025 march": the quarter the month is in.
    const month = MONTHS[w];
    if (month !== undefined) {
      const y = words[i + 1] === 'of' ? i + 2 : i + 1;
      if (YEAR.test(words[y] ?? '')) {
        out.push({ start: i, end: y + 1, quarter: Math.ceil(month / 3), year: Number(words[y]) });
        i = y;
        continue;
      }
    }
    if (YEAR.test(w) && MONTHS[words[i + 1] ?? ''] !== undefined) {
      out.push({ start: i, end: i + 2, quarter: Math.ceil(MONTHS[words[i + 1]] / 3), year: Number(w) });
      i++;
      continue;
    }
    // "Summer 2025", "el verano de 2025": the quarter the season falls in most.
    const season = SEASONS[w];
    if (season !== undefined) {
      const y = words[i + 1] === 'of' ? i + 2 : i + 1;
      if (YEAR.test(words[y] ?? '')) {
        out.push({ start: i, end: y + 1, quarter: season, year: Number(words[y]) });
        i = y;
        continue;
      }
    }
    // "The last quarter of 2025" is its fourth; "the last quarter" alone is relative (time.ts).
    const ordinal = ordinalOf(w);
    if (ordinal !== undefined && words[i + 1] === 'quarter') {
      const y = words[i + 2] === 'of' || words[i + 2] === 'in' ? i + 3 : i + 2;
      if (YEAR.test(words[y] ?? '') && (w !== 'last' || words[i + 2] === 'of')) {
        out.push({ start: i, end: y + 1, quarter: ordinal, year: Number(words[y]) });
        i = y;
      }
    }
  }
  // "From Q2 to Q3 2026", "Q1 and Q3 2025": a quarter without a year takes the year of the one it is joined to.
  for (let i = 0; i < words.length; i++) {
    const m = /^[qt]([1-4])$/.exec(words[i]);
    if (!m || out.some((r) => r.start <= i && i < r.end)) continue;
    const next = out.find((r) => r.start === i + 2 && ['to', 'and', 'vs', 'versus', 'through', 'until', 'or'].includes(words[i + 1]));
    if (next) out.push({ start: i, end: i + 1, quarter: Number(m[1]), year: next.year });
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * The words with a year said relatively after "start of", "end of", "half of", "quarter of" ("the
 * start of this year", "the end of last year", "the first quarter of the year") written as its
 * number; the word "year" left blank (its position kept).
 */
export function anchorYears(said: string[], latestYear: number | null): { words: string[]; blanks: number[] } {
  const words = [...said];
  const blanks: number[] = [];
  if (latestYear === null) return { words, blanks };
  for (let k = 2; k + 1 < words.length; k++) {
    if (words[k + 1] !== 'year' || words[k - 1] !== 'of' || !['start', 'beginning', 'end', 'half', 'quarter'].includes(words[k - 2])) continue;
    // "The same quarter of last year" is the quarter a year before the latest, not a calendar year.
    if (words[k - 3] === 'same') continue;
    const year = words[k] === 'last' || words[k] === 'previous' ? latestYear - 1 : words[k] === 'this' || words[k] === 'the' ? latestYear : null;
    if (year === null) continue;
    words[k] = String(year);
    words[k + 1] = '';
    blanks.push(k + 1);
  }
  return { words, blanks };
}

/** Words that may stand between a word setting a point against another and the point ("than it was in"). */
const AGAINST_FILLER = new Set(['it', 'was', 'were', 'is', 'they', 'them', 'in', 'at', 'during', 'with', 'to', 'the', 'back', 'of', 'levels', 'level']);

/** Whether the wave named at `start` is set against another point ("than in", "compared with", "vs"), within its clause. */
export function setAgainst(words: string[], start: number): boolean {
  for (let k = start - 1; k >= 0 && k >= start - 5; k--) {
    if (AGAINST_WORDS.has(words[k]) || (words[k] === 'on' && CHANGE_BEFORE_ON.has(words[k - 1] ?? ''))) return true;
    if (!AGAINST_FILLER.has(words[k])) return false;
  }
  return false;
}
