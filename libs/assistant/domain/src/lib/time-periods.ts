/*
 * Periods of more than one wave set against each other, and points said back from the latest, for
 * `readTime` (time.ts): "2025 vs 2026", "H1 vs H2 2025", "between 2025 and 2026", "compare the
 * first half of 2025 with the first half of 2026" (each calendar period's waves, a trend through
 * them), "since January" (a month of the latest year), "two years ago" (a count of years or
 * quarters back). Works on the planner's English words.
 */
import { PlannerWave } from './assistant.types';
import { numberWord } from './text';
import { AGO_WORDS, DETERMINERS, MONTHS, PERIOD_JOINS, PERIOD_RANGE_JOINS } from './time-words';

const YEAR = /^(19|20)\d\d$/;

/** A calendar period said in words: a year, one of its halves, or its start or end (its first or last wave). */
interface CalendarPeriod {
  start: number;
  end: number;
  year: number | null;
  half?: 1 | 2;
  edge?: 'start' | 'end';
}

const EDGES: Record<string, 'start' | 'end'> = { start: 'start', beginning: 'start', end: 'end' };

/** The calendar period whose words start at `i`: "2025", "this year", "h1 2025", "h2", "the first half of 2025", "first half". */
function periodAt(words: string[], i: number, thisYear: number | null): CalendarPeriod | null {
  let at = i;
  while (DETERMINERS.has(words[at] ?? '')) at++;
  const w = words[at] ?? '';
  if (YEAR.test(w)) return { start: i, end: at + 1, year: Number(w) };
  if (w === 'this' && words[at + 1] === 'year' && thisYear !== null) return { start: i, end: at + 2, year: thisYear };
  if (EDGES[w] && words[at + 1] === 'of' && YEAR.test(words[at + 2] ?? '')) return { start: i, end: at + 3, year: Number(words[at + 2]), edge: EDGES[w] };
  const h = /^h([12])$/.exec(w);
  if (h) {
    const year = YEAR.test(words[at + 1] ?? '') ? Number(words[at + 1]) : null;
    return { start: i, end: year === null ? at + 1 : at + 2, year, half: Number(h[1]) as 1 | 2 };
  }
  if (['first', 'second'].includes(w) && words[at + 1] === 'half') {
    const half = w === 'first' ? 1 : 2;
    const year = words[at + 2] === 'of' && YEAR.test(words[at + 3] ?? '') ? Number(words[at + 3]) : null;
    return { start: i, end: year === null ? at + 2 : at + 4, year, half };
  }
  return null;
}

/** The words joining two periods ("vs", "compared with", "to"): how many, and whether they make a range. */
function joinAt(words: string[], i: number): { length: number; range: boolean } | null {
  for (const join of [...PERIOD_RANGE_JOINS, ...PERIOD_JOINS]) {
    const p = join.split(' ');
    if (p.every((x, k) => words[i + k] === x)) return { length: p.length, range: PERIOD_RANGE_JOINS.includes(join) };
  }
  return null;
}

/** A calendar year, one of its halves, or its start or end. */
export interface Period {
  year: number;
  half?: 1 | 2;
  edge?: 'start' | 'end';
}

export interface JoinedPeriods {
  /** Word positions the periods and their joins take. */
  start: number;
  end: number;
  /** The periods, each with its year (a half said without one takes the year of the one it is joined to). */
  periods: Period[];
  /** "From 2025 to 2026", "between 2025 and 2026": every wave from the first to the last. */
  range: boolean;
}

/**
 * Two or more calendar periods joined to each other ("2025 vs 2026", "this year than 2025", "h1 vs h2 2025", "between
 * 2025 and 2026", "the second half of 2025 against the first half of 2026"). A lone period is
 * left to the year grammar of `readTime`.
 */
export function joinedPeriods(words: string[], used: ReadonlySet<number>, thisYear: number | null = null): JoinedPeriods[] {
  const out: JoinedPeriods[] = [];
  for (let i = 0; i < words.length; i++) {
    if (used.has(i)) continue;
    const first = periodAt(words, i, thisYear);
    if (!first) continue;
    const list: CalendarPeriod[] = [first];
    let range = ['from', 'between'].includes(words[i - 1] ?? '');
    let end = first.end;
    for (;;) {
      const join = joinAt(words, end);
      // "than at the start of 2025", "vs in 2024": a preposition after the join.
      let at = end + (join?.length ?? 0);
      while (join && ['at', 'in', 'during'].includes(words[at] ?? '')) at++;
      const next = join ? periodAt(words, at, thisYear) : null;
      if (!join || !next || used.has(at)) break;
      range = range || join.range;
      list.push(next);
      end = next.end;
    }
    if (list.length < 2) continue;
    // A half without its year takes the year of the next period that has one ("h1 vs h2 2025").
    const years = list.map((p, k) => p.year ?? list.slice(k + 1).find((q) => q.year !== null)?.year ?? null);
    if (years.some((y) => y === null)) continue;
    const start = ['from', 'between'].includes(words[i - 1] ?? '') ? i - 1 : i;
    out.push({ start, end, periods: list.map((p, k) => ({ year: years[k] as number, half: p.half, edge: p.edge })), range });
    i = end - 1;
  }
  return out;
}

const yearOf = (w: PlannerWave) => Number(w.endDate.slice(0, 4));
const quarterOf = (w: PlannerWave) => Number(/^q([1-4])_/.exec(w.code)?.[1] ?? 0);

