/**
 * Time in a prompt, read relative to the latest wave the organisation may use: "last year" and
 * "past 12 months" are the last 4 quarterly waves, "last N quarters" the last N, "since Q1 2025"
 * that wave through the latest, "now vs a year ago" the latest and the wave 4 quarters before,
 * "in 2025" the calendar year. Works on the planner's English words (other languages are
 * translated first).
 */
import { PlannerWave } from './assistant.types';
import { numberWord } from './text';
import { readCountedBack, readJoinedPeriods } from './time-periods';
import { anchorYears, setAgainst, waveRefs, WaveRef } from './time-refs';
import { TimeGrain } from './time-grain';
import { DETERMINERS, DISCOURSE_NEXT, NOW_VS_YEAR_AGO, NOW_WORDS, ONWARDS, PRESENT_WORDS, SEASONS, YEAR_AGO, YEAR_ON_YEAR, YEAR_UNITS } from './time-words';

/** Quarterly waves: a year is 4 of them. */
export const WAVES_PER_YEAR = 4;

export interface TimeReading {
  /** Waves named or implied, oldest first; empty = none said (the default applies). */
  waves: PlannerWave[];
  /** The words said "compare these points in time" ("now vs a year ago", "Q1 2025 vs Q1 2026"). */
  pointsInTime: boolean;
  /** The words ask for a change over time ("since", "over the last 4 quarters" with a trend word). */
  range: boolean;
  /** The words ask for the period wave by wave ("through 2026 so far", "throughout 2025"). */
  perWave: boolean;
  /** A range with both its ends named ("spring 2025 to spring 2026"): a trend through it. */
  bounded?: boolean;
  /** A period finer than the quarterly waves ("week on week", "over the last month": `time-grain.ts`). */
  grain?: TimeGrain;
  /** Word positions taken by time expressions. */
  used: Set<number>;
  /** A reason no number can be given: a forecast, a wave not in the data or not licensed. */
  refusal?: { reason: 'no-data' | 'not-entitled'; message: string };
}

const YEAR = /^(19|20)\d\d$/;

const span = (used: Set<number>, from: number, to: number) => {
  for (let i = from; i < to; i++) used.add(i);
};

const has = (words: string[], phrase: string): number => {
  const p = phrase.split(' ');
  for (let i = 0; i + p.length <= words.length; i++) if (p.every((x, k) => words[i + k] === x)) return i;
  return -1;
};

