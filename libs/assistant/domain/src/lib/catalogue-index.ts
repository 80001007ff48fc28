/**
 * The catalogue prepared for reading prompts: every name a prompt may use (markets, regions,
 * places outside the data, saved audiences, demographic phrases, datapoints and their aliases)
 * as word lists, and the stems of question names and descriptions for scoring topics. Built
 * once per catalogue object and kept while that object lives.
 */
import { CodeName, PlannerAudience, PlannerCatalogue, PlannerLocation, PlannerQuestion } from './assistant.types';
import { AUDIENCE_PHRASES, LOCATION_ALIASES, OTHER_PLACES, REGIONS, SUFFIX_ALIASES, TOPIC_SYNONYMS } from './synonyms';
import { soundKey } from './katakana';
import { bandOf, Interval } from './quantities';
import { FUNCTION_WORDS, normalize, stem, STOPWORDS, typoMatch } from './text';

export interface DatapointRef {
  question: PlannerQuestion;
  datapoint: CodeName;
  /** Found through a shortened name ("Marketplace" for "Use Marketplace") rather than the name itself. */
  partial: boolean;
  /** Found only through another name the catalogue gives it ("amazon prime" for Prime Video), not its own name. */
  alias?: boolean;
}

export type Entry =
  | { kind: 'market'; words: string[]; location: PlannerLocation }
  | { kind: 'region'; words: string[]; name: string; locations: PlannerLocation[] }
  | { kind: 'place'; words: string[]; name: string }
  | { kind: 'audience'; words: string[]; name: string; saved: PlannerAudience | null; expression: Record<string, unknown>; description: string }
  | { kind: 'datapoint'; words: string[]; refs: DatapointRef[] };

export interface QuestionWords {
  name: Set<string>;
  /** The stem of the name's first word: the thing the question is about ("Pets owned"). */
  head: string;
  description: Set<string>;
  /** Content words of the name, for "the prompt covers most of the name". */
  nameSize: number;
  /** Distinct stems of the name's words other than function words ("What people want from brands": 3). */
  nameWords: number;
}

export interface CatalogueIndex {
  entries: Entry[];
  /** Words the catalogue writes in lower case mid-sentence: common nouns ("sports"), not names ("YouTube"). */
  commonWords: Set<string>;
  /** Lemmas of the vocabulary: a word whose lemma is known is a form of a known word, not a typo. */
  stems: Set<string>;
  /** Datapoint entries of 2 content words or more, with the stems of their content words in order. */
  longNames: { entry: Entry & { kind: 'datapoint' }; content: string[] }[];
  /** Per question: its suffix names and datapoint names, normalised, in catalogue order. */
  normalisedNames: Map<string, { suffixes: string[]; datapoints: string[] }>;
  /** Per question: the band each datapoint name stands for ("4-6 hours"), or null, in catalogue order. */
  bands: Map<string, (Interval | null)[]>;
  /** Every datapoint name, normalised, with its display name. */
  datapointNames: { normalised: string; name: string }[];
  /** Entries by their first word. */
  byFirst: Map<string, Entry[]>;
  /** Every word the index or the planner knows: such a word is never read as a typo of another. */
  vocabulary: Set<string>;
  questionWords: Map<string, QuestionWords>;
  /** In how many questions (name or description) each stem occurs. */
  df: Map<string, number>;
  /** Datapoint names by their sound key (katakana.ts), for names written in katakana. */
  bySound: Map<string, Set<string>>;
  /** The questions whose name or description has each stem. */
  questionsByStem: Map<string, PlannerQuestion[]>;
  questionCount: number;
}

const cache = new WeakMap<PlannerCatalogue, CatalogueIndex>();

