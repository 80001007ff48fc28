import { PlannerCatalogue } from '../assistant.types';
import { CatalogueIndex } from '../catalogue-index';
import { bandOf, bandsMeant, Quantity } from '../quantities';
import { FUNCTION_WORDS, stem, STOPWORDS } from '../text';
import { LEXICON } from '../../lexicon/lexicon';
import { wordsOf } from './mentions';
import { agentNounForms } from './derived-forms';
import { GROUP_NOUNS } from '../synonyms';
import { GENERIC_VERB_STEMS } from './topic-words';
import { Span } from './types';

const G = LEXICON.grammar;
const RELATIVE_HEADS = new Set(G.relativeHeads);
const RELATIVE_WORDS = new Set(G.relativeWords);
/** Verbs of earning that make the people before them a group of income (`grammar.json` `earningVerbs`). */
const EARNING = new Set(G.earningVerbs);
const content = (w: string) => w.length > 2 && !STOPWORDS.has(w) && !FUNCTION_WORDS.has(w) && !/^\d/.test(w);

/**
 * "People who exercise at least once a week", "households earning under $50,000", "Americans
 * earning six figures": an amount or frequency said in a clause about people names them as a
 * group, by the bands it means of the one banded question the clause's words name. Read as a
 * span of those answers, so roles treat it as any answer naming people; the amount is then not
 * also the topic. Only when something else is measured after the clause or before it (a label).
 */
export function amountGroups(
  words: readonly string[],
  quantities: readonly Quantity[],
  spans: readonly Span[],
  catalogue: PlannerCatalogue,
  index: CatalogueIndex,
): { spans: Span[]; quantities: Quantity[] } {
  const out: Span[] = [];
  const left: Quantity[] = [];
  for (const q of quantities) {
    const clauseStart = words.lastIndexOf('|', q.start) + 1;
    const lead = words.slice(Math.max(clauseStart, q.start - 8), q.start);
    // "people in the UK who exercise ...": the people before "who", a market or two between.
    const who = lead.findIndex((w, k) => RELATIVE_WORDS.has(w) && lead.slice(0, k).some((x) => RELATIVE_HEADS.has(x)));
    const earning = lead.findIndex((w) => EARNING.has(w));
    // Measured after the clause, or in a label before it ("BNPL at checkout: people who shop online several times a week vs ...").
    // "Which soft drink brands do people who eat fast food several times a week buy?": asked before the clause's "who".
    const clauseFrom = who >= 0 ? q.start - lead.length + who : clauseStart;
    const measuredAfter = spans.some((s) => (s.start >= q.end || s.end <= clauseFrom) && s.entry.kind === 'datapoint');
    // "people who use Snapchat daily", "who are on Discord every day": the frequency of the answer it follows.
    const measuredAfterClause = spans.some((s) => s.start >= q.end && s.entry.kind === 'datapoint');
    const clauseRow = who >= 0 && measuredAfterClause ? rowAfterAnswer(words, q, q.start - lead.length + who, spans, index) : undefined;
    if (clauseRow) {
      out.push(clauseRow);
      continue;
    }
    // "daily podcast listeners", "everyday exercisers": a frequency before a noun for people.
    const noun = who < 0 && earning < 0 ? personNounAfter(words, q.end) : undefined;
    const row = noun !== undefined ? gridRowGroup(words, q, noun, spans, index) : undefined;
    if (noun !== undefined && measuredElsewhere(words, spans, q.start, row?.end ?? noun.end, catalogue)) {
      const group = nounGroup(words, q, noun, catalogue, index) ?? row;
      if (group) {
        out.push(group);
        continue;
      }
    }
    if ((who < 0 && earning < 0) || !measuredAfter) {
      left.push(q);
      continue;
    }
    // The clause's words around the amount name the question ("exercise", "earning", "social media").
    // After the amount, only words that go on about it ("... on social media"), up to the clause's end.
    const next = words.slice(q.end, Math.min(words.length, q.end + 4));
    const cut = next.indexOf('|');
    // An adverb of frequency before the clause's verb ("who never exercise"): that verb.
    const verbNext = next[0] !== undefined && cut !== 0 && content(next[0]) && !GENERIC_VERB_STEMS.has(stem(next[0])) && !spans.some((x) => x.start === q.end);
    const after = FUNCTION_WORDS.has(next[0] ?? '') ? next.slice(0, cut < 0 ? next.length : cut) : verbNext ? next.slice(0, 1) : [];
    const said = new Set([...lead.slice(Math.max(0, who, earning)), ...after].filter(content).map(stem));
    const scored = catalogue.questions
      .filter((question) => question.entitled && question.suffixes.length === 0)
      .map((question) => {
        const meant = bandsMeant(index.bands.get(question.code) ?? [], q);
        const own = new Set(wordsOf(`${question.name} ${question.description}`).filter(content).map(stem));
        return { question, meant, overlap: [...said].filter((s) => own.has(s)).length };
      })
      .filter((x) => x.meant.length > 0 && x.overlap > 0)
      .sort((a, b) => b.overlap - a.overlap);
    if (scored.length === 0 || (scored.length > 1 && scored[1].overlap === scored[0].overlap)) {
      left.push(q);
      continue;
    }
    const { question, meant } = scored[0];
    // "... on social media": the words after the amount that name its question are the group's too.
    const own = new Set(wordsOf(question.name).filter(content).map(stem));
    let end = q.end;
    for (let i = q.end; i < q.end + after.length; i++) {
      if (own.has(stem(words[i]))) end = i + 1;
      else if (content(words[i])) break;
    }
    // "who never drink alcohol": the verb after a frequency, and the words after it naming the question, are the group's.
    if (verbNext) {
      end = q.end + 1;
      while (end < words.length && words[end] !== '|' && content(words[end]) && own.has(stem(words[end]))) end++;
    }
    // "who shop online several times a week": the words just before the amount that name its question too.
    let start = q.start;
    while (start > q.start - lead.length && content(words[start - 1]) && own.has(stem(words[start - 1]))) start--;
    // Nothing else measured once the clause's own words are the group's: the amount is the topic.
    if (!spans.some((s) => s.entry.kind === 'datapoint' && (s.start >= end || s.end <= Math.min(start, clauseFrom)))) {
      left.push(q);
      continue;
    }
    out.push({
      start,
      end,
      typo: false,
      amountGroup: true,
      entry: {
        kind: 'datapoint',
        words: words.slice(start, end),
        refs: meant.map((k) => ({ question, datapoint: { code: question.datapoints[k].code, name: question.datapoints[k].name }, partial: false })),
      },
    });
  }
  return { spans: out, quantities: left };
}