/** Reads the time words of a prompt against the catalogue's waves (oldest first). */
export function readTime(said: string[], waves: PlannerWave[], guarded: ReadonlySet<number> = new Set()): TimeReading {
  const used = new Set<number>(guarded);
  const entitled = waves.filter((w) => w.entitled);
  const latest = entitled[entitled.length - 1];
  // "The start of this year", "the first quarter of last year": the year named as its number.
  const { words, blanks } = anchorYears(said, latest ? Number(latest.endDate.slice(0, 4)) : null);
  const reading: TimeReading = { waves: [], pointsInTime: false, range: false, perWave: false, used };
  const chosen = new Set<PlannerWave>();
  const add = (list: PlannerWave[]) => list.forEach((w) => chosen.add(w));
  const yearOf = (w: PlannerWave) => Number(w.endDate.slice(0, 4));
  const first = waves[0];
  const last = waves[waves.length - 1];
  const coverage = () => `its waves run from ${first?.name} to ${last?.name}`;
  const lastN = (n: number) => entitled.slice(-Math.max(1, n));
  const refuse = (reason: 'no-data' | 'not-entitled', message: string): TimeReading => ({ ...reading, refusal: { reason, message } });
  // "Year on year" said with a period longer than a year ("across the last two years") is the cadence of its trend.
  let cadence = false;

  // Named waves, and how they are joined ("since", "from .. to", "between .. and", "vs").
  const refs = waveRefs(words);
  const resolved: { ref: WaveRef; wave: PlannerWave }[] = [];
  for (const ref of refs) {
    const wave = waves.find((w) => w.code === `q${ref.quarter}_${ref.year}`);
    if (!wave) {
      if (last && (ref.year > yearOf(last) || (ref.year === yearOf(last) && `q${ref.quarter}_${ref.year}` > last.code)))
        return refuse(
          'no-data',
          `I can only report what the survey measured, and it has no data for Q${ref.quarter} ${ref.year} yet: ${coverage()}. I do not forecast future waves.`,
        );
      return refuse('no-data', `The survey has no data for Q${ref.quarter} ${ref.year}: ${coverage()}.`);
    }
    if (!wave.entitled) return refuse('not-entitled', `Your organisation does not license the ${wave.name} wave.`);
    resolved.push({ ref, wave });
    span(used, ref.start, ref.end);
  }
  if (resolved.length > 0) {
    // The preposition governing a wave, past a determiner ("since the first quarter of 2025").
    const before = (r: WaveRef) => {
      let at = r.start - 1;
      while (at > 0 && DETERMINERS.has(words[at])) at--;
      return words[at] ?? '';
    };
    // "Since Q1 2025", "Q4 2025 onwards": from that wave to the latest.
    const sinceRef = resolved.find((r) => ['since', 'from', 'after'].includes(before(r.ref)) || ONWARDS.has(words[r.ref.end] ?? ''));
    if (sinceRef && resolved.length === 1) {
      used.add(ONWARDS.has(words[sinceRef.ref.end] ?? '') ? sinceRef.ref.end : sinceRef.ref.start - 1);
      add(entitled.filter((w) => w.endDate >= sinceRef.wave.endDate));
      reading.range = true;
    } else if (
      resolved.length === 2 &&
      (['from', 'between', 'since'].includes(before(resolved[0].ref)) || ['to', 'until', 'through', 'till'].includes(before(resolved[1].ref)))
    ) {
      const [a, b] = [resolved[0].wave, resolved[1].wave].sort((x, y) => x.endDate.localeCompare(y.endDate));
      if (resolved[0].ref.start > 0) used.add(resolved[0].ref.start - 1);
      used.add(resolved[1].ref.start - 1);
      const joined = before(resolved[1].ref);
      if (joined === 'and' && before(resolved[0].ref) !== 'between') {
        add([a, b]);
        reading.pointsInTime = true;
      } else {
        add(entitled.filter((w) => w.endDate >= a.endDate && w.endDate <= b.endDate));
        reading.range = true;
        reading.bounded = true;
      }
    } else {
      add(resolved.map((r) => r.wave));
      if (resolved.length >= 2) reading.pointsInTime = true;
      // "Higher than in March 2025", "compared with Q3 2025": one point set against another, the latest.
      else if (latest && latest.code !== resolved[0].wave.code && setAgainst(words, resolved[0].ref.start)) {
        add([latest]);
        reading.pointsInTime = true;
      }
    }
  }

  // Calendar periods set against each other ("2025 vs 2026", "h1 vs h2 2025"): a trend through them.
  const periods = readJoinedPeriods(words, waves, used, coverage());
  if (periods.refusal) return refuse(periods.refusal.reason, periods.refusal.message);
  add(periods.waves);
  reading.perWave = reading.perWave || periods.perWave;
  reading.pointsInTime = reading.pointsInTime || periods.pointsInTime;

  // Calendar years: "in 2025", "during 2025", "since 2025", "since the start of 2025", "the first
  // half of 2025", "H2 2025", "through 2026 so far".
  for (let i = 0; i < words.length; i++) {
    if (used.has(i) || !YEAR.test(words[i])) continue;
    const year = Number(words[i]);
    let from = i;
    let prev = words[i - 1] ?? '';
    // "since the start of 2025" is "since 2025"; "the first half of 2025" is its first two quarters.
    let half: 1 | 2 | undefined;
    // "Compared to the start of 2025", "vs the end of 2025": one point (its first or last wave) against the latest.
    const edge = prev === 'of' && ['start', 'beginning', 'end'].includes(words[i - 2] ?? '') ? i - 2 : -1;
    const edgeFrom = edge >= 0 && DETERMINERS.has(words[edge - 1] ?? '') ? edge - 1 : edge;
    if (edge >= 0 && latest && setAgainst(words, edgeFrom)) {
      const inYear = entitled.filter((w) => yearOf(w) === year);
      const point = words[edge] === 'end' ? inYear[inYear.length - 1] : inYear[0];
      if (point && point.code !== latest.code) {
        add([point, latest]);
        reading.pointsInTime = true;
        span(used, edgeFrom, i + 1);
        continue;
      }
    }
    // "Early 2025" is its start too ("since early 2025", "depuis début 2025").
    if ((prev === 'of' && ['start', 'beginning'].includes(words[i - 2] ?? '')) || prev === 'early') {
      from = prev === 'early' ? i - 1 : i - 2;
      while (from > 0 && DETERMINERS.has(words[from - 1])) from--;
      prev = words[from - 1] ?? 'in';
      if (!['since', 'from'].includes(prev)) prev = 'since';
      else from--;
    } else if (prev === 'of' && words[i - 2] === 'half' && ['first', 'second'].includes(words[i - 3] ?? '')) {
      half = words[i - 3] === 'first' ? 1 : 2;
      from = i - 3;
      while (from > 0 && DETERMINERS.has(words[from - 1])) from--;
      prev = words[from - 1] ?? '';
      if (['in', 'during', 'over', 'for', 'since', 'from'].includes(prev)) from--;
      // "Since the second half of 2025": from that half's first wave on.
      prev = ['since', 'from'].includes(prev) ? prev : 'in';
    } else if (/^h[12]$/.test(prev)) {
      half = prev === 'h1' ? 1 : 2;
      from = i - 1;
      prev = ['since', 'from'].includes(words[i - 2] ?? '') ? words[i - 2] : 'in';
      if (prev !== 'in') from--;
    }
    // A year after the last wave, however it is said ("TikTok-Nutzung 2027"): a forecast.
    if (last && year > yearOf(last) && year < 2100)
      return refuse('no-data', `I can only report what the survey measured, and it has no data for ${year}: ${coverage()}. I do not forecast future waves.`);
    // "over 2025 and 2026", "in 2025 and 2026": the second year joined to the first.
    const joinedYear = (prev === 'and' || prev === 'or') && YEAR.test(words[i - 2] ?? '') && used.has(i - 2);
    if (joinedYear) prev = 'in';
    if (
      !['in', 'during', 'for', 'of', 'since', 'from', 'throughout', 'across', 'through', 'over'].includes(prev) &&
      !(i === words.length - 1 || words.length < 4)
    )
      continue;
    const quartersOf = (w: PlannerWave) => Number(/^q([1-4])_/.exec(w.code)?.[1] ?? 0);
    const list = waves.filter((w) => yearOf(w) === year && (half === undefined || Math.ceil(quartersOf(w) / 2) === half));
    if (list.length === 0) {
      if (last && year > yearOf(last))
        return refuse('no-data', `I can only report what the survey measured, and it has no data for ${year}: ${coverage()}. I do not forecast future waves.`);
      return refuse('no-data', `The survey has no data for ${half ? `the ${half === 1 ? 'first' : 'second'} half of ` : ''}${year}: ${coverage()}.`);
    }
    const onOrAfter = (w: PlannerWave) => yearOf(w) > year || (yearOf(w) === year && (half === undefined || Math.ceil(quartersOf(w) / 2) >= half));
    const licensed = prev === 'since' || prev === 'from' ? entitled.filter(onOrAfter) : list.filter((w) => w.entitled);
    if (licensed.length === 0 || (half !== undefined && licensed.length < list.length))
      return refuse(
        'not-entitled',
        `Your organisation does not license ${licensed.length === 0 ? 'any wave' : 'every wave'} of ${half ? `that half of ` : ''}${year}.`,
      );
    add(licensed);
    if (prev === 'since' || prev === 'from') reading.range = true;
    // "through 2026", "throughout 2025", "2026 so far": the period wave by wave.
    if (prev === 'through' || prev === 'throughout' || (words[i + 1] === 'so' && words[i + 2] === 'far')) reading.perWave = true;
    if (words[i + 1] === 'so' && words[i + 2] === 'far') span(used, i + 1, i + 3);
    span(used, from, i + 1);
    if (['in', 'during', 'for', 'since', 'from', 'throughout', 'through'].includes(words[from - 1] ?? '')) used.add(from - 1);
  }

  if (latest) {
    const mark = (at: number, length: number) => span(used, at, at + length);
    // "now vs a year ago", "compared with a year ago", "year on year".
    for (const phrase of NOW_VS_YEAR_AGO) {
      const at = has(words, phrase);
      if (at < 0) continue;
      mark(at, phrase.split(' ').length);
      cadence = cadence || YEAR_ON_YEAR.includes(phrase);
      const ago = entitled[entitled.length - 1 - WAVES_PER_YEAR];
      add(ago ? [ago, latest] : [entitled[0], latest]);
      reading.pointsInTime = true;
      for (const now of ['now', 'today', 'currently', 'this year', 'this quarter']) {
        const n = has(words, now);
        if (n >= 0) mark(n, now.split(' ').length);
      }
    }
    // "Two years ago", "since January": a point counted back from the latest, a month of its year.
    const back = readCountedBack(words, used, waves, latest, coverage());
    if (back.refusal) return refuse(back.refusal.reason, back.refusal.message);
    add(back.waves);
    reading.range = reading.range || back.range;
    // "a year ago", "the same quarter last year": the wave four quarters before the latest.
    const agoPhrase = YEAR_AGO.find((p) => has(words, p) >= 0 && !used.has(has(words, p)));
    const agoAt = agoPhrase ? has(words, agoPhrase) : -1;
    if (agoPhrase && agoAt >= 0) {
      mark(agoAt, agoPhrase.split(' ').length);
      if (DETERMINERS.has(words[agoAt - 1] ?? '')) used.add(agoAt - 1);
      const ago = entitled[entitled.length - 1 - WAVES_PER_YEAR];
      if (!ago) return refuse('not-entitled', `Your organisation's waves do not reach back a year before ${latest.name}.`);
      // "Since this time last year": from that wave to the latest.
      if (words[agoAt - 1] === 'since' || words[agoAt - 2] === 'since') {
        used.add(words[agoAt - 1] === 'since' ? agoAt - 1 : agoAt - 2);
        add(entitled.filter((w) => w.endDate >= ago.endDate));
        reading.range = true;
      } else {
        const nowPhrase = ['this quarter', 'now', 'today', 'currently', 'latest'].find((w) => has(words, w) >= 0);
        const nowAt = nowPhrase ? has(words, nowPhrase) : undefined;
        if (nowAt !== undefined && nowPhrase) {
          mark(nowAt, nowPhrase.split(' ').length);
          add([ago, latest]);
          reading.pointsInTime = true;
        } else add([ago]);
      }
    }
    // "since last year", "over the last year", "past 12 months", "last 2 years", "last 3 quarters".
    const reach = waves.indexOf(latest) + 1; // how many waves the data has up to the latest
    for (let i = 0; i < words.length; i++) {
      if (used.has(i)) continue;
      const w = words[i];
      // "over two years", "across 3 quarters" (not "over 45 years old"): a count of periods back from the latest.
      const over =
        /^(over|across)$/.test(w) && (numberWord(words[i + 1] ?? '') ?? 99) <= 5 && /^(years|quarters)$/.test(words[i + 2] ?? '') && words[i + 3] !== 'old';
      if (!['last', 'past', 'previous', 'recent', 'latest'].includes(w) && !over) continue;
      let j = i + 1;
      let n = 1;
      const count = numberWord(words[j] ?? '');
      if (count !== undefined) {
        n = count;
        j++;
      } else if (words[j] === 'few' || words[j] === 'couple') {
        n = words[j] === 'few' ? 3 : 2;
        j++;
        if (words[j] === 'of') j++;
      } else if (!used.has(i - 1) && numberWord(words[i - 1] ?? '') !== undefined && /s$/.test(words[j] ?? '')) {
        // "the two last quarters" ("les deux derniers trimestres", "los dos últimos trimestres"): the count before.
        n = numberWord(words[i - 1]) as number;
        used.add(i - 1);
      }
      let unit = words[j] ?? '';
      // "the past half year", "the last half a year": two quarterly waves.
      if (unit === 'half' && (words[j + 1] === 'year' || (words[j + 1] === 'a' && words[j + 2] === 'year'))) {
        n = WAVES_PER_YEAR / 2;
        j += words[j + 1] === 'a' ? 2 : 1;
        unit = 'quarters';
      }
      const since = words[i - 1] === 'since';
      // "since the start of last year": from the first quarter of the year before the latest's.
      const startOf = w === 'last' && unit === 'year' && count === undefined && words[i - 1] === 'of' && ['start', 'beginning'].includes(words[i - 2] ?? '');
      if (startOf) {
        let from = i - 2;
        while (from > 0 && DETERMINERS.has(words[from - 1])) from--;
        if (['since', 'from'].includes(words[from - 1] ?? '')) from--;
        span(used, from, j + 1);
        add(entitled.filter((x) => yearOf(x) >= yearOf(latest) - 1));
        reading.range = true;
        i = j;
        continue;
      }
      if (YEAR_UNITS[unit] || (['12', 'twelve'].includes(words[i + 1] ?? '') && ['months', 'month'].includes(words[i + 2] ?? ''))) {
        const waves = ['months', 'month'].includes(words[i + 2] ?? '') ? WAVES_PER_YEAR : n * (YEAR_UNITS[unit] ?? 1) * WAVES_PER_YEAR;
        // "The past five years", "the last decade": a period reaching back before the first wave is not in the data.
        if (waves + (since ? 1 : 0) > reach) return refuse('no-data', `The survey has no data that far back before ${latest.name}: ${coverage()}.`);
        const end = ['months', 'month'].includes(words[i + 2] ?? '') ? i + 3 : j + 1;
        mark(i, end - i);
        if (since) used.add(i - 1);
        add(entitled.slice(-(since ? waves + 1 : waves)));
        reading.range = true;
        i = end - 1;
      } else if (['quarters', 'quarter', 'waves', 'wave'].includes(unit)) {
        mark(i, j + 1 - i);
        if (since) used.add(i - 1);
        const named = chosen.size;
        add(lastN(n === 1 && (unit === 'quarter' || unit === 'wave') ? 1 : n));
        if (n > 1) reading.range = true;
        // "Q2 2025 against the latest quarter": a named wave and the latest one are two points in time.
        else if (named > 0 && chosen.size > named && !reading.range) reading.pointsInTime = true;
        i = j;
      } else if (['months', 'month'].includes(unit) && count !== undefined) {
        mark(i, j + 1 - i);
        add(lastN(Math.max(1, Math.round(n / 3))));
        reading.range = n > 3;
        i = j;
      } else if (w === 'latest' || w === 'recent') {
        if (w === 'recent' && words[i - 1] === 'most') used.add(i - 1);
        mark(i, unit === 'data' || unit === 'figures' || unit === 'numbers' ? 2 : 1);
        // "Q2 2025 with the latest quarter": a named wave and the latest are two points in time.
        const named = chosen.size;
        add([latest]);
        if (named > 0 && chosen.size > named && !reading.range) reading.pointsInTime = true;
      }
    }
    // "Last summer", "since last winter", "this spring": the latest wave of the season (before the latest, for "last").
    for (let i = 1; i < words.length; i++) {
      const quarter = SEASONS[words[i]];
      if (quarter === undefined || used.has(i) || !['last', 'this', 'past'].includes(words[i - 1])) continue;
      const list = entitled.filter((w) => w.code.startsWith(`q${quarter}_`) && (words[i - 1] === 'this' || w.code !== latest.code));
      const wave = list[list.length - 1];
      if (!wave) continue;
      mark(i - 1, 2);
      if (words[i - 2] === 'since') {
        used.add(i - 2);
        add(entitled.filter((w) => w.endDate >= wave.endDate));
        reading.range = true;
      } else {
        add([wave]);
        if (setAgainst(words, i - 1) && wave.code !== latest.code) {
          add([latest]);
          reading.pointsInTime = true;
        }
      }
    }
    for (const phrase of NOW_WORDS) {
      const at = has(words, phrase);
      if (at < 0 || used.has(at)) continue;
      // "Now compare with Millennials", "ok now what about...": a turn of the conversation, not a time.
      if (
        phrase === 'now' &&
        (at === 0 || ['ok', 'okay', 'and', 'so', 'right', 'alright'].includes(words[at - 1] ?? '')) &&
        DISCOURSE_NEXT.has(words[at + 1] ?? '')
      )
        continue;
      mark(at, phrase.split(' ').length);
      if (PRESENT_WORDS.has(phrase) && chosen.size === 0) continue;
      if (!reading.pointsInTime) {
        // "the share in Q2 2025 and how is it now?": a named wave and now are two points in time.
        const named = chosen.size;
        add([latest]);
        if (named > 0 && chosen.size > named && !reading.range) reading.pointsInTime = true;
      }
    }
    const thisYear = has(words, 'this year');
    if (thisYear >= 0 && !used.has(thisYear)) {
      mark(thisYear, 2);
      add(entitled.filter((w) => yearOf(w) === yearOf(latest)));
    }
  }
  // "the latest wave compared with the previous one": the wave before it too.
  const previousAt = ['previous one', 'previous wave', 'previous quarter', 'quarter before', 'wave before', 'one before']
    .map((p) => has(words, p))
    .find((x) => x >= 0);
  if (previousAt !== undefined && latest && chosen.size === 1) {
    const only = [...chosen][0];
    const before = entitled[entitled.indexOf(only) - 1];
    if (before) {
      chosen.add(before);
      reading.pointsInTime = true;
      span(used, previousAt, previousAt + 2);
    }
  }
  // "first wave", "the earliest wave": the oldest licensed wave, set against the latest when compared.
  const firstAt = ['first wave', 'earliest wave', 'oldest wave', 'first quarter measured'].map((p) => has(words, p)).find((x) => x >= 0);
  if (firstAt !== undefined && entitled[0] && !used.has(firstAt)) {
    const named = chosen.size;
    add([entitled[0]]);
    span(used, firstAt, firstAt + 2);
    if (latest && (setAgainst(words, firstAt) || named > 0) && entitled[0].code !== latest.code) {
      add([latest]);
      reading.pointsInTime = true;
    }
  }
  if (cadence && reading.range && chosen.size > WAVES_PER_YEAR + 1) reading.pointsInTime = false;
  // The word "year" of "the start of this year" goes with the year it was read as.
  for (const b of blanks) if (used.has(b - 1)) used.add(b);
  for (const g of guarded) used.delete(g);
  reading.waves = [...chosen].sort((a, b) => a.endDate.localeCompare(b.endDate));
  return reading;
}

/** Words asking about the future: the survey measures the past, so no number can be given. */
export const FUTURE =
  /\b(predict|predicts|prediction|predictions|forecast|forecasts|forecasting|projection|projections|will be|will use|will there be|going to be|going to use|next year|next quarter|next wave|in the future|in 5 years|in five years|by 2030|in 2030)\b/;
