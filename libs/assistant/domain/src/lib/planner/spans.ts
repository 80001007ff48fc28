import { commonWords } from './word-bounds';
import { PlannerCatalogue } from '../assistant.types';
import { CatalogueIndex, DatapointRef, Entry, mayBeTypo, wordMatches } from '../catalogue-index';
import { Language } from '../languages';
import { isEnglishWord } from '../english-words';
import { STOPWORDS, typoDistance, typoMatch } from '../text';
import { ageSpans } from './age-spans';
import { activityVerbWord, agentNameWord, derivedNameWord } from './derived-forms';
import { GROUP_NOUNS } from '../synonyms';
import { singleLeaf } from './audiences';
import { CONNECTORS } from './cues';
import { withoutGroupHeads } from './group-heads';
import { longNameSpans } from './long-name-spans';
import { splitNameSpans } from './split-name-spans';
import { PRIORITY, Span } from './types';
import { LEXICON } from '../../lexicon/lexicon';

/** The words of the planner's grammar (`lexicon/grammar.json`). */
const G = LEXICON.grammar;

/** Words that already name people, never read as a person formed from an answer. */
const PEOPLE_WORDS = new Set([...GROUP_NOUNS, ...G.personNouns]);

/**
 * A lower-case market code in a list of markets ("uk vs de", "fr and es"): the code, when the word
 * across the connector is a market too.
 */
export function listedCode(words: string[], i: number, index: CatalogueIndex, catalogue: PlannerCatalogue): boolean {
  const isMarket = (w: string | undefined) =>
    w !== undefined && (catalogue.locations.some((l) => l.code === w) || (index.byFirst.get(w) ?? []).some((e) => e.kind === 'market' && e.words.length === 1));
  return (CONNECTORS.has(words[i - 1] ?? '') && isMarket(words[i - 2])) || (CONNECTORS.has(words[i + 1] ?? '') && isMarket(words[i + 2]));
}

/** ISO 3166 three-letter codes of the markets, read in capitals only ("AUS" is also German "aus"). */
export const ISO3 = G.iso3;

/** Words after which a lower-case "us" is the pronoun ("tell us", "for us", "most of us"), not the market. */
export const US_PRONOUN_BEFORE = new Set(G.usPronounBefore);

/**
 * A lower-case "us" in a messy prompt ("linkedin uk vs us", "netflix usage us last year") is the
 * market unless a verb, an auxiliary or a preposition before it makes it the pronoun.
 */
export function marketUs(words: string[], i: number): boolean {
  const before = words[i - 1];
  if (before === undefined || before === '|') return true;
  return !US_PRONOUN_BEFORE.has(before);
}

/** Finds names of markets, places, audiences and datapoints; where two overlap, the longer wins. */
export function findSpans(
  words: string[],
  used: Set<number>,
  index: CatalogueIndex,
  capitals: Set<string>,
  lang: Language,
  catalogue: PlannerCatalogue,
  names: ReadonlySet<string> = new Set(),
): Span[] {
  const candidates: Span[] = [];
  const firstKeys = [...index.byFirst.keys()];
  for (let i = 0; i < words.length; i++) {
    if (used.has(i) || words[i] === '|') continue;
    candidates.push(...nameCandidates(words, i, used, index, firstKeys, names.has(words[i])));
    candidates.push(...codeCandidates(words, i, index, capitals, lang, catalogue));
  }
  for (const age of ageSpans(words, used)) candidates.push(age);
  for (const long of longNameSpans(words, used, index)) candidates.push(long);
  for (const split of splitNameSpans(words, used, index)) candidates.push(split);
  candidates.push(...ellipticalSpans(words, used, candidates, index));
  candidates.push(...complementSpans(words, used, candidates, catalogue));
  return withoutGroupHeads(words, chooseSpans(candidates));
}

/**
 * Catalogue names starting at word `i`: exact, plural, or within a typo of their first word. A word
 * written as a name (`asName`, "Natura") is a typo only of a name, never of a common word ("nature").
 */
/** A market, region or other place: never read from a word of the dictionary one letter away ("settle" is not Seattle). */
const isPlace = (e: Entry) => e.kind === 'market' || e.kind === 'region' || e.kind === 'place';

