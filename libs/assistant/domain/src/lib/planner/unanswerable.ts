import { PlannerCatalogue } from '../assistant.types';
import lexicon from './context-lexicon.json';
import missing from './missing-breakdowns.json';
import { GROUP_NOUNS } from '../synonyms';
import { LEXICON } from '../../lexicon/lexicon';
import { askedInEnglish } from './ask-in-english';
import { brandAttributeAsk } from './brand-attribute';
import { catalogueNames } from './catalogue-phrases';
import { amountInUnit, countedPerPeriod, countedThings } from './counted-per-period';
import { currencyAskedIn } from './currency-asked';
import { findPhrase, mentionsIn, wordsOf } from './mentions';

/**
 * An ask the catalogue cannot measure: an age range outside the survey's, a metric it lacks
 * (a satisfaction score, time spent on one platform), or an amount of money. `words` are what the
 * prompt wrote for it; `rest` is the prompt without them, planned to find the nearest question.
 */
export interface UnmeasuredAsk {
  kind: 'age' | 'metric' | 'money';
  /** What cannot be answered, for the message ("people over 65", "a satisfaction score"). */
  what: string;
  /** The same for named things, `{x}` standing for them ("time spent on {x}"). */
  whatFor?: string;
  words: string;
  rest: string;
  /** Questions whose name has one of these words are the nearest candidates. */
  offerNamed: string[];
  /** When the prompt's own topic is a question named so, the ask is answerable after all. */
  answerableNamed: string[];
  /** The ask in the words of a question named like `answerableNamed`, planned when the ask as written is not measured ("what are the reasons ..." for "why ..."). */
  askedAs?: string;
  /** For money: the currency symbol the prompt asked in, if it named one. */
  currency?: string;
  /** Words that name what the missing amount is of ("income" for earnings): kept when the nearest question is looked for. */
  subject?: string[];
  /** For ages inside the survey's range but not on its band edges: the bands the range overlaps. */
  bands?: string[];
  /** For ages: the survey's own range. */
  surveyAges?: { min: number; max: number };
}

/** The ages the survey asked: from the bands of its age question ("16-24" .. "55-64"). */
export function surveyAges(catalogue: PlannerCatalogue): { min: number; max: number } | null {
  const question = catalogue.questions.find(
    (q) => /\bage\b/i.test(q.name) && q.datapoints.length > 1 && q.datapoints.every((d) => /^\d+\s*[-–]\s*\d+$|^\d+\s*\+$/.test(d.name.trim())),
  );
  if (!question) return null;
  const bounds = question.datapoints.map((d) => d.name.match(/\d+/g)?.map(Number) ?? []);
  const min = Math.min(...bounds.map((b) => b[0]));
  const max = Math.max(...bounds.map((b) => (b.length > 1 ? b[1] : Infinity)));
  return { min, max };
}

/** The bands of the survey's age question, as numbers and names. */
export function ageBandsOf(catalogue: PlannerCatalogue): { lo: number; hi: number; name: string }[] {
  const question = catalogue.questions.find(
    (q) => /\bage\b/i.test(q.name) && q.datapoints.length > 1 && q.datapoints.every((d) => /^\d+\s*[-–]\s*\d+$/.test(d.name.trim())),
  );
  return (question?.datapoints ?? []).map((d) => {
    const [lo, hi] = (d.name.match(/\d+/g) ?? []).map(Number);
    return { lo, hi, name: d.name.trim() };
  });
}

/**
 * Whether an age range can be told in the survey's bands: each end on a band's edge, within a year
 * ("25 to 35" is the 25-34 band, "over 35" the bands from 35), or at the survey's own ends ("under
 * 35", "over 18" for the youngest band, which starts a few years earlier).
 */
function onBandEdges(a: { lo: number; hi: number }, catalogue: PlannerCatalogue, range: { min: number; max: number }): boolean {
  const bands = ageBandsOf(catalogue);
  if (bands.length === 0) return true;
  const loOk = a.lo <= range.min + lexicon.ages.youngestSlack || bands.some((b) => Math.abs(b.lo - a.lo) <= 1);
  const hiOk = a.hi >= range.max || bands.some((b) => Math.abs(b.hi - a.hi) <= 1);
  return loOk && hiOk;
}

const UNITS = new Set(lexicon.ages.units);
const CHILDREN = new Set(lexicon.ages.children);
const PARENTS = new Set(lexicon.ages.parents);

interface AgeAsk {
  lo: number;
  hi: number;
  start: number;
  end: number;
}

