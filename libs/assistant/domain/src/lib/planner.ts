import {
  AnalysisKind,
  AnalysisPlan,
  CodeName,
  PlanAudience,
  PlannerCatalogue,
  PlannerDataset,
  PlannerLocation,
  PlannerQuestion,
  PlanOutcome,
  PlanTopic,
  RefusalReason,
} from './assistant.types';
import { CatalogueIndex, DatapointRef, Entry, indexOf, lemma, mayBeTypo, wordMatches } from './catalogue-index';
import {
  BASE_PHRASES,
  COMPARISON_CUES,
  cueRegex,
  cueTypo,
  DIFFERENCE_CUES,
  INDEX_CUES,
  isFiller,
  QUERY_WORDS,
  RANKING_CUES,
  SHARE_CUES,
  TREND_CUES,
} from './intents';
import { romanise, soundKey } from './katakana';
import { detectLanguage, Language, translateJapanese, translateWords } from './languages';
import { AGE_BANDS, ALL_MARKETS, GROUP_NOUNS, SUFFIX_ALIASES, TOPIC_SYNONYMS, WEAK_SUFFIX_WORDS } from './synonyms';
import { FUNCTION_WORDS, normalize, numberWord, stem, STOPWORDS, typoDistance, typoMatch } from './text';
import { bandInside, Interval, Quantity, readQuantities } from './quantities';
import { FUTURE, readTime, TimeReading } from './time';
import { chooseUniverse, DEFAULT_WAVE_COUNT } from '@aas/query-rules-domain';
import { planInContext } from './planner/in-context';

export const EVERYONE: PlanAudience = {
  id: 'all',
  name: 'All respondents',
  description: 'Every respondent of the selected markets and waves.',
  expression: {},
  origin: 'everyone',
};

/** How many datapoints a ranking lists when the prompt gives no number. */
export const DEFAULT_LIMIT = 5;
/** Datapoints an open indexing answer lists when the prompt gives no number. */
export const DEFAULT_OPEN_LIMIT = 10;
export const MAX_LIMIT = 20;

export interface PlanInput {
  prompt: string;
  catalogue: PlannerCatalogue;
  /** The previous answered turn's plan in this chat, for follow-ups. */
  previous?: AnalysisPlan | null;
  /** Audiences docked to the request, already checked as readable by the caller. */
  docked?: PlanAudience[];
}

/**
 * Turns a prompt (with the chat's previous plan) into a plan to compute, a refusal, or a
 * clarifying question. An interface so that a model-backed planner can stand in for the rules.
 */
export interface Planner {
  plan(input: PlanInput): PlanOutcome;
}

/** The planner of rules: parses markets, audiences, time, the kind of question and the topic. */
export class RuleBasedPlanner implements Planner {
  plan(input: PlanInput): PlanOutcome {
    return planPrompt(input);
  }
}

/** Chat shorthand and common misspellings of function words, read as the words they stand for. */
const SHORTHAND: Record<string, string> = {
  teh: 'the',
  wat: 'what',
  whats: 'what',
  wht: 'what',
  ppl: 'people',
  u: 'you',
  pls: 'please',
  plz: 'please',
  thx: 'thanks',
  yr: 'year',
  yrs: 'years',
  hw: 'how',
  abt: 'about',
  w: 'with',
  vs: 'vs',
  v: 'vs',
  qtr: 'quarter',
  qtrs: 'quarters',
  mnths: 'months',
  cmpare: 'compare',
  fav: 'favourite',
  wich: 'which',
  whch: 'which',
  whcih: 'which',
  waht: 'what',
  hwo: 'how',
  amoung: 'among',
  thru: 'through',
  compair: 'compare',
  n: 'and',
  fave: 'favourite',
  favs: 'favourite',
  faves: 'favourite',
};

/** Words that join two sides of a comparison. */
const CONNECTORS = new Set(['or', 'vs', 'versus', 'against', 'and', 'than', 'compared', 'between', 'plus']);

/** Words that may sit between two parts of one audience ("women aged 25-34", "Gen Z who are parents"). */
const GLUE = new Set([
  'who',
  'are',
  'is',
  'in',
  'that',
  'of',
  'the',
  'people',
  'aged',
  'living',
  'based',
  'from',
  'with',
  'which',
  'those',
  'internet',
  'adults',
  'online',
]);

const FOLLOW_UP_START = [
  'and',
  'what about',
  'how about',
  'what if',
  'same',
  'now',
  'ok',
  'okay',
  'also',
  'then',
  'only',
  'just',
  'but',
  'vs',
  'versus',
  'compare with',
  'compare to',
  'compared with',
  'compared to',
  'among',
  'in',
  'for',
  'show it',
  'show that',
  'show me that',
  'do they',
  'does it',
  'is it',
  'and in',
];

const REFERENCES = new Set(['that', 'it', 'them', 'they', 'this', 'these', 'those', 'there']);

/** Words that refer to people named elsewhere (an earlier prompt, a docked audience). */
const PEOPLE_REFERENCES = new Set(['they', 'them', 'their', 'theirs']);
const GROUP_WORDS = new Set(['group', 'groups', 'audience', 'audiences', 'segment', 'segments', 'people', 'two', 'ones']);

type SpanKind = Entry['kind'] | 'age' | 'us';

interface Span {
  start: number;
  end: number;
  entry: Entry;
  typo: boolean;
  /** Positions inside the span that are not words of the name (a name said in other words). */
  loose?: number[];
  /** Typos between the prompt's words and the name's. */
  cost?: number;
  /** A typo as close to other names as to its own: every name it may stand for. */
  rivals?: string[];
}

const PRIORITY: Record<SpanKind, number> = { audience: 1, market: 1, region: 1, us: 1, age: 1, place: 2, datapoint: 3 };

/** A prompt's words with what each was taken for. */
interface Reading {
  raw: string;
  lang: Language;
  words: string[];
  used: Set<number>;
  spans: Span[];
  time: TimeReading;
  limit: number | undefined;
  /** Amounts with a unit ("under five hours"): they pick the bands of a banded question. */
  quantities: Quantity[];
}

/**
 * Reads a prompt against the catalogue: markets, audiences, time, the kind of question and the
 * topic, merged with the chat's previous plan for a follow-up. Pure: everything it needs is in
 * `input`. It refuses (not in the data, not licensed, a forecast) or asks back (two close
 * readings, nothing to go on) rather than answer another question.
 */
export function planPrompt(input: PlanInput): PlanOutcome {
  return planInContext(input, planQuestion);
}

