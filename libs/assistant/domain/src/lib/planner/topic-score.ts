import { qualifierFit, withoutGroupNames } from './qualifier-fit';
import { writtenAsNames } from './normalise';
import { commonWords } from './word-bounds';
import { CodeName, PlannerCatalogue, PlannerQuestion } from '../assistant.types';
import { CatalogueIndex, lemma } from '../catalogue-index';
import { isFiller, QUERY_WORDS } from '../intents';
import { bandsMeant, TIMES_A_WEEK } from '../quantities';
import { ALL_MARKETS, GROUP_NOUNS } from '../synonyms';
import { stem, typoMatch } from '../text';
import { wordsOf } from './mentions';
import { codeName } from './outcomes';
import { headFits } from './group-heads';
import { groupWordAt } from './relative-heads';
import { asksFrequencies, frequencyStems, GENERIC_VERB_STEMS, leftoverStems, suffixWordsIn, USAGE_NAME, VALUE_WORDS } from './topic-words';
import { isPhrasalFrame, listHeadStems, promptFrame, verbFit, verbFrameOf } from './topic-verbs';
import { KindCues, Reading, Roles, Scored, Span } from './types';

/** The words a topic is chosen by: what is left of the prompt once groups, markets and time are read. */
export interface TopicWords {
  /** Every word of the prompt, padded with a space each side. */
  text: string;
  /** Stems of the free words, with their synonyms. */
  stems: Set<string>;
  /** The free words themselves. */
  free: string[];
  /** Answer-scale words ("aware", "would consider", a verb of buying). */
  suffixWords: { strong: string[]; weak: string[]; custom: boolean };
  /** Frequencies said in words ("daily", "several times a week"). */
  values: string[];
  /** Stems of the words of those frequencies, no other word of the prompt's (a match only for a question of frequencies). */
  frequencyStems: Set<string>;
  /** Free words neither the catalogue nor the words of asking know. */
  unknown: string[];
  /** The datapoint mentions that measure the topic. */
  mentions: Span[];
  /** Stems of the nouns a list is asked of ("which drinks"). */
  listHeads: Set<string>;
  /** What the prompt's verbs fit in a question's words (topic-verbs.ts). */
  verbs: string[] | null;
}

/** The free words of a prompt, the answer-scale and frequency words, and the words nothing knows. */
export function topicWords(reading: Reading, roles: Roles, index: CatalogueIndex): TopicWords {
  const { words } = reading;
  const { stems, words: free } = leftoverStems(reading, (w) => index.vocabulary.has(w));
  const text = ` ${words.join(' ')} `;
  // The scale is said by any word but the names of other things and a group's own clause ("people
  // who drive a diesel car use Spotify": the verb is the group's); a verb read as a cue ("who uses
  // Nike more") still says which row of a grid is meant.
  const otherName = groupWordAt(reading, roles.topicSpans, roles.groupSpans);
  const suffixWords = suffixWordsIn(` ${words.filter((_, i) => !otherName(i)).join(' ')} `);
  // A value said inside a group's name ("people who have never smoked") is the group's, not the topic's.
  const valueText = ` ${words.map((w, i) => (otherName(i) ? '|' : w)).join(' ')} `;
  const values = Object.entries(VALUE_WORDS)
    .filter(([, aliases]) => aliases.some((a) => valueText.includes(` ${a} `)))
    .map(([v]) => v);
  // The words of a frequency said in full ("several times a week") are read, not unknown.
  const valueWords = new Set(
    Object.values(VALUE_WORDS)
      .flat()
      .filter((a) => text.includes(` ${a} `))
      .flatMap((a) => a.split(' ')),
  );
  // "Weekly Pinterest users": a frequency word names an answer of a scale, not the period in a
  // question's name ("Drinks consumed in the last week"), unless another word says that period.
  // A word written in capitals in a prompt that is not shouted ("LINE", "NFL") is a name: unknown
  // unless the catalogue has it, even when it is also a common word.
  const letters = reading.raw.replace(/[^A-Za-z]/g, '');
  const shouted = letters.replace(/[^A-Z]/g, '').length > letters.length * 0.6;
  const capitalNames = new Set(shouted ? [] : [...reading.raw.matchAll(/\b[A-Z]{3,}\b/g)].map((m) => m[0].toLowerCase()));
  const unknown = free.filter(
    (w) =>
      (capitalNames.has(w) && !index.byFirst.has(w) && !QUERY_WORDS.has(w) && !ALL_MARKETS.includes(w)) ||
      (!index.vocabulary.has(w) && !QUERY_WORDS.has(w) && !GROUP_NOUNS.has(w) && !index.stems.has(lemma(w)) && !isFiller(w) && !valueWords.has(w)),
  );
  // A misspelt word of the catalogue ("podcst", "strreaming") is the one known word it is a typo of;
  // a word written as a name ("aware of Natura") only of a name, never of a common word ("nature").
  const names = writtenAsNames(reading.raw);
  const common = commonWords(index);
  for (const u of [...unknown]) {
    if (u.length < 6 || capitalNames.has(u)) continue;
    const asName = names.has(u);
    const meant = new Set([...index.vocabulary].filter((v) => v.length >= 4 && typoMatch(u, v) && !(asName && common.has(v))).map(stem));
    if (meant.size !== 1) continue;
    stems.add([...meant][0]);
    unknown.splice(unknown.indexOf(u), 1);
  }
  return {
    text,
    stems,
    free,
    suffixWords,
    values,
    frequencyStems: frequencyStems(words, free),
    unknown,
    mentions: roles.topicSpans,
    listHeads: listHeadStems(words),
    verbs: promptFrame(words, reading.spans),
  };
}