/** Ages the prompt asks about ("under 16s", "over-65s", "13 to 15 year olds", "aged 70+", "in their seventies"), as word spans. */
export function agesAsked(words: readonly string[]): AgeAsk[] {
  const out: AgeAsk[] = [];
  const num = (w: string | undefined) => (w !== undefined && /^\d{1,3}s?$/.test(w) ? Number(w.replace(/s$/, '')) : NaN);
  const unitAfter = (i: number) => UNITS.has(words[i] ?? '') || /^\d/.test(words[i] ?? '');
  // "Parents of children under 5", "households with teens aged 13-17": the children's ages, asked of their parents.
  const aboutChildren = (i: number) => {
    const before = words.slice(Math.max(0, i - 6), i);
    const child = before.findIndex((w) => CHILDREN.has(w));
    return child >= 0 && before.slice(0, child).some((w) => PARENTS.has(w));
  };
  const yearOlds = (i: number) => (words[i] === 'year' || words[i] === 'years') && /^olds?$/.test(words[i + 1] ?? '');
  for (let i = 0; i < words.length; i++) {
    if (aboutChildren(i)) continue;
    const w = words[i];
    const phraseAt = (list: string[]) => list.map((p) => p.split(' ')).find((p) => p.every((x, k) => words[i + k] === x));
    const below = phraseAt(lexicon.ages.below);
    const above = phraseAt(lexicon.ages.above);
    if (below || above) {
      const j = i + (below ?? above ?? []).length;
      const n = num(words[j]);
      if (!Number.isNaN(n) && n <= 120 && !unitAfter(j + 1)) {
        const end = yearOlds(j + 1) ? j + 3 : j + 1;
        // "Over-65s" are 65 and over; "over 65" is older than 65.
        const from = /s$/.test(words[j]) ? n : n + 1;
        out.push(below ? { lo: 0, hi: n - 1, start: i, end } : { lo: from, hi: Infinity, start: i, end });
        i = end - 1;
        continue;
      }
    }
    const range = /^(\d{1,3})-(\d{1,3})$/.exec(w);
    const lo = range ? Number(range[1]) : num(w);
    if (Number.isNaN(lo)) {
      const decade = (lexicon.ages.decades as Record<string, number>)[w];
      if (decade !== undefined && words[i - 1] === 'their' && words[i - 2] === 'in') out.push({ lo: decade, hi: decade + 9, start: i - 2, end: i + 1 });
      continue;
    }
    // "People in their 80s": a decade written in figures.
    if (!range && /s$/.test(w) && words[i - 1] === 'their' && words[i - 2] === 'in') {
      out.push({ lo, hi: lo + 9, start: i - 2, end: i + 1 });
      continue;
    }
    let hi = range ? Number(range[2]) : lo;
    let end = i + 1;
    if (!range && ['to', 'and'].includes(words[i + 1] ?? '') && !Number.isNaN(num(words[i + 2]))) {
      hi = num(words[i + 2]);
      end = i + 3;
    }
    const aged = ['aged', 'age', 'ages'].includes(words[i - 1] ?? '') || words[i - 1] === 'between';
    const orOlder = lexicon.ages.orOlder.map((p) => p.split(' ')).find((p) => p.every((x, k) => words[end + k] === x));
    if (orOlder && (aged || /s$/.test(w))) {
      out.push({ lo, hi: Infinity, start: aged ? i - 1 : i, end: end + orOlder.length });
    } else if (yearOlds(end)) {
      out.push({ lo, hi, start: i, end: end + 2 });
    } else if (range === null && hi !== lo && words[i - 1] === 'of' && (words[end] === 'years' || words[end] === 'year')) {
      // "Women of 25 to 34 years" (as "mulheres de 25 a 34 anos" reads in English): people of those ages.
      out.push({ lo, hi, start: i, end: end + 1 });
    } else if (aged && !unitAfter(end)) {
      out.push({ lo, hi, start: i - 1, end });
    } else continue;
    i = out[out.length - 1].end - 1;
  }
  return out;
}

const CHILD_POPULATION = new Set(lexicon.ages.childPopulation);

/**
 * "Do kids in the US watch YouTube?": children asked about as the people measured, younger than
 * any survey respondent. Not children of parents ("parents of kids", "households with children")
 * and not a word of a longer name ("Baby boomers", "kids and family" shows).
 */