/** Plans one question (the context stage has already set a brief's context aside). */
function planQuestion(input: PlanInput): PlanOutcome {
  const { catalogue } = input;
  const previous = readablePlan(input.previous);
  const docked = input.docked ?? [];
  const raw = input.prompt.trim();
  if (raw.length === 0) return refuse('not-understood', 'The prompt is empty: ask about an audience, a topic, a market or a period.');
  const index = indexOf(catalogue);
  const reading = read(raw, catalogue, index);
  const { words } = reading;
  const text = ` ${words.join(' ')} `;

  if (isForecast(text)) return refuse('no-data', 'I can only report what the survey measured; I do not forecast future waves.');
  const doubtful = reading.spans.find((s) => s.rivals);
  if (doubtful?.rivals) return clarify(`Did you mean ${doubtful.rivals.map((r) => `“${titleCase(r)}”`).join(' or ')}?`, doubtful.rivals);
  if (reading.time.refusal) return refuse(reading.time.refusal.reason, reading.time.refusal.message);

  // Places outside the data: say so rather than answer for every market.
  const place = reading.spans.find((s) => s.entry.kind === 'place');
  if (place && place.entry.kind === 'place') {
    const available = catalogue.locations.filter((l) => l.entitled).map((l) => l.name);
    return refuse('no-data', `The survey has no data for ${place.entry.name}. Markets available to you: ${available.join(', ')}.`);
  }

  // Markets (and regions, side by side).
  const markets: PlannerLocation[] = [];
  for (const span of reading.spans) {
    const e = span.entry;
    const list = e.kind === 'market' ? [e.location] : e.kind === 'region' ? e.locations : [];
    for (const l of list) if (!markets.includes(l)) markets.push(l);
  }
  const unlicensed = markets.find((l) => !l.entitled);
  if (unlicensed) return refuse('not-entitled', `Your organisation does not license data for ${unlicensed.name}.`);
  const allMarkets =
    ALL_MARKETS.some((p) => text.includes(` ${p} `)) ||
    /\b(all|every) (\w+ )?(of )?(our|my|your|the)? ?(markets|countries)\b/.test(text) ||
    // "our four markets", "my markets": every market licensed to the organisation.
    /\b(our|my) (\w+ )?(markets|countries)\b/.test(text);
  for (let i = 0; i < words.length; i++)
    if (
      ALL_MARKETS.includes(words[i]) ||
      (['markets', 'countries'].includes(words[i]) && ['all', 'our', 'every', 'the', 'four', 'nine'].includes(words[i - 1] ?? ''))
    )
      reading.used.add(i);
  // "Contrast all our markets", "in each market", "market by market": every licensed market, side by side.
  const eachMarket = /\b(each|per|by) (market|country)\b|\b(market by market|country by country|in each of (our|the) markets)\b/.test(text);
  if (markets.length === 0 && (eachMarket || (allMarkets && COMPARISON.test(text) && !/\b(worldwide|globally|global|overall)\b/.test(text))))
    markets.push(...catalogue.locations.filter((l) => l.entitled));

  // Audiences and topic mentions, and which are which.
  // Words inside a name ("Sleep tracking", "Buy now pay later") are not cues of the kind of answer.
  const kindCues = readKind(
    ` ${words.map((w, i) => (reading.spans.some((s) => s.entry.kind === 'datapoint' && i >= s.start && i < s.end) ? '_' : w)).join(' ')} `,
  );
  askedDemographics(reading, catalogue);
  // "Do they over-index on Netflix?" with nothing before it: "they" refers to no one (asked
  // once the topic is known to be in the data).
  const they = words.findIndex((w, i) => PEOPLE_REFERENCES.has(w) || (['this', 'these', 'those'].includes(w) && GROUP_WORDS.has(words[i + 1] ?? '')));
  const noOne = they >= 0 && previous === null && docked.length === 0 && !reading.spans.some((s) => s.start < they);
  const contextAudience =
    docked.length > 0 || (previous !== null && previous.audiences.some((a) => a.origin !== 'everyone') && isFollowUpText(text, previous)) || they >= 0;
  // A difference between several named markets is a comparison of them, not a profile.
  const profiling = (kindCues.indexing || kindCues.explicitIndex) && (kindCues.explicitIndex || markets.length <= 1);
  const roles = assignRoles(reading, index, catalogue, { indexing: profiling, contextAudience });
  // "Are parents more likely to use X?": one group against everyone else is an index; two groups, a comparison.
  if (/\b(more|less) likely\b/.test(text) && roles.sides.length <= 1 && markets.length <= 1) {
    kindCues.indexing = true;
    kindCues.openIndexing = true;
  }
  // "What are Gen Z into compared to everyone else?": one group read against the base is an index.
  const previousGroup = previous !== null && previous.audiences.length === 1 && previous.audiences[0].origin !== 'everyone';
  const oneGroup = roles.sides.length === 1 || (roles.sides.length === 0 && (docked.length === 1 || they >= 0 || previousGroup));
  if (BASE_CONTRAST.test(text) && oneGroup && markets.length <= 1) {
    kindCues.indexing = true;
    kindCues.openIndexing = true;
    // Set against a base in words, it is an index proper: a follow-up keeps its topic.
    kindCues.explicitIndex = true;
  }
  // "How do men and women differ on X?": a difference between two named sides is a comparison, not an index.
  if (!kindCues.explicitIndex && (roles.sides.length > 1 || markets.length > 1)) {
    kindCues.indexing = false;
    kindCues.openIndexing = false;
  }
  // "the number of Spotify users in Germany" is a headcount too (not "the number of holidays").
  const count =
    (/\b(how many|number of people|how many people|headcount|how many is that|how many are there)\b/.test(text) || NUMBER_OF_GROUP.test(text)) &&
    !/\bhow many (hours|times|days|minutes|waves|quarters|brands|platforms|devices)\b/.test(text);

  // The topic.
  const topicChoice = chooseTopic(reading, roles, index, catalogue, kindCues);
  const followingUp = previous !== null && isFollowUpText(text, previous);
  if (followingUp && !topicChoice.confident) {
    topicChoice.topic = null;
    topicChoice.question = null;
    topicChoice.outcome = undefined;
  }
  if (topicChoice.outcome) return topicChoice.outcome;
  if (noOne && topicChoice.topic)
    return clarify(
      `Who do you mean by “${words[they]}${GROUP_WORDS.has(words[they + 1] ?? '') ? ` ${words[they + 1]}` : ''}”? Name an audience (for example Gen Z, parents or women) or dock one.`,
      [],
    );
  let topic = topicChoice.topic;
  // "How does Gen Z differ from Millennials?", "what makes Gen Z in the UK and Germany different?":
  // a difference with no topic profiles each side (audience or market) against the base.
  // "Tell me about Gen Z in Germany", "what are Luxury fashion buyers like?", "a portrait of
  // parents": with no topic, a request to describe a group is its open profile.
  const describe = PROFILE_REQUEST.test(text) && (roles.sides.length > 0 || docked.length > 0);
  if (!topic && !kindCues.openIndexing && (describe || (DIFFERENCE.test(text) && (roles.sides.length > 1 || markets.length > 1) && roles.sides.length > 0))) {
    kindCues.indexing = true;
    kindCues.openIndexing = true;
  }
  let topicQuestion = topicChoice.question;

  // A demographic the prompt asks about is the topic ("what share of Germans are parents?").
  if (!topic && roles.sides.length === 1 && roles.sides[0].length === 1 && !kindCues.indexing && !kindCues.trend && !isFollowUpText(text, previous)) {
    const only = roles.sides[0][0];
    const leaf = singleLeaf(only.expression);
    // "What share of Germans are parents?", and in messy shorthand "dog owners in spain share",
    // "electric car owners germany percent": a group of owners or users is what is counted.
    const ownersOrUsers = words.some((w) => GROUP_NOUNS.has(w));
    const asked = leaf && (/\b(are|is|who are|being)\b/.test(text) || ownersOrUsers) && (kindCues.share || count);
    if (leaf && asked) {
      const q = catalogue.questions.find((x) => x.code === leaf.question);
      if (q) {
        topic = {
          question: q.code,
          questionName: q.name,
          datapoints: q.datapoints.filter((d) => leaf.datapoints.includes(d.code)).map(codeName),
          suffix: null,
        };
        topicQuestion = q;
        roles.sides = [];
      }
    }
  }

  // "How many are there in the US?", "how big is this audience in France?" with one audience docked
  // and nothing else asked: the size of that audience, its defining answer counted among everyone.
  let dockedAsTopic = false;
  const sizing = count || /\bhow (big|large)\b|\bsize of\b|\bsized?\b/.test(text);
  if (
    !topic &&
    !topicChoice.mentioned &&
    roles.sides.length === 0 &&
    docked.length === 1 &&
    previous === null &&
    sizing &&
    !kindCues.trend &&
    !kindCues.indexing
  ) {
    const leaf = singleLeaf(docked[0].expression);
    const q = leaf ? catalogue.questions.find((x) => x.code === leaf.question) : undefined;
    if (leaf && q) {
      topic = { question: q.code, questionName: q.name, datapoints: q.datapoints.filter((d) => leaf.datapoints.includes(d.code)).map(codeName), suffix: null };
      topicQuestion = q;
      dockedAsTopic = true;
    }
  }

  // A question is never measured on the audience it defines (that would be 100%): in a profile
  // the question is the audience's ("skews among people in rural areas"); otherwise the
  // demographic is what is asked about ("what proportion of Americans live in rural areas?").
  if (topic && roles.sides.length === 1) {
    const side = roles.sides[0];
    const defining = side.filter((a) => questionsOf(a.expression, new Set()).has((topic as PlanTopic).question));
    if (defining.length > 0) {
      if (kindCues.indexing || kindCues.openIndexing) {
        if (topic.datapoints.length > 0 || topicChoice.mentioned) defining.length = 0;
      }
      if (defining.length === 0) {
        // A datapoint of the audience's own question named as what it is measured on: kept.
      } else if (kindCues.indexing || kindCues.openIndexing) {
        topic = null;
        topicQuestion = null;
      } else if (defining.length === 1 && topic.datapoints.length === 0 && singleLeaf(defining[0].expression)) {
        const leaf = singleLeaf(defining[0].expression) as { question: string; datapoints: string[] };
        const q = catalogue.questions.find((x) => x.code === leaf.question);
        if (q) {
          topic = { ...topic, datapoints: q.datapoints.filter((d) => leaf.datapoints.includes(d.code)).map(codeName) };
          roles.sides = side.length > 1 ? [side.filter((a) => a !== defining[0])] : [];
        }
      }
    }
  }

  // "Gen Z in Japan vs Gen Z in the US": the same audience on both sides of a market comparison is one audience.
  let audiences = uniqueAudiences(roles.sides.map((side) => combine(side)));
  const named = audiences.length > 0;
  const followUp = previous !== null && (isFollowUpText(text, previous) || (!topic && !kindCues.openIndexing));
  let kind: AnalysisKind;
  let locations: CodeName[] = markets.map(codeName);
  let waves = reading.time.waves.map(codeName);
  let limit = reading.limit;
  let countWanted = count;
  let ascending = /\b(least|lowest|bottom|fewest|less popular|least popular)\b/.test(text);
  const notes: string[] = [];
  if (topicChoice.alternative && topic?.question === topicChoice.question?.code) notes.push(topicChoice.alternative);

  if (previous && followUp) {
    // A follow-up keeps everything the new prompt does not change.
    const startsWithAnd = /^ and\b/.test(text) || /^ (also|plus)\b/.test(text);
    // "vs Spain", "compare it with men", "add Spain too", "include Boomers as well": another side.
    const adds =
      /^ (vs|versus|compare with|compare to|compared with|compared to|against|add|include|plus)\b/.test(text) ||
      /\bcompare (it |that |them )?(with|to)\b/.test(text) ||
      /\b(too|as well)\b/.test(text);
    const narrows = /^ (only|just)\b/.test(text);
    // A new answer scale for the same thing ("what about considering it?"): the thing stays.
    const onlyScale = topic && previous.topic && !topicChoice.mentioned && topic.suffix && topic.datapoints.length === 0;
    const previousScale = onlyScale
      ? catalogue.questions.find((q) => q.code === previous.topic?.question)?.suffixes.find((x) => x.name === topic?.suffix?.name)
      : undefined;
    if (onlyScale && previousScale && previous.topic) {
      topic = { ...previous.topic, suffix: codeName(previousScale) };
      topicQuestion = catalogue.questions.find((q) => q.code === previous.topic?.question) ?? null;
    } else if (topic) {
      if (topicQuestion && topic.question === previous.topic?.question && topic.datapoints.length === 0 && previous.topic)
        topic = { ...previous.topic, suffix: topic.suffix ?? previous.topic.suffix };
    } else if (kindCues.openIndexing && !kindCues.explicitIndex && !/\b(it|that|this)\b/.test(text)) {
      // "what else makes them different?": the open profile of the same audience, past the old topic.
      topic = null;
      topicQuestion = null;
    } else topic = previous.topic;
    if (named) {
      if (narrows && previous.audiences.length === 1 && previous.audiences[0].origin !== 'everyone')
        audiences = [combine([previous.audiences[0], ...audiences])];
      else if ((startsWithAnd && previous.audiences.length > 1) || adds)
        audiences = uniqueAudiences([...previous.audiences.filter((a) => a.origin !== 'everyone'), ...audiences]);
    } else audiences = previous.audiences.filter((a) => a.origin !== 'everyone');
    if (markets.length > 0) {
      if ((startsWithAnd && previous.locations.length > 1) || (adds && !named)) locations = uniqueCodes([...previous.locations, ...locations]);
    } else if (!allMarkets) locations = previous.locations;
    const previousBase: AnalysisKind =
      previous.kind === 'comparison' ? (previous.topic && previous.topic.datapoints.length > 0 ? 'share' : 'ranking') : previous.kind;
    if (kindCues.trend || reading.time.pointsInTime || reading.time.perWave) kind = 'trend';
    else if (kindCues.indexing || (!topic && previous.kind === 'indexing')) kind = 'indexing';
    else if ((limit !== undefined || kindCues.ranking) && previous.kind !== 'indexing')
      kind = topic && topic.datapoints.length > 0 && limit === undefined ? previousBase : 'ranking';
    else kind = previousBase;
    if (kind === 'ranking' && topic && limit !== undefined && topic.datapoints.length > 0 && previous.topic?.question === topic.question)
      topic = { ...topic, datapoints: [] };
    if (waves.length === 0) {
      if (kind === 'trend' && previous.kind !== 'trend') waves = [];
      else waves = previous.waves;
    }
    if (limit === undefined) limit = previous.limit;
    countWanted = count || previous.count;
    if (!/\b(least|lowest|bottom|fewest)\b/.test(text)) ascending = previous.ascending;
  } else {
    if (!topic && !kindCues.openIndexing) {
      if (topicChoice.unknown.length > 0) return noTopic(reading, index, topicChoice.unknown);
      if (previous === null && (isFollowUpText(text, null) || roles.sides.length > 0 || markets.length > 0 || reading.time.waves.length > 0)) {
        const what = describeGiven(audiences, markets, reading);
        return clarify(
          what
            ? `What would you like to know about ${what}? For example the share who use a social platform, own a device or buy a brand.`
            : 'What would you like to know? Name a topic (for example a social platform, a streaming service or a brand), and an audience or a market if you like.',
          [],
        );
      }
      return noTopic(reading, index, topicChoice.unknown);
    }
    if (
      kindCues.trend ||
      reading.time.pointsInTime ||
      reading.time.perWave ||
      (reading.time.range && reading.time.waves.length > DEFAULT_WAVE_COUNT && !kindCues.share && /\bover the (last|past)\b|\bsince\b/.test(text))
    )
      kind = 'trend';
    else if (kindCues.indexing || kindCues.openIndexing) kind = 'indexing';
    else kind = topic && topic.datapoints.length > 0 ? 'share' : 'ranking';
  }

  // Docked audiences are the answer's audiences when the prompt names none.
  if (dockedAsTopic) audiences = [];
  else if (!named && audiences.length === 0 && docked.length > 0) audiences = docked;
  else if (!named && (previous === null || !followUp) && docked.length > 0) audiences = docked;
  // "Compare them with Millennials", "do they use it more than men?", "vs men: Instagram": the
  // docked audience is one side, the one named the other.
  else if (
    named &&
    docked.length > 0 &&
    !followUp &&
    (they >= 0 || /^ (compare|compared|comparing|contrast|vs|versus|against)\b/.test(text)) &&
    (kindCues.comparison || /\bthan\b/.test(text))
  )
    audiences = uniqueAudiences([...docked, ...audiences]);
  if (audiences.length === 0) audiences = [EVERYONE];

  if (kind === 'indexing' && !topic && audiences.every((a) => a.origin === 'everyone'))
    return clarify('Which audience should I profile? An index compares an audience (for example Gen Z, parents or women) with all respondents.', []);
  if (!topic && kind !== 'indexing') return noTopic(reading, index, topicChoice.unknown);
  if (kind === 'share' && topic && topic.datapoints.length === 0) kind = 'ranking';
  if ((kind === 'share' || kind === 'ranking') && (audiences.length > 1 || locations.length > 1)) kind = 'comparison';

  // One respondent universe: the dataset(s) holding every question the plan uses.
  const universe = chooseDatasets(
    catalogue,
    topicQuestion ?? (topic ? catalogue.questions.find((q) => q.code === topic?.question) : undefined),
    audiences,
    locations,
  );
  if ('refusal' in universe) return universe.refusal;
  const dataset = universe.dataset;

  // Where and when that dataset was fielded.
  const fielded = dataset.fielded;
  if (fielded) {
    const missing = locations.find((l) => !fielded.locations.includes(l.code));
    if (missing)
      return refuse(
        'no-data',
        `${topic ? `“${topic.questionName}”` : 'That'} is asked in the ${dataset.name} dataset, which was not fielded in ${missing.name}.`,
      );
    const absent = waves.find((w) => !fielded.waves.includes(w.code));
    if (absent && reading.time.waves.length > 0) return refuse('no-data', `The ${dataset.name} dataset has no data for ${absent.name}.`);
  }
  const licensedWaves = catalogue.waves.filter((w) => w.entitled && (!fielded || fielded.waves.includes(w.code))).map(codeName);
  if (licensedWaves.length === 0) return refuse('not-entitled', 'Your organisation has no licensed waves for that data.');
  if (waves.length === 0) waves = kind === 'trend' ? licensedWaves : licensedWaves.slice(-DEFAULT_WAVE_COUNT);
  if (kind === 'trend' && waves.length < 2) {
    waves = licensedWaves;
    notes.push('A trend needs several waves, so I used every wave available to you.');
  }
  if (reading.time.waves.length > 0 && reading.time.waves.some((w) => !waves.some((x) => x.code === w.code)))
    waves = waves.filter((w) => licensedWaves.some((x) => x.code === w.code));
  const yearAsked = words.find((w) => /^(19|20)\d\d$/.test(w));
  if (yearAsked && waves.length > 0 && waves.length < 4 && !reading.time.range && reading.time.waves.length > 0 && kind !== 'trend')
    notes.push(`Of ${yearAsked}, ${wavesText(waves)} ${waves.length === 1 ? 'is' : 'are'} in the data and available to you.`);

  const explicitLimit = limit !== undefined;
  if (!explicitLimit)
    limit = singularSuperlative(text, kind) || singularWhich(words, kind) ? 1 : kind === 'indexing' && !topic ? DEFAULT_OPEN_LIMIT : DEFAULT_LIMIT;
  const plan: AnalysisPlan = {
    kind,
    topic,
    audiences,
    locations,
    splitByLocation: locations.length > 1,
    waves,
    splitByWave: kind === 'trend',
    limit: Math.min(MAX_LIMIT, Math.max(1, limit as number)),
    ascending,
    count: countWanted,
    dataset: codeName(dataset),
  };
  return { outcome: 'answer', plan, notes };
}

