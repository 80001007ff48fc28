/*
 * Checks a plan a model wrote (`ModelPlan`, see plan-schema.ts) as strictly as the rule planner's
 * plans are built: every code exists and is licensed to the organisation, datapoints and suffixes
 * belong to their question, markets and waves are licensed and the dataset was fielded there, one
 * licensed dataset asks every question (`chooseUniverse`, the topic's dataset preferred, as the rule
 * planner picks it), limits are in range. Names come from the catalogue, never from the model.
 */
import { CatalogueLookup, CatalogueQuestion, labelExpression, parseStandardExpression, validateAgainstCatalogue } from '@aas/audience-expression-domain';
import { chooseUniverse, DEFAULT_WAVE_COUNT } from '@aas/query-rules-domain';
import type {
  AnalysisPlan,
  CodeName,
  PlanAudience,
  PlanDimension,
  PlannerCatalogue,
  PlannerDataset,
  PlannerQuestion,
  PlanOutcome,
  PlanTopic,
  PlanVerdict,
  WireExpression,
} from './assistant.types';
import { ANALYSIS_KINDS, PLAN_DIMENSIONS, PLAN_VERDICTS, REFUSAL_REASONS } from './plan-schema';
import { licensedQuestion, validateTopic } from './plan-validation-topic';
import { DEFAULT_LIMIT, DEFAULT_OPEN_LIMIT, EVERYONE, MAX_LIMIT } from './planner';

export type PlanValidation = { ok: true; outcome: PlanOutcome } | { ok: false; errors: string[] };

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const codeName = (x: CodeName): CodeName => ({ code: x.code, name: x.name });
const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
const absent = (v: unknown): boolean => v === null || v === undefined;

export interface PlanValidationOptions {
  /** The user's prompt: a number in a refusal or a clarification must come from it or the catalogue. */
  prompt?: string;
}

/**
 * A model's plan (parsed JSON, anything) checked against the organisation's catalogue and the
 * audiences docked to the request: a full `PlanOutcome` with names filled from the catalogue, or
 * every error found. A refusal's `offer` must be a licensed question; a clarification needs a
 * message. The text of a refusal or a clarification is the model's own, so it may state no number
 * but those of the prompt and the catalogue's names: figures come only from the engine.
 */
export function validatePlan(
  candidate: unknown,
  catalogue: PlannerCatalogue,
  docked: readonly PlanAudience[] = [],
  options: PlanValidationOptions = {},
): PlanValidation {
  if (!isObject(candidate)) return { ok: false, errors: ['the plan is not a JSON object'] };
  const errors: string[] = [];
  switch (candidate['outcome']) {
    case 'answer': {
      if (!isObject(candidate['answer'])) return { ok: false, errors: ['outcome "answer" without an answer object'] };
      const plan = validateAnswer(candidate['answer'], catalogue, docked, errors);
      return plan && errors.length === 0 ? { ok: true, outcome: { outcome: 'answer', plan, notes: [] } } : { ok: false, errors };
    }
    case 'refuse': {
      const refusal = candidate['refusal'];
      if (!isObject(refusal)) return { ok: false, errors: ['outcome "refuse" without a refusal object'] };
      const reason = refusal['reason'];
      if (!REFUSAL_REASONS.includes(reason as never)) errors.push(`refusal.reason: "${String(reason)}" is not one of ${REFUSAL_REASONS.join(', ')}`);
      const message = nonEmpty(refusal['message'], 'refusal.message', errors);
      checkNumbers(message, 'refusal.message', catalogue, options.prompt ?? '', errors);
      let offer: CodeName | undefined;
      if (!absent(refusal['offer'])) {
        const question = licensedQuestion(refusal['offer'], 'refusal.offer', catalogue, errors);
        if (question) offer = codeName(question);
      }
      if (errors.length > 0) return { ok: false, errors };
      const outcome: PlanOutcome = { outcome: 'refuse', reason: reason as (typeof REFUSAL_REASONS)[number], message, unknown: [] };
      return { ok: true, outcome: offer ? { ...outcome, offer } : outcome };
    }
    case 'clarify': {
      const clarification = candidate['clarification'];
      if (!isObject(clarification)) return { ok: false, errors: ['outcome "clarify" without a clarification object'] };
      const message = nonEmpty(clarification['message'], 'clarification.message', errors);
      const choices = clarification['options'] ?? [];
      if (!strings(choices)) errors.push('clarification.options: not a list of strings');
      else [message, ...choices].forEach((text) => checkNumbers(text, 'clarification', catalogue, options.prompt ?? '', errors));
      return errors.length > 0 ? { ok: false, errors } : { ok: true, outcome: { outcome: 'clarify', message, options: choices as string[] } };
    }
    default:
      return { ok: false, errors: [`outcome: "${String(candidate['outcome'])}" is not answer, refuse or clarify`] };
  }
}