function childrenAsked(prompt: string, words: readonly string[], catalogue: PlannerCatalogue): AgeAsk | undefined {
  // Names of several words ("Baby boomers", "kids and family") are not children.
  const names = mentionsIn(prompt, catalogue).filter((m) => m.end - m.start > 1);
  for (let i = 0; i < words.length; i++) {
    // "Share of kids", "do kids", "among children": the people measured, not a product's name.
    if (!CHILD_POPULATION.has(words[i]) || !lexicon.ages.populationBefore.includes(words[i - 1] ?? '')) continue;
    if (words.slice(Math.max(0, i - 6), i).some((w) => PARENTS.has(w) || CHILDREN.has(w))) continue;
    if (names.some((m) => m.start <= i && i < m.end)) continue;
    return { lo: 0, hi: 12, start: i, end: i + 1 };
  }
  return undefined;
}

const phraseIn = (text: string, phrase: string) => text.includes(` ${wordsOf(phrase).join(' ')} `);

/** A cue's words as a pattern over the prompt's words: "*" stands for one to three words ("share of * sales"). */
const cuePattern = (cue: string) =>
  new RegExp(
    ` ${cue
      .split(' ')
      .map((part) => (part === '*' ? '((?:\\S+ ){0,2}\\S+)' : wordsOf(part).join(' ')))
      .join(' ')} `,
  );
const cueIn = (text: string, cue: string) => (cue.includes('*') ? cuePattern(cue).test(text) : phraseIn(text, cue));

/** The prompt's words without the cue's own; the words "*" stood for ("smartphone") are kept. */
function withoutCue(words: readonly string[], text: string, cue: string): string {
  if (!cue.includes('*')) return without(words, cue);
  return text
    .replace(cuePattern(cue), (...groups: unknown[]) => ` ${groups.slice(1, -2).join(' ')} `)
    .trim()
    .replace(/\s+/g, ' ');
}

/** One measure or trait the catalogue lacks, as `context-lexicon.json` `metrics` and `missing-breakdowns.json` write it. */
interface Metric {
  what: string;
  whatFor?: string;
  cues: string[];
  offerNamed: string[];
  answerableNamed?: string[];
  askedAs?: string;
  restDrop?: string[];
}