function refuse(reason: RefusalReason, message: string, unknown: string[] = []): PlanOutcome {
  return { outcome: 'refuse', reason, message, unknown };
}

function clarify(message: string, options: string[]): PlanOutcome {
  return { outcome: 'clarify', message, options };
}

const codeName = (x: CodeName): CodeName => ({ code: x.code, name: x.name });

/** A stored plan of an older shape (or anything unreadable) is no context: the chat starts afresh. */
function readablePlan(plan: AnalysisPlan | null | undefined): AnalysisPlan | null {
  if (!plan || typeof plan !== 'object') return null;
  const p = plan as Partial<AnalysisPlan>;
  if (
    !('topic' in p) ||
    !Array.isArray(p.audiences) ||
    !Array.isArray(p.locations) ||
    !Array.isArray(p.waves) ||
    typeof p.dataset !== 'object' ||
    p.dataset === null
  )
    return null;
  return plan;
}

function isForecast(text: string): boolean {
  if (/\b(plan|plans|planning|intend|intends|intention|intentions|expect to buy|planning to buy)\b/.test(text)) return false;
  if (FUTURE.test(text)) return true;
  if (/\bwill\b.*\bbe\b/.test(text) || /\bin (\d+|two|three|four|five|ten) years\b/.test(text)) return true;
  // "likely to keep growing", "where is TikTok heading?", "what will happen to...": what is to come.
  if (
    /\b(keep|keeps|continue to|continues to|carry on) (grow|growing|rising|rise|falling|fall|declining|decline|increasing|increase|shrinking|dropping)\b|\bwill happen\b|\bhead(ing|ed)\b|\bgoing forward\b|\bin the coming (months|years|quarters|waves)\b/.test(
      text,
    )
  )
    return true;
  // "Will Threads keep growing?", "will TikTok grow in Spain?": a change yet to come.
  if (/\b(will|going to|gonna) (keep|continue|carry on|still)\b/.test(text)) return true;
  const future = text.search(/\b(will|going to|gonna)\b/);
  if (future >= 0 && !/\b(will|would|could|can) you\b/.test(text) && TREND.test(text.slice(future))) return true;
  return /\b(preve|prevision|prognose)\b/.test(text);
}

function wavesText(waves: CodeName[]): string {
  return waves.length === 1 ? waves[0].name : `${waves[0].name} to ${waves[waves.length - 1].name}`;
}

// ---------------------------------------------------------------------------------------------
// Reading the words