const NUMBER = /\d+(?:[.,]\d+)*/g;

/** A number the model wrote that neither the prompt nor a name of the catalogue holds is an error. */
function checkNumbers(text: string, path: string, catalogue: PlannerCatalogue, prompt: string, errors: string[]): void {
  const written = text.match(NUMBER) ?? [];
  if (written.length === 0) return;
  const names = [
    prompt,
    ...catalogue.questions.flatMap((q) => [q.name, ...q.datapoints.map((d) => d.name), ...q.suffixes.map((x) => x.name)]),
    ...catalogue.waves.map((w) => w.name),
    ...catalogue.audiences.map((a) => a.name),
  ];
  const known = new Set(names.flatMap((name) => name.match(NUMBER) ?? []));
  const unsourced = written.filter((n) => !known.has(n));
  if (unsourced.length > 0) errors.push(`${path}: states ${unsourced.join(', ')}, a number neither the prompt nor the catalogue holds`);
}

function nonEmpty(value: unknown, path: string, errors: string[]): string {
  if (typeof value === 'string' && value.trim() !== '') return value;
  errors.push(`${path}: a non-empty string is required`);
  return '';
}

/** The expression checks of the service (`validateAgainstCatalogue`), over the planner's catalogue. */
function lookupOf(catalogue: PlannerCatalogue): CatalogueLookup {
  const byCode = new Map<string, CatalogueQuestion>(catalogue.questions.map((q) => [q.code, { ...q, namespaceCode: '' }]));
  return {
    findQuestion: (code) => byCode.get(code),
    isDatasetEntitled: (dataset) => catalogue.datasets.some((d) => d.code === dataset && d.entitled),
  };
}

/** The members of an answer, each checked against the catalogue, before the dataset is chosen. */
interface AnswerParts {
  kind: AnalysisPlan['kind'];
  topicQuestion: PlannerQuestion | undefined;
  topic: PlanTopic | null;
  rankBy: PlanDimension | null;
  groupQuestion: PlannerQuestion | undefined;
  audiences: PlanAudience[];
  markets: CodeName[];
  waves: CodeName[];
  verdict: PlanVerdict | null;
  pairedPeriods: boolean;
  limit: number | null;
  /** Every question the plan uses: the topic, the group question and the audiences' questions. */
  used: CatalogueQuestion[];
}

