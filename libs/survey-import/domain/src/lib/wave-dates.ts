/** A wave's first and last day (YYYY-MM-DD, both inclusive). */
export interface WaveDates {
  start_date: string;
  end_date: string;
}

/**
 * Languages whose month names (long and short, as ICU spells them) are read in wave labels. The
 * names come from Node's own Intl data, not from a list written here.
 */
const MONTH_LOCALES = ['en', 'fr', 'de', 'es', 'it', 'pt', 'nl', 'sv', 'da', 'nb', 'pl', 'fi', 'cs'];

const fold = (text: string): string =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\./g, '');

let monthNames: Map<string, number> | undefined;

/**
 * Month name (folded: no accents, lower case, no dots) -> 1..12. The names ICU gives come first;
 * then the three- and four-letter starts of the long names ("sept", "juil"), which labels use
 * whatever the locale abbreviates to, where they name one month only (Finnish "marraskuu" is
 * November, so "mar" stays March).
 */
function months(): Map<string, number> {
  if (monthNames) return monthNames;
  const exact = new Map<string, Set<number>>();
  const starts = new Map<string, Set<number>>();
  const add = (map: Map<string, Set<number>>, name: string, month: number): void => {
    const key = fold(name).trim();
    if (key.length < 3 || /\d/.test(key)) return;
    if (!map.has(key)) map.set(key, new Set());
    map.get(key)?.add(month);
  };
  for (const locale of MONTH_LOCALES) {
    for (let m = 0; m < 12; m++) {
      const day = new Date(Date.UTC(2001, m, 15));
      for (const style of ['long', 'short'] as const) add(exact, new Intl.DateTimeFormat(locale, { month: style, timeZone: 'UTC' }).format(day), m + 1);
      const long = fold(new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(day));
      add(starts, long.slice(0, 3), m + 1);
      add(starts, long.slice(0, 4), m + 1);
    }
  }
  const unique = (map: Map<string, Set<number>>): [string, number][] => [...map].filter(([, set]) => set.size === 1).map(([name, set]) => [name, [...set][0]]);
  monthNames = new Map([...unique(starts), ...unique(exact)]);
  for (const [name] of exact) if (!monthNames.has(name) || (exact.get(name)?.size ?? 0) > 1) monthNames.delete(name);
  for (const [name, month] of unique(exact)) monthNames.set(name, month);
  return monthNames;
}

const pad = (n: number): string => String(n).padStart(2, '0');
const lastDay = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();
const monthStart = (year: number, month: number): string => `${year}-${pad(month)}-01`;
const monthEnd = (year: number, month: number): string => `${year}-${pad(month)}-${pad(lastDay(year, month))}`;

function validDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= lastDay(year, month);
}

/**
 * The dates a wave label gives, or null when it gives none: two dates ("2025-07-01 to
 * 2025-09-30", "01/07/2025 - 30/09/2025", day first), a quarter ("Q3 2025", "2025-Q3"), a month
 * range ("Wave 9 (Jul–Sep 2025)", "juillet 2025 – septembre 2025", "Nov 2024 - Jan 2025", "Dec -
 * Feb 2025": the first month in the year before), one month ("July 2025", "2025-07"), or a year.
 */
export function readWaveDates(label: string): WaveDates | null {
  const text = label.replace(/[\u2010-\u2015\u2212]/g, '-');
  return explicitDates(text) ?? quarter(text) ?? monthRange(text) ?? year(text);
}

function explicitDates(text: string): WaveDates | null {
  const found: string[] = [];
  for (const m of text.matchAll(/\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g)) {
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (validDay(y, mo, d)) found.push(`${y}-${pad(mo)}-${pad(d)}`);
  }
  for (const m of text.matchAll(/\b(\d{1,2})[/.](\d{1,2})[/.](\d{4})\b/g)) {
    const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
    if (validDay(y, mo, d)) found.push(`${y}-${pad(mo)}-${pad(d)}`);
  }
  if (found.length !== 2 || found[0] > found[1]) return null;
  return { start_date: found[0], end_date: found[1] };
}

function quarter(text: string): WaveDates | null {
  const m = /\bq([1-4])\b\W{0,3}(\d{4})\b|\b(\d{4})\W{0,3}q([1-4])\b/i.exec(text);
  if (!m) return null;
  const q = Number(m[1] ?? m[4]);
  const y = Number(m[2] ?? m[3]);
  return { start_date: monthStart(y, q * 3 - 2), end_date: monthEnd(y, q * 3) };
}

/** Month tokens (names or numeric year-month) and years, in order. */
function monthRange(text: string): WaveDates | null {
  const names = months();
  const tokens: ({ kind: 'month'; month: number; year?: number } | { kind: 'year'; year: number })[] = [];
  const re = /(\d{4})-(\d{1,2})(?!\d|-\d)|(\d{1,2})\/(\d{4})|(\d{4})|([^\W\d_]+)/gu;
  for (const m of fold(text).matchAll(re)) {
    if (m[1] !== undefined && Number(m[2]) >= 1 && Number(m[2]) <= 12) tokens.push({ kind: 'month', month: Number(m[2]), year: Number(m[1]) });
    else if (m[3] !== undefined && Number(m[3]) >= 1 && Number(m[3]) <= 12) tokens.push({ kind: 'month', month: Number(m[3]), year: Number(m[4]) });
    else if (m[5] !== undefined) tokens.push({ kind: 'year', year: Number(m[5]) });
    else if (m[6] !== undefined && names.has(m[6])) tokens.push({ kind: 'month', month: names.get(m[6]) as number });
  }
  // A year right after a month name is that month's year.
  const monthsFound: { month: number; year?: number }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    if (t.kind === 'year') {
      const previous = monthsFound[monthsFound.length - 1];
      if (previous && previous.year === undefined) previous.year = t.year;
      continue;
    }
    monthsFound.push({ ...t });
  }
  if (monthsFound.length === 0 || monthsFound.length > 2) return null;
  const [first, last] = [monthsFound[0], monthsFound[monthsFound.length - 1]];
  const endYear = last.year ?? first.year;
  if (endYear === undefined) return null;
  const startYear = first.year ?? (first.month <= last.month ? endYear : endYear - 1);
  const start = monthStart(startYear, first.month);
  const end = monthEnd(endYear, last.month);
  return start <= end ? { start_date: start, end_date: end } : null;
}

function year(text: string): WaveDates | null {
  const years = [...text.matchAll(/\b(19\d{2}|20\d{2})\b/g)].map((m) => Number(m[1]));
  if (years.length !== 1) return null;
  return { start_date: monthStart(years[0], 1), end_date: monthEnd(years[0], 12) };
}

/** "q3_2025" when the dates are exactly a calendar quarter, else null. */
export function quarterCode(dates: WaveDates): string | null {
  const m = /^(\d{4})-(\d{2})-01$/.exec(dates.start_date);
  if (!m) return null;
  const [y, mo] = [Number(m[1]), Number(m[2])];
  if ((mo - 1) % 3 !== 0 || dates.end_date !== monthEnd(y, mo + 2)) return null;
  return `q${(mo - 1) / 3 + 1}_${y}`;
}