/** Words of preference: what the favourite brand is asked by. */
const PREFERENCE =
  / (favourite|favorite|favourites|favorites|fav|fave|prefer|prefers|preferred|preference|loyal|loyalty|love|loves|loved|best loved|number one|no 1|top choice) /;

/** What an answer named only by another name loses against an answer of that very name: less than a verb's fit. */
const ALIAS_ONLY = 1;
/** What a verb said with an answer costs a question that does not ask that act. */
const MISFIT = 1;

/** A question's score while it is being added up. */
interface Tally {
  score: number;
  dpHits: number;
  wordHits: number;
  strongCue: boolean;
  namedQuestion: boolean;
  datapoints: CodeName[];
  missed: number;
  /** The prompt's words this question was found by (name words, description words, mentions of its name). */
  evidence: string[];
  covered: Set<string>;
  partialNamed: number;
}

/**
 * Every question something in the prompt points at (held by a mention, or sharing a word),
 * scored and sorted best first.
 */
export function scoreQuestions(reading: Reading, index: CatalogueIndex, catalogue: PlannerCatalogue, cues: KindCues, tw: TopicWords): Scored[] {
  const candidates = new Set<PlannerQuestion>();
  for (const m of tw.mentions) {
    if (m.entry.kind === 'datapoint') for (const r of m.entry.refs) candidates.add(r.question);
    for (const w of m.entry.words) for (const q of index.questionsByStem.get(stem(w)) ?? []) candidates.add(q);
  }
  for (const s of tw.stems) for (const q of index.questionsByStem.get(s) ?? []) candidates.add(q);
  const idfOf = new Map([...tw.stems].map((s) => [s, Math.log(1 + index.questionCount / (index.df.get(s) ?? index.questionCount))]));
  const scored: Scored[] = [];
  const qualifierWords = withoutGroupNames(reading, tw.mentions);
  for (const q of catalogue.questions) {
    if (!candidates.has(q)) continue;
    const s = scoreQuestion(q, reading, index, cues, tw, idfOf, qualifierFit(qualifierWords, q, catalogue));
    if (s) scored.push(s);
  }
  // Ties: a licensed question first; then, for "which"/"most" questions, the question named as a
  // whole ("the most watched esport": Esports watched) over a datapoint of that name.
  const listWanted = cues.ranking && !cues.share;
  scored.sort(
    (a, b) =>
      b.score - a.score ||
      (a.question.entitled === b.question.entitled ? 0 : a.question.entitled ? -1 : 1) ||
      (listWanted ? Number(b.namedQuestion) - Number(a.namedQuestion) : 0),
  );
  return scored;
}