function validateAnswer(answer: Json, catalogue: PlannerCatalogue, docked: readonly PlanAudience[], errors: string[]): AnalysisPlan | null {
  const parts = readAnswer(answer, catalogue, docked, errors);
  if (errors.length > 0) return null;
  const placed = placeInDataset(parts, catalogue, errors);
  if (!placed || errors.length > 0) return null;
  const { topic, audiences, rankBy, groupQuestion, verdict, pairedPeriods, limit } = parts;
  const { dataset, waves, locations } = placed;
  // The rule planner's last normalisations: no answer named is a ranking, two sides a comparison.
  let kind = parts.kind;
  // A mean is of a question that has values (`averageBy`): every answer of it, not a ranking of them.
  const question = topic ? catalogue.questions.find((q) => q.code === topic.question) : undefined;
  const average = answer['average'] === true && question?.averageBy !== undefined;
  if (kind === 'share' && topic && topic.datapoints.length === 0 && !average) kind = 'ranking';
  if ((kind === 'share' || kind === 'ranking') && (audiences.length > 1 || locations.length > 1)) kind = 'comparison';
  const plan: AnalysisPlan = {
    kind,
    topic,
    audiences,
    locations,
    splitByLocation: locations.length > 1,
    waves,
    splitByWave: kind === 'trend',
    limit: limit ?? (kind === 'indexing' && !topic ? DEFAULT_OPEN_LIMIT : DEFAULT_LIMIT),
    ascending: answer['ascending'] === true,
    count: answer['count'] === true,
    dataset: codeName(dataset),
  };
  if (rankBy !== null) plan.rankBy = rankBy;
  if (groupQuestion) plan.groupQuestion = codeName(groupQuestion);
  if (verdict !== null) plan.verdict = verdict;
  if (pairedPeriods) plan.pairedPeriods = true;
  if (average) plan.average = true;
  return plan;
}

function readAnswer(answer: Json, catalogue: PlannerCatalogue, docked: readonly PlanAudience[], errors: string[]): AnswerParts {
  const lookup = lookupOf(catalogue);
  const kind = answer['kind'] as AnalysisPlan['kind'];
  if (!ANALYSIS_KINDS.includes(kind)) errors.push(`answer.kind: "${String(kind)}" is not one of ${ANALYSIS_KINDS.join(', ')}`);
  const used: CatalogueQuestion[] = [];

  const rawTopic = answer['topic'];
  if (!absent(rawTopic) && !isObject(rawTopic)) errors.push('answer.topic: an object or null is required');
  if (absent(rawTopic) && kind !== 'indexing') errors.push('answer.topic: only an indexing plan may have no topic');
  const topicQuestion = isObject(rawTopic) ? licensedQuestion(rawTopic['question'], 'answer.topic.question', catalogue, errors) : undefined;
  const topic = topicQuestion && isObject(rawTopic) ? validateTopic(rawTopic, topicQuestion, catalogue, errors) : null;
  if (topicQuestion) used.push(lookup.findQuestion(topicQuestion.code) as CatalogueQuestion);
  // Answers of other questions in the subject: their questions are counted in the dataset too.
  for (const part of topic?.also ?? []) if (part.question !== topic?.question) used.push(lookup.findQuestion(part.question) as CatalogueQuestion);

  const rankBy = oneOrNull(answer['rankBy'], PLAN_DIMENSIONS, 'answer.rankBy', errors);
  const groupQuestion = absent(answer['groupQuestion']) ? undefined : licensedQuestion(answer['groupQuestion'], 'answer.groupQuestion', catalogue, errors);
  if (rankBy === 'groups' && absent(answer['groupQuestion']))
    errors.push('answer.groupQuestion: rankBy "groups" needs the question whose answers are the groups');
  if (groupQuestion) used.push(lookup.findQuestion(groupQuestion.code) as CatalogueQuestion);

  let audiences = validateAudiences(answer['audiences'], catalogue, docked, lookup, used, errors);
  // Ranking groups: the groups of the question are the audiences, unless the model listed them.
  if (rankBy === 'groups' && groupQuestion && audiences.length === 0) audiences = groupQuestion.datapoints.map((d) => groupAudience(groupQuestion, d));
  if (kind === 'indexing' && !topic && audiences.length === 0) errors.push('answer.audiences: an open indexing plan needs an audience to profile');
  if (audiences.length === 0) audiences = [EVERYONE];

  const limit = answer['limit'];
  if (!absent(limit) && (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > MAX_LIMIT))
    errors.push(`answer.limit: ${String(limit)} is not an integer from 1 to ${MAX_LIMIT}`);
  return {
    kind,
    topicQuestion,
    topic,
    rankBy,
    groupQuestion,
    audiences,
    // Markets as the model listed them (the sides of a comparison); waves oldest first.
    markets: licensedCodes(answer['markets'], 'answer.markets', catalogue.locations, errors),
    waves: licensedCodes(answer['waves'], 'answer.waves', catalogue.waves, errors).sort((a, b) => waveOrder(catalogue, a) - waveOrder(catalogue, b)),
    verdict: oneOrNull(answer['verdict'], PLAN_VERDICTS, 'answer.verdict', errors),
    pairedPeriods: answer['pairedPeriods'] === true,
    limit: absent(limit) ? null : (limit as number),
    used,
  };
}

