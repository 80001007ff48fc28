import { PlannerCatalogue, PlanTopic } from '../assistant.types';
import { CatalogueIndex } from '../catalogue-index';
import { TOPIC_SYNONYMS } from '../synonyms';
import { activityOnThing } from './activity-on-thing';
import { stem } from '../text';
import { clarify, codeName, notInData, refuse, titleCase } from './outcomes';
import { scoreQuestions, TopicWords, topicWords } from './topic-score';
import { USAGE_NAME } from './topic-words';
import { KindCues, Reading, Roles, Scored, Span, TopicChoice } from './types';

/**
 * The topic stage: the question the prompt measures, its datapoints and answer scale, chosen
 * among every question a mention or a free word points at. It refuses (not in the data, not
 * licensed) or asks back (two readings equally close) rather than pick one at random.
 */
export function chooseTopic(reading: Reading, roles: Roles, index: CatalogueIndex, catalogue: PlannerCatalogue, cues: KindCues): TopicChoice {
  const tw = topicWords(reading, roles, index);
  const { unknown, mentions } = tw;
  const scored = scoreQuestions(reading, index, catalogue, cues, tw);
  let best = scored[0];
  if (!best || best.score < 4 || (best.dpHits === 0 && best.wordHits === 0)) return { topic: null, question: null, unknown };
  // "What makes Gen Z different?": no topic named; words like "profile" or "stand out" are not one.
  if (cues.openIndexing && best.dpHits === 0 && !best.strongCue) return { topic: null, question: null, unknown };
  // An unlicensed question close to a licensed one: use the licensed one.
  if (!best.question.entitled) {
    const alt = scored.find((s) => s.question.entitled && s.score >= best.score - 1 && s.dpHits === best.dpHits);
    if (alt) best = alt;
  }
  const missing = notInDataChoice(reading, index, cues, tw, best);
  if (missing) return missing;
  const doubtful = doubtfulChoice(index, catalogue, tw, scored, best, cues.ranking);
  if (doubtful) return doubtful;
  const second = scored.find((s) => s.question.code !== best.question.code && s.question.entitled === best.question.entitled);
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
  // With no answer named, the answers the scale words picked, else one its description names.
  const datapoints = best.datapoints.length > 0 || mentions.length > 0 ? best.datapoints : answerByFirstWord(tw, index, best);
  // "Shopped on Instagram": what people do on the thing named, an answer of the question named after it.
  const activity = mentions.length === 1 && datapoints.length === 1 ? activityOnThing(reading.words, reading.used, mentions[0], index, catalogue) : null;
  if (activity) {
    const question = catalogue.questions.find((q) => q.code === activity.question) ?? best.question;
    return { topic: activity, question, unknown, confident: true, mentioned: true, namedQuestion: false, thin: false };
  }
  const topic: PlanTopic = { question: best.question.code, questionName: best.question.name, datapoints, suffix: best.suffix ? codeName(best.suffix) : null };
  return {
    topic,
    question: best.question,
    unknown,
    confident: best.dpHits > 0 || best.strongCue,
    mentioned: best.dpHits > 0 || best.namedQuestion,
    namedQuestion: best.namedQuestion,
    thin: best.dpHits === 0 && !best.namedQuestion && best.datapoints.length === 0 && !(best.suffix && tw.suffixWords.strong.length > 0) && best.coverage < 0.5,
    alternative,
  };
}

/**
 * A question found by a word of its description that is a word of one of its answers and of no
 * other ("go to the gym": Sports and activities done, whose description lists the gym; the answer
 * "Gym workouts"; "bank through the app": Main banking channel, "Mobile banking app"): that
 * answer, not the whole question. The first word of an answer is matched as written, a later one
 * by its stem.
 */
function answerByFirstWord(tw: TopicWords, index: CatalogueIndex, best: Scored): PlanTopic['datapoints'] {
  const own = index.questionWords.get(best.question.code);
  const names = index.normalisedNames.get(best.question.code)?.datapoints ?? [];
  const holds = (name: string | undefined, w: string) => {
    const parts = name?.split(' ') ?? [];
    return parts[0] === w || parts.slice(1).some((p) => stem(p) === stem(w));
  };
  for (const w of tw.free) {
    if (!own || own.name.has(stem(w)) || !own.description.has(stem(w))) continue;
    const found = best.question.datapoints.filter((_, k) => holds(names[k], w));
    if (found.length === 1) return found.map(codeName);
  }
  return [];
}

/** What the prompt asks about is not in the data: unknown words where the topic should be. */
function notInDataChoice(reading: Reading, index: CatalogueIndex, cues: KindCues, tw: TopicWords, best: Scored): TopicChoice | null {
  const { words } = reading;
  const { unknown, values, mentions } = tw;
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

  return null;
}

/**
 * Two readings equally close: ask which. A name that starts several others ("Apple"), a brand
 * that is a row of two grids of the same kind, several questions found by the same words.
 */
