import { AnalysisKind, AnalysisPlan, CodeName, PlanAudience, PlannerCatalogue, PlannerQuestion, PlannerWave, PlanOutcome, PlanTopic } from './assistant.types';
import { AGE_BANDS, AUDIENCE_PHRASES, LOCATION_ALIASES, OTHER_PLACES, SUFFIX_ALIASES, TOPIC_SYNONYMS } from './synonyms';
import { consume, hasPhrase, normalize, numberWord, stem, STOPWORDS } from './text';

export const EVERYONE: PlanAudience = {
  id: 'all',
  name: 'All respondents',
  description: 'Every respondent of the selected markets and waves.',
  expression: {},
  origin: 'everyone',
};

/** How many waves an answer covers when the prompt names none (as POST /v2/query/crosstab). */
export const DEFAULT_WAVES = 4;
export const DEFAULT_LIMIT = 5;
export const MAX_LIMIT = 20;
/** Questions profiled when a prompt asks what makes an audience different without naming a topic. */
export const PROFILE_QUESTIONS = ['social_platform_usage', 'interests', 'streaming_services_used', 'devices_owned', 'news_sources'];

export interface PlanInput {
  prompt: string;
  catalogue: PlannerCatalogue;
  /** The previous turn's plan in this chat, for follow-ups. */
  previous?: AnalysisPlan | null;
  /** Audiences docked to the request, already checked as readable by the caller. */
  docked?: PlanAudience[];
}

const FOLLOW_UP = /^ (and|what about|how about|and what about|what if|same|now|ok|okay|also|then|show|only|just|but) /;
const FUTURE = /\b(predict|prediction|forecast|will be|going to be|next year|in the future|next quarter)\b/;

interface Extracted<T> {
  text: string;
  values: T[];
}

/**
 * Reads a prompt against the catalogue: audience, locations, waves, kind of question and
 * topic, merged with the chat's previous plan for follow-ups. Pure: everything it needs is in
 * `input`. It refuses (ok: false) rather than guess: no topic found, an unknown or unlicensed
 * market, wave or dataset, a forecast.
 */