/**
 * The one respondent universe, chosen as the rule planner chooses it (`chooseUniverse`, the topic's
 * dataset preferred), with the markets and waves it was fielded in; no waves named: the latest four
 * of it, a trend every one; ranking markets without naming them: every licensed market it was fielded in.
 */
function placeInDataset(
  parts: AnswerParts,
  catalogue: PlannerCatalogue,
  errors: string[],
): { dataset: PlannerDataset; waves: CodeName[]; locations: CodeName[] } | null {
  const { used, markets, kind } = parts;
  const universe = chooseUniverse(
    used.map((question) => ({ path: question.code, question })),
    { entitledDatasets: catalogue.datasets.filter((d) => d.entitled).map((d) => d.code) },
    { prefer: parts.topicQuestion?.datasetCode },
  );
  if (!universe.ok) {
    errors.push(`no licensed dataset asks every question of the plan (${[...new Set(used.map((q) => q.code))].join(', ')})`);
    return null;
  }
  const dataset = catalogue.datasets.find((d) => d.code === universe.value) as PlannerDataset;
  const fielded = dataset.fielded;
  for (const m of markets)
    if (fielded && !fielded.locations.includes(m.code)) errors.push(`answer.markets: the ${dataset.name} dataset was not fielded in "${m.code}"`);
  for (const w of parts.waves)
    if (fielded && !fielded.waves.includes(w.code)) errors.push(`answer.waves: the ${dataset.name} dataset has no data for "${w.code}"`);
  const licensedWaves = catalogue.waves.filter((w) => w.entitled && (!fielded || fielded.waves.includes(w.code))).map(codeName);
  const waves = parts.waves.length > 0 ? parts.waves : kind === 'trend' ? licensedWaves : licensedWaves.slice(-DEFAULT_WAVE_COUNT);
  if (kind === 'trend' && waves.length < 2) errors.push('answer.waves: a trend needs at least two waves');
  if (parts.pairedPeriods && waves.length !== 2) errors.push('answer.waves: paired periods need exactly two waves');
  const locations =
    parts.rankBy === 'markets' && markets.length === 0
      ? catalogue.locations.filter((l) => l.entitled && (!fielded || fielded.locations.includes(l.code))).map(codeName)
      : markets;
  return { dataset, waves, locations };
}

/** One of `values`, or null when absent; anything else is an error. */
function oneOrNull<T extends string>(value: unknown, values: readonly T[], path: string, errors: string[]): T | null {
  if (absent(value)) return null;
  if (values.includes(value as T)) return value as T;
  errors.push(`${path}: "${String(value)}" is not one of ${values.join(', ')}`);
  return null;
}

function validateAudiences(
  value: unknown,
  catalogue: PlannerCatalogue,
  docked: readonly PlanAudience[],
  lookup: CatalogueLookup,
  used: CatalogueQuestion[],
  errors: string[],
): PlanAudience[] {
  if (absent(value)) return [];
  if (!Array.isArray(value)) {
    errors.push('answer.audiences: a list is required');
    return [];
  }
  const out: PlanAudience[] = [];
  value.forEach((item, i) => {
    const path = `answer.audiences[${i}]`;
    const audience = isObject(item)
      ? validateAudience(item, path, catalogue, docked, lookup, used, errors)
      : (errors.push(`${path}: an object is required`), null);
    if (audience && !out.some((a) => a.id === audience.id)) out.push(audience);
  });
  return out;
}

