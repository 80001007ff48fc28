import { PlannerCatalogue } from '../assistant.types';
import { Language } from '../languages';
import { CatalogueIndex, Entry } from '../catalogue-index';
import { FUNCTION_WORDS } from '../text';
import { BASE_PHRASES } from '../intents';
import { isAnswerFrequency, readFrequencies, readQuantities, readZeroAmounts } from '../quantities';
import { readTime } from '../time';
import { answerWindowWords } from './answer-window';
import { readGrain } from '../time-grain';
import { MULTIWORD_CUES, TREND } from './cues';
import { readDimensions } from './dimension-cues';
import { CONTINUING_WORDS } from './dimension-words';
import { readLimit } from './limit';
import { normaliseWords } from './normalise';
import { findSpans } from './spans';
import { amountGroups } from './amount-groups';
import { placesAsAnswers } from './answer-places';
import { negatedClauseSpans } from './negated-clauses';
import { pastStateSpans } from './past-state';
import { narrowedAudienceSpans } from './narrowed-audiences';
import { sizeCuePositions } from './subject';
import { answerCountPositions } from './combine';
import { Reading } from './types';
import { LEXICON } from '../../lexicon/lexicon';

/** The words of the planner's grammar (`lexicon/grammar.json`). */
const G = LEXICON.grammar;

/**
 * The prompt read against the catalogue: its words (normalised), then what they are taken for:
 * time, references to groups, cue phrases, amounts, the count of a list, and the spans of names.
 */
export function read(raw: string, catalogue: PlannerCatalogue, index: CatalogueIndex, afterTopic = false, chat?: Language): Reading {
  const { lang, words, capitals, names } = normaliseWords(raw, index, chat);
  // "Bought nappies in the past 3 months": the window the answer's own question says is no period.
  const guarded = new Set([...guardedNames(words, index), ...answerWindowWords(words, index)]);
  const time = readTime(words, catalogue.waves, guarded);
  // "Week on week", "over the last month": a period finer than the waves; beside a period of waves, not the one asked (a deadline, an aside).
  const grain = readGrain(words, new Set([...time.used, ...guarded]));
  if (grain && (grain.series || time.waves.length === 0)) {
    time.grain = grain;
    grain.at.forEach((at) => time.used.add(at));
  }
  const used = new Set([...time.used, ...sizeCuePositions(words), ...answerCountPositions(words)]);
  // "this group", "these audiences": references to the docked or earlier audiences, not topics.
  for (let i = 0; i < words.length - 1; i++)
    if (
      ['this', 'these', 'that', 'those', 'which', 'each', 'both', 'the', 'either', 'same'].includes(words[i]) &&
      ['group', 'groups', 'audience', 'audiences', 'segment', 'segments'].includes(words[i + 1])
    ) {
      used.add(i);
      used.add(i + 1);
    }
  // "the gap between men and women", "has the gap changed?": the distance between two sides, not
  // a brand of that name.
  const joined = ` ${words.join(' ')} `;
  for (let i = 1; i < words.length; i++)
    if (
      ['gap', 'gaps', 'divide', 'spread'].includes(words[i]) &&
      ['the', 'that', 'this'].includes(words[i - 1]) &&
      (words[i + 1] === 'between' || TREND.test(joined))
    )
      used.add(i);
  // Cue phrases of several words ("league table", "side by side", "over time") are words of
  // asking: their words are not typos of names ("table" is not "tablet").
  for (const phrase of MULTIWORD_CUES) {
    const p = phrase.split(' ');
    for (let i = 0; i + p.length <= words.length; i++)
      if (p.every((x, k) => words[i + k] === x)) for (let k = 0; k < p.length; k++) if (!index.byFirst.has(words[i + k])) used.add(i + k);
  }
  // "than everyone else", "from the general population": the base of an index, not a name.
  for (const phrase of BASE_PHRASES) {
    const p = phrase.split(' ');
    for (let i = 0; i + p.length <= words.length; i++) if (p.every((x, k) => words[i + k] === x)) for (let k = 0; k < p.length; k++) used.add(i + k);
  }
  const amounts = readQuantities(words).filter((q) => ![...Array(q.end - q.start).keys()].some((k) => used.has(q.start + k)));
  // The amount is read; its unit ("hours") still names the question.
  for (const q of amounts) for (let i = q.start; i < q.end - 1; i++) used.add(i);
  // Frequencies ("twice a month", "at least weekly") are read too; the words of one that is no
  // answer's name are the amount's, while "daily" or "once a week" still names its answer.
  const frequencies = readFrequencies(words).filter((f) => !amounts.some((q) => q.start < f.end && f.start < q.end));
  for (const f of frequencies) if (!isAnswerFrequency(words.slice(f.start, f.end).join(' '))) for (let i = f.start; i < f.end; i++) used.add(i);
  // "Spend nothing": none of the amount; its verb still names the question ("spend": the spend).
  const zero = readZeroAmounts(words).filter((z) => !used.has(z.start));
  for (const z of zero) for (let i = z.start; i < z.end; i++) if (!['spend', 'spends', 'spent', 'pay', 'money'].includes(words[i])) used.add(i);
  const quantities = [...amounts, ...frequencies, ...zero];
  const limit = readLimit(words, used);
  // "which age group", "in which country ... most": words of the dimension ranked, not names.
  const dimension = readDimensions(words, catalogue, afterTopic);
  for (const i of dimension.used) used.add(i);
  // "The markets in which the gaming module was fielded": the word before a part of the survey names that part, not an answer.
  for (let i = 1; i < words.length; i++) if (SURVEY_PARTS.has(words[i])) used.add(i - 1).add(i);
  // "Netflix still climbing?": a word of change after a word of going on is the trend asked, not a name ("Climbing").
  for (let i = 1; i < words.length; i++) if (CONTINUING_WORDS.has(words[i - 1]) && TREND.test(words[i])) used.add(i);
  const found = findSpans(words, used, index, capitals, lang, catalogue, names);
  // "People who exercise at least once a week": the amount names the people, not the topic.
  const groups = amountGroups(words, quantities, found, catalogue, index);
  // "How many Millennials live in Spain?", "people who live in the city": a verb of living before
  // "in" and a market, a region or any other name places the people; it names no answer ("Go live")
  // and no question ("Area lived in").
  const residence = new Set(
    found.filter((s) => words[s.start - 1] === 'in' && RESIDENCE_VERBS.has(words[s.start - 2] ?? '')).flatMap((s) => [s.start - 2, s.start - 1]),
  );
  for (const i of residence) used.add(i);
  const grouped = [
    ...found.filter((s) => !groups.spans.some((g) => g.start < s.end && s.start < g.end) && !(s.end - s.start === 1 && residence.has(s.start))),
    ...groups.spans,
  ].sort((a, b) => a.start - b.start);
  // "Australians interested in Japan as a holiday destination": a market named as an answer is the answer.
  // "People who don't have a car", "adults without a pet": a negated clause with its own answer is one audience.
  // "Homeowners with a mortgage": a group narrowed to one of its answers.
  // "People who used to smoke": the answer naming that past state ("Former smoker").
  const spans = narrowedAudienceSpans(
    words,
    pastStateSpans(words, negatedClauseSpans(words, placesAsAnswers(words, grouped, index), index, catalogue), catalogue),
  );
  for (const s of spans) for (let i = s.start; i < s.end; i++) used.add(i);
  return { raw, lang, words, used, spans, time, limit, quantities: groups.quantities, dimension };
}