/** The waves of one calendar period (all of the catalogue's, licensed or not); its start or end is its first or last. */
export function wavesOfPeriod(waves: PlannerWave[], period: Period): PlannerWave[] {
  const list = waves.filter((w) => yearOf(w) === period.year && (period.half === undefined || Math.ceil(quarterOf(w) / 2) === period.half));
  if (!period.edge || list.length === 0) return list;
  return [period.edge === 'start' ? list[0] : list[list.length - 1]];
}

/**
 * "Since January", "from March": a month said without a year after a word of starting, the latest
 * wave of its quarter up to the latest licensed one; its word positions with the wave.
 */
export function sinceMonth(words: string[], used: ReadonlySet<number>, entitled: PlannerWave[]): { at: number; wave: PlannerWave } | null {
  for (let i = 1; i < words.length; i++) {
    const month = MONTHS[words[i]];
    if (month === undefined || used.has(i) || YEAR.test(words[i + 1] ?? '') || words[i + 1] === 'of') continue;
    if (!['since', 'from'].includes(words[i - 1])) continue;
    const quarter = Math.ceil(month / 3);
    const list = entitled.filter((w) => quarterOf(w) === quarter);
    const wave = list[list.length - 1];
    if (wave) return { at: i - 1, wave };
  }
  return null;
}

/** "Two years ago", "3 quarters earlier", "two years back": the count of quarters back from the latest, with its word positions. */
export function countedAgo(words: string[], used: ReadonlySet<number>): { at: number; length: number; back: number } | null {
  for (let i = 0; i + 2 < words.length; i++) {
    const n = numberWord(words[i]);
    if (n === undefined || n < 2 || used.has(i)) continue;
    const unit = words[i + 1];
    if (!AGO_WORDS.has(words[i + 2])) continue;
    if (['years', 'year'].includes(unit)) return { at: i, length: 3, back: n * 4 };
    if (['quarters', 'waves'].includes(unit)) return { at: i, length: 3, back: n };
  }
  return null;
}

/** What the periods of this file add to a reading of time (`readTime`), or why no number can be given. */
export interface PeriodsRead {
  waves: PlannerWave[];
  pointsInTime: boolean;
  perWave: boolean;
  range: boolean;
  refusal?: { reason: 'no-data' | 'not-entitled'; message: string };
}

const none = (): PeriodsRead => ({ waves: [], pointsInTime: false, perWave: false, range: false });
const refusal = (reason: 'no-data' | 'not-entitled', message: string): PeriodsRead => ({ ...none(), refusal: { reason, message } });

/**
 * Calendar periods set against each other: the licensed waves of each (every wave between them for
 * a range), wave by wave; the start and the end of years compared are two points in time. Marks
 * the words read in `used`.
 */
export function readJoinedPeriods(words: string[], waves: PlannerWave[], used: Set<number>, coverage: string): PeriodsRead {
  const out = none();
  const last = waves[waves.length - 1];
  const entitled = waves.filter((w) => w.entitled);
  const thisYear = entitled.length > 0 ? yearOf(entitled[entitled.length - 1]) : null;
  for (const joined of joinedPeriods(words, used, thisYear)) {
    const lists = joined.periods.map((p) => wavesOfPeriod(waves, p));
    const missing = joined.periods.find((_, k) => lists[k].length === 0);
    if (missing)
      return refusal(
        'no-data',
        `The survey has no data for ${missing.year}: ${coverage}.${last && missing.year > yearOf(last) ? ' I do not forecast future waves.' : ''}`,
      );
    if (lists.some((l) => !l.some((w) => w.entitled))) return refusal('not-entitled', 'Your organisation does not license every period compared.');
    const all = lists.flat().sort((a, b) => a.endDate.localeCompare(b.endDate));
    const through = joined.range ? waves.filter((w) => w.endDate >= all[0].endDate && w.endDate <= all[all.length - 1].endDate) : all;
    out.waves.push(...through.filter((w) => w.entitled));
    if (!joined.range && joined.periods.every((p) => p.edge)) out.pointsInTime = true;
    else out.perWave = true;
    for (let k = joined.start; k < joined.end; k++) used.add(k);
  }
  return out;
}

/**
 * "Two years ago" (the wave that many quarters before the latest; refused beyond the data or the
 * licence) and "since January" (from the latest wave of its quarter). Marks the words read in `used`.
 */
export function readCountedBack(words: string[], used: Set<number>, waves: PlannerWave[], latest: PlannerWave, coverage: string): PeriodsRead {
  const out = none();
  const entitled = waves.filter((w) => w.entitled);
  const counted = countedAgo(words, used);
  if (counted) {
    for (let k = counted.at; k < counted.at + counted.length; k++) used.add(k);
    const ago = entitled[entitled.length - 1 - counted.back];
    if (!ago)
      return waves.indexOf(latest) - counted.back >= 0
        ? refusal('not-entitled', `Your organisation's waves do not reach that far back before ${latest.name}.`)
        : refusal('no-data', `The survey has no data that far back before ${latest.name}: ${coverage}.`);
    out.waves.push(ago);
  }
  const month = sinceMonth(words, used, entitled);
  if (month) {
    used.add(month.at);
    used.add(month.at + 1);
    out.waves.push(...entitled.filter((w) => w.endDate >= month.wave.endDate));
    out.range = true;
  }
  return out;
}