function scoreQuestion(
  q: PlannerQuestion,
  reading: Reading,
  index: CatalogueIndex,
  cues: KindCues,
  tw: TopicWords,
  idfOf: Map<string, number>,
  qualified: number,
): Scored | null {
  const own = index.questionWords.get(q.code);
  if (!own) return null;
  const t: Tally = {
    score: 0,
    dpHits: 0,
    wordHits: 0,
    strongCue: false,
    namedQuestion: false,
    datapoints: [],
    missed: 0,
    evidence: [],
    covered: new Set<string>(),
    partialNamed: 0,
  };
  scoreMentions(t, q, index, cues, tw.mentions, reading, tw.listHeads);
  t.score -= 6 * t.missed;
  scoreStems(t, own, tw, idfOf, asksFrequencies(index, q.code));
  // "music streaming": a qualifier and its noun as the question says them (see `qualifierFit`).
  t.score += qualified;
  if (qualified > 0) t.wordHits++;
  // A question found by words alone ("go to the gym": Sports and activities done, not
  // Subscriptions held): the verbs of the prompt say which act.
  if (t.dpHits === 0 && !t.namedQuestion && t.wordHits > 0) t.score += verbFit(tw.verbs, q);
  let suffix = scoreScale(t, q, reading, index, tw);
  // A brand named with no word of its measure ("Is Shein over-indexed among ...") is its
  // customers: the funnel's usage row, as an open profile reads it; the favourite brand needs a
  // word of preference, a perception a word of its statement.
  const preferred = PREFERENCE.test(tw.text);
  // Ranked brands of a kind with no word of their measure ("top 3 sportswear brands") are ranked by customers too.
  // "Most popular" brands stay the favourite (as in the earlier files).
  const brandsRanked = cues.ranking && t.dpHits === 0 && t.wordHits > 0 && !/\bpopular\b/.test(tw.text);
  if (!suffix && (t.dpHits > 0 || brandsRanked) && !preferred && tw.suffixWords.strong.length === 0 && tw.suffixWords.weak.length === 0) {
    const usage = q.suffixes.find((x) => USAGE_NAME.test(x.name));
    if (usage && /^brand_funnel/.test(q.code)) suffix = usage;
  }
  if (/^favourite_brand/.test(q.code) && (t.dpHits > 0 || brandsRanked) && !preferred) t.score -= 4;
  // Time spent ("Hours spent on social media per day") is meant only when time is asked about:
  // "top social media for boomers" ranks the platforms, not the hours.
  if (/^hours\b/i.test(q.name) && !reading.quantities.some((x) => x.unit !== TIMES_A_WEEK) && !/\b(hour|hours|hrs|time|long|minutes|mins|much)\b/.test(tw.text))
    t.score -= 5;
  // "Which podcasts ...": a list of the things themselves, which a frequency question's answers
  // (daily, weekly) are not, unless how often is asked.
  if (cues.ranking && tw.listHeads.size > 0 && /\bfrequency\b/i.test(q.name) && tw.values.length === 0 && !/ (how often|frequency|frequently) /.test(tw.text))
    t.score -= 3;
  // A grid needs its scale: without a scale word it is not the question meant.
  if (q.suffixes.length > 0 && !suffix) t.score -= 4;
  if (t.dpHits === 0 && t.wordHits === 0) return null;
  if (t.namedQuestion && t.dpHits === 0 && cues.share && !cues.ranking) t.score -= 1.5;
  return {
    question: q,
    score: t.score,
    datapoints: t.datapoints,
    suffix,
    dpHits: t.dpHits,
    wordHits: t.wordHits,
    strongCue: t.strongCue,
    namedQuestion: t.namedQuestion,
    evidence: t.evidence.sort().join('|'),
    coverage: t.covered.size / Math.max(1, own.nameWords),
  };
}

type QuestionWords = NonNullable<ReturnType<CatalogueIndex['questionWords']['get']>>;