const PEOPLE_NOUNS = new Set([...GROUP_NOUNS, ...G.personNouns]);
/** Words that may name what a person of a frequency does, between the frequency and the noun ("radio", "gen AI", "X" of "weekly X users"). */
const nounWord = (w: string) => w.length > 0 && w !== '|' && !STOPWORDS.has(w) && !FUNCTION_WORDS.has(w) && !/^\d/.test(w);

/** The noun for people within three words after a frequency ("daily podcast listeners", "everyday exercisers"). */
function personNounAfter(words: readonly string[], from: number): { at: number; end: number } | undefined {
  for (let i = from; i < Math.min(words.length, from + 3); i++) {
    const w = words[i];
    if (PEOPLE_NOUNS.has(w) || (/^[a-z]{3,}(ers|ists)$/.test(w) && agentNounForms(w).length > 0)) return { at: i, end: i + 1 };
    if (!nounWord(w)) return undefined;
  }
  return undefined;
}

/**
 * Whether the prompt measures something besides the group: a name of an answer outside it, or a
 * word of a question's name ("which music genres do daily radio listeners prefer").
 */
function measuredElsewhere(words: readonly string[], spans: readonly Span[], start: number, end: number, catalogue: PlannerCatalogue): boolean {
  if (spans.some((s) => (s.end <= start || s.start >= end) && s.entry.kind === 'datapoint')) return true;
  const named = new Set(catalogue.questions.flatMap((q) => wordsOf(q.name).filter(content).map(stem)));
  const inSpan = (i: number) => spans.some((s) => s.start <= i && i < s.end);
  return words.some((w, i) => (i < start || i >= end) && !inSpan(i) && content(w) && named.has(stem(w)));
}