/** The ask of the prompt the catalogue cannot measure, if there is one (ages first, then metrics, then money). */
export function findUnmeasured(prompt: string, catalogue: PlannerCatalogue): UnmeasuredAsk | null {
  const words = askedInEnglish(prompt, catalogue);
  const text = ` ${words.join(' ')} `;
  const range = surveyAges(catalogue);
  if (range) {
    // "Under 35" reaches into the survey's ages and is answered from them; "under 16" does not.
    const outside =
      agesAsked(words).find((a) => (a.lo === 0 ? a.hi < range.min : a.hi === Infinity ? a.lo > range.max : a.lo < range.min || a.hi > range.max)) ??
      childrenAsked(words.join(' '), words, catalogue);
    // "Aged 18-21", "over 60s": a range whose ends fall inside the survey's bands cannot be told apart in them.
    const straddling = outside ? undefined : agesAsked(words).find((a) => !onBandEdges(a, catalogue, range));
    if (straddling) {
      const said = words.slice(straddling.start, straddling.end).join(' ');
      return {
        kind: 'age',
        what: /^\d/.test(said) ? said : `people ${said}`,
        words: said,
        rest: [...words.slice(0, straddling.start), 'people', ...words.slice(straddling.end)].join(' '),
        offerNamed: [],
        answerableNamed: [],
        surveyAges: range,
        bands: ageBandsOf(catalogue)
          .filter((b) => b.hi >= straddling.lo && b.lo <= straddling.hi)
          .map((b) => b.name),
      };
    }
    if (outside) {
      const rest = [...words.slice(0, outside.start), 'people', ...words.slice(outside.end)].join(' ');
      return {
        kind: 'age',
        what:
          /^\d/.test(words[outside.start]) || CHILD_POPULATION.has(words[outside.start])
            ? words.slice(outside.start, outside.end).join(' ')
            : `people ${words.slice(outside.start, outside.end).join(' ')}`,
        words: words.slice(outside.start, outside.end).join(' '),
        rest,
        offerNamed: [],
        answerableNamed: [],
        surveyAges: range,
      };
    }
  }
  // Traits no question asks ("by ethnicity", "LGBTQ+ adults") are refused as a metric is: the rest of the prompt would answer another question.
  const metrics: readonly Metric[] = [...lexicon.metrics, ...missing.breakdowns];
  for (const metric of metrics) {
    // A survey whose catalogue names the thing (a question "Likelihood to recommend", an alias "NPS") measures it.
    // A metric asked in other words ("why" as "the reasons") is measured when a question of those words answers it, not when any name says the cue ("Why people play games").
    const rephrased = metric.askedAs !== undefined;
    const cue = metric.cues.find((c) => cueIn(text, c) && (rephrased || !catalogueNames(catalogue, c)));
    if (cue) {
      // Every other cue of the same measure goes too ("the average time ... in minutes"): left in, it would choose the rest's topic.
      const others = metric.cues.filter((c) => c !== cue && !c.includes('*'));
      const rest = [...(metric.restDrop ?? []), ...others].reduce((r, drop) => without(wordsOf(r), drop), withoutCue(words, text, cue));
      return {
        kind: 'metric',
        what: metric.what,
        whatFor: metric.whatFor,
        words: cue,
        // "Plan to open an account next year": the rest is read as it stands now, not as a forecast.
        rest,
        offerNamed: metric.offerNamed,
        answerableNamed: metric.answerableNamed ?? [],
        ...(metric.askedAs ? { askedAs: metric.askedAs.replace('{rest}', rest) } : {}),
      };
    }
  }
  const other = brandAttributeAsk(words, catalogue) ?? amountInUnit(words, catalogue) ?? countedPerPeriod(words, catalogue) ?? countedThings(words, catalogue);
  if (other) return other;
  const money = lexicon.money;
  const askedIn = currencyAskedIn(prompt, words);
  const currency = askedIn ?? Object.entries(money.currencies).find(([, names]) => names.some((n) => words.includes(n)));
  const spends = words.some((w) => money.spendWords.includes(w));
  // "Would pay more for eco-friendly products" is an agreement statement of the catalogue, not an amount.
  const named = (a: string) =>
    catalogue.questions.some((q) => q.datapoints.some((d) => ` ${wordsOf(d.name).join(' ')} `.includes(` ${wordsOf(a).join(' ')} `)));
  const asked = money.asks.find((a) => phraseIn(text, a) && !named(a));
  // "What do they spend on takeaways per week": spending over a period is an amount of money too.
  // "Spend playing each week" in hours is time, not money.
  // "Weekly podcast listeners ... pay for Netflix": a period before a noun for people says how often they do something, not spend.
  const periodic = money.periods.some((period) => phraseIn(text, period) && !ofPeople(words, period)) && !words.some((w) => money.timeWords.includes(w));
  // "How much do ..." is money only with a verb of spending; "how much money" is money itself.
  if (askedIn || (asked && (spends || !/^how much/.test(asked) || /\bmoney\b/.test(asked))) || (spends && (currency || periodic))) {
    // The rest says what the money is spent on, not that it is spent: the planner would read "spend" as the gaming spend.
    const rest = wordsOf(asked ? without(words, asked) : text)
      .filter((w) => !(currency?.[1] ?? []).includes(w) && !money.spendWords.includes(w))
      .join(' ');
    // "Earn more than €100,000": money coming in is income, not spend.
    const earns = words.some((w) => money.earnWords.includes(w));
    return {
      kind: 'money',
      // The currency by its plural name ("euros", "reais"), else its first ("yen"), never its code.
      what: money.what + (currency ? ` in ${currency[1].find((n, k) => k > 0 && n.endsWith('s')) ?? currency[1][0]}` : ''),
      words: currency?.[1].find((n) => words.includes(n)) ?? asked ?? '',
      rest: earns ? `${rest} ${money.earnNamed.join(' ')}` : rest,
      offerNamed: earns ? money.earnNamed : money.offerNamed,
      answerableNamed: money.offerNamed,
      currency: currency?.[0],
      ...(earns ? { subject: money.earnNamed } : {}),
    };
  }
  return null;
}

/** Nouns for people (`topics.json` `groupNouns`, `grammar.json` `personNouns`). */
const PEOPLE_NOUNS = new Set([...GROUP_NOUNS, ...LEXICON.grammar.personNouns]);

/** Whether every time `phrase` is said, a noun for people follows within three words ("weekly podcast listeners"). */
function ofPeople(words: readonly string[], phrase: string): boolean {
  const p = wordsOf(phrase);
  const at = words.flatMap((_, i) => (p.every((w, k) => words[i + k] === w) ? [i] : []));
  return at.length > 0 && at.every((i) => words.slice(i + p.length, i + p.length + 3).some((w) => PEOPLE_NOUNS.has(w)));
}

function without(words: readonly string[], phrase: string): string {
  const at = findPhrase(words, wordsOf(phrase).join(' '));
  if (at < 0) return words.join(' ');
  const n = wordsOf(phrase).length;
  return [...words.slice(0, at), ...words.slice(at + n)].join(' ');
}
