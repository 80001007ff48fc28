import { buildCatalogue, DATASET_COVERAGE } from '@aas/demo-data-domain';
import type { Question } from '@aas/shared-contracts';
import fs from 'node:fs';
import path from 'node:path';
import { EVAL_FAMILIES, EvalCase, EvalFamily, ExpectedAudience, ExpectedLeaf, ExpectedResolution } from './eval-case';
import { EVAL_SETS } from './score-eval';

// The set is data written by hand: this spec is what keeps it honest against the catalogue, so a
// renamed question or a typo in a code fails here instead of silently scoring the planner wrong.

const { catalogue } = buildCatalogue();
const questions = new Map(catalogue.questions.map((q) => [q.code, q]));
const curated = new Set(catalogue.audiences.map((a) => a.name));
const organisations = new Map(catalogue.organisations.map((o) => [o.slug, o]));
const waveOrder = new Map(catalogue.waves.map((w) => [w.code, w.order]));
const markets = new Set(catalogue.locations.map((l) => l.code));

/**
 * Minimum cases per family in each file. The first four sets cover the single-topic families, the
 * later ones the families of questions with structure (negation, combinations, dimensions, ...).
 */
/** Each structured family in a held-out slice: enough cases that one is not the whole score. */
const HELD_OUT_STRUCTURED = {
  negation: 5,
  combination: 5,
  'rank-markets': 5,
  'rank-groups': 5,
  'change-comparison': 5,
  brief: 5,
  'follow-up-replace': 5,
  'docked-multi': 5,
  unanswerable: 5,
  size: 5,
};

/** A held-out slice over every family (written blind): the structured minimum, and one case of each older family. */
const HELD_OUT_ALL_FAMILIES: Partial<Record<EvalFamily, number>> = {
  ...HELD_OUT_STRUCTURED,
  'share-population': 1,
  'share-audience': 1,
  ranking: 1,
  'comparison-audiences': 1,
  'comparison-markets': 1,
  indexing: 1,
  'indexing-open': 1,
  trend: 1,
  'follow-up': 1,
  docked: 1,
  refusal: 1,
  messy: 1,
  language: 1,
};

const MINIMUM: Record<string, Partial<Record<EvalFamily, number>>> = {
  tuning: {
    'share-population': 15,
    'share-audience': 15,
    ranking: 15,
    'comparison-audiences': 15,
    'comparison-markets': 15,
    indexing: 15,
    'indexing-open': 15,
    trend: 15,
    'follow-up': 15,
    docked: 15,
    refusal: 15,
    messy: 15,
    language: 15,
  },
  'held-out': {
    'share-population': 5,
    'share-audience': 5,
    ranking: 5,
    'comparison-audiences': 5,
    'comparison-markets': 5,
    indexing: 5,
    'indexing-open': 5,
    trend: 5,
    'follow-up': 5,
    docked: 5,
    refusal: 5,
    messy: 5,
    language: 5,
  },
  'tuning-2': {
    'share-population': 12,
    'share-audience': 12,
    ranking: 12,
    'comparison-audiences': 12,
    'comparison-markets': 12,
    indexing: 12,
    'indexing-open': 12,
    trend: 12,
    'follow-up': 12,
    docked: 12,
    refusal: 12,
    messy: 12,
    language: 12,
  },
  'held-out-2': HELD_OUT_STRUCTURED,
  'held-out-3': HELD_OUT_ALL_FAMILIES,
  'held-out-4': HELD_OUT_ALL_FAMILIES,
  'held-out-5': HELD_OUT_ALL_FAMILIES,
  'held-out-6': HELD_OUT_ALL_FAMILIES,
  'held-out-7': HELD_OUT_ALL_FAMILIES,
  'held-out-11': HELD_OUT_ALL_FAMILIES,
  'held-out-12': HELD_OUT_ALL_FAMILIES,
  'tuning-3': {
    'share-population': 3,
    'share-audience': 3,
    ranking: 3,
    'comparison-audiences': 3,
    'comparison-markets': 3,
    indexing: 3,
    'indexing-open': 3,
    trend: 3,
    'follow-up': 3,
    docked: 3,
    refusal: 3,
    messy: 3,
    language: 3,
  },
  'tuning-4-dimensions': {
    'rank-markets': 10,
    'rank-groups': 10,
    'change-comparison': 10,
  },
  'tuning-4-subject': { negation: 10, combination: 10, size: 10 },
  'tuning-4-context': {
    brief: 8,
    unanswerable: 8,
    'follow-up-replace': 8,
    'docked-multi': 8,
  },
  'tuning-5-structure': {
    negation: 8,
    combination: 8,
    size: 8,
    'rank-markets': 8,
    'rank-groups': 8,
    'change-comparison': 8,
  },
  'tuning-5-context': {
    brief: 8,
    unanswerable: 8,
    'follow-up-replace': 8,
    'docked-multi': 8,
  },
  'tuning-6-dimensions': { 'rank-markets': 10, 'change-comparison': 10 },
  'tuning-6-context': { brief: 8, unanswerable: 8, 'follow-up-replace': 8 },
  'tuning-7-dimensions': { 'rank-markets': 10, 'rank-groups': 10, 'change-comparison': 10, size: 10 },
  'tuning-7-words': {
    language: 20,
    'share-population': 10,
    'share-audience': 8,
    ranking: 8,
    messy: 25,
    negation: 8,
    combination: 6,
    indexing: 8,
    'indexing-open': 5,
  },
  'tuning-14-share': { 'share-audience': 15, 'comparison-audiences': 15, 'share-population': 6, indexing: 3 },
};
const FAMILIES = new Set<string>(EVAL_FAMILIES);
const KINDS = new Set(['share', 'ranking', 'comparison', 'indexing', 'trend']);
const OUTCOMES = new Set(['answer', 'refuse', 'clarify']);
const VERDICTS = new Set(['highest', 'lowest', 'grew-more', 'up-or-down']);
const COMBINES = new Set(['each', 'all', 'any', 'at-least']);