function validateAudience(
  item: Json,
  path: string,
  catalogue: PlannerCatalogue,
  docked: readonly PlanAudience[],
  lookup: CatalogueLookup,
  used: CatalogueQuestion[],
  errors: string[],
): PlanAudience | null {
  const id = item['savedAudienceId'];
  let audience: PlanAudience | null = null;
  if (!absent(id)) {
    const key = String(id).toLowerCase();
    const dock = docked.find((a) => a.id.toLowerCase() === key);
    const saved = catalogue.audiences.find((a) => a.id.toLowerCase() === key);
    if (dock) audience = { ...dock, origin: 'docked' };
    else if (saved) audience = { id: saved.id, name: saved.name, description: saved.description, expression: saved.expression, origin: 'saved' };
    else {
      errors.push(`${path}.savedAudienceId: no saved or docked audience "${String(id)}"`);
      return null;
    }
  } else if (absent(item['expression'])) {
    errors.push(`${path}: either savedAudienceId or expression is required`);
    return null;
  }
  const wire = audience ? audience.expression : toWire(item['expression']);
  const parsed = parseStandardExpression(wire);
  if (!parsed.ok) {
    errors.push(...parsed.errors.map((e) => `${path}.expression${e.path}: ${e.message}`));
    return null;
  }
  const checked = validateAgainstCatalogue(parsed.value, lookup);
  if (!checked.ok) {
    errors.push(...checked.errors.map((e) => `${path}.expression${e.path}: ${e.message}`));
    return null;
  }
  used.push(...checked.value.questions.map((q) => q.question));
  if (audience) return audience;
  const name = labelExpression(parsed.value, lookup);
  return { id: `phrase:${name.toLowerCase().replace(/[^a-z0-9]+/g, '_')}`, name, description: name, expression: wire, origin: 'phrase' };
}

/** A model's expression (every member present, null or false when unused) as the standard wire form. */
export function toWire(node: unknown): WireExpression {
  if (!isObject(node)) return node as WireExpression;
  const out: WireExpression = {};
  for (const [key, value] of Object.entries(node)) {
    if (value === null || value === undefined || (key === 'not' && value === false)) continue;
    if (key === 'suffixes' && Array.isArray(value) && value.length === 0) continue;
    out[key] = (key === 'and' || key === 'or') && Array.isArray(value) ? value.map(toWire) : value;
  }
  return out;
}

function groupAudience(question: PlannerQuestion, datapoint: CodeName): PlanAudience {
  return {
    id: `phrase:${question.code}_${datapoint.code}`,
    name: datapoint.name,
    description: `${question.name}: ${datapoint.name}`,
    expression: { question: question.code, datapoints: [datapoint.code] },
    origin: 'phrase',
  };
}

function licensedCodes(value: unknown, path: string, known: readonly (CodeName & { entitled: boolean })[], errors: string[]): CodeName[] {
  if (absent(value)) return [];
  if (!strings(value)) {
    errors.push(`${path}: not a list of codes`);
    return [];
  }
  const out: CodeName[] = [];
  for (const code of new Set(value)) {
    const found = known.find((k) => k.code === code);
    if (!found) errors.push(`${path}: unknown code "${code}"`);
    else if (!found.entitled) errors.push(`${path}: "${code}" is not licensed to the organisation`);
    else out.push(codeName(found));
  }
  return out;
}

const waveOrder = (catalogue: PlannerCatalogue, wave: CodeName): number => catalogue.waves.findIndex((w) => w.code === wave.code);