/** Datapoint names that say nothing about a topic on their own ("Daily", "Never", "Other"). */
const GENERIC_DATAPOINTS = new Set(
  [
    'daily',
    'weekly',
    'monthly',
    'less often',
    'never',
    'rarely',
    'none',
    'none of these',
    'other',
    'other brand',
    'other sector',
    'no favourite brand',
    'not working',
    'no pets',
    'no car',
    'neutral',
    'nothing',
    'about the same',
    'every day',
    'several times a week',
    'once a week',
    'once a month',
    'a few times a month',
    'post',
    'comment',
    'chat',
    'shop',
    'repost',
    'single',
    'married',
    'rent',
    'parent',
    'student',
    'retired',
    'male',
    'female',
    'urban',
    'rural',
    'suburban',
    'high',
    'low',
    'medium',
  ].map((s) => s),
);

/** Leading verbs of activity datapoints: "Use Marketplace" is also found as "Marketplace". */
const LEADING_VERBS = new Set(
  (
    'use own watch shop post follow go read join create keep look network take message send play chat stream subscribe comment share search find plan save ask research clip browse repost ' +
    'used bought clicked followed discovered watched changed declined deleted took made sent paid avoided repaired reduced recycled ordered booked visited'
  ).split(' '),
);
const LEADING_LINKS = new Set(['on', 'in', 'to', 'for', 'a', 'the', 'with', 'of', 'up']);

function words(text: string): string[] {
  return normalize(text)
    .trim()
    .split(' ')
    .filter((w) => w.length > 0);
}

/** The index of a catalogue (cached per catalogue object). */
export function indexOf(catalogue: PlannerCatalogue): CatalogueIndex {
  const hit = cache.get(catalogue);
  if (hit) return hit;
  const built = build(catalogue);
  cache.set(catalogue, built);
  return built;
}