// The JSON is read as data; every field the format constrains is checked below.
type EvalFile = string;
const files: Record<EvalFile, EvalCase[]> = Object.fromEntries(
  EVAL_SETS.map((set) => [set, JSON.parse(fs.readFileSync(path.join(__dirname, `${set}.json`), 'utf8')) as EvalCase[]]),
);
const fileNames = Object.keys(files);

/** Whether the organisation may use the question (one of its datasets is licensed). */
function licensedQuestion(question: Question, datasets: string[]): boolean {
  return question.dataset_codes.some((d) => datasets.includes(d));
}

function leafProblems(leaf: ExpectedLeaf, datasets: string[], where: string): string[] {
  const question = questions.get(leaf.question);
  if (!question) return [`${where}: unknown question ${leaf.question}`];
  const out: string[] = [];
  if (!licensedQuestion(question, datasets)) out.push(`${where}: question ${leaf.question} is not in a licensed dataset`);
  if (!Array.isArray(leaf.datapoints) || leaf.datapoints.length === 0) out.push(`${where}: a leaf needs datapoints`);
  for (const dp of leaf.datapoints ?? []) {
    if (!question.datapoints.some((d) => d.code === dp)) out.push(`${where}: ${leaf.question} has no datapoint ${dp}`);
  }
  for (const sfx of leaf.suffixes ?? []) {
    if (!question.suffixes.some((s) => s.code === sfx)) out.push(`${where}: ${leaf.question} has no suffix ${sfx}`);
  }
  if (leaf.not !== undefined && typeof leaf.not !== 'boolean') out.push(`${where}: not must be a boolean`);
  return out;
}

function audienceProblems(audience: ExpectedAudience, datasets: string[], where: string): string[] {
  if ('saved' in audience) return curated.has(audience.saved) ? [] : [`${where}: ${audience.saved} is not a curated audience`];
  if ('all' in audience) return audience.all === true ? [] : [`${where}: all must be true`];
  if ('and' in audience && Array.isArray(audience.and) && audience.and.length > 0) {
    return audience.and.flatMap((leaf, i) => leafProblems(leaf, datasets, `${where}.and[${i}]`));
  }
  return [`${where}: an audience is { saved }, { all: true } or a non-empty { and }`];
}

