import { PlannerCatalogue } from '../assistant.types';
import { CatalogueIndex } from '../catalogue-index';
import { FUNCTION_WORDS, nameWords, stem } from '../text';
import { relativeAboutPeople } from './relative-heads';
import { notHadAnswer } from './negated-having';
import { Span } from './types';
import { LEXICON } from '../../lexicon/lexicon';

const G = LEXICON.grammar;
const RELATIVE_HEADS = new Set(G.relativeHeads);
const RELATIVE_WORDS = new Set(G.relativeWords);
const DEMONYMS_WITHOUT_S = new Set(G.pluralDemonymsWithoutS);
/** Words that negate a clause about people ("who do not", "die kein", "qui ne ... pas", "without", "with no"). */
const NEGATIONS = new Set(G.clauseNegations);
/** Verbs of having: a negated clause of having names what is had ("who don't have a car": No car). */
const HAVE_STEMS = new Set(G.haveVerbs.map(stem));
/** Words of a negated clause that are neither its negation nor its object ("ne", "any"). */
const SKIPPED = new Set(G.clauseFiller);
/** How many content words a negated clause's object may have. */
const MAX_OBJECT = 3;
/** What a negated clause denies, read only in one ("eat meat": the meat-free diets). */
const NEGATED_OBJECTS = LEXICON.audiences.negatedObjects.map((e) => ({
  ...e,
  stems: e.phrases.map((p) =>
    p
      .split(' ')
      .filter((w) => !FUNCTION_WORDS.has(w))
      .map(stem),
  ),
}));
/** How far after its opener a clause's negation may come ("who have never ...", "qui ne ... pas"). */
const NEGATION_REACH = 4;

/**
 * People described by a negated clause ("people who don't have a car", "adults without a pet",
 * "Germans who have never smoked", "Leute, die kein Auto haben", "personas que no comen carne"),
 * read whole as one audience when what the clause denies has its own answer: an audience phrase
 * of the negation ("without children": Non-parents, "not eat meat": the meat-free diets) or a
 * negative answer of a question ("No car", "No pets", "Never smoked"). The clause's words become
 * one audience span, so its negation negates neither the topic nor another answer. A clause whose
 * object has no such answer ("who don't use TikTok") is left to the negation of the answer it names,
 * and so is a clause with nothing else measured ("what share of Brits don't have a car?": the topic).
 */
export function negatedClauseSpans(words: readonly string[], spans: readonly Span[], index: CatalogueIndex, catalogue: PlannerCatalogue): Span[] {
  const found: Span[] = [];
  for (let i = 0; i < words.length; i++) {
    const clause = openedClause(words, i, spans);
    if (!clause) continue;
    const span = negatedClause(words, clause, spans, index, catalogue);
    if (span && !found.some((f) => f.start < span.end && span.start < f.end)) found.push(span);
  }
  if (found.length === 0) return [...spans];
  return [...spans.filter((s) => !found.some((f) => f.start < s.end && s.start < f.end)), ...found].sort((a, b) => a.start - b.start);
}

interface Clause {
  /** The first word of the span (the clause after its opener, or "without"). */
  start: number;
  /** Where the words negated start being read. */
  from: number;
  /** Whether the opener is itself the negation ("without", "with no"). */
  negated: boolean;
}

/** A clause about people opened at `i`: "who"/"that" after people, German "die" (read "the") after a comma, "without"/"with no" after people. */
function openedClause(words: readonly string[], i: number, spans: readonly Span[]): Clause | null {
  const w = words[i];
  if ((w === 'without' || (w === 'with' && words[i + 1] === 'no')) && peopleEndAt(words, i, spans))
    return { start: i, from: i + (w === 'with' ? 2 : 1), negated: true };
  if (RELATIVE_WORDS.has(w)) {
    if (relativeAboutPeople(words, i, spans) || (words[i - 1] === '|' && peopleEndAt(words, i - 1, spans)))
      return { start: i + 1, from: i + 1, negated: false };
  }
  if (w === 'the' && words[i - 1] === '|' && peopleEndAt(words, i - 1, spans)) return { start: i + 1, from: i + 1, negated: false };
  return null;
}

/** Whether the words before `at` name people: a word for people, a market's people, or an audience. */
function peopleEndAt(words: readonly string[], at: number, spans: readonly Span[]): boolean {
  const before = words[at - 1] ?? '';
  if (RELATIVE_HEADS.has(before) || DEMONYMS_WITHOUT_S.has(before)) return true;
  return spans.some((s) => s.end === at && (s.entry.kind === 'audience' || s.entry.kind === 'market' || s.entry.kind === 'region'));
}