/** The datapoints the prompt names: of this question, or words of its name or description. */
function scoreMentions(t: Tally, q: PlannerQuestion, index: CatalogueIndex, cues: KindCues, mentions: Span[], reading: Reading, listHeads: Set<string>): void {
  const { words } = reading;
  const own = index.questionWords.get(q.code) as QuestionWords;
  for (const m of mentions) {
    if (m.entry.kind !== 'datapoint') continue;
    // The verb said with the thing ("have a credit card", "play football") fits the question that asks that act.
    const frame = verbFrameOf(words, m, reading.spans);
    const fit = verbFit(frame, q);
    const refs = m.entry.refs.filter((r) => r.question.code === q.code);
    // "On insta": another name of an answer whose own name the question's name says (Activities on Instagram) is in the name too.
    const inName =
      m.entry.words.every((w) => own.name.has(stem(w))) || m.entry.refs.some((r) => r.alias && wordsOf(r.datapoint.name).every((w) => own.name.has(stem(w))));
    const common = m.entry.words.length === 1 && (index.commonWords.has(m.entry.words[0]) || own.head === stem(m.entry.words[0]));
    if (refs.length === 0) {
      if (inName) {
        t.evidence.push(`n:${m.entry.words.join(' ')}`);
        for (const w of m.entry.words) t.covered.add(stem(w));
      }
      if (inName && (m.entry.words.length > 1 || common)) {
        // The mention names the question itself ("streaming services": Video streaming services used).
        t.score += 10 + (cues.ranking ? 1 : 0) + fit;
        // "Which sports ...": what is listed is the question's answers, not one answer named so.
        if (cues.ranking && m.entry.words.some((w) => listHeads.has(stem(w)))) t.score += 2;
        t.wordHits++;
        t.strongCue = true;
        t.namedQuestion = true;
      } else if (inName) {
        // A mention the question does not have, but its name does ("YouTube Shorts": Activities on YouTube).
        t.score += 4;
        t.wordHits++;
      } else if (m.entry.words.every((w) => own.name.has(stem(w)) || own.description.has(stem(w)))) {
        // A thing the question's description names ("channels": Grocery shopping channels): it fits, a little.
        t.score += 2;
        t.evidence.push(`d:${m.entry.words.join(' ')}`);
      } else if (m.entry.words.every((w) => index.commonWords.has(w)) && m.entry.words.some((w) => own.name.has(stem(w)))) {
        // Common words, not a name, partly the question's own ("video games": Why people play
        // games): read as words, not as a thing the question lacks.
        for (const w of m.entry.words)
          if (own.name.has(stem(w))) {
            t.score += 3 * Math.log(1 + index.questionCount / (index.df.get(stem(w)) ?? index.questionCount));
            t.covered.add(stem(w));
            t.partialNamed++;
          }
        t.evidence.push(`p:${m.entry.words.join(' ')}`);
      } else t.missed++;
      continue;
    }
    t.dpHits++;
    // A verb and particle said with the answer that this question does not ask ("pay for a
    // streaming service": not where ads were noticed) make it a worse reading.
    t.score += (m.typo ? 9 : refs.every((r) => r.partial) ? 7 : common ? 8 : 10) + (fit === 0 && isPhrasalFrame(frame) ? -MISFIT : fit);
    // A phrase that is one answer's own name and only another name of this question's ("Amazon
    // Prime": the Prime subscription, and another name of Prime Video) names the answer so called,
    // unless the words around it say this question's act ("watch Amazon Prime") or name its answers.
    if (refs.every((r) => r.alias) && m.entry.refs.some((r) => !r.alias && !r.partial)) t.score -= ALIAS_ONLY;
    // Use and ownership of a named thing: the question whose datapoint it is, usage before brand grids.
    if (USAGE_NAME.test(q.name) && !/^(brand_|favourite_)/.test(q.code)) t.score += 0.8;
    if (/^(brand_perception|favourite_brand)/.test(q.code)) t.score -= 0.6;
    // "Basketball fans": the question of following, not of playing (group-heads.ts).
    if (headFits(words[m.end], q.name)) t.score += 1;
    // Fewer questions holding the name: a more telling mention.
    const holders = new Set(m.entry.refs.map((r) => r.question.code)).size;
    t.score += 1 / holders;
    for (const r of refs) if (!t.datapoints.some((d) => d.code === r.datapoint.code)) t.datapoints.push(codeName(r.datapoint));
  }
}