function answerProblems(c: EvalCase, e: ExpectedResolution): string[] {
  const out: string[] = [];
  const org = organisations.get(c.org);
  if (!org) return out;
  if (e.kind !== undefined && !KINDS.has(e.kind)) out.push(`kind ${e.kind} is not a kind`);

  if (!Array.isArray(e.waves) || e.waves.length === 0) out.push('an answer must list its waves');
  const waves = e.waves ?? [];
  for (const w of waves) {
    if (!waveOrder.has(w)) out.push(`unknown wave ${w}`);
    else if (!org.waves.includes(w)) out.push(`wave ${w} is not licensed to ${c.org}`);
  }
  const orders = waves.map((w) => waveOrder.get(w) ?? 0);
  if (orders.some((o, i) => i > 0 && o <= orders[i - 1])) out.push('waves must be distinct and oldest first');

  for (const m of e.markets ?? []) {
    if (!markets.has(m)) out.push(`unknown market ${m}`);
    else if (!org.locations.includes(m)) out.push(`market ${m} is not licensed to ${c.org}`);
  }
  if (new Set(e.markets ?? []).size !== (e.markets ?? []).length) out.push('markets repeat');

  (e.audiences ?? []).forEach((a, i) => out.push(...audienceProblems(a, org.datasets, `audiences[${i}]`)));

  if (e.topic === null) {
    if (e.kind !== 'indexing') out.push('topic null is only for open indexing');
  } else if (e.topic !== undefined) {
    const question = questions.get(e.topic.question);
    if (!question) {
      out.push(`unknown topic question ${e.topic.question}`);
    } else {
      if (!licensedQuestion(question, org.datasets)) out.push(`topic ${question.code} is not in a dataset licensed to ${c.org}`);
      for (const dp of e.topic.datapoints) {
        if (!question.datapoints.some((d) => d.code === dp)) out.push(`${question.code} has no datapoint ${dp}`);
      }
      if (e.topic.suffix !== undefined && !question.suffixes.some((s) => s.code === e.topic?.suffix)) {
        out.push(`${question.code} has no suffix ${e.topic.suffix}`);
      }
      // A number needs respondents: every named market and wave must be fielded for the topic.
      const fielded = question.dataset_codes.filter((d) => org.datasets.includes(d)).map((d) => DATASET_COVERAGE[d]);
      for (const m of e.markets ?? []) {
        if (!fielded.some((f) => f.locations.includes(m))) out.push(`${question.code} is not fielded in ${m}`);
      }
      for (const w of waves) {
        if (!fielded.some((f) => f.waves.includes(w))) out.push(`${question.code} is not fielded in ${w}`);
      }
    }
  }

  if (e.topic) {
    if (e.topic.combine !== undefined && !COMBINES.has(e.topic.combine)) out.push(`combine ${e.topic.combine} is not a way to combine`);
    if (e.topic.combine === 'at-least' && !(Number.isInteger(e.topic.min) && (e.topic.min ?? 0) >= 1)) out.push('at-least needs a min of 1 or more');
    const excluded = e.topic.except ?? [];
    const also = e.topic.also ?? [];
    also.forEach((leaf, k) => out.push(...leafProblems(leaf, org?.datasets ?? [], `topic.also[${k}]`)));
    if (also.length > 0 && e.topic.combine !== 'all' && e.topic.combine !== 'any') out.push('answers of other questions need combine all or any');
    if (e.topic.combine !== undefined && e.topic.combine !== 'each' && e.topic.datapoints.length + excluded.length + also.length < 2)
      out.push('a combined subject has two or more datapoints');
    if (excluded.length > 0 && e.topic.combine !== 'all') out.push('an excluded answer ("X but not Y") needs combine all');
    const topicQuestion = questions.get(e.topic.question);
    for (const dp of excluded) if (!topicQuestion?.datapoints.some((d) => d.code === dp)) out.push(`${e.topic.question} has no datapoint ${dp} to exclude`);
  }
  if (e.verdict !== undefined && !VERDICTS.has(e.verdict)) out.push(`verdict ${e.verdict} is not a verdict`);
  if (e.rankBy !== undefined && typeof e.rankBy === 'object') {
    if (!questions.has(e.rankBy.question)) out.push(`rankBy: unknown question ${e.rankBy.question}`);
  } else if (e.rankBy !== undefined && !['answers', 'markets', 'waves'].includes(e.rankBy)) out.push(`rankBy ${e.rankBy} is not a dimension`);
  if (e.paired === true && (e.waves ?? []).length !== 2) out.push('paired periods are exactly two waves');
  if (e.limit !== undefined && !(Number.isInteger(e.limit) && e.limit > 0)) out.push('limit must be a positive integer');
  if (e.count !== undefined && typeof e.count !== 'boolean') out.push('count must be a boolean');
  if (e.kind === 'comparison' && (e.audiences ?? []).length < 2 && (e.markets ?? []).length < 2) {
    out.push('a comparison needs two audiences or two markets');
  }
  if (c.family === 'comparison-audiences' && (e.audiences ?? []).length < 2) out.push('comparison-audiences answers have two or more audiences');
  if (c.family === 'comparison-markets' && (e.markets ?? []).length < 2) out.push('comparison-markets answers have two or more markets');
  if (c.family === 'indexing-open' && e.topic !== null) out.push('indexing-open answers have topic null');
  // The families of questions with structure are defined by the member that carries the structure.
  if (c.family === 'rank-markets' && (e.rankBy !== 'markets' || (e.markets ?? []).length < 2))
    out.push('rank-markets answers rank two or more markets by markets');
  if (c.family === 'rank-groups' && typeof e.rankBy !== 'object') out.push('rank-groups answers rank by { question }');
  if (c.family === 'size' && e.count !== true) out.push('size answers have count true');
  return out;
}