function build(catalogue: PlannerCatalogue): CatalogueIndex {
  const entries: Entry[] = [];
  for (const location of catalogue.locations) {
    entries.push({ kind: 'market', words: words(location.name), location });
    for (const alias of LOCATION_ALIASES[location.code] ?? []) entries.push({ kind: 'market', words: alias.split(' '), location });
  }
  for (const [name, region] of Object.entries(REGIONS)) {
    const locations = region.codes.map((c) => catalogue.locations.find((l) => l.code === c)).filter((l): l is PlannerLocation => l !== undefined);
    if (locations.length > 0) for (const phrase of region.phrases) entries.push({ kind: 'region', words: phrase.split(' '), name, locations });
  }
  for (const [name, phrases] of Object.entries(OTHER_PLACES)) for (const phrase of phrases) entries.push({ kind: 'place', words: phrase.split(' '), name });

  for (const audience of catalogue.audiences) {
    const w = words(audience.name);
    if (w.length > 0)
      entries.push({ kind: 'audience', words: w, name: audience.name, saved: audience, expression: audience.expression, description: audience.description });
  }
  for (const entry of AUDIENCE_PHRASES) {
    const saved = catalogue.audiences.find((a) => a.curated && a.name.toLowerCase() === entry.name.toLowerCase()) ?? null;
    // A phrase standing for a curated audience is usable only where that audience exists.
    if (!saved && Object.keys(entry.expression).length === 0) continue;
    for (const phrase of entry.phrases)
      entries.push({
        kind: 'audience',
        words: phrase.split(' '),
        name: saved?.name ?? entry.name,
        saved,
        expression: saved?.expression ?? entry.expression,
        description: saved?.description ?? entry.description,
      });
  }

  const datapointEntries = new Map<string, DatapointRef[]>();
  const addDatapoint = (phrase: string[], ref: DatapointRef) => {
    if (phrase.length === 0) return;
    const key = phrase.join(' ');
    if (GENERIC_DATAPOINTS.has(key) || (phrase.length === 1 && STOPWORDS.has(key))) return;
    const list = datapointEntries.get(key) ?? [];
    const same = list.findIndex((r) => r.question.code === ref.question.code && r.datapoint.code === ref.datapoint.code);
    // A full name or an alias is stronger evidence than the same words as a shortened name.
    if (same < 0) list.push(ref);
    else if (list[same].partial && !ref.partial) list[same] = ref;
    datapointEntries.set(key, list);
  };
  for (const question of catalogue.questions) {
    for (const datapoint of question.datapoints) {
      const name = words(datapoint.name);
      addDatapoint(name, { question, datapoint, partial: false });
      // "Apple TV+" is also "Apple TV plus"; "X" is also "X Twitter".
      const code = words(datapoint.code.replace(/_/g, ' '));
      if (code.join(' ') !== name.join(' ') && !code.some((w) => /^\d+$/.test(w)) && code.length > 1)
        addDatapoint(code, { question, datapoint, partial: false });
      // Activities: "Use Marketplace" is also "Marketplace"; "Shop on TikTok Shop" also "TikTok Shop".
      if (name.length > 1 && LEADING_VERBS.has(name[0])) {
        let rest = name.slice(1);
        while (rest.length > 1 && LEADING_LINKS.has(rest[0])) rest = rest.slice(1);
        if (rest.length > 0 && !(rest.length === 1 && (STOPWORDS.has(rest[0]) || rest[0].length < 4)))
          addDatapoint(rest, { question, datapoint, partial: true });
      }
      // "K-pop" is also written "kpop", "E-reader" "ereader": a short two-word name joined.
      if (name.length === 2 && name.every((w) => /^[a-z]+$/.test(w)) && name.join('').length <= 7)
        addDatapoint([name.join('')], { question, datapoint, partial: false });
      // "Stocks and shares" is also "stocks"; "Hip hop and rap" also "hip hop".
      // "Nappies or diapers" is also "nappies"; "Pix or instant payment" also "Pix".
      // Not an amount ("5 or more people" is not "more people").
      const joint = name.some((w) => /^\d+$/.test(w)) ? -1 : name.findIndex((w) => w === 'and' || w === 'or');
      if (joint > 0 && name.length <= 5) {
        // Not a letter of an abbreviation ("R" of "R&B and soul").
        const part = (p: string[]) => p.length > 1 || (p[0] ?? '').length > 2;
        if (part(name.slice(0, joint))) addDatapoint(name.slice(0, joint), { question, datapoint, partial: true });
        if (part(name.slice(joint + 1))) addDatapoint(name.slice(joint + 1), { question, datapoint, partial: true });
      }
    }
  }
  // Other names the survey's catalogue gives its answers ("insta", "coke"): as strong as the name.
  for (const question of catalogue.questions)
    for (const datapoint of question.datapoints)
      for (const alias of datapoint.aliases ?? []) addDatapoint(words(alias), { question, datapoint, partial: false, alias: true });
  for (const [key, refs] of datapointEntries) entries.push({ kind: 'datapoint', words: key.split(' '), refs });

  const byFirst = new Map<string, Entry[]>();
  for (const entry of entries) {
    const list = byFirst.get(entry.words[0]) ?? [];
    list.push(entry);
    byFirst.set(entry.words[0], list);
  }

  const questionWords = new Map<string, QuestionWords>();
  const df = new Map<string, number>();
  const questionsByStem = new Map<string, PlannerQuestion[]>();
  const vocabulary = new Set<string>(STOPWORDS);
  for (const entry of entries) entry.words.forEach((w) => vocabulary.add(w));
  for (const list of Object.values(SUFFIX_ALIASES)) for (const phrase of list) phrase.split(' ').forEach((w) => vocabulary.add(w));
  for (const [phrase, list] of Object.entries(TOPIC_SYNONYMS)) [...phrase.split(' '), ...list].forEach((w) => vocabulary.add(w));
  for (const q of catalogue.questions) {
    const nameWords = words(q.name).filter((w) => !STOPWORDS.has(w));
    const descriptionWords = words(q.description).filter((w) => !STOPWORDS.has(w));
    // Other names the survey's catalogue gives the question ("NPS"): words of its name, which
    // do not make the name longer (nameSize, nameWords count its own words).
    const aliasWords = (q.aliases ?? []).flatMap((a) => words(a)).filter((w) => !STOPWORDS.has(w));
    [...nameWords, ...descriptionWords, ...aliasWords].forEach((w) => vocabulary.add(w));
    q.suffixes.forEach((s) => words(s.name).forEach((w) => vocabulary.add(w)));
    const name = new Set([...nameWords, ...aliasWords].map(stem));
    const description = new Set(descriptionWords.map(stem));
    const nameWordCount = new Set(
      words(q.name)
        .filter((w) => !FUNCTION_WORDS.has(w))
        .map(stem),
    ).size;
    questionWords.set(q.code, { name, head: stem(nameWords[0] ?? ''), description, nameSize: new Set(nameWords.map(stem)).size, nameWords: nameWordCount });
    for (const s of new Set([...name, ...description])) {
      df.set(s, (df.get(s) ?? 0) + 1);
      const list = questionsByStem.get(s) ?? [];
      list.push(q);
      questionsByStem.set(s, list);
    }
  }
  const commonWords = new Set<string>();
  for (const q of catalogue.questions)
    for (const text of [q.name, q.description]) for (const m of text.matchAll(/(?<=[\s(,])([a-z][a-z]+)\b/g)) commonWords.add(m[1]);
  const stems = new Set([...vocabulary].map(lemma));
  const longNames: CatalogueIndex['longNames'] = [];
  for (const entry of entries) {
    if (entry.kind !== 'datapoint' || entry.words.length < 2) continue;
    // Numbers and percentages are annotations ("High income (top 33%)"), not what the name is about.
    const content = entry.words.filter((w) => !FUNCTION_WORDS.has(w) && !/^\d/.test(w) && w !== 'percent').map(stem);
    if (new Set(content).size >= 2) longNames.push({ entry, content });
  }
  const datapointNames = catalogue.questions.flatMap((q) => q.datapoints.map((d) => ({ normalised: normalize(d.name).trim(), name: d.name })));
  const normalisedNames = new Map(
    catalogue.questions.map((q) => [
      q.code,
      { suffixes: q.suffixes.map((x) => normalize(x.name).trim()), datapoints: q.datapoints.map((x) => normalize(x.name).trim()) },
    ]),
  );
  const bySound = new Map<string, Set<string>>();
  for (const { normalised } of datapointNames) {
    const key = soundKey(normalised);
    // Two consonants tell a one-word name of four letters or more ("nike": ナイキ), not a shorter one.
    if (key.length < 2 || (key.length < 3 && (normalised.includes(' ') || normalised.length < 4))) continue;
    const set = bySound.get(key) ?? new Set<string>();
    set.add(normalised);
    bySound.set(key, set);
  }
  const bands = new Map(catalogue.questions.map((q) => [q.code, normalisedNames.get(q.code)?.datapoints.map(bandOf) ?? []]));
  return {
    entries,
    bands,
    bySound,
    commonWords,
    stems,
    longNames,
    datapointNames,
    normalisedNames,
    byFirst,
    vocabulary,
    questionWords,
    df,
    questionsByStem,
    questionCount: Math.max(1, catalogue.questions.length),
  };
}

/** Whether a prompt word stands for a name word: the same, a plural of it, or (an unknown word) a typo of it. */
export function wordMatches(typed: string, known: string, vocabulary: ReadonlySet<string>): 'exact' | 'typo' | null {
  if (typed === '|') return null;
  if (typed === known) return 'exact';
  if (!STOPWORDS.has(typed) && (typed === `${known}s` || typed === `${known}es` || known === `${typed}s`)) return 'exact';
  if (vocabulary.has(typed)) return null;
  return typoMatch(typed, known) ? 'typo' : null;
}

/** Whether an unknown word may be read as a typo at all: not a known word nor a form of one ("clicking"). */
export function mayBeTypo(word: string, index: CatalogueIndex): boolean {
  return !index.vocabulary.has(word) && !index.stems.has(lemma(word)) && word.length >= 5 && !/\d/.test(word);
}

/** A word without its inflection ("clicking", "clicked" -> "click"), to tell a form of a known word from a typo. */
export function lemma(word: string): string {
  return word.replace(/(ings?|ed|es|ers?|s)$/, '').replace(/e$/, '');
}