/** The audience span of a negated clause, when what it denies has its own answer. */
function negatedClause(words: readonly string[], clause: Clause, spans: readonly Span[], index: CatalogueIndex, catalogue: PlannerCatalogue): Span | null {
  let end = clause.from;
  while (end < words.length && end < clause.from + 10 && words[end] !== '|' && words[end] !== 'who' && words[end] !== 'that') end++;
  let negation: string | null = clause.negated ? 'without' : null;
  const content: number[] = [];
  // "qui ne boivent pas d'alcool": the negation may follow the clause's verb.
  for (let k = clause.from; k < end; k++) {
    const w = words[k];
    if (NEGATIONS.has(w)) {
      if (content.length <= 1 && k - clause.from < NEGATION_REACH) negation = w;
      continue;
    }
    if (FUNCTION_WORDS.has(w) || SKIPPED.has(w)) continue;
    content.push(k);
  }
  if (!negation || content.length === 0) return null;
  for (let n = 1; n <= Math.min(MAX_OBJECT, content.length); n++) {
    const object = content.slice(0, n).map((k) => stem(words[k]));
    // "who don't drink coffee": the verb goes on to an answer of its own, so "drink" alone is not the
    // object; a verb of having between them ("without a pet have a robot vacuum") is the next clause's.
    const after = content[n];
    const gap = after === undefined ? [] : words.slice(content[n - 1] + 1, after);
    if (
      after !== undefined &&
      spans.some((s) => s.start === after && s.entry.kind === 'datapoint') &&
      gap.every((w) => FUNCTION_WORDS.has(w)) &&
      !gap.some((w) => HAVE_STEMS.has(stem(w)))
    )
      continue;
    const match = negatedAnswer(object, negation, index, catalogue);
    if (!match) continue;
    // A verb closing the clause ("die kein Auto haben"): the clause ends with it.
    const rest = content.slice(n);
    const closing = rest.length === 1 && (end >= words.length || words[end] === '|') && !spans.some((s) => rest[0] >= s.start && rest[0] < s.end);
    const last = closing ? rest[0] : content[n - 1];
    // "What share of people don't have a car?": with nothing else measured, the clause is what is asked about.
    if (!spans.some((s) => s.entry.kind === 'datapoint' && (s.end <= clause.start || s.start > last))) return null;
    return {
      start: clause.start,
      end: last + 1,
      typo: false,
      entry: {
        kind: 'audience',
        words: words.slice(clause.start, last + 1),
        name: match.name,
        saved: null,
        expression: match.expression,
        description: match.description,
      },
    };
  }
  // "Without a smartphone": a thing with no negative answer of its own, not had.
  const notHad = clause.negated ? notHadAnswer(spans, content[0]) : null;
  if (!notHad || !spans.some((s) => s.entry.kind === 'datapoint' && (s.end <= clause.start || s.start >= notHad.end))) return null;
  return {
    start: clause.start,
    end: notHad.end,
    typo: false,
    entry: {
      kind: 'audience',
      words: words.slice(clause.start, notHad.end),
      name: notHad.name,
      saved: null,
      expression: notHad.expression,
      description: notHad.description,
    },
  };
}

interface NegatedAnswer {
  name: string;
  description: string;
  expression: Record<string, unknown>;
}

/** An answer's own negation against the clause's: "Never smoked" is "have never smoked", not "don't smoke" (former smokers too). */
const agrees = (answer: string, clause: string) => NEGATIONS.has(answer) && (answer === 'never' ? clause === 'never' : clause !== 'never');

const sameSet = (a: readonly string[], b: readonly string[]) => a.length > 0 && a.length === b.length && a.every((x) => b.includes(x));

/**
 * What a negated object stands for: what the lexicon says it denies (`negatedObjects`), else an audience phrase said with a negation ("without children",
 * "not eat meat"), else the one question with a negative answer naming the object ("No car",
 * "Never smoked"); the object is compared as stems, in any order, with or without a verb of having.
 */
function negatedAnswer(object: readonly string[], negation: string, index: CatalogueIndex, catalogue: PlannerCatalogue): NegatedAnswer | null {
  const had = object.filter((s) => !HAVE_STEMS.has(s));
  const fits = (rest: string[]) => sameSet(rest, object) || sameSet(rest, had);
  const said = NEGATED_OBJECTS.find((e) => e.stems.some((p) => sameSet(p, object)));
  if (said) return { name: said.name, description: said.description, expression: said.expression };
  for (const lead of NEGATIONS) {
    for (const entry of index.byFirst.get(lead) ?? []) {
      if (entry.kind !== 'audience') continue;
      if (
        fits(
          entry.words
            .slice(1)
            .filter((w) => !FUNCTION_WORDS.has(w))
            .map(stem),
        )
      )
        return { name: entry.name, description: entry.description, expression: entry.expression };
    }
  }
  const answers = catalogue.questions.flatMap((q) =>
    q.datapoints
      .filter((d) => {
        const name = nameWords(d.name);
        return (
          agrees(name[0] ?? '', negation) &&
          fits(
            name
              .slice(1)
              .filter((w) => !FUNCTION_WORDS.has(w))
              .map(stem),
          )
        );
      })
      .map((d) => ({ q, d })),
  );
  if (answers.length !== 1) return null;
  const { q, d } = answers[0];
  return { name: d.name, description: `${q.name}: ${d.name}.`, expression: { question: q.code, datapoints: [d.code] } };
}
