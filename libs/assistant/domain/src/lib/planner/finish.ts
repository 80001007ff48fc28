import { AnalysisKind, AnalysisPlan, CodeName, PlannerDataset, PlanOutcome } from '../assistant.types';
import { DEFAULT_WAVE_COUNT } from '@aas/query-rules-domain';
import { DEFAULT_LIMIT, DEFAULT_OPEN_LIMIT, EVERYONE, MAX_LIMIT } from './constants';
import { chooseDatasets } from './datasets';
import { mostOfPeople, singularSuperlative, singularWhich } from './kind';
import { planAlongDimension } from './dimensions';
import { clarify, codeName, noTopic, refuse, wavesText } from './outcomes';
import { applySubject, negateAudiences } from './subject';
import { withComplementSide } from './complement-side';
import { exceptAudiences } from './audience-except';
import { unitedBands } from './audience-union';
import { INDEX } from './cues';
import { PlanShape, PromptContext, TopicChoice } from './types';

/**
 * The last stage: the shape checked against the catalogue and made a plan. An audience for an
 * open profile, a topic for everything else; the kind as the sides make it; one respondent
 * universe (`@aas/query-rules`) fielded where and when asked; the waves and the count of a list.
 */
export function finishPlan(ctx: PromptContext, shape: PlanShape, choice: TopicChoice, notes: string[]): PlanOutcome {
  const { catalogue, reading, index } = ctx;
  const { topicQuestion, locations } = shape;
  let { topic } = shape;
  // A docked audience named by its name (the context stage writes "my docked audience" as its name) is still the docked one.
  let audiences = (shape.audiences.length === 0 ? [EVERYONE] : shape.audiences).map((a) =>
    a.origin === 'saved' && ctx.docked.some((d) => d.id === a.id) ? { ...a, origin: 'docked' as const } : a,
  );
  let kind = shape.kind;
  if (kind === 'indexing' && !topic && audiences.every((a) => a.origin === 'everyone'))
    return clarify('Which audience should I profile? An index compares an audience (for example Gen Z, parents or women) with all respondents.', []);
  if (!topic && kind !== 'indexing') return noTopic(reading, index, choice.unknown);
  // The subject: the complement of the answers, or one group combining them (subject.ts).
  if (topic) ({ topic, kind } = applySubject({ kind, topic, audiences }, ctx.words, reading.spans, catalogue));
  if (topic) topic = unitedBands(topic, catalogue);
  audiences = exceptAudiences(negateAudiences(audiences, ctx.words, reading.spans, topic), ctx.words, reading.spans);
  const topicSaid = topic !== null && reading.spans.some((s) => s.entry.kind === 'datapoint' && s.entry.refs.some((r) => r.question.code === topic?.question));
  ({ audiences, kind } = withComplementSide(audiences, kind, ctx.words, topic !== null, INDEX.test(ctx.text), topicSaid, catalogue));
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
  const waves = planWaves(ctx, { ...shape, kind }, dataset, notes);
  if (!Array.isArray(waves)) return waves;

  const limit = shape.limit ?? planLimit(ctx, kind, topic !== null);
  const plan: AnalysisPlan = {
    kind,
    topic,
    audiences,
    locations,
    splitByLocation: locations.length > 1,
    waves,
    splitByWave: kind === 'trend',
    limit: Math.min(MAX_LIMIT, Math.max(1, limit)),
    ascending: shape.ascending,
    count: shape.count,
    dataset: codeName(dataset),
  };
  return planAlongDimension(plan, reading, catalogue, ctx.previous, notes);
}

/** Where and when the dataset was fielded, and the waves licensed: the plan's waves, or a refusal. */
function planWaves(ctx: PromptContext, shape: PlanShape, dataset: PlannerDataset, notes: string[]): CodeName[] | PlanOutcome {
  const { catalogue, reading, words } = ctx;
  const { topic, locations, kind } = shape;
  let { waves } = shape;
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
  return waves;
}

/** The count of a list when the prompt gives none: one for a singular superlative, more for an open profile. */
function planLimit(ctx: PromptContext, kind: AnalysisKind, hasTopic: boolean): number {
  const named = (i: number) => ctx.reading.spans.some((s) => s.start === i && (s.entry.kind === 'market' || s.entry.kind === 'audience'));
  if (singularSuperlative(ctx.text, kind) || singularWhich(ctx.words, kind) || mostOfPeople(ctx.words, kind, named)) return 1;
  return kind === 'indexing' && !hasTopic ? DEFAULT_OPEN_LIMIT : DEFAULT_LIMIT;
}