export function planPrompt(input: PlanInput): PlanOutcome {
  const { catalogue } = input;
  const previous = input.previous ?? null;
  let text = normalize(input.prompt);
  if (text.trim().length === 0) return refuse('not-understood', 'The prompt is empty: ask about an audience, a topic, a market or a period.', []);
  if (FUTURE.test(text)) return refuse('no-data', 'I can only report what the survey measured; I do not forecast future waves.', []);
  const followUp = previous !== null && FOLLOW_UP.test(text);

  const limitMatch = text.match(/ (?:top|first|best|bottom) (\d+|three|five|ten|twenty|one|two|four|six|seven|eight|nine) /);
  const limit = limitMatch ? Math.min(MAX_LIMIT, Math.max(1, numberWord(limitMatch[1]) ?? DEFAULT_LIMIT)) : undefined;
  if (limitMatch) text = text.replace(limitMatch[0], ' top | ');

  const waves = extractWaves(text, catalogue.waves);
  if ('refusal' in waves) return waves.refusal;
  text = waves.text;

  const locations = extractLocations(text, input.prompt, catalogue);
  if ('refusal' in locations) return locations.refusal;
  text = locations.text;

  const audiences = extractAudiences(text, catalogue);
  text = audiences.text;

  const explicitKind = detectKind(text);
  const topics = findTopics(text, catalogue);
  const notes: string[] = [];

  let topicList: PlanTopic[];
  if (topics.best) {
    if (!topics.best.question.entitled) {
      const dataset = catalogue.datasets.find((d) => d.code === topics.best?.question.datasetCode);
      return refuse(
        'not-entitled',
        `“${topics.best.question.name}” belongs to the ${dataset?.name ?? topics.best.question.datasetCode} dataset, which your organisation does not license, so I cannot answer from it.`,
        [],
      );
    }
    topicList = [topics.best.topic];
  } else if (
    previous &&
    (followUp || audiences.values.length + locations.values.length + waves.values.length > 0 || explicitKind !== null || limit !== undefined)
  ) {
    topicList = previous.kind === 'indexing' && previous.topics.length > 1 ? previous.topics : previous.topics.map((t) => ({ ...t }));
  } else if (explicitKind === 'indexing' && audiences.values.length > 0) {
    topicList = PROFILE_QUESTIONS.map((code) => catalogue.questions.find((q) => q.code === code && q.entitled))
      .filter((q): q is PlannerQuestion => q !== undefined)
      .map((q) => ({ question: q.code, questionName: q.name, datasetCode: q.datasetCode, datapoints: [], suffix: null }));
    if (topicList.length === 0) return refuse('no-data', 'Your organisation has no profiling questions to compare that audience on.', []);
  } else {
    const unknown = leftoverWords(text);
    return refuse(
      'not-understood',
      unknown.length > 0
        ? `I could not match ${unknown.map((w) => `“${w}”`).join(', ')} to any question of the survey catalogue, so I have no numbers to give. Try naming a topic such as social platforms, streaming services or brands.`
        : 'I could not find a topic of the survey catalogue in that prompt, so I have no numbers to give. Try naming a topic such as social platforms, streaming services or brands.',
      unknown,
    );
  }

  const inherit = previous !== null && (followUp || topics.best === null);
  let planAudiences = audiences.values;
  const docked = input.docked ?? [];
  if (planAudiences.length === 0 && docked.length > 0) planAudiences = docked;
  else if (docked.length > 0) planAudiences = [...planAudiences, ...docked.filter((d) => !planAudiences.some((a) => a.id === d.id))];
  if (planAudiences.length === 0 && inherit && previous) planAudiences = previous.audiences;
  const combineAudiences = planAudiences.length > 1 && explicitKind !== 'comparison' && !/ (and|or) /.test(audiences.between) && audiences.values.length > 1;
  if (combineAudiences) planAudiences = [intersectAudiences(planAudiences)];
  if (planAudiences.length === 0) planAudiences = [EVERYONE];

  const planLocations = locations.values.length > 0 ? locations.values : inherit && previous ? previous.locations : [];

  let kind: AnalysisKind;
  if (explicitKind) kind = explicitKind;
  else if (limit !== undefined) kind = 'ranking';
  else if (inherit && previous && topics.best === null) kind = previous.kind;
  else kind = topicList.every((t) => t.datapoints.length > 0) ? 'share' : 'ranking';
  if (kind === 'share' && topicList.some((t) => t.datapoints.length === 0)) kind = 'ranking';
  if (kind !== 'trend' && kind !== 'indexing' && (planAudiences.length > 1 || planLocations.length > 1)) kind = 'comparison';
  if ((kind === 'ranking' || kind === 'indexing') && topics.best === null && inherit) topicList = topicList.map((t) => ({ ...t, datapoints: [] }));

  let planWaves: CodeName[];
  const entitledWaves = catalogue.waves.filter((w) => w.entitled);
  if (waves.values.length > 0) planWaves = waves.values;
  else if (kind === 'trend') planWaves = inherit && previous && previous.splitByWave ? previous.waves : entitledWaves.map(codeName);
  else if (inherit && previous && !previous.splitByWave) planWaves = previous.waves;
  else planWaves = entitledWaves.slice(-DEFAULT_WAVES).map(codeName);
  if (planWaves.length === 0) return refuse('not-entitled', 'Your organisation has no licensed waves.', []);
  if (kind === 'trend' && planWaves.length < 2) {
    planWaves = entitledWaves.map(codeName);
    notes.push('A trend needs several waves, so I used every wave available to you.');
  }

  const ascending = / (least|lowest|bottom|fewest|less popular) /.test(text);
  const plan: AnalysisPlan = {
    kind,
    topics: topicList,
    audiences: planAudiences,
    locations: planLocations,
    splitByLocation: planLocations.length > 1,
    waves: planWaves,
    splitByWave: kind === 'trend',
    limit: limit ?? (inherit && previous ? previous.limit : DEFAULT_LIMIT),
    ascending,
  };
  return { ok: true, plan, notes };
}

function refuse(reason: 'not-understood' | 'no-data' | 'not-entitled', message: string, unknown: string[]): PlanOutcome {
  return { ok: false, reason, message, unknown };
}