/** Every problem of one case, each prefixed with the case id so a failure names what to fix. */
function caseProblems(c: EvalCase): string[] {
  const out: string[] = [];
  if (typeof c.id !== 'string' || c.id.trim() === '') out.push('id is empty');
  if (!FAMILIES.has(c.family)) out.push(`family ${c.family} is not a family`);
  if (!organisations.has(c.org)) out.push(`org ${c.org} is not an organisation`);
  if (typeof c.prompt !== 'string' || c.prompt.trim() === '') out.push('prompt is empty');
  if (c.chat !== undefined && (!Array.isArray(c.chat) || c.chat.some((p) => typeof p !== 'string' || p.trim() === ''))) out.push('chat must be prompts');
  for (const name of c.docked ?? []) {
    if (!curated.has(name)) out.push(`docked ${name} is not a curated audience`);
  }
  if (c.family === 'docked' && (c.docked ?? []).length === 0) out.push('a docked case docks at least one audience');
  const e = c.expect;
  if (!e || !OUTCOMES.has(e.outcome)) {
    out.push(`outcome ${e?.outcome} is not an outcome`);
  } else if (e.outcome === 'answer') {
    out.push(...answerProblems(c, e));
  } else {
    const extra = Object.keys(e).filter((k) => k !== 'outcome' && !(k === 'offer' && e.outcome === 'refuse'));
    if (extra.length > 0) out.push(`a ${e.outcome} carries no ${extra.join(', ')}`);
    if (e.offer !== undefined && !questions.has(e.offer)) out.push(`offer: unknown question ${e.offer}`);
  }
  return out.map((p) => `${c.id}: ${p}`);
}

describe('assistant evaluation set', () => {
  it('has ids unique across all files', () => {
    const seen = new Map<string, number>();
    for (const c of fileNames.flatMap((f) => files[f])) seen.set(c.id, (seen.get(c.id) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1).map(([id]) => id)).toEqual([]);
  });

  it('shares no prompt (with its chat) between any two files', () => {
    // A prompt in two files would let tuning on one score on the other; each repeat is named by
    // the later file's id, so a repeat of a held-out prompt is reported without printing it.
    // Case, punctuation and spacing are ignored: "What's X?" and "whats x" are the same prompt.
    const words = (text: string) =>
      text
        .normalize('NFKC')
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, '');
    const key = (c: EvalCase) => [...(c.chat ?? []), c.prompt].map(words).join(' | ');
    const fileOf = new Map<string, EvalFile>();
    const shared: string[] = [];
    for (const file of fileNames) {
      for (const c of files[file]) {
        const first = fileOf.get(key(c));
        if (first === undefined) fileOf.set(key(c), file);
        else if (first !== file) shared.push(`${file}: ${c.id} repeats a prompt of ${first}`);
      }
    }
    expect(shared).toEqual([]);
  });

  it.each(fileNames)('%s has the minimum number of cases of every family', (file) => {
    const counts = new Map<string, number>();
    for (const c of files[file]) counts.set(c.family, (counts.get(c.family) ?? 0) + 1);
    const short = Object.entries(MINIMUM[file] ?? {})
      .filter(([family, min]) => (counts.get(family) ?? 0) < min)
      .map(([family, min]) => `${family}: ${counts.get(family) ?? 0} < ${min}`);
    expect(short).toEqual([]);
  });

  it.each(fileNames)('%s names only codes of the catalogue that the organisation licenses', (file) => {
    expect(files[file].flatMap(caseProblems)).toEqual([]);
  });
});