function nameCandidates(words: string[], i: number, used: Set<number>, index: CatalogueIndex, firstKeys: string[], asName: boolean): Span[] {
  const candidates: Span[] = [];
  const w = words[i];
  const starts = new Map<Entry, boolean>();
  const exact = [
    index.byFirst.get(w),
    w.endsWith('s') && !STOPWORDS.has(w) ? index.byFirst.get(w.slice(0, -1)) : undefined,
    w.endsWith('es') ? index.byFirst.get(w.slice(0, -2)) : undefined,
  ];
  for (const list of exact) for (const e of list ?? []) starts.set(e, false);
  // Another form of an answer's first word ("meditate" for "Meditation"): that name, as surely as a plural.
  // The next content word starting a name of the catalogue is the verb's object ("reads the newspapers").
  const next = words.slice(i + 1).find((x) => !STOPWORDS.has(x));
  const derived = derivedNameWord(w, index, next !== undefined && index.byFirst.has(next));
  if (derived) for (const e of index.byFirst.get(derived) ?? []) if (e.kind === 'datapoint') starts.set(e, false);
  // A bare verb of what people do ("who run", "neither run nor cycle", "likely to garden"): its
  // one-word activity answer, in place of the longer answer its word may be short for.
  const activity = derived ? undefined : activityVerbWord(words, i, index);
  if (activity) {
    for (const e of index.byFirst.get(w) ?? []) starts.delete(e);
    for (const e of index.byFirst.get(activity) ?? []) if (e.kind === 'datapoint' && e.words.length === 1) starts.set(e, false);
  }
  // A person named by what they do ("runners" for "Running"): that one-word answer.
  const agent = agentNameWord(w, index, PEOPLE_WORDS);
  if (agent) for (const e of index.byFirst.get(agent) ?? []) if (e.kind === 'datapoint' && e.words.length === 1) starts.set(e, false);
  if (mayBeTypo(w, index))
    for (const key of firstKeys)
      if (key !== w && typoMatch(w, key) && !(asName && commonWords(index).has(key)))
        for (const e of index.byFirst.get(key) ?? []) if (!starts.has(e) && !(isPlace(e) && isEnglishWord(w))) starts.set(e, true);
  for (const [entry, typoFirst] of starts) {
    let typo = typoFirst;
    let cost = typoFirst ? typoDistance(w, entry.words[0]) : 0;
    let ok = true;
    for (let k = 1; k < entry.words.length; k++) {
      const at = i + k;
      if (at >= words.length || used.has(at)) {
        ok = false;
        break;
      }
      const m = wordMatches(words[at], entry.words[k], index.vocabulary);
      if (!m) {
        ok = false;
        break;
      }
      if (m === 'typo') {
        typo = true;
        cost += typoDistance(words[at], entry.words[k]);
      }
    }
    if (ok) candidates.push({ start: i, end: i + entry.words.length, entry, typo, cost });
  }
  return candidates;
}

/** Market codes ("US", "uk vs de", "GBR") and the one-letter "X" at word `i`. */
function codeCandidates(words: string[], i: number, index: CatalogueIndex, capitals: Set<string>, lang: Language, catalogue: PlannerCatalogue): Span[] {
  const candidates: Span[] = [];
  const w = words[i];
  // "US"/"USA" only as a market where it cannot be the pronoun "us" or a verb.
  if (
    (w === 'us' && (capitals.has('us') || ['the', 'in'].includes(words[i - 1] ?? '') || marketUs(words, i))) ||
    (w === 'usa' && lang !== 'es' && lang !== 'pt' && lang !== 'it') ||
    (w === 'usa' && capitals.has('usa'))
  ) {
    const us = catalogue.locations.find((l) => l.code === 'us');
    if (us) candidates.push({ start: i, end: i + 1, entry: { kind: 'market', words: [w], location: us }, typo: false });
  } else if (w.length === 2 && (capitals.has(w) || (lang === 'en' && listedCode(words, i, index, catalogue))) && w !== 'us' && w !== 'in' && w !== 'x') {
    // A code in capitals is a market in any language; one in lower case only beside another market in English.
    const l = catalogue.locations.find((x) => x.code === w);
    if (l) candidates.push({ start: i, end: i + 1, entry: { kind: 'market', words: [w], location: l }, typo: false });
  } else if (w.length === 3 && capitals.has(w) && ISO3[w]) {
    // Three-letter country codes in capitals ("GBR vs DEU", "JPN").
    const l = catalogue.locations.find((x) => x.code === ISO3[w]);
    if (l) candidates.push({ start: i, end: i + 1, entry: { kind: 'market', words: [w], location: l }, typo: false });
  }
  if (w === 'x' && capitals.has('x')) {
    const refs: DatapointRef[] = [];
    for (const q of catalogue.questions) for (const d of q.datapoints) if (d.code === 'x_twitter') refs.push({ question: q, datapoint: d, partial: false });
    if (refs.length > 0) candidates.push({ start: i, end: i + 1, entry: { kind: 'datapoint', words: ['x'], refs }, typo: false });
  }
  return candidates;
}