function doubtfulChoice(index: CatalogueIndex, catalogue: PlannerCatalogue, tw: TopicWords, scored: Scored[], best: Scored, list: boolean): TopicChoice | null {
  const { unknown, mentions, suffixWords } = tw;
  const second = scored.find((s) => s.question.code !== best.question.code && s.question.entitled === best.question.entitled);
  const ambiguousName = mentions.find((m) => m.entry.kind === 'datapoint' && isPrefixOfOtherNames(m, index));
  // A verb of being a customer other than "use" ("shops on Amazon", "ordered from Amazon") picks the
  // retailer, not the products named after it.
  const customerOfBrand = suffixWords.custom && best.suffix !== null && best.dpHits > 0;
  // A scale word of the grid that holds the brand ("trust Amazon", "heard of Apple") says the
  // brand is meant, not a product named after it; "use" alone does not.
  const scaleOfBrand =
    best.suffix !== null &&
    best.dpHits > 0 &&
    !USAGE_NAME.test(best.suffix.name) &&
    [...suffixWords.strong, ...suffixWords.weak].includes(best.suffix.name.toLowerCase());
  if (ambiguousName && !best.strongCue && !customerOfBrand && !scaleOfBrand) {
    const name = ambiguousName.entry.words.join(' ');
    const options = otherNamesStartingWith(ambiguousName, index);
    return {
      topic: null,
      question: null,
      unknown,
      outcome: clarify(`“${titleCase(name)}” could mean several things in the survey: ${options.slice(0, 6).join(', ')}. Which one do you mean?`, options),
    };
  }
  return siblingGridChoice(index, catalogue, tw, best) ?? alikeChoice(index, tw, scored, best, second, list);
}

/**
 * A brand that is a row of two grids of the same kind, once by its name and once by its name
 * and more ("Dyson" in technology brands, "Dyson Home" in home appliance brands): which one?
 */
function siblingGridChoice(index: CatalogueIndex, catalogue: PlannerCatalogue, tw: TopicWords, best: Scored): TopicChoice | null {
  const { unknown, mentions } = tw;
  if (!(best.dpHits > 0 && best.wordHits === 0 && best.question.suffixes.length > 0)) return null;
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
  return null;
}

/**
 * Several questions found by exactly the same words, none by a named datapoint ("the top
 * brands": of which sector?): the words do not say which, so ask.
 */
function alikeChoice(index: CatalogueIndex, tw: TopicWords, scored: Scored[], best: Scored, second: Scored | undefined, list: boolean): TopicChoice | null {
  const { unknown } = tw;
  // The noun a list is asked of that is the best question's first word ("which drinks": Drinks
  // consumed) is not in doubt with a question it is only a later word of ("Favourite soft drink brand").
  const headOf = (x: Scored) => index.questionWords.get(x.question.code)?.head ?? '';
  const listed = tw.listHeads.has(headOf(best));
  const alikeBest = (x: Scored) =>
    x.dpHits === 0 &&
    x.evidence === best.evidence &&
    Math.abs(x.coverage - best.coverage) < 0.01 &&
    best.score - x.score < 2 &&
    (!listed || headOf(x) === headOf(best));
  // In a list asked for, a scale word both readings share ("which brands do they trust most":
  // every sector's "a brand I trust") does not tell them apart either.
  const sharedScale = list && tw.listHeads.size > 0 && second?.suffix?.name === best.suffix?.name;
  if (best.dpHits === 0 && (!best.suffix || sharedScale) && second && alikeBest(second)) {
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
  return null;
}

export function sameNames(a: Scored, b: Scored): boolean {
  return a.datapoints.map((d) => d.name).join() === b.datapoints.map((d) => d.name).join();
}

/** "Apple" is also the start of "Apple Music", "Apple TV+", "Apple Pay": several things. */
export function isPrefixOfOtherNames(m: Span, index: CatalogueIndex): boolean {
  if (m.entry.kind !== 'datapoint') return false;
  if (m.entry.refs.some((r) => USAGE_NAME.test(r.question.name) && !/^(brand_|favourite_)/.test(r.question.code))) return false;
  const own = new Set(m.entry.refs.map((r) => r.question.name));
  return otherNamesStartingWith(m, index).filter((n) => ![...own].some((q) => n.endsWith(`(${q})`))).length >= 3;
}

export function otherNamesStartingWith(m: Span, index: CatalogueIndex): string[] {
  if (m.entry.kind !== 'datapoint' || m.entry.words.length !== 1) return [];
  const w = m.entry.words[0];
  const names = new Set<string>();
  for (const d of index.datapointNames) if (d.normalised.startsWith(`${w} `)) names.add(d.name);
  if (names.size === 0) return [];
  const own = [...new Set(m.entry.refs.map((r) => r.question.name))];
  return [...own.map((q) => `${titleCase(w)} (${q})`), ...names];
}