const codeName = (x: CodeName): CodeName => ({ code: x.code, name: x.name });

type Refusal = { refusal: PlanOutcome };

function extractWaves(input: string, waves: PlannerWave[]): Extracted<CodeName> | Refusal {
  let text = input;
  const found: PlannerWave[] = [];
  const named: string[] = [];
  const entitled = waves.filter((w) => w.entitled);
  const latest = entitled[entitled.length - 1];
  const yearOf = (w: PlannerWave) => Number(w.endDate.slice(0, 4));
  const add = (list: PlannerWave[]) => list.forEach((w) => !found.includes(w) && found.push(w));

  const since = text.match(/ since q([1-4]) (20\d\d) /);
  if (since) {
    const from = waves.find((w) => w.code === `q${since[1]}_${since[2]}`);
    if (!from) return { refusal: refuse('no-data', `The survey has no wave Q${since[1]} ${since[2]}.`, []) };
    add(entitled.filter((w) => w.endDate >= from.endDate));
    text = text.replace(since[0], ' | ');
  }
  for (const m of [...text.matchAll(/ (?:q([1-4]) (20\d\d)|(20\d\d) q([1-4])) /g)]) {
    const q = m[1] ?? m[4];
    const y = m[2] ?? m[3];
    const wave = waves.find((w) => w.code === `q${q}_${y}`);
    named.push(`Q${q} ${y}`);
    if (!wave)
      return {
        refusal: refuse('no-data', `The survey has no data for Q${q} ${y}: its waves run from ${waves[0]?.name} to ${waves[waves.length - 1]?.name}.`, []),
      };
    if (!wave.entitled) return { refusal: refuse('not-entitled', `Your organisation does not license the ${wave.name} wave.`, []) };
    add([wave]);
    text = text.replace(m[0], ' | ');
  }
  if (latest) {
    if (/ (last|past|previous) (year|12 months|twelve months) /.test(text) && / (past year|last 12 months|past 12 months|last twelve months) /.test(text)) {
      add(entitled.slice(-4));
      text = text.replace(/ (past year|last 12 months|past 12 months|last twelve months) /, ' | ');
    }
    if (/ (last|previous) year /.test(text)) {
      const year = yearOf(latest) - 1;
      const list = entitled.filter((w) => yearOf(w) === year);
      if (list.length === 0) return { refusal: refuse('no-data', `There is no wave of ${year} available to you.`, []) };
      add(list);
      text = text.replace(/ (last|previous) year /, ' | ');
    }
    if (/ this year /.test(text)) {
      add(entitled.filter((w) => yearOf(w) === yearOf(latest)));
      text = text.replace(/ this year /, ' | ');
    }
    if (/ (latest|most recent|this quarter|last quarter|current|right now|currently) (wave )?/.test(text)) {
      add([latest]);
      text = text.replace(/ (latest|most recent|this quarter|last quarter|current|right now|currently) (wave )?/, ' | ');
    }
  }
  for (const m of [...text.matchAll(/ (?:in|during|for|of) (20\d\d) /g)]) {
    const year = Number(m[1]);
    const list = waves.filter((w) => yearOf(w) === year);
    if (list.length === 0)
      return {
        refusal: refuse('no-data', `The survey has no data for ${year}: its waves run from ${waves[0]?.name} to ${waves[waves.length - 1]?.name}.`, []),
      };
    const licensed = list.filter((w) => w.entitled);
    if (licensed.length === 0) return { refusal: refuse('not-entitled', `Your organisation does not license any wave of ${year}.`, []) };
    add(licensed);
    text = text.replace(m[0], ' | ');
  }
  found.sort((a, b) => a.endDate.localeCompare(b.endDate));
  return { text, values: found.map(codeName) };
}