export const TIME_WORDS = new Set(G.timeWords);
const RESIDENCE_VERBS = new Set(G.residenceVerbs);
const SURVEY_PARTS = new Set(G.surveyPartNouns);

/**
 * Positions of multi-word names holding a time word ("buy now pay later", "I follow the latest
 * fashion trends"): not time. The name said whole, or a run of it around the time word with two
 * content words or more ("they follow the latest fashion trends").
 */
export function guardedNames(words: string[], index: CatalogueIndex): Set<number> {
  // A comma inside a name ("buy now, pay later") splits no name: the name is read across it.
  const kept = words.flatMap((w, i) => (w === '|' ? [] : [i]));
  return new Set(
    [
      ...guardedIn(
        kept.map((i) => words[i]),
        index,
      ),
    ].map((x) => kept[x]),
  );
}

function guardedIn(words: string[], index: CatalogueIndex): Set<number> {
  const out = new Set<number>();
  const content = (w: string) => !FUNCTION_WORDS.has(w) && !TIME_WORDS.has(w);
  for (let i = 0; i < words.length; i++)
    for (const entry of index.byFirst.get(words[i]) ?? []) {
      if (entry.words.length < 2 || !entry.words.some((w) => TIME_WORDS.has(w))) continue;
      if (entry.words.every((w, k) => words[i + k] === w)) for (let k = 0; k < entry.words.length; k++) out.add(i + k);
    }
  for (const { entry, k } of timeWordsOfNames(index)) {
    const t = entry.words[k];
    for (let j = 0; j < words.length; j++) {
      if (words[j] !== t) continue;
      let from = 0;
      while (k - from - 1 >= 0 && words[j - from - 1] === entry.words[k - from - 1]) from++;
      let to = 0;
      while (k + to + 1 < entry.words.length && words[j + to + 1] === entry.words[k + to + 1]) to++;
      const run = words.slice(j - from, j + to + 1);
      if (run.filter(content).length >= 2) for (let x = j - from; x <= j + to; x++) out.add(x);
    }
  }
  return out;
}

/** Per catalogue index, each time word of a datapoint name of three words or more, by its position in the name: found once, not at every prompt. */
const TIME_WORDS_OF_NAMES = new WeakMap<CatalogueIndex, { entry: Entry; k: number }[]>();

function timeWordsOfNames(index: CatalogueIndex): { entry: Entry; k: number }[] {
  let found = TIME_WORDS_OF_NAMES.get(index);
  if (!found) {
    found = index.entries.flatMap((entry) =>
      entry.kind === 'datapoint' && entry.words.length >= 3 ? entry.words.flatMap((t, k) => (TIME_WORDS.has(t) ? [{ entry, k }] : [])) : [],
    );
    TIME_WORDS_OF_NAMES.set(index, found);
  }
  return found;
}