/** The candidates that do not overlap, longest and surest first; a typo as close to another thing keeps its rivals. */
function chooseSpans(candidates: Span[]): Span[] {
  candidates.sort(
    (a, b) =>
      b.end - b.start - (a.end - a.start) ||
      Number(a.typo) - Number(b.typo) ||
      (a.cost ?? 0) - (b.cost ?? 0) ||
      PRIORITY[a.entry.kind] - PRIORITY[b.entry.kind] ||
      Number(b.entry.kind === 'audience' && b.entry.saved !== null) - Number(a.entry.kind === 'audience' && a.entry.saved !== null) ||
      a.start - b.start,
  );
  const chosen: Span[] = [];
  const taken = new Set<number>();
  // A name said in other words never swallows another name said as it is ("watch TikTok videos").
  const named = new Set<number>();
  for (const c of candidates) if (!c.loose) for (let i = c.start; i < c.end; i++) named.add(i);
  for (const c of candidates) {
    if (c.loose?.some((i) => named.has(i))) continue;
    let free = true;
    for (let i = c.start; i < c.end; i++) if (taken.has(i)) free = false;
    if (!free) continue;
    // A typo is trusted only if no other name of a thing is as close ("Tesca": Tesla or Tesco?).
    if (c.typo && c.entry.kind === 'datapoint') {
      const key = c.entry.words.join(' ');
      const things = (e: Entry) => (e.kind === 'datapoint' ? e.refs.map((r) => r.datapoint.code) : []);
      const own = new Set(things(c.entry));
      const rivals = candidates.filter(
        (d) =>
          d !== c &&
          d.typo &&
          d.start === c.start &&
          d.end === c.end &&
          (d.cost ?? 0) === (c.cost ?? 0) &&
          d.entry.kind === 'datapoint' &&
          !things(d.entry).some((x) => own.has(x)),
      );
      if (rivals.length > 0) c.rivals = [key, ...new Set(rivals.map((d) => d.entry.words.join(' ')))];
    }
    chosen.push(c);
    for (let i = c.start; i < c.end; i++) taken.add(i);
  }
  return chosen.sort((a, b) => a.start - b.start);
}

/** Words that join two names of which one is said in part. */
const ELLIPSIS_JOINS = ['or', 'and', 'vs', 'versus'];

/**
 * A modifier whose head is said once for two ("low or high earners", "daily or weekly TikTok
 * users"): the first modifier with the second name's head, when that is a name too. And a verb
 * said once for two answers ("trust influencers a lot or somewhat"): the words after the join with
 * the first name's verb, when that is an answer of the same question ("Trust somewhat").
 */
export function ellipticalSpans(words: string[], used: Set<number>, found: Span[], index: CatalogueIndex): Span[] {
  const out: Span[] = [];
  for (const span of found) {
    if (span.entry.kind === 'datapoint' && span.entry.words.length >= 2 && ELLIPSIS_JOINS.includes(words[span.end] ?? '')) {
      const verb = span.entry.words[0];
      const questions = new Set(span.entry.refs.map((r) => r.question.code));
      const from = span.end + 1;
      const sibling = (index.byFirst.get(verb) ?? []).find(
        (e) =>
          e.kind === 'datapoint' &&
          e !== span.entry &&
          e.words.length >= 2 &&
          e.refs.some((r) => questions.has(r.question.code)) &&
          e.words.slice(1).every((w, k) => words[from + k] === w && !used.has(from + k)),
      );
      if (sibling) out.push({ start: from, end: from + sibling.words.length - 1, entry: sibling, typo: false });
    }
    const i = span.start - 2;
    if (i < 0 || span.entry.words.length < 2 || used.has(i) || !ELLIPSIS_JOINS.includes(words[i + 1])) continue;
    const head = span.entry.words.slice(1);
    const entry = (index.byFirst.get(words[i]) ?? []).find(
      (e) => e.kind === span.entry.kind && e.words.length === head.length + 1 && head.every((w, k) => e.words[k + 1] === w),
    );
    if (entry) out.push({ start: i, end: i + 1, entry, typo: false });
  }
  return out;
}

/**
 * "non-graduates", "non smokers": everyone else of the question a one-question group is read
 * from (the question's other answers).
 */
export function complementSpans(words: string[], used: Set<number>, found: Span[], catalogue: PlannerCatalogue): Span[] {
  const out: Span[] = [];
  for (const span of found) {
    const at = span.start - 1;
    if (at < 0 || words[at] !== 'non' || used.has(at) || span.entry.kind !== 'audience') continue;
    const leaf = singleLeaf(span.entry.expression);
    const question = leaf ? catalogue.questions.find((q) => q.code === leaf.question) : undefined;
    if (!leaf || !question) continue;
    const others = question.datapoints.filter((d) => !leaf.datapoints.includes(d.code)).map((d) => d.code);
    if (others.length === 0) continue;
    const name = `Non-${span.entry.name.toLowerCase()}`;
    out.push({
      start: at,
      end: span.end,
      typo: false,
      entry: {
        kind: 'audience',
        words: words.slice(at, span.end),
        name,
        saved: null,
        expression: { question: question.code, datapoints: others },
        description: `Respondents who are not ${span.entry.name.toLowerCase()}.`,
      },
    });
  }
  return out;
}