function extractLocations(input: string, original: string, catalogue: PlannerCatalogue): Extracted<CodeName> | Refusal {
  let text = input;
  const found: { code: string; name: string; at: number }[] = [];
  const entries: { code: string; phrase: string }[] = [];
  for (const location of catalogue.locations) {
    entries.push({ code: location.code, phrase: normalize(location.name).trim() });
    for (const alias of LOCATION_ALIASES[location.code] ?? []) entries.push({ code: location.code, phrase: alias });
  }
  entries.sort((a, b) => b.phrase.length - a.phrase.length);
  for (const entry of entries) {
    if (hasPhrase(text, entry.phrase)) {
      const location = catalogue.locations.find((l) => l.code === entry.code);
      if (!location) continue;
      if (!location.entitled) return { refusal: refuse('not-entitled', `Your organisation does not license data for ${location.name}.`, []) };
      if (!found.some((f) => f.code === location.code)) found.push({ code: location.code, name: location.name, at: text.indexOf(` ${entry.phrase} `) });
      text = consume(text, entry.phrase);
    }
  }
  // Upper-case market codes only ("US", "DE"), so the pronoun "us" or the word "in" never reads as a market.
  for (const m of original.matchAll(/\b([A-Z]{2})\b/g)) {
    const location = catalogue.locations.find((l) => l.code === m[1].toLowerCase());
    const word = ` ${m[1].toLowerCase()} `;
    if (!location || !text.includes(word)) continue;
    if (!location.entitled) return { refusal: refuse('not-entitled', `Your organisation does not license data for ${location.name}.`, []) };
    if (!found.some((f) => f.code === location.code)) found.push({ code: location.code, name: location.name, at: text.indexOf(word) });
    text = text.replace(word, ' | ');
  }
  for (const [place, phrases] of Object.entries(OTHER_PLACES)) {
    if (phrases.some((p) => hasPhrase(text, p))) {
      const available = catalogue.locations.filter((l) => l.entitled).map((l) => l.name);
      return { refusal: refuse('no-data', `The survey has no data for ${place}. Markets available to you: ${available.join(', ')}.`, []) };
    }
  }
  found.sort((a, b) => a.at - b.at);
  return { text, values: found.map(({ code, name }) => ({ code, name })) };
}

interface AudienceExtraction extends Extracted<PlanAudience> {
  /** The words between the first and the last audience found (to tell "A and B" from "A B"). */
  between: string;
}

function extractAudiences(input: string, catalogue: PlannerCatalogue): AudienceExtraction {
  let text = input;
  const found: { audience: PlanAudience; at: number; end: number }[] = [];
  const mark = (phrase: string, audience: PlanAudience) => {
    const at = text.indexOf(` ${phrase} `);
    found.push({ audience, at, end: at + phrase.length + 1 });
    text = text.slice(0, at) + ` ${'~'.repeat(Math.max(1, phrase.length))} ` + text.slice(at + phrase.length + 2);
  };

  const age = text.match(/ (?:aged |age |ages |between )?(\d\d)(?:-| to | and )(\d\d)(?: year olds| years old| years| yo)? /);
  if (age) {
    const lo = Number(age[1]);
    const hi = Number(age[2]);
    const bands = bandsBetween(lo, hi);
    if (bands.length > 0)
      mark(age[0].trim(), phraseAudience(`Aged ${lo}-${hi}`, `Internet users aged ${lo}-${hi}.`, { question: 'age_group', datapoints: bands }));
  }
  const under = text.match(/ (?:under|younger than|below) (\d\d)(?: year olds| years old)? /);
  if (under) {
    const bands = bandsBetween(0, Number(under[1]) - 1);
    if (bands.length > 0)
      mark(under[0].trim(), phraseAudience(`Under ${under[1]}`, `Internet users under ${under[1]}.`, { question: 'age_group', datapoints: bands }));
  }
  const over = text.match(/ (?:over|older than|above|aged) (\d\d)(?: plus)?(?: year olds| years old)? /) ?? text.match(/ (\d\d) plus /);
  if (over) {
    const bands = bandsBetween(Number(over[1]), 200);
    if (bands.length > 0)
      mark(over[0].trim(), phraseAudience(`${over[1]} and over`, `Internet users aged ${over[1]} and over.`, { question: 'age_group', datapoints: bands }));
  }
  // Saved audience names and demographic phrases in one pass, longest first: "Gen Z women" before "women", "non parents" before "parents".
  const candidates: { phrase: string; audience: () => PlanAudience }[] = [];
  for (const audience of catalogue.audiences) {
    const phrase = normalize(audience.name).trim();
    if (phrase.length > 1)
      candidates.push({
        phrase,
        audience: () => ({ id: audience.id, name: audience.name, description: audience.description, expression: audience.expression, origin: 'saved' }),
      });
  }
  for (const entry of AUDIENCE_PHRASES) {
    const savedOne = catalogue.audiences.find((a) => a.curated && a.name.toLowerCase() === entry.name.toLowerCase());
    for (const phrase of entry.phrases) {
      candidates.push({
        phrase,
        audience: () =>
          savedOne
            ? { id: savedOne.id, name: savedOne.name, description: savedOne.description, expression: savedOne.expression, origin: 'saved' }
            : phraseAudience(entry.name, entry.description, entry.expression),
      });
    }
  }
  candidates.sort((a, b) => b.phrase.length - a.phrase.length);
  for (const candidate of candidates) if (hasPhrase(text, candidate.phrase)) mark(candidate.phrase, candidate.audience());
  found.sort((a, b) => a.at - b.at);
  const unique: PlanAudience[] = [];
  for (const f of found) if (!unique.some((u) => u.id === f.audience.id)) unique.push(f.audience);
  const between = found.length > 1 ? text.slice(found[0].end, found[found.length - 1].at + 1) : '';
  return { text: text.replace(/~+/g, '|'), values: unique, between };
}