function read(raw: string, catalogue: PlannerCatalogue, index: CatalogueIndex): Reading {
  const lang = detectLanguage(raw);
  // Abbreviations written with dots ("U.S.", "EE. UU.") are one name, not sentence ends.
  const undotted = raw
    .replace(/#\s?(\d+)/g, ' top $1 ')
    // "top5", "top10": the number apart.
    .replace(/\b(top|bottom)(\d+)\b/gi, '$1 $2')
    // Slashed shorthand: "b/w" between, "w/o" without, "w/" with.
    .replace(/\bb\/w\b/gi, ' between ')
    .replace(/\bw\/o\b/gi, ' without ')
    .replace(/\bw\//gi, ' with ')
    // "men/women", "gen z/millennials", "uk/germany": alternatives side by side, never both at once.
    .replace(/([A-Za-z])\s*\/\s*(?=[A-Za-z])/g, '$1 or ')
    .replace(/\b(?:[A-Za-z]{1,2}\.\s?){2,}/g, (m) => `${m.replace(/\./g, '').trim()} `);
  const text = lang === 'ja' ? translateJapanese(undotted, (run) => soundAlike(run, index)) : undotted;
  const letters = raw.replace(/[^A-Za-z]/g, '');
  const shouting = letters.length > 0 && letters.replace(/[^A-Z]/g, '').length / letters.length > 0.6;
  const capitals = new Set(shouting ? [] : [...text.matchAll(/\b[A-Z]{1,4}\b/g)].map((m) => m[0].toLowerCase()));
  // Sentence punctuation splits clauses ("Gen Z vs Millennials: TikTok usage"): kept as "|".
  const parts = text.split(/[,;:?!¿¡()\u3001\u3002]+|\.(?=\s|$)|\s-\s|\s–\s/);
  let words: string[] = [];
  for (const part of parts) {
    const w = normalize(part)
      .trim()
      .split(' ')
      .filter((x) => x.length > 0)
      .map((x) => SHORTHAND[x] ?? x);
    if (w.length === 0) continue;
    if (words.length > 0) words.push('|');
    words.push(...translateWords(w, lang, capitals));
  }
  words = words.filter((w, i) => !(w === '|' && (i === 0 || words[i - 1] === '|')));
  if (words[words.length - 1] === '|') words.pop();
  words = words.map((w) => correctCueTypo(w, index));
  const guarded = guardedNames(words, index);
  const time = readTime(words, catalogue.waves, guarded);
  const used = new Set(time.used);
  // "this group", "these audiences": references to the docked or earlier audiences, not topics.
  for (let i = 0; i < words.length - 1; i++)
    if (
      ['this', 'these', 'that', 'those', 'which', 'each', 'both', 'the', 'either'].includes(words[i]) &&
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
  const quantities = readQuantities(words).filter((q) => ![...Array(q.end - q.start).keys()].some((k) => used.has(q.start + k)));
  // The amount is read; its unit ("hours") still names the question.
  for (const q of quantities) for (let i = q.start; i < q.end - 1; i++) used.add(i);
  const limit = readLimit(words, used);
  const spans = findSpans(words, used, index, capitals, lang, catalogue);
  for (const s of spans) for (let i = s.start; i < s.end; i++) used.add(i);
  return { raw, lang, words, used, spans, time, limit, quantities };
}

/** The one catalogue name a katakana word sounds like ("テスラ": tesla), if exactly one. */
function soundAlike(katakana: string, index: CatalogueIndex): string | undefined {
  const key = soundKey(romanise(katakana));
  const names = key.length >= 3 ? index.bySound.get(key) : undefined;
  return names && names.size === 1 ? [...names][0] : undefined;
}

/**
 * A misspelt word of asking ("diffrent", "comapre") read as the word meant, unless it is a
 * catalogue name or could be a typo of one: names come first.
 */
function correctCueTypo(word: string, index: CatalogueIndex): string {
  if (QUERY_WORDS.has(word) || !mayBeTypo(word, index)) return word;
  for (const key of index.byFirst.keys()) if (typoMatch(word, key)) return word;
  return cueTypo(word) ?? word;
}

const TIME_WORDS = new Set(['now', 'today', 'current', 'currently', 'latest', 'year', 'years', 'month', 'months', 'week', 'quarter', 'last', 'past', 'recent']);

/** Positions of exact multi-word names holding a time word ("buy now pay later"): not time. */
function guardedNames(words: string[], index: CatalogueIndex): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < words.length; i++)
    for (const entry of index.byFirst.get(words[i]) ?? []) {
      if (entry.words.length < 2 || !entry.words.some((w) => TIME_WORDS.has(w))) continue;
      if (entry.words.every((w, k) => words[i + k] === w)) for (let k = 0; k < entry.words.length; k++) out.add(i + k);
    }
  return out;
}

const LIMIT_WORDS = new Set([
  'most',
  'biggest',
  'largest',
  'best',
  'leading',
  'main',
  'top',
  'popular',
  'common',
  'favourite',
  'favorite',
  'least',
  'highest',
  'lowest',
  'strongest',
  'key',
]);

/** Plural nouns a number counts that are not things to list. */
const COUNTED_UNITS = new Set(['quarters', 'waves', 'years', 'months', 'weeks', 'days', 'hours', 'minutes', 'times', 'olds', 'percent', 'points']);

/** "top 3", "three most used", "the 5 biggest", "which five", "give me the top five". */
function readLimit(words: string[], used: Set<number>): number | undefined {
  const ranking = RANKING.test(` ${words.join(' ')} `);
  for (let i = 0; i < words.length; i++) {
    if (used.has(i)) continue;
    const n = numberWord(words[i]);
    if (n === undefined || n < 1 || n > 50) continue;
    const before = words[i - 1] ?? '';
    const after = words[i + 1] ?? '';
    // "Name the three retailers Germans would most consider": a count of a plural noun in a ranking question.
    if (ranking && ['', '|', 'the', 'name', 'list', 'give', 'show', 'me', 'which', 'what', 'are'].includes(before)) {
      const noun = [after, words[i + 2]].find((w) => w !== undefined && w.length > 3 && w.endsWith('s') && !STOPWORDS.has(w) && !COUNTED_UNITS.has(w));
      if (noun && !used.has(i + 1)) {
        used.add(i);
        return n;
      }
    }
    // "the three social media most used" (word order of other languages): a number, a short
    // noun phrase and a superlative.
    if (
      ranking &&
      ['the', 'which', 'what', 'are'].includes(before) &&
      !COUNTED_UNITS.has(after) &&
      words.slice(i + 2, i + 5).some((w) => LIMIT_WORDS.has(w)) &&
      words.slice(i + 1, i + 5).every((w) => w !== '|' && !/^\d/.test(w))
    ) {
      used.add(i);
      return n;
    }
    if (
      ['top', 'first', 'bottom', 'which', 'the', 'what', 'best', 'leading', 'main'].includes(before) &&
      (before !== 'the' || LIMIT_WORDS.has(after)) &&
      (before !== 'which' && before !== 'what' ? true : !['quarters', 'waves', 'years', 'months'].includes(after))
    ) {
      used.add(i);
      if (before === 'top' || before === 'bottom' || before === 'first') used.add(i - 1);
      return n;
    }
    if (LIMIT_WORDS.has(after) || (after === 'of' && words[i + 2] === 'the')) {
      used.add(i);
      return n;
    }
  }
  return undefined;
}

/**
 * A lower-case market code in a list of markets ("uk vs de", "fr and es"): the code, when the word
 * across the connector is a market too.
 */
function listedCode(words: string[], i: number, index: CatalogueIndex, catalogue: PlannerCatalogue): boolean {
  const isMarket = (w: string | undefined) =>
    w !== undefined && (catalogue.locations.some((l) => l.code === w) || (index.byFirst.get(w) ?? []).some((e) => e.kind === 'market' && e.words.length === 1));
  return (CONNECTORS.has(words[i - 1] ?? '') && isMarket(words[i - 2])) || (CONNECTORS.has(words[i + 1] ?? '') && isMarket(words[i + 2]));
}

/** ISO 3166 three-letter codes of the markets, read in capitals only ("AUS" is also German "aus"). */
const ISO3: Record<string, string> = { usa: 'us', gbr: 'gb', deu: 'de', fra: 'fr', esp: 'es', bra: 'br', jpn: 'jp', ind: 'in', aus: 'au' };

/** Words after which a lower-case "us" is the pronoun ("tell us", "for us", "most of us"), not the market. */
const US_PRONOUN_BEFORE = new Set(
  (
    'tell show give let lets help send get got ask remind brief email mail bring take keep make made for to with of about among ' +
    'from like behind around toward towards upon without join call leave lead guide walk please can could would will should do does did you me'
  ).split(' '),
);

/**
 * A lower-case "us" in a messy prompt ("linkedin uk vs us", "netflix usage us last year") is the
 * market unless a verb, an auxiliary or a preposition before it makes it the pronoun.
 */
function marketUs(words: string[], i: number): boolean {
  const before = words[i - 1];
  if (before === undefined || before === '|') return true;
  return !US_PRONOUN_BEFORE.has(before);
}

/** Finds names of markets, places, audiences and datapoints; where two overlap, the longer wins. */
function findSpans(words: string[], used: Set<number>, index: CatalogueIndex, capitals: Set<string>, lang: Language, catalogue: PlannerCatalogue): Span[] {
  const candidates: Span[] = [];
  const firstKeys = [...index.byFirst.keys()];
  for (let i = 0; i < words.length; i++) {
    if (used.has(i) || words[i] === '|') continue;
    const w = words[i];
    const starts = new Map<Entry, boolean>();
    const exact = [
      index.byFirst.get(w),
      w.endsWith('s') && !STOPWORDS.has(w) ? index.byFirst.get(w.slice(0, -1)) : undefined,
      w.endsWith('es') ? index.byFirst.get(w.slice(0, -2)) : undefined,
    ];
    for (const list of exact) for (const e of list ?? []) starts.set(e, false);
    if (mayBeTypo(w, index))
      for (const key of firstKeys) if (key !== w && typoMatch(w, key)) for (const e of index.byFirst.get(key) ?? []) if (!starts.has(e)) starts.set(e, true);
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
    // "US"/"USA" only as a market where it cannot be the pronoun "us" or a verb.
    if (
      (w === 'us' && (capitals.has('us') || ['the', 'in'].includes(words[i - 1] ?? '') || marketUs(words, i))) ||
      (w === 'usa' && lang !== 'es' && lang !== 'pt' && lang !== 'it') ||
      (w === 'usa' && capitals.has('usa'))
    ) {
      const us = catalogue.locations.find((l) => l.code === 'us');
      if (us) candidates.push({ start: i, end: i + 1, entry: { kind: 'market', words: [w], location: us }, typo: false });
    } else if (w.length === 2 && (capitals.has(w) || listedCode(words, i, index, catalogue)) && w !== 'us' && w !== 'in' && w !== 'x' && lang === 'en') {
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
  }
  for (const age of ageSpans(words, used)) candidates.push(age);
  for (const long of longNameSpans(words, used, index)) candidates.push(long);
  candidates.push(...ellipticalSpans(words, used, candidates, index));
  candidates.push(...complementSpans(words, used, candidates, catalogue));
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

/**
 * A modifier whose head is said once for two ("low or high earners", "daily or weekly TikTok
 * users"): the first modifier with the second name's head, when that is a name too.
 */
function ellipticalSpans(words: string[], used: Set<number>, found: Span[], index: CatalogueIndex): Span[] {
  const out: Span[] = [];
  for (const span of found) {
    const i = span.start - 2;
    if (i < 0 || span.entry.words.length < 2 || used.has(i) || !['or', 'and', 'vs', 'versus'].includes(words[i + 1])) continue;
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
function complementSpans(words: string[], used: Set<number>, found: Span[], catalogue: PlannerCatalogue): Span[] {
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

/**
 * Long datapoint names said in other words ("buying directly on a social platform" for "Bought a
 * product directly on a social platform"): most of the name's content words, in a short stretch.
 */
function longNameSpans(words: string[], used: Set<number>, index: CatalogueIndex): Span[] {
  const out: Span[] = [];
  const stems = words.map((w, i) => (used.has(i) || w === '|' || FUNCTION_WORDS.has(w) ? '' : stem(w)));
  const present = new Set(stems);
  for (const { entry, content } of index.longNames) {
    // Cheap test first: short names need every content word, long ones three.
    let hits = 0;
    for (const c of content) if (present.has(c)) hits++;
    if (hits < Math.min(3, content.length)) continue;
    // A long name by most of its content words, anywhere in a short stretch; a short one by all
    // of them, in order, with at most one word more.
    const long = entry.words.length >= 4 && new Set(content).size >= 3;
    const at: number[] = [];
    if (long) {
      for (const c of new Set(content)) {
        const i = stems.indexOf(c);
        if (i >= 0) at.push(i);
      }
      if (at.length < 3 || at.length / new Set(content).size < 0.6) continue;
    } else {
      let from = 0;
      for (const c of content) {
        const i = stems.indexOf(c, from);
        if (i < 0) break;
        at.push(i);
        from = i + 1;
      }
      // Two words may come the other way round when nothing but function words stands between
      // them ("track sleep" for "Sleep tracking").
      if (at.length < content.length && content.length === 2) {
        const a = stems.indexOf(content[1]);
        const b = a < 0 ? -1 : stems.indexOf(content[0], a + 1);
        if (a >= 0 && b > a && stems.slice(a + 1, b).every((x) => x === '')) at.splice(0, at.length, a, b);
      }
      // Three or more content words in another order, close together ("bank through a mobile
      // app" for "Mobile banking app"): the name said as a verb phrase.
      if (at.length < content.length && content.length >= 3) {
        const anyOrder = content.map((c) => stems.indexOf(c));
        // A word that ends another name ("employed" of "self employed") is that name's, not this one's.
        const ownsWord = (i: number) => !(index.byFirst.get(words[i - 1] ?? '') ?? []).some((e) => e.words.length === 2 && e.words[1] === words[i]);
        if (anyOrder.every((i) => i >= 0 && ownsWord(i)) && new Set(anyOrder).size === anyOrder.length) {
          at.splice(0, at.length, ...anyOrder);
        }
      }
      if (at.length < content.length) continue;
    }
    const start = Math.min(...at);
    const end = Math.max(...at) + 1;
    // A short name of three content words may have a few words between them; of two, one.
    if (end - start > entry.words.length + (long ? 2 : content.length >= 3 ? 3 : 1)) continue;
    const loose: number[] = [];
    for (let i = start; i < end; i++) if (!at.includes(i) && stems[i] !== '') loose.push(i);
    // Every content word of a short name, nothing else: the name itself, inflected.
    const partial = long || loose.length > 0;
    out.push({ start, end, entry: { ...entry, refs: entry.refs.map((r) => ({ ...r, partial: r.partial || partial })) }, typo: false, loose });
  }
  return out;
}

/** Words joining the two ends of an age range, English or left from another language ("à", "e", "y", "bis"). */
const AGE_RANGE_LINKS = new Set(['to', 'and', 'a', 'the', 'e', 'y', 'et', 'bis', 'und', 'al']);

/** Age phrases: "aged 25-34", "25-34 year olds", "under 35", "over-35s", "35+", "between 25 and 34". */
function ageSpans(words: string[], used: Set<number>): Span[] {
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
    const bands = bandsBetween(lo, hi);
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
      if (lo >= 13 && hi <= 99 && lo < hi) make(i - 1, i + 3 + (['year', 'years'].includes(words[i + 3] ?? '') ? 2 : 0), lo, hi, `Aged ${lo}-${hi}`);
      continue;
    }
    if (['under', 'below', 'younger'].includes(w)) {
      const j = words[i + 1] === 'than' ? i + 2 : i + 1;
      const n = num(words[j]);
      if (n !== undefined && n >= 18 && n <= 70) make(i, j + 1 + (['year', 'years'].includes(words[j + 1] ?? '') ? 2 : 0), 0, n - 1, `Under ${n}`);
      continue;
    }
    if (['over', 'above', 'older'].includes(w) || (w === 'aged' && /plus$/.test(words[i + 2] ?? ''))) {
      const j = words[i + 1] === 'than' ? i + 2 : i + 1;
      const n = num(words[j]);
      if (n !== undefined && n >= 18 && n <= 70) make(i, j + 1 + (words[j + 1] === 'plus' ? 1 : 0), n, 200, `${n} and over`);
      continue;
    }
    const n = num(w);
    if (n !== undefined && words[i + 1] === 'plus' && n >= 18 && n <= 70) make(i, i + 2, n, 200, `${n} and over`);
    if (n !== undefined && /s$/.test(w) && words[i - 1] === 'their') make(i - 2, i + 1, n, n + 9, `In their ${n}s`);
  }
  return out;
}

function bandsBetween(lo: number, hi: number): string[] {
  const inside = AGE_BANDS.filter(([, l, h]) => l >= lo && h <= hi).map(([c]) => c);
  return inside.length > 0 ? inside : AGE_BANDS.filter(([, l, h]) => h >= lo && l <= hi).map(([c]) => c);
}

// ---------------------------------------------------------------------------------------------
// Audiences and the roles of datapoint mentions

interface Roles {
  /** Audience sides: each an AND of its parts; two or more = side by side. */
  sides: PlanAudience[][];
  /** Datapoint mentions that measure the topic. */
  topicSpans: Span[];
  /** Spans read as a group of people. */
  groupSpans: Span[];
}

function spanAudience(span: Span): PlanAudience | null {
  const e = span.entry;
  if (e.kind === 'audience') {
    if (e.saved) return { id: e.saved.id, name: e.saved.name, description: e.saved.description, expression: e.saved.expression, origin: 'saved' };
    return phraseAudience(e.name, e.description, e.expression);
  }
  if (e.kind === 'datapoint') {
    // A group named by a datapoint: its first (usage) question.
    const ref = groupRef(e.refs);
    const name = `${ref.datapoint.name} ${ref.question.code.includes('owned') || ref.question.code.includes('ownership') ? 'owners' : 'users'}`;
    const suffixes = groupSuffixes(ref.question);
    return phraseAudience(name, `Respondents who answered “${ref.datapoint.name}” to “${ref.question.name}”.`, {
      question: ref.question.code,
      datapoints: e.refs.filter((r) => r.question.code === ref.question.code).map((r) => r.datapoint.code),
      ...(suffixes.length > 0 ? { suffixes } : {}),
    });
  }
  return null;
}

/**
 * The answers of a grid that make someone one of a group named by its row: an agreement
 * statement's "agree" and "strongly agree" ("people who worry about their privacy"), a brand
 * funnel's "used or bought" ("Nike customers"). None for a question without a scale.
 */
function groupSuffixes(question: PlannerQuestion): string[] {
  const names = question.suffixes.map((x) => normalize(x.name).trim());
  const agree = question.suffixes.filter((_, k) => names[k] === 'agree' || names[k] === 'strongly agree');
  if (agree.length > 0) return agree.map((x) => x.code);
  const used = question.suffixes.filter((_, k) => names[k].startsWith('used or bought'));
  return used.map((x) => x.code);
}

/** The question a datapoint group is read from: the earliest in catalogue order (usage and ownership come first). */
function groupRef(refs: DatapointRef[]): DatapointRef {
  return refs.find((r) => !r.partial && !/^(brand_|favourite_)/.test(r.question.code)) ?? refs[0];
}

function phraseAudience(name: string, description: string, expression: Record<string, unknown>): PlanAudience {
  return { id: `phrase:${normalize(name).trim().replace(/ /g, '_')}`, name, description, expression, origin: 'phrase' };
}

/** Several parts of one audience: their intersection. */
function combine(parts: PlanAudience[]): PlanAudience {
  const unique = uniqueAudiences(parts);
  if (unique.length === 1) return unique[0];
  return {
    id: unique.map((a) => a.id).join('+'),
    name: unique.map((a) => a.name).join(' & '),
    description: `Respondents in every one of: ${unique.map((a) => a.name).join(', ')}.`,
    expression: { and: unique.map((a) => a.expression) },
    origin: unique.every((a) => a.origin === 'docked') ? 'docked' : 'phrase',
  };
}

function uniqueAudiences(list: PlanAudience[]): PlanAudience[] {
  const out: PlanAudience[] = [];
  for (const a of list) if (!out.some((o) => o.id === a.id)) out.push(a);
  return out;
}

function uniqueCodes(list: CodeName[]): CodeName[] {
  const out: CodeName[] = [];
  for (const x of list) if (!out.some((o) => o.code === x.code)) out.push(x);
  return out;
}

function singleLeaf(expression: Record<string, unknown>): { question: string; datapoints: string[] } | null {
  if (
    typeof expression['question'] === 'string' &&
    Array.isArray(expression['datapoints']) &&
    expression['not'] !== true &&
    !('suffixes' in expression) &&
    !('min_count' in expression)
  )
    return { question: expression['question'] as string, datapoints: expression['datapoints'] as string[] };
  return null;
}

/**
 * "Of Formula 1 fans, what proportion are men?", "what share of Germans are parents?": a
 * demographic after "are"/"is" in a share question is what is asked about, so it is read as a
 * topic mention rather than an audience.
 */
function askedDemographics(reading: Reading, catalogue: PlannerCatalogue): void {
  const { words } = reading;
  const cue = words.findIndex((w, i) => SHARE.test(` ${w} `) || (w === 'how' && words[i + 1] === 'many'));
  if (cue < 0) return;
  reading.spans = reading.spans.map((span) => {
    const e = span.entry;
    if (e.kind !== 'audience' || span.start <= cue + 1 || !['are', 'is'].includes(words[span.start - 1] ?? '')) return span;
    const after = words[span.end];
    if (after !== undefined && after !== '|' && !reading.used.has(span.end)) return span;
    const leaf = singleLeaf(e.expression);
    const question = leaf ? catalogue.questions.find((q) => q.code === leaf.question) : undefined;
    if (!leaf || !question) return span;
    const refs = question.datapoints.filter((d) => leaf.datapoints.includes(d.code)).map((datapoint) => ({ question, datapoint, partial: false }));
    return { ...span, entry: { kind: 'datapoint', words: e.words, refs } };
  });
}

/**
 * Which mentions are the group and which the topic: demographic and saved audiences are groups;
 * a datapoint is a group when people are named by it ("TikTok users", "users of TikTok",
 * "among Netflix subscribers") and something else is measured; everything else is the topic.
 * Groups joined by "or", "vs", "and" are sides of a comparison; other groups narrow each side.
 */
function assignRoles(reading: Reading, index: CatalogueIndex, catalogue: PlannerCatalogue, frame: { indexing: boolean; contextAudience: boolean }): Roles {
  const { words, spans } = reading;
  const datapointSpans = spans.filter((s) => s.entry.kind === 'datapoint');
  const audienceSpans = spans.filter((s) => s.entry.kind === 'audience');
  const groupCapable = new Set<Span>();
  // An index needs an audience: with none named elsewhere, the things named outside the index's
  // target ("what are vegans unusually likely to do?") are who is profiled.
  // What a "which"/"what" phrase asks for ("which TV genres do anime viewers...") is the topic.
  const asked = whPhraseEnd(words);
  const profiled =
    frame.indexing && audienceSpans.length === 0 && !frame.contextAudience
      ? datapointSpans.filter((s) => s.start >= asked && !isIndexTarget(words, reading.used, s))
      : [];
  const zoneStart = words.findIndex((w) => w === 'among' || w === 'amongst');
  for (const s of datapointSpans) {
    const next = words[s.end] ?? '';
    const prev = words[s.start - 1] ?? '';
    const prev2 = words[s.start - 2] ?? '';
    if (
      GROUP_NOUNS.has(next) ||
      namesPeople(s) ||
      (prev === 'of' && GROUP_NOUNS.has(prev2)) ||
      (zoneStart >= 0 && s.start > zoneStart && !words.slice(zoneStart, s.start).includes('|') && GROUP_NOUNS.has(next))
    )
      groupCapable.add(s);
    // "people who own a dog in the UK: what share use Instagram?", "of those who own a cat, how
    // many...": a relative clause about people names a group, with or without "among".
    const clauseStart = words.lastIndexOf('|', s.start) + 1;
    const lead = words.slice(Math.max(clauseStart, s.start - 5), s.start);
    const who = lead.findIndex((w) => w === 'who' || w === 'that');
    const measuredAfter = datapointSpans.some((o) => o.start >= s.end && !sameQuestion(o, s));
    if (who > 0 && RELATIVE_HEADS.has(lead[who - 1]) && measuredAfter) groupCapable.add(s);
    // "people who use Netflix", "those who own a dog" inside "among ...".
    if (
      zoneStart >= 0 &&
      s.start > zoneStart &&
      /\b(who|that)\b/.test(words.slice(zoneStart, s.start).join(' ')) &&
      !words.slice(zoneStart, s.start).includes('|')
    )
      groupCapable.add(s);
  }
  // "iOS vs Android users": a group noun after the last of joined mentions makes them all groups.
  for (let i = 0; i < datapointSpans.length - 1; i++) {
    const a = datapointSpans[i];
    const b = datapointSpans[i + 1];
    if (groupCapable.has(b) && b.start - a.end === 1 && CONNECTORS.has(words[a.end]) && sameQuestion(a, b)) groupCapable.add(a);
  }
  const otherTopics = datapointSpans.filter((s) => !groupCapable.has(s));
  const wordTopic = wordsOnlyTopicScore(reading, index, catalogue);
  let groups: Span[] = [];
  if (groupCapable.size > 0 && (otherTopics.length > 0 || wordTopic >= 6)) groups = [...groupCapable];
  for (const s of profiled) if (!groups.includes(s)) groups.push(s);
  // Coordinated phrases play the same part: a datapoint joined to a group by "or", "vs", "and"
  // ("Tech early adopters or the late majority") is a group too.
  for (let changed = true; changed;) {
    changed = false;
    for (const s of datapointSpans) {
      if (groups.includes(s)) continue;
      // The object of a verb of using ("how do boomers use Facebook vs Gen X") is what is measured.
      if (OBJECT_VERB_STEMS.has(stem(words[s.start - 1] ?? ''))) continue;
      const partner = [...audienceSpans, ...groups].find((g) => coordinated(words, g, s) || coordinated(words, s, g));
      if (partner) {
        groups.push(s);
        changed = true;
      }
    }
  }
  const topicSpans = datapointSpans.filter((s) => !groups.includes(s));

  // Audience sides.
  const mentions = [...audienceSpans, ...groups].sort((a, b) => a.start - b.start);
  const clauses: { spans: Span[]; joinedToPrevious: boolean }[] = [];
  for (const m of mentions) {
    const last = clauses[clauses.length - 1];
    if (!last) {
      clauses.push({ spans: [m], joinedToPrevious: false });
      continue;
    }
    const prevEnd = last.spans[last.spans.length - 1].end;
    let gap = words.slice(prevEnd, m.start);
    // Group nouns after a datapoint group ("iOS users and ...") belong to it.
    gap = gap.filter((w) => !GROUP_NOUNS.has(w));
    const comparing = /\b(compare|compared|comparing|contrast|contrasted)\b/.test(words.join(' '));
    const connector =
      gap.some((w) => CONNECTORS.has(w) || (comparing && (w === 'with' || w === 'to'))) ||
      / next to | alongside | beside | different from | differ from | differs from | unlike | as opposed to /.test(` ${gap.join(' ')} `) ||
      (gap.length === 1 && gap[0] === '|' && clauses.length >= 1 && (isListEnd(words, m) || continuesList(words, m, mentions)));
    // "men or women", "Gen Z use TikTok more than Millennials": a connector between two groups makes two sides.
    if (connector) clauses.push({ spans: [m], joinedToPrevious: true });
    else if (gap.length === 0 || gap.every((w) => GLUE.has(w))) last.spans.push(m);
    else clauses.push({ spans: [m], joinedToPrevious: false });
  }
  // The run of joined clauses is the comparison; the rest narrow every side.
  let best: { from: number; to: number } | null = null;
  for (let i = 0; i < clauses.length;) {
    let j = i;
    while (j + 1 < clauses.length && clauses[j + 1].joinedToPrevious) j++;
    if (j > i && (!best || j - i > best.to - best.from)) best = { from: i, to: j };
    i = j + 1;
  }
  const toAudiences = (list: Span[]) => list.map(spanAudience).filter((a): a is PlanAudience => a !== null);
  let sides: PlanAudience[][];
  if (best) {
    const common = clauses.filter((_, k) => k < best.from || k > best.to).flatMap((c) => toAudiences(c.spans));
    sides = clauses.slice(best.from, best.to + 1).map((c) => [...toAudiences(c.spans), ...common]);
  } else {
    const all = clauses.flatMap((c) => toAudiences(c.spans));
    sides = all.length > 0 ? [all] : [];
  }
  return { sides, topicSpans, groupSpans: groups };
}

/** Stems of verbs whose object is the thing measured, never a group of people. */
const OBJECT_VERB_STEMS = new Set(['use', 'watch', 'own', 'play', 'listen', 'follow', 'read', 'buy', 'drink', 'eat', 'visit', 'drive', 'wear', 'stream']);

/** Words for people that a relative clause ("who own a dog") turns into a group. */
const RELATIVE_HEADS = new Set([
  'people',
  'those',
  'anyone',
  'adults',
  'consumers',
  'respondents',
  'individuals',
  'folks',
  'men',
  'women',
  'parents',
  'users',
  'ones',
]);

/** A datapoint named after a kind of person ("Hardcore gamer", "Bargain hunter", "Early adopter"): a group when something else is measured. */
function namesPeople(span: Span): boolean {
  if (span.entry.kind !== 'datapoint') return false;
  const last = span.entry.words[span.entry.words.length - 1];
  return span.entry.words.length > 1 && (GROUP_NOUNS.has(last) || PERSON_NOUN.has(last));
}

/** Nouns naming a kind of person in datapoint names. */
const PERSON_NOUN = new Set(
  'gamer gamers hunter hunters adopter adopters seeker seekers researcher researchers buyer buyers smoker smokers innovator innovators laggard laggards majority'.split(
    ' ',
  ),
);

/** Where the noun phrase of an opening "which"/"what" ends (0 when the prompt opens otherwise). */
function whPhraseEnd(words: string[]): number {
  if (!['which', 'what'].includes(words[0] ?? '')) return 0;
  const verb = words.findIndex(
    (w, i) => i > 0 && (w === '|' || /^(do|does|did|is|are|was|were|have|has|can|will|would|make|makes|over|under|skew|skews|index|indexes)$/.test(w)),
  );
  return verb < 0 ? words.length : verb;
}

/** Index and difference cues that a target may follow ("over-index on X", "more likely to own X"). */
const TARGET_CUES = [...INDEX_CUES, ...DIFFERENCE_CUES, 'likely', 'likelier', 'more', 'less'].map((c) => c.split(' '));

/** Words that may stand between an index cue and what it is measured on. */
const TARGET_GAP = new Set(
  (
    'on in towards toward to for of at among amongst with when it comes terms regard respect the a an their them they to be being have having has had ' +
    'use using used own owning owned buy buying bought play playing watch watching read reading follow following eat eating drink drinking wear wearing ' +
    'listen listening go going do doing get getting consider considering hold holding than average'
  ).split(' '),
);

/**
 * Whether a datapoint mention is what an index is measured on: it follows an index or
 * difference cue with only linking words between ("over-index on TikTok", "more likely than
 * average to own a robot vacuum", "over-represented among Netflix users").
 */
function isIndexTarget(words: string[], used: ReadonlySet<number>, span: Span): boolean {
  for (let end = span.start; end > 0; end--) {
    for (const cue of TARGET_CUES) {
      const from = end - cue.length;
      if (from >= 0 && cue.every((w, k) => words[from + k] === w)) return true;
    }
    const w = words[end - 1];
    if (!TARGET_GAP.has(w) && !used.has(end - 1)) return false;
  }
  return false;
}

/** Whether `b` follows `a` joined only by a comparison connector (and "the"): "A or the B", "A vs B". */
function coordinated(words: string[], a: Span, b: Span): boolean {
  if (b.start <= a.end) return false;
  const gap = words.slice(a.end, b.start).filter((w) => !GROUP_NOUNS.has(w) && w !== 'the');
  return gap.length === 1 && ['or', 'vs', 'versus', 'against'].includes(gap[0]);
}

/** "Students, retirees and full-time workers": a comma before a group the list goes on from. */
function continuesList(words: string[], m: Span, mentions: Span[]): boolean {
  const next = mentions.find((x) => x.start >= m.end);
  if (!next) return false;
  const gap = words.slice(m.end, next.start).filter((w) => !GROUP_NOUNS.has(w));
  return gap.length === 1 && (gap[0] === '|' || CONNECTORS.has(gap[0]));
}

function isListEnd(words: string[], m: Span): boolean {
  return words[m.end] === undefined || words[m.end] === '|';
}

function sameQuestion(a: Span, b: Span): boolean {
  if (a.entry.kind !== 'datapoint' || b.entry.kind !== 'datapoint') return false;
  const qa = new Set(a.entry.refs.map((r) => r.question.code));
  return b.entry.refs.some((r) => qa.has(r.question.code));
}

// ---------------------------------------------------------------------------------------------
// The kind of question

interface KindCues {
  trend: boolean;
  indexing: boolean;
  /** Index words proper ("over-index", "skew", "than average"), not only words of difference. */
  explicitIndex: boolean;
  /** "What makes X different", "what does X over-index on" without a named topic. */
  openIndexing: boolean;
  comparison: boolean;
  ranking: boolean;
  share: boolean;
}

const TREND = cueRegex(TREND_CUES);
const INDEX = cueRegex(INDEX_CUES);
const DIFFERENCE = cueRegex(DIFFERENCE_CUES);
const COMPARISON = cueRegex(COMPARISON_CUES);
const RANKING = cueRegex(RANKING_CUES);
const SHARE = cueRegex(SHARE_CUES);
/** Requests to describe a group, read as its open profile when no topic is named. */
const PROFILE_REQUEST =
  /\b(tell me about|talk me through|know about|portrait of|persona of|picture of|insights? (about|into|on)|help me understand|deep dive|dive into|overview of|snapshot of|summary of|who are|what are .+ like)\b/;
/** "The number of Spotify users": a headcount of a group. */
const NUMBER_OF_GROUP = new RegExp(`\\bnumber of (\\w+ ){0,3}(${[...GROUP_NOUNS].join('|')})\\b`);
const MULTIWORD_CUES = [...RANKING_CUES, ...COMPARISON_CUES, ...TREND_CUES].filter((p) => p.includes(' '));
/** A group set against the base in words ("compared to everyone else", "than the average person"). */
const BASE_CONTRAST = new RegExp(`\\b(than|to|from|with|against|versus|vs|and) (${BASE_PHRASES.join('|')})\\b`);

function readKind(text: string): KindCues {
  const trend = TREND.test(text);
  const index = INDEX.test(text);
  const open = DIFFERENCE.test(text);
  return {
    trend,
    indexing: index || (open && !trend),
    explicitIndex: index,
    openIndexing: open || index,
    comparison: COMPARISON.test(text),
    ranking: RANKING.test(text),
    share: SHARE.test(text),
  };
}

/** Nouns ending in s that are singular or stand before another noun ("news source", "sports brand"). */
const ATTRIBUTIVE_S = new Set(['news', 'sports', 'esports', 'fitness', 'business', 'wellness', 'series', 'games', 'electronics', 'cosmetics']);

/** "the most used social platform", "the favourite brand": one datapoint, not a list. */
function singularSuperlative(text: string, kind: AnalysisKind): boolean {
  if (kind !== 'ranking' && kind !== 'comparison') return false;
  // At the start of a clause too: "most used ai chatbot among gen z", "most popular news source for them".
  // "Favourite" needs no article before it ("gen z fav streaming service uk").
  const m =
    /(?:\b(?:the|s)|^|\|) (?:single )?(?:most|favourite|favorite|top|biggest|leading|number one|#1|most popular|most used|most common)\b(.*)$/.exec(text) ??
    /\b(?:favourite|favorite)\b(.*)$/.exec(text);
  if (!m) return false;
  const next = m[1]
    .trim()
    .split(' ')
    .filter(
      (w) =>
        !['used', 'popular', 'common', 'trusted', 'watched', 'played', 'liked', 'social', 'media', 'streaming', 'fast', 'food', 'ai', 'music', 'car'].includes(
          w,
        ),
    );
  // The noun phrase after it, up to a function word (at most three words): singular when no word
  // of it is a plural ("most innovative car brands" is a list, "most trusted tech brand" one).
  const at = next.findIndex((w) => w.length > 2 && !STOPWORDS.has(w));
  if (at < 0) return false;
  const run: string[] = [];
  for (const w of next.slice(at)) {
    if (w === '|' || STOPWORDS.has(w) || run.length === 3) break;
    run.push(w);
  }
  return run.every((w, k) => {
    if (w.length <= 3 || !w.endsWith('s') || w.endsWith('ss')) return true;
    // "news source", "sports brand": a noun ending in s before another noun is not the head.
    const after = run[k + 1];
    return ATTRIBUTIVE_S.has(w) && after !== undefined && !/(ed|ing)$/.test(after);
  });
}

/**
 * "Which platform do Gen Z use most?", "what tech brand is the most innovative?": a ranking
 * question about a singular noun asks for one answer (the plural asks for a list).
 */
function singularWhich(words: string[], kind: AnalysisKind): boolean {
  if (kind !== 'ranking' || !['which', 'what'].includes(words[0] ?? '')) return false;
  const text = ` ${words.join(' ')} `;
  if (!/ (most|top|best|favourite|favorite|leading|biggest|number one) /.test(text) && !(/ more /.test(text) && !/ than /.test(text))) return false;
  let head: string | undefined;
  for (const w of words.slice(1)) {
    if (w === '|' || STOPWORDS.has(w) || CUSTOMER_STEMS.has(stem(w)) || /^(do|does|did|is|are|was|were|have|has)$/.test(w)) break;
    head = w;
  }
  return head !== undefined && head.length > 2 && !head.endsWith('s');
}

// ---------------------------------------------------------------------------------------------
// The topic

interface TopicChoice {
  topic: PlanTopic | null;
  question: PlannerQuestion | null;
  outcome?: PlanOutcome;
  unknown: string[];
  /** Named by a datapoint or by the question's own name, not only by loose words. */
  confident?: boolean;
  /** Named by a mention of one of its datapoints or of its name ("TV genres"), not by loose words. */
  mentioned?: boolean;
  /** Another question measuring the same named thing, said in a note. */
  alternative?: string;
}

interface Scored {
  question: PlannerQuestion;
  score: number;
  datapoints: CodeName[];
  suffix: CodeName | null;
  dpHits: number;
  wordHits: number;
  strongCue: boolean;
  namedQuestion: boolean;
  /** What in the prompt found the question, as a key: two questions with the same key are not told apart by the words. */
  evidence: string;
  /** The share of the question's name words the prompt says. */
  coverage: number;
}

const USAGE_NAME = /\b(used|usage|use|owned|ownership|held|played|watched|followed|bought|done|read|consumed|listened)\b/i;

const GENERIC_VERB_STEMS = new Set([
  'use',
  'own',
  'have',
  'like',
  'get',
  'buy',
  'for',
  'do',
  'watch',
  'play',
  'listen',
  'follow',
  'read',
  'data',
  'number',
  'online',
]);

/** Frequency and scale words that name datapoints of frequency questions. */
const VALUE_WORDS: Record<string, string[]> = {
  daily: ['daily', 'every day', 'each day', 'everyday'],
  weekly: ['weekly', 'every week'],
  monthly: ['monthly', 'every month'],
  never: ['never'],
  'less often': ['less often', 'rarely'],
  'several times a week': ['several times a week', 'a few times a week', 'multiple times a week', 'several times per week', 'most days'],
  'once a week': ['once a week', 'once per week'],
  'a few times a month': ['a few times a month', 'several times a month', 'a couple of times a month'],
  'once a month': ['once a month', 'once per month'],
};

function leftoverStems(reading: Reading): { stems: Set<string>; words: string[] } {
  const { words, used, spans } = reading;
  // The group noun of a datapoint ("Tesla drivers", "Netflix subscribers") belongs to that group:
  // not a topic word ("drivers" is not "Purchase drivers").
  const groupNoun = (i: number) => GROUP_NOUNS.has(words[i]) && spans.some((sp) => sp.entry.kind === 'datapoint' && sp.end === i);
  const free = words.filter(
    (w, i) => !used.has(i) && w !== '|' && w.length > 1 && !STOPWORDS.has(w) && !/^\d+$/.test(w) && !CONNECTORS.has(w) && !groupNoun(i),
  );
  const stems = new Set<string>();
  // A verb of buying or using with a brand named after it ("shop at Tesco") says how, not what:
  // it picks the brand's usage row, it is not a topic of its own.
  const brandNamed = spans.some((sp) => sp.entry.kind === 'datapoint' && sp.entry.refs.some((r) => r.question.suffixes.length > 0));
  for (const w of free) {
    if (brandNamed && CUSTOMER_STEMS.has(stem(w))) continue;
    stems.add(stem(w));
    for (const s of TOPIC_SYNONYMS[w] ?? []) stems.add(stem(s));
  }
  // What such a noun says of the measure still counts ("crypto holders": held).
  words.forEach((w, i) => {
    if (!used.has(i) && groupNoun(i)) for (const x of TOPIC_SYNONYMS[w] ?? []) stems.add(stem(x));
  });
  const text = ` ${words.filter((_, i) => !used.has(i)).join(' ')} `;
  for (const [phrase, list] of Object.entries(TOPIC_SYNONYMS))
    if (phrase.includes(' ') && text.includes(` ${phrase} `)) list.forEach((s) => stems.add(stem(s)));
  // A word taken as a shortened datapoint name still hints at what it usually means ("games"
  // played, only a shortened "Play games" of Snapchat: game titles). A full name does not.
  for (const span of spans)
    if (span.entry.kind === 'datapoint' && span.entry.refs.every((r) => r.partial))
      for (const w of words.slice(span.start, span.end)) for (const s of TOPIC_SYNONYMS[w] ?? []) if (s !== w) stems.add(stem(s));
  return { stems, words: free };
}

/** How strongly the free words alone name a question (no datapoint named). */
function wordsOnlyTopicScore(reading: Reading, index: CatalogueIndex, catalogue: PlannerCatalogue): number {
  const { stems } = leftoverStems(reading);
  let best = 0;
  for (const q of catalogue.questions) {
    const own = index.questionWords.get(q.code);
    if (!own) continue;
    let score = 0;
    let informative = 0;
    for (const s of stems) {
      const idf = Math.log(1 + index.questionCount / (index.df.get(s) ?? index.questionCount));
      if (GENERIC_VERB_STEMS.has(s)) continue;
      if (own.name.has(s)) {
        score += 3 * idf;
        informative++;
      }
    }
    if (informative > 0) best = Math.max(best, score);
  }
  return best;
}

/** Stems of verbs that make someone a brand's customer: a brand funnel's "used or bought" row. */
const CUSTOMER_STEMS = new Set([
  'use',
  'buy',
  'order',
  'shop',
  'eat',
  'drive',
  'stay',
  'bank',
  'wear',
  'purchas',
  'own',
  'have',
  // The customers themselves: "Aldi shoppers", "Ryanair passengers", "Hilton guests".
  'shopper',
  'buyer',
  'client',
  'guest',
  'diner',
  'passeng',
  'flyer',
]);

function suffixWordsIn(text: string): { strong: string[]; weak: string[]; custom: boolean } {
  const strong: string[] = [];
  const weak: string[] = [];
  // Being a customer in other words than "use" (bought, ordered from, shopping at, eating at).
  const custom = text
    .trim()
    .split(' ')
    .some((w) => CUSTOMER_STEMS.has(stem(w)) && stem(w) !== 'use');
  // Any form of using, buying or being a customer ("flew", "ordered from", "shopping at",
  // "eating at") is the funnel's usage row.
  if (
    text
      .trim()
      .split(' ')
      .some((w) => CUSTOMER_STEMS.has(stem(w)))
  )
    weak.push('used or bought in the last 12 months');
  for (const [name, aliases] of Object.entries(SUFFIX_ALIASES)) {
    const found = aliases.filter((a) => text.includes(` ${a} `));
    if (found.length === 0) continue;
    if (found.every((a) => WEAK_SUFFIX_WORDS.has(a))) weak.push(name);
    else strong.push(name);
  }
  // "strongly agree" is not also "agree".
  if (strong.includes('strongly agree')) strong.splice(strong.indexOf('agree'), strong.indexOf('agree') >= 0 ? 1 : 0);
  return { strong, weak, custom };
}

function chooseTopic(reading: Reading, roles: Roles, index: CatalogueIndex, catalogue: PlannerCatalogue, cues: KindCues): TopicChoice {
  const { words, used } = reading;
  const { stems, words: free } = leftoverStems(reading);
  const text = ` ${words.join(' ')} `;
  const suffixWords = suffixWordsIn(` ${words.filter((_, i) => !used.has(i) || roles.topicSpans.some((s) => i >= s.start && i < s.end)).join(' ')} `);
  const values = Object.entries(VALUE_WORDS)
    .filter(([, aliases]) => aliases.some((a) => text.includes(` ${a} `)))
    .map(([v]) => v);
  const mentions = roles.topicSpans;
  // The words of a frequency said in full ("several times a week") are read, not unknown.
  const valueWords = new Set(
    Object.values(VALUE_WORDS)
      .flat()
      .filter((a) => text.includes(` ${a} `))
      .flatMap((a) => a.split(' ')),
  );
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

  // Only questions something in the prompt points at: held by a mention, or sharing a word.
  const candidates = new Set<PlannerQuestion>();
  for (const m of mentions) {
    if (m.entry.kind === 'datapoint') for (const r of m.entry.refs) candidates.add(r.question);
    for (const w of m.entry.words) for (const q of index.questionsByStem.get(stem(w)) ?? []) candidates.add(q);
  }
  for (const s of stems) for (const q of index.questionsByStem.get(s) ?? []) candidates.add(q);
  const idfOf = new Map([...stems].map((s) => [s, Math.log(1 + index.questionCount / (index.df.get(s) ?? index.questionCount))]));
  const scored: Scored[] = [];
  for (const q of catalogue.questions) {
    if (!candidates.has(q)) continue;
    const own = index.questionWords.get(q.code);
    if (!own) continue;
    let score = 0;
    let dpHits = 0;
    let wordHits = 0;
    let strongCue = false;
    const datapoints: CodeName[] = [];
    let missed = 0;
    let namedQuestion = false;
    // The prompt's words this question was found by (name words, description words, mentions of its name).
    const evidence: string[] = [];
    const covered = new Set<string>();
    let partialNamed = 0;
    for (const m of mentions) {
      if (m.entry.kind !== 'datapoint') continue;
      const refs = m.entry.refs.filter((r) => r.question.code === q.code);
      const inName = m.entry.words.every((w) => own.name.has(stem(w)));
      const common = m.entry.words.length === 1 && (index.commonWords.has(m.entry.words[0]) || own.head === stem(m.entry.words[0]));
      if (refs.length === 0) {
        if (inName) {
          evidence.push(`n:${m.entry.words.join(' ')}`);
          for (const w of m.entry.words) covered.add(stem(w));
        }
        if (inName && (m.entry.words.length > 1 || common)) {
          // The mention names the question itself ("streaming services": Video streaming services used).
          score += 10 + (cues.ranking ? 1 : 0);
          wordHits++;
          strongCue = true;
          namedQuestion = true;
        } else if (inName) {
          // A mention the question does not have, but its name does ("YouTube Shorts": Activities on YouTube).
          score += 4;
          wordHits++;
        } else if (m.entry.words.every((w) => own.name.has(stem(w)) || own.description.has(stem(w)))) {
          // A thing the question's description names ("channels": Grocery shopping channels): it fits, a little.
          score += 2;
          evidence.push(`d:${m.entry.words.join(' ')}`);
        } else if (m.entry.words.every((w) => index.commonWords.has(w)) && m.entry.words.some((w) => own.name.has(stem(w)))) {
          // Common words, not a name, partly the question's own ("video games": Why people play
          // games): read as words, not as a thing the question lacks.
          for (const w of m.entry.words)
            if (own.name.has(stem(w))) {
              score += 3 * Math.log(1 + index.questionCount / (index.df.get(stem(w)) ?? index.questionCount));
              covered.add(stem(w));
              partialNamed++;
            }
          evidence.push(`p:${m.entry.words.join(' ')}`);
        } else missed++;
        continue;
      }
      dpHits++;
      score += m.typo ? 9 : refs.every((r) => r.partial) ? 7 : common ? 8 : 10;
      // Use and ownership of a named thing: the question whose datapoint it is, usage before brand grids.
      if (USAGE_NAME.test(q.name) && !/^(brand_|favourite_)/.test(q.code)) score += 0.8;
      if (/^(brand_perception|favourite_brand)/.test(q.code)) score -= 0.6;
      // Fewer questions holding the name: a more telling mention.
      const holders = new Set(m.entry.refs.map((r) => r.question.code)).size;
      score += 1 / holders;
      for (const r of refs) if (!datapoints.some((d) => d.code === r.datapoint.code)) datapoints.push(codeName(r.datapoint));
    }
    score -= 6 * missed;
    let named = partialNamed;
    for (const s of stems) {
      const idf = idfOf.get(s) as number;
      const generic = GENERIC_VERB_STEMS.has(s);
      if (own.name.has(s) || own.description.has(s)) evidence.push(s);
      if (own.name.has(s)) covered.add(s);
      if (own.name.has(s)) {
        score += generic ? 1.5 : 3 * idf;
        named++;
        if (!generic) {
          wordHits++;
          strongCue = true;
        }
      } else if (own.description.has(s)) {
        score += generic ? 0.5 : idf;
        if (!generic) wordHits++;
      }
    }
    if (named > 0) score += (2 * named) / Math.max(1, own.nameSize);
    // Answer-scale words: a grid's suffix, or a frequency question's datapoint.
    let suffix: CodeName | null = null;
    const names = index.normalisedNames.get(q.code) ?? { suffixes: [], datapoints: [] };
    for (const word of suffixWords.strong) {
      const match = q.suffixes.find((_, k) => names.suffixes[k] === word);
      if (match) {
        suffix = match;
        score += 6;
        strongCue = true;
        break;
      }
    }
    if (!suffix && q.suffixes.length > 0)
      for (const word of suffixWords.weak) {
        const match = q.suffixes.find((_, k) => names.suffixes[k] === word);
        if (match) {
          // A verb of using or buying fits a grid that asks it ("eating at" a fast food chain).
          suffix = match;
          if (suffixWords.custom) score += 1;
          break;
        }
      }
    // Amounts: the bands of a banded question inside what was asked ("more than four hours").
    if (q.suffixes.length === 0 && reading.quantities.length > 0) {
      const bands = index.bands.get(q.code) ?? [];
      const inside = q.datapoints.filter((_, k) => bands[k] && reading.quantities.some((x) => bandInside(bands[k] as Interval, x)));
      if (inside.length > 0) {
        for (const d of inside) if (!datapoints.some((x) => x.code === d.code)) datapoints.push(codeName(d));
        score += 6;
        strongCue = true;
      }
    }
    if (q.suffixes.length === 0)
      for (const v of values) {
        const d = q.datapoints.find((_, k) => names.datapoints[k] === v || VALUE_WORDS[v].includes(names.datapoints[k]));
        if (d && !datapoints.some((x) => x.code === d.code)) {
          datapoints.push(codeName(d));
          score += 6;
          strongCue = true;
        }
      }
    // Time spent ("Hours spent on social media per day") is meant only when time is asked about:
    // "top social media for boomers" ranks the platforms, not the hours.
    if (/^hours\b/i.test(q.name) && reading.quantities.length === 0 && !/\b(hour|hours|hrs|time|long|minutes|mins|much)\b/.test(text)) score -= 5;
    // A grid needs its scale: without a scale word it is not the question meant.
    if (q.suffixes.length > 0 && !suffix) score -= 4;
    if (dpHits === 0 && wordHits === 0) continue;
    if (namedQuestion && dpHits === 0 && cues.share && !cues.ranking) score -= 1.5;
    scored.push({
      question: q,
      score,
      datapoints,
      suffix,
      dpHits,
      wordHits,
      strongCue,
      namedQuestion,
      evidence: evidence.sort().join('|'),
      coverage: covered.size / Math.max(1, own.nameWords),
    });
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

  let best = scored[0];
  if (!best || best.score < 4 || (best.dpHits === 0 && best.wordHits === 0)) return { topic: null, question: null, unknown };
  // "What makes Gen Z different?": no topic named; words like "profile" or "stand out" are not one.
  if (cues.openIndexing && best.dpHits === 0 && !best.strongCue) return { topic: null, question: null, unknown };
  // An unlicensed question close to a licensed one: use the licensed one.
  if (!best.question.entitled) {
    const alt = scored.find((s) => s.question.entitled && s.score >= best.score - 1 && s.dpHits === best.dpHits);
    if (alt) best = alt;
  }
  // A share of something unknown ("what share bet on sports online?"): the topic is not in the data.
  if (best.dpHits === 0 && unknown.length > 0 && cues.share && values.length === 0)
    return { topic: null, question: null, unknown, outcome: notInData(unknown) };
  const onlyCommon = mentions.every((m) => m.entry.words.length === 1 && index.commonWords.has(m.entry.words[0]));
  if (unknown.length > 0 && cues.share && onlyCommon && !best.suffix && !values.length && best.wordHits === 0)
    return { topic: null, question: null, unknown, outcome: notInData(unknown) };
  if (best.dpHits === 0 && mentions.length === 0 && unknown.length > 0 && best.score < 8)
    return { topic: null, question: null, unknown, outcome: notInData(unknown) };
  // An unknown word naming the kind of a generic noun that found the question ("gambling apps",
  // "crypto exchanges sites"): the thing asked about is the unknown one, not in the data.
  const bestWords = index.questionWords.get(best.question.code);
  const unknownKind = unknown.find((u) => {
    const at = words.indexOf(u);
    const next = words[at + 1];
    return next !== undefined && (TOPIC_SYNONYMS[next] !== undefined || bestWords?.name.has(stem(next)) === true);
  });
  if (best.dpHits === 0 && unknownKind !== undefined) return { topic: null, question: null, unknown, outcome: notInData(unknown) };

  // Two readings equally close: ask which.
  const second = scored.find((s) => s.question.code !== best.question.code && s.question.entitled === best.question.entitled);
  const ambiguousName = mentions.find((m) => m.entry.kind === 'datapoint' && isPrefixOfOtherNames(m, index));
  // A verb of being a customer other than "use" ("shops on Amazon", "ordered from Amazon") picks the
  // retailer, not the products named after it.
  const customerOfBrand = suffixWords.custom && best.suffix !== null && best.dpHits > 0;
  if (ambiguousName && !best.strongCue && !customerOfBrand) {
    const name = ambiguousName.entry.words.join(' ');
    const options = otherNamesStartingWith(ambiguousName, index);
    return {
      topic: null,
      question: null,
      unknown,
      outcome: clarify(`“${titleCase(name)}” could mean several things in the survey: ${options.slice(0, 6).join(', ')}. Which one do you mean?`, options),
    };
  }
  // A brand that is a row of two grids of the same kind, once by its name and once by its name
  // and more ("Dyson" in technology brands, "Dyson Home" in home appliance brands): which one?
  if (best.dpHits > 0 && best.wordHits === 0 && best.question.suffixes.length > 0) {
    const scale = best.question.suffixes.map((x) => x.name).join('|');
    for (const m of mentions) {
      if (m.entry.kind !== 'datapoint' || !m.entry.refs.some((r) => r.question.code === best.question.code)) continue;
      const name = m.entry.words.join(' ');
      const siblings = catalogue.questions.filter(
        (q) =>
          q.code !== best.question.code &&
          q.suffixes.map((x) => x.name).join('|') === scale &&
          // The brand qualified by that grid's own category ("Dyson Home"), not a product of it ("Amazon Prime Video").
          (index.normalisedNames.get(q.code)?.datapoints ?? []).some(
            (d) =>
              d.startsWith(`${name} `) &&
              d
                .slice(name.length + 1)
                .split(' ')
                .every((w) => index.questionWords.get(q.code)?.name.has(stem(w))),
          ),
      );
      if (siblings.length > 0) {
        const options = [best.question, ...siblings].map((q) => q.name);
        return {
          topic: null,
          question: null,
          unknown,
          outcome: clarify(
            `“${titleCase(name)}” is in more than one list of brands: ${options.map((o) => `“${o}”`).join(' and ')}. Which one do you mean?`,
            options,
          ),
        };
      }
    }
  }
  // Several questions found by exactly the same words, none by a named datapoint ("the top
  // brands": of which sector?): the words do not say which, so ask.
  const alikeBest = (x: Scored) => x.dpHits === 0 && x.evidence === best.evidence && Math.abs(x.coverage - best.coverage) < 0.01 && best.score - x.score < 2;
  if (best.dpHits === 0 && !best.suffix && second && alikeBest(second)) {
    const alike = scored.filter(alikeBest).map((x) => x.question.name);
    return {
      topic: null,
      question: null,
      unknown,
      outcome: clarify(
        `That could be several questions of the survey: ${alike
          .slice(0, 6)
          .map((n) => `“${n}”`)
          .join(', ')}. Which one do you mean?`,
        alike,
      ),
    };
  }
  // The same thing measured by two questions ("Valorant": played, or its esport watched): the
  // thing is not in doubt, only the measure; the catalogue lists the primary measure first, so
  // that one is used and the answer says which other one there is.
  let alternative: string | undefined;
  if (second && second.dpHits > 0 && best.dpHits > 0 && Math.abs(best.score - second.score) < 0.5 && !best.strongCue && sameNames(best, second))
    alternative = `${best.datapoints.map((d) => `“${d.name}”`).join(', ')} is also asked in “${second.question.name}”; I used “${best.question.name}”.`;
  if (!best.question.entitled) {
    const dataset = catalogue.datasets.find((d) => d.code === best.question.datasetCode);
    return {
      topic: null,
      question: null,
      unknown,
      outcome: refuse(
        'not-entitled',
        `“${best.question.name}” belongs to the ${dataset?.name ?? best.question.datasetCode} dataset, which your organisation does not license, so I cannot answer from it.`,
      ),
    };
  }
  // A typo one letter from names of two different things: ask.
  const datapoints = mentions.length === 0 && !values.length && !reading.quantities.length ? [] : best.datapoints;
  const topic: PlanTopic = { question: best.question.code, questionName: best.question.name, datapoints, suffix: best.suffix ? codeName(best.suffix) : null };
  return {
    topic,
    question: best.question,
    unknown,
    confident: best.dpHits > 0 || best.strongCue,
    mentioned: best.dpHits > 0 || best.namedQuestion,
    alternative,
  };
}

function sameNames(a: Scored, b: Scored): boolean {
  return a.datapoints.map((d) => d.name).join() === b.datapoints.map((d) => d.name).join();
}

/** "Apple" is also the start of "Apple Music", "Apple TV+", "Apple Pay": several things. */
function isPrefixOfOtherNames(m: Span, index: CatalogueIndex): boolean {
  if (m.entry.kind !== 'datapoint') return false;
  if (m.entry.refs.some((r) => USAGE_NAME.test(r.question.name) && !/^(brand_|favourite_)/.test(r.question.code))) return false;
  const own = new Set(m.entry.refs.map((r) => r.question.name));
  return otherNamesStartingWith(m, index).filter((n) => ![...own].some((q) => n.endsWith(`(${q})`))).length >= 3;
}

function otherNamesStartingWith(m: Span, index: CatalogueIndex): string[] {
  if (m.entry.kind !== 'datapoint' || m.entry.words.length !== 1) return [];
  const w = m.entry.words[0];
  const names = new Set<string>();
  for (const d of index.datapointNames) if (d.normalised.startsWith(`${w} `)) names.add(d.name);
  if (names.size === 0) return [];
  const own = [...new Set(m.entry.refs.map((r) => r.question.name))];
  return [...own.map((q) => `${titleCase(w)} (${q})`), ...names];
}

function titleCase(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function notInData(unknown: string[]): PlanOutcome {
  const gibberish = unknown.filter((w) => !/[aeiouy]/.test(w) || /[bcdfghjklmnpqrstvwxz]{5,}/.test(w));
  if (gibberish.length > 0)
    return clarify(
      `I do not know what ${gibberish.map((w) => `“${w}”`).join(', ')} is. Could you say it another way, for example the name of a platform, a brand or a kind of product?`,
      [],
    );
  return refuse(
    'not-understood',
    `I could not find ${unknown.map((w) => `“${w}”`).join(', ')} in the survey catalogue, so I have no numbers to give. Try naming a topic such as social platforms, streaming services or brands.`,
    unknown,
  );
}

/** No topic: a typo close to two names asks which; unknown words are not in the data. */
function noTopic(reading: Reading, index: CatalogueIndex, unknown: string[]): PlanOutcome {
  for (const w of unknown) {
    if (w.length < 4) continue;
    const close = new Set<string>();
    for (const entry of index.entries) {
      if (entry.kind !== 'datapoint' || entry.words.length !== 1) continue;
      const k = entry.words[0];
      if (Math.abs(k.length - w.length) <= 1 && k[0] === w[0] && editWithin1(w, k)) close.add(k);
    }
    if (close.size >= 2) return clarify(`Did you mean ${[...close].map((c) => `“${titleCase(c)}”`).join(' or ')}?`, [...close]);
  }
  if (unknown.length > 0) return notInData(unknown);
  void reading;
  return refuse(
    'not-understood',
    'I could not find a topic of the survey catalogue in that prompt, so I have no numbers to give. Try naming a topic such as social platforms, streaming services or brands.',
  );
}

function editWithin1(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return (
    a.slice(i + 1) === b.slice(i + 1) ||
    a.slice(i) === b.slice(i + 1) ||
    a.slice(i + 1) === b.slice(i) ||
    (a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
  );
}

function isFollowUpText(text: string, previous: AnalysisPlan | null): boolean {
  if (FOLLOW_UP_START.some((p) => text.startsWith(` ${p} `))) return true;
  const words = text.trim().split(' ');
  if (previous && words.length <= 8 && words.some((w) => REFERENCES.has(w))) return true;
  return /\b(how has (that|it) changed|how many is that|same for|what about|how about|compare them|compare these)\b/.test(text);
}

function describeGiven(audiences: PlanAudience[], markets: PlannerLocation[], reading: Reading): string {
  const parts: string[] = [];
  if (audiences.length > 0) parts.push(audiences.map((a) => a.name).join(' and '));
  if (markets.length > 0) parts.push(`${audiences.length > 0 ? '' : 'people '}in ${markets.map((m) => m.name).join(' and ')}`);
  if (reading.time.waves.length > 0) parts.push(`in ${wavesText(reading.time.waves)}`);
  return parts.join(' ');
}

// ---------------------------------------------------------------------------------------------
// Datasets

function questionsOf(expression: unknown, out: Set<string>): Set<string> {
  if (!expression || typeof expression !== 'object') return out;
  const e = expression as Record<string, unknown>;
  if (typeof e['question'] === 'string') out.add(e['question']);
  for (const key of ['and', 'or']) if (Array.isArray(e[key])) (e[key] as unknown[]).forEach((x) => questionsOf(x, out));
  return out;
}

/**
 * The dataset a plan counts respondents in, by the service's one universe rule (`chooseUniverse`):
 * one that asks the topic and every question of its audiences, the topic's own dataset first, so
 * a demographic asked in several datasets is read in the topic's. An unlicensed question is
 * refused; questions that share no licensed dataset cannot be combined, so it asks which to use.
 */
function chooseDatasets(
  catalogue: PlannerCatalogue,
  topic: PlannerQuestion | undefined,
  audiences: PlanAudience[],
  locations: CodeName[] = [],
): { dataset: PlannerDataset } | { refusal: PlanOutcome } {
  const codes = new Set<string>();
  for (const a of audiences) questionsOf(a.expression, codes);
  const used = [...codes].map((c) => catalogue.questions.find((q) => q.code === c)).filter((q): q is PlannerQuestion => q !== undefined);
  const all = topic ? [topic, ...used.filter((q) => q.code !== topic.code)] : used;
  const unlicensed = all.find((q) => !q.entitled);
  if (unlicensed) {
    const dataset = catalogue.datasets.find((d) => d.code === unlicensed.datasetCode);
    return {
      refusal: refuse(
        'not-entitled',
        `“${unlicensed.name}” belongs to the ${dataset?.name ?? unlicensed.datasetCode} dataset, which your organisation does not license.`,
      ),
    };
  }
  const universe = chooseUniverse(
    all.map((question) => ({ path: question.code, question })),
    { entitledDatasets: catalogue.datasets.filter((d) => d.entitled).map((d) => d.code) },
    { prefer: topic?.datasetCode },
  );
  if (universe.ok) return { dataset: catalogue.datasets.find((d) => d.code === universe.value) as PlannerDataset };
  if (universe.status === 403) return { refusal: refuse('not-entitled', 'Your organisation licenses no dataset.') };
  // No choice of audience helps where the topic's survey was never fielded: say so, do not ask back.
  const notFielded = (code: string, market: CodeName) => {
    const fielded = catalogue.datasets.find((d) => d.code === code)?.fielded;
    return fielded !== undefined && !fielded.locations.includes(market.code);
  };
  const missing = topic ? locations.find((l) => topic.datasetCodes.every((code) => notFielded(code, l))) : undefined;
  if (topic && missing) return { refusal: refuse('no-data', `“${topic.name}” is not asked in ${missing.name}: its survey was not fielded there.`) };
  return {
    refusal: clarify(
      `${all.map((q) => `“${q.name}”`).join(' and ')} are not asked of the same respondents (they are in different surveys), so I cannot combine them. Which one should I use?`,
      all.map((q) => q.name),
    ),
  };
}

/**
 * Questions matching a free-text query, best first (the MCP `search_questions` tool): datapoint
 * names (typos allowed) count most, then words of the question's name, then of its description.
 */
export function searchQuestions(query: string, catalogue: PlannerCatalogue): PlannerQuestion[] {
  const index = indexOf(catalogue);
  const words = normalize(query)
    .trim()
    .split(' ')
    .filter((w) => w.length > 1 && !STOPWORDS.has(w));
  const spans = findSpans(words, new Set(), index, new Set(), 'en', catalogue).filter((s) => s.entry.kind === 'datapoint');
  const stems = new Set(words.map(stem));
  const ranked: { question: PlannerQuestion; score: number }[] = [];
  for (const q of catalogue.questions) {
    const own = index.questionWords.get(q.code);
    if (!own) continue;
    let score = 0;
    for (const s of spans) if (s.entry.kind === 'datapoint' && s.entry.refs.some((r) => r.question.code === q.code)) score += 10;
    for (const st of stems) {
      const idf = Math.log(1 + index.questionCount / (index.df.get(st) ?? index.questionCount));
      if (own.name.has(st)) score += 3 * idf;
      else if (own.description.has(st)) score += idf;
    }
    if (score > 0) ranked.push({ question: q, score });
  }
  return ranked.sort((a, b) => b.score - a.score).map((r) => r.question);
}