/** The free words that are words of the question's name or description, weighted by rarity. */
function scoreStems(t: Tally, own: QuestionWords, tw: TopicWords, idfOf: Map<string, number>, ofFrequencies: boolean): void {
  let named = t.partialNamed;
  for (const s of tw.stems) {
    if (tw.frequencyStems.has(s) && !ofFrequencies) continue;
    const idf = idfOf.get(s) as number;
    const generic = GENERIC_VERB_STEMS.has(s);
    if (own.name.has(s) || own.description.has(s)) t.evidence.push(s);
    if (own.name.has(s)) t.covered.add(s);
    if (own.name.has(s)) {
      // The noun a list is asked of ("which drinks") as the thing the question is about, its
      // name's first word ("Drinks consumed"), over a word further in ("Alcohol drinking frequency").
      t.score += (generic ? 1.5 : 3 * idf) + (s === own.head && tw.listHeads.has(s) ? 0.5 : 0);
      named++;
      if (!generic) {
        t.wordHits++;
        t.strongCue = true;
      }
    } else if (own.description.has(s)) {
      t.score += generic ? 0.5 : idf;
      if (!generic) t.wordHits++;
    }
  }
  if (named > 0) t.score += (2 * named) / Math.max(1, own.nameSize);
}

/**
 * Whether the words of `name` are said in order with words of the question's name between them
 * (at most two in a row, at least one in all: a name said whole is a span of its own).
 */
export function saidApart(words: readonly string[], name: readonly string[], gap: (w: string) => boolean): boolean {
  for (let i = 0; i < words.length; i++) {
    if (words[i] !== name[0]) continue;
    let at = i;
    let gaps = 0;
    let k = 1;
    while (k < name.length) {
      let skipped = 0;
      while (words[at + 1] !== undefined && words[at + 1] !== name[k] && gap(words[at + 1]) && skipped < 2) {
        at++;
        skipped++;
      }
      if (words[at + 1] !== name[k]) break;
      gaps += skipped;
      at++;
      k++;
    }
    if (k === name.length && gaps > 0) return true;
  }
  return false;
}

/** Answer-scale words: a grid's suffix, the bands of an amount, a frequency question's datapoint. */
function scoreScale(t: Tally, q: PlannerQuestion, reading: Reading, index: CatalogueIndex, tw: TopicWords): CodeName | null {
  let suffix: CodeName | null = null;
  const names = index.normalisedNames.get(q.code) ?? { suffixes: [], datapoints: [] };
  for (const word of tw.suffixWords.strong) {
    const match = q.suffixes.find((_, k) => names.suffixes[k] === word);
    if (match) {
      suffix = match;
      t.score += 6;
      t.strongCue = true;
      break;
    }
  }
  if (!suffix && q.suffixes.length > 0)
    for (const word of tw.suffixWords.weak) {
      const match = q.suffixes.find((_, k) => names.suffixes[k] === word);
      if (match) {
        // A verb of using or buying fits a grid that asks it ("eating at" a fast food chain).
        suffix = match;
        if (tw.suffixWords.custom) t.score += 1;
        break;
      }
    }
  // Amounts: the bands of a banded question inside what was asked ("more than four hours").
  if (q.suffixes.length === 0 && reading.quantities.length > 0) {
    const bands = index.bands.get(q.code) ?? [];
    const meant = new Set(reading.quantities.flatMap((x) => bandsMeant(bands, x)));
    const inside = q.datapoints.filter((_, k) => meant.has(k));
    if (inside.length > 0) {
      for (const d of inside) if (!t.datapoints.some((x) => x.code === d.code)) t.datapoints.push(codeName(d));
      t.score += 6;
      t.strongCue = true;
    }
  }
  // An answer of a scale said around the question's own words ("trust influencers a lot": the
  // answer "Trust a lot" of "Trust in influencers").
  if (q.suffixes.length === 0 && t.dpHits === 0) {
    const own = index.questionWords.get(q.code);
    const gap = (w: string) => own !== undefined && own.name.has(stem(w));
    q.datapoints.forEach((d, k) => {
      const name = names.datapoints[k]?.split(' ') ?? [];
      if (name.length >= 2 && saidApart(reading.words, name, gap) && !t.datapoints.some((x) => x.code === d.code)) {
        t.datapoints.push(codeName(d));
        t.score += 6;
        t.strongCue = true;
      }
    });
  }
  if (q.suffixes.length === 0)
    for (const v of tw.values) {
      const d = q.datapoints.find((_, k) => names.datapoints[k] === v || VALUE_WORDS[v].includes(names.datapoints[k]));
      if (d && !t.datapoints.some((x) => x.code === d.code)) {
        t.datapoints.push(codeName(d));
        t.score += 6;
        t.strongCue = true;
      }
    }
  return suffix;
}