function bandsBetween(lo: number, hi: number): string[] {
  const inside = AGE_BANDS.filter(([, l, h]) => l >= lo && h <= hi).map(([c]) => c);
  return inside.length > 0 ? inside : AGE_BANDS.filter(([, l, h]) => h >= lo && l <= hi).map(([c]) => c);
}

function phraseAudience(name: string, description: string, expression: Record<string, unknown>): PlanAudience {
  return { id: `phrase:${normalize(name).trim().replace(/ /g, '_')}`, name, description, expression, origin: 'phrase' };
}

function intersectAudiences(list: PlanAudience[]): PlanAudience {
  return {
    id: list.map((a) => a.id).join('+'),
    name: list.map((a) => a.name).join(' & '),
    description: `Respondents in every one of: ${list.map((a) => a.name).join(', ')}.`,
    expression: { and: list.map((a) => a.expression) },
    origin: list.every((a) => a.origin === 'docked') ? 'docked' : 'phrase',
  };
}

/** The kind of question the words ask, when they say. */
export function detectKind(text: string): AnalysisKind | null {
  if (
    / (trend|trends|trending|over time|changed|changing|change|evolved|evolving|grown|grow|growing|growth|increased|decreased|declined|declining|rising|risen|falling|fallen|wave by wave|quarter by quarter|year on year) /.test(
      text,
    )
  )
    return 'trend';
  if (
    / (over index|overindex|over indexes|over indexing|under index|underindex|under indexes|under indexing|different|distinctive|stand out|stands out|unique|more likely|less likely|skew|skews|index|indexes) /.test(
      text,
    )
  )
    return 'indexing';
  if (/ (compare|compared|comparison|versus|vs|differ|difference|differences) /.test(text)) return 'comparison';
  if (/ (what percent|what share|how many|what proportion|proportion|percentage|how common|share of) /.test(text)) return 'share';
  if (/ (which|top|most|least|rank|ranking|popular|biggest|leading|favourite|favorite|main) /.test(text)) return 'ranking';
  return null;
}

interface TopicMatch {
  question: PlannerQuestion;
  topic: PlanTopic;
  score: number;
}