/** The frequency's answers of the one banded question the words before the noun, and the noun's activity, name. */
function nounGroup(
  words: readonly string[],
  q: Quantity,
  noun: { at: number; end: number },
  catalogue: PlannerCatalogue,
  index: CatalogueIndex,
): Span | undefined {
  const between = words.slice(q.end, noun.at).filter(nounWord);
  const said = new Set([...between, ...agentNounForms(words[noun.at])].map(stem));
  const scored = catalogue.questions
    .filter((question) => question.entitled && question.suffixes.length === 0)
    .map((question) => {
      const meant = bandsMeant(index.bands.get(question.code) ?? [], q);
      const own = new Set(wordsOf(question.name).filter(nounWord).map(stem));
      return { question, meant, overlap: [...said].filter((s) => own.has(s)).length };
    })
    .filter((x) => x.meant.length > 0 && x.overlap > 0)
    .sort((a, b) => b.overlap - a.overlap);
  if (scored.length === 0 || (scored.length > 1 && scored[1].overlap === scored[0].overlap)) return undefined;
  const { question, meant } = scored[0];
  return {
    start: q.start,
    end: noun.end,
    typo: false,
    amountGroup: true,
    entry: {
      kind: 'datapoint',
      words: words.slice(q.start, noun.end),
      refs: meant.map((k) => ({ question, datapoint: { code: question.datapoints[k].code, name: question.datapoints[k].name }, partial: false })),
    },
  };
}

/**
 * "Daily Snapchat users", "weekly Reddit users", "daily users of Instagram": a frequency before a
 * noun for people, with an answer said between them or after "of", names the answer's row of a
 * grid whose scale is frequencies (the platform frequency grid's Daily), at the scale answers the
 * frequency means: the people of that row, not the use of the answer nor the frequency measured.
 */
function gridRowGroup(
  words: readonly string[],
  q: Quantity,
  noun: { at: number; end: number },
  spans: readonly Span[],
  index: CatalogueIndex,
): Span | undefined {
  const of = words[noun.end] === 'of' ? noun.end + (words[noun.end + 1] === 'the' ? 2 : 1) : -1;
  const between = spans.filter((s) => s.start >= q.end && s.end <= noun.at && s.entry.kind === 'datapoint');
  const named = between.length > 0 ? between : spans.filter((s) => s.start === of && s.entry.kind === 'datapoint');
  if (named.length !== 1) return undefined;
  return rowAt(words, named[0], q, q.start, Math.max(noun.end, named[0].end), index);
}

/**
 * "People who use Snapchat daily", "who are on Discord every day": a frequency right after an
 * answer said in a clause about people (only function words between) names that answer's row of
 * a grid whose scale is frequencies, as a frequency before it does ("daily Snapchat users").
 */
function rowAfterAnswer(words: readonly string[], q: Quantity, who: number, spans: readonly Span[], index: CatalogueIndex): Span | undefined {
  const said = spans.filter((s) => s.start > who && s.end <= q.start && s.entry.kind === 'datapoint');
  const last = said[said.length - 1];
  if (!last || !words.slice(last.end, q.start).every((w) => FUNCTION_WORDS.has(w) || STOPWORDS.has(w))) return undefined;
  return rowAt(words, last, q, last.start, q.end, index);
}

/** The answer's row of the first of its grids whose frequency scale has the bands the amount means. */
function rowAt(words: readonly string[], named: Span, q: Quantity, start: number, end: number, index: CatalogueIndex): Span | undefined {
  if (named.entry.kind !== 'datapoint') return undefined;
  for (const ref of named.entry.refs) {
    const scale = (index.normalisedNames.get(ref.question.code)?.suffixes ?? []).map(bandOf);
    const meant = bandsMeant(scale, q);
    if (meant.length === 0) continue;
    return {
      start,
      end,
      typo: false,
      amountGroup: true,
      rowSuffixes: meant.map((k) => ref.question.suffixes[k].code),
      entry: { kind: 'datapoint', words: words.slice(start, end), refs: [ref] },
    };
  }
  return undefined;
}