/** Scores every question against the words left once audiences, places and times are taken out. */
export function findTopics(text: string, catalogue: PlannerCatalogue): { best: TopicMatch | null; ranked: TopicMatch[] } {
  const words = text
    .trim()
    .split(' ')
    .filter((w) => w.length > 1 && w !== '|' && !STOPWORDS.has(w) && !/^\d+$/.test(w));
  const expanded = new Set<string>();
  for (const w of words) {
    expanded.add(stem(w));
    for (const s of TOPIC_SYNONYMS[w] ?? []) expanded.add(stem(s));
  }
  for (const [phrase, list] of Object.entries(TOPIC_SYNONYMS)) if (phrase.includes(' ') && hasPhrase(text, phrase)) list.forEach((s) => expanded.add(stem(s)));
  const suffixWords = Object.entries(SUFFIX_ALIASES)
    .filter(([, aliases]) => aliases.some((a) => hasPhrase(text, a)))
    .map(([name]) => name);

  const stemsOf = new Map<string, { name: Set<string>; description: Set<string> }>();
  const df = new Map<string, number>();
  for (const q of catalogue.questions) {
    const name = new Set(
      normalize(q.name)
        .trim()
        .split(' ')
        .filter((w) => !STOPWORDS.has(w))
        .map(stem),
    );
    const description = new Set(
      normalize(q.description)
        .trim()
        .split(' ')
        .filter((w) => !STOPWORDS.has(w))
        .map(stem),
    );
    stemsOf.set(q.code, { name, description });
    for (const s of new Set([...name, ...description])) df.set(s, (df.get(s) ?? 0) + 1);
  }
  const n = Math.max(1, catalogue.questions.length);
  const ranked: TopicMatch[] = [];
  for (const q of catalogue.questions) {
    const own = stemsOf.get(q.code);
    if (!own) continue;
    let score = 0;
    let named = 0;
    let informative = 0;
    for (const s of expanded) {
      const idf = Math.log(1 + n / (df.get(s) ?? n));
      if (own.name.has(s)) {
        score += 3 * idf;
        named++;
      } else if (own.description.has(s)) score += idf;
      else continue;
      if (!GENERIC_STEMS.has(s)) informative++;
    }
    // Of two names that match equally, the one the prompt covers more of ("Personal interests" over "Holiday destinations of interest").
    if (named > 0) score += (3 * named) / Math.max(1, own.name.size);
    const datapoints = q.datapoints.filter((d) => {
      const phrase = normalize(d.name).trim();
      return (
        phrase.length > 0 &&
        !STOPWORDS.has(phrase) &&
        (hasPhrase(text, phrase) || hasPhrase(text, `${phrase}s`) || hasPhrase(text, normalize(d.code.replace(/_/g, ' ')).trim()))
      );
    });
    // A datapoint found inside another found one ("Apple" within "Apple Music") does not count twice.
    const kept = datapoints.filter((d) => !datapoints.some((o) => o !== d && normalize(o.name).includes(normalize(d.name))));
    let suffix: CodeName | null = null;
    for (const word of suffixWords) {
      const match = q.suffixes.find((s) => normalize(s.name).trim() === word);
      if (match) {
        suffix = match;
        break;
      }
    }
    if (kept.length > 0) score += 10 + Math.min(kept.length - 1, 4);
    if (suffix) score += 5;
    // A verb alone ("use", "own") does not make a topic.
    if (score <= 0 || (informative === 0 && kept.length === 0 && suffix === null)) continue;
    ranked.push({
      question: q,
      score,
      topic: { question: q.code, questionName: q.name, datasetCode: q.datasetCode, datapoints: kept.map(codeName), suffix: suffix ? codeName(suffix) : null },
    });
  }
  ranked.sort((a, b) => b.score - a.score || (a.question.entitled === b.question.entitled ? 0 : a.question.entitled ? -1 : 1));
  const best = ranked[0] && ranked[0].score >= 4 ? ranked[0] : null;
  return { best, ranked };
}

const GENERIC_STEMS = new Set(['use', 'own', 'have', 'like', 'get', 'buy', 'for', 'do']);

/** Verbs that carry no topic of their own: not worth reporting as "not understood". */
const GENERIC_VERBS = new Set(['use', 'used', 'uses', 'using', 'have', 'has', 'get', 'gets', 'like', 'likes', 'tell', 'know']);

function leftoverWords(text: string): string[] {
  return [
    ...new Set(
      text
        .trim()
        .split(' ')
        .filter((w) => w.length > 2 && w !== '|' && !STOPWORDS.has(w) && !GENERIC_VERBS.has(w) && !/^\d+$/.test(w)),
    ),
  ];
}
