import { AnalysisPlan, CodeName, PlannerCatalogue, PlannerQuestion, WireExpression } from './assistant.types';
import { averageColumns } from './narrative-stats';
import { ColumnSubject, subjectColumnParts } from './narrative-subject';
import { scopeLabel } from './narrative-format';

/*
 * What the engine computes for a plan: its columns (the topic's datapoints, or every licensed one
 * for an open profile) and its runs (one per market and/or wave when the plan splits), with the
 * bounds that refuse a plan too broad to compute.
 */

/** One engine column: a datapoint (with its suffix) of a topic question. */
export interface PlanColumn {
  key: string;
  question: string;
  questionName: string;
  datasetCode: string;
  datapoint: CodeName;
  suffix: CodeName | null;
  expression: WireExpression;
  /** An average column: the mean of the question's answer values (of this grid row's scale when `datapoint` is set). */
  average?: { datapoint: string | null };
  /** A negated or combined subject (narrative-subject.ts); absent = the datapoint as given. */
  subject?: ColumnSubject;
}

/** One engine run: the locations and waves it covers. Empty `locations` = every licensed one. */
export interface PlanSegment {
  key: string;
  label: string;
  locations: CodeName[];
  waves: CodeName[];
}

/** The crosstab cell limit of the service (CROSSTAB_MAX_CELLS): one engine pass never asks for more. */
export const MAX_CROSSTAB_CELLS = 10_000;

function column(question: { code: string; name: string }, datasetCode: string, datapoint: CodeName, suffix: CodeName | null): PlanColumn {
  return {
    key: suffix ? `${question.code}.${datapoint.code}.${suffix.code}` : `${question.code}.${datapoint.code}`,
    question: question.code,
    questionName: question.name,
    datasetCode,
    datapoint: { code: datapoint.code, name: datapoint.name },
    suffix,
    expression: suffix
      ? { question: question.code, datapoints: [datapoint.code], suffixes: [suffix.code] }
      : { question: question.code, datapoints: [datapoint.code] },
  };
}

function audienceQuestions(expression: unknown, out: Set<string>): Set<string> {
  if (!expression || typeof expression !== 'object') return out;
  const e = expression as Record<string, unknown>;
  if (typeof e['question'] === 'string') out.add(e['question']);
  for (const key of ['and', 'or']) if (Array.isArray(e[key])) (e[key] as unknown[]).forEach((x) => audienceQuestions(x, out));
  return out;
}

/**
 * The columns a plan measures: the named datapoints, or every datapoint of the topic question;
 * for an open indexing question, every datapoint of every question of the plan's dataset the
 * organisation licenses (a grid on one answer), except the questions defining the audiences, in
 * catalogue order and cut to what fits the crosstab cell limit with the plan's audiences as rows.
 */
export function columnsOf(plan: AnalysisPlan, catalogue: PlannerCatalogue): PlanColumn[] {
  if (plan.average) return averageColumns(plan, catalogue);
  const dataset = plan.dataset.code;
  const topic = plan.topic;
  if (topic) {
    const question = catalogue.questions.find((q) => q.code === topic.question);
    const datapoints = topic.datapoints.length > 0 ? topic.datapoints : (question?.datapoints ?? []);
    const q = { code: topic.question, name: topic.questionName };
    // "Don't use TikTok", "both Netflix and Disney+": the subject's own columns.
    const subject = subjectColumnParts(topic, datapoints);
    if (subject) return subject.map((part) => ({ ...column(q, dataset, part.datapoint, topic.suffix), ...part }));
    return datapoints.map((d) => column(q, dataset, d, topic.suffix));
  }
  const defining = new Set<string>();
  for (const a of plan.audiences) audienceQuestions(a.expression, defining);
  const max = Math.floor(MAX_CROSSTAB_CELLS / Math.max(1, plan.audiences.length));
  const questions = profileQuestions(catalogue).filter((q) => q.entitled && !defining.has(q.code) && (q.datasetCodes ?? [q.datasetCode]).includes(dataset));
  const out: PlanColumn[] = [];
  for (const q of questions) {
    // One column per datapoint; a grid is read on its telling answer: a brand funnel's "used or
    // bought", a frequency's "daily", an agreement scale's "strongly agree".
    const sfx = q.suffixes.length === 0 ? null : (q.suffixes.find((x) => /used or bought/i.test(x.name)) ?? q.suffixes[0]);
    for (const d of q.datapoints) if (!CATCH_ALL.test(d.name.trim())) out.push(column(q, dataset, d, sfx));
  }
  return out.slice(0, max);
}

/** Answers that gather whatever else there is ("None of these", "Other brand"): they describe no one. */
const CATCH_ALL = /^(none|none of these|other|other brand|other sector|no favourite( brand)?)$/i;

const profileCache = new WeakMap<PlannerCatalogue, PlannerQuestion[]>();

/**
 * The questions an open profile reads: when a grid and other questions list the same things (a
 * brand funnel, the perceptions of those brands and the favourite among them; the platforms used
 * and how often), the things are read once, in the question that records their use (a grid with
 * a "used or bought" answer), else in the one without a scale, else the first in catalogue
 * order. The others are second views of the same brands or platforms and would fill the profile
 * with repeats.
 */
export function profileQuestions(catalogue: PlannerCatalogue): PlannerQuestion[] {
  const hit = profileCache.get(catalogue);
  if (hit) return hit;
  const things = (q: PlannerQuestion) =>
    q.datapoints
      .filter((d) => !CATCH_ALL.test(d.name.trim()))
      .map((d) => d.code)
      .sort()
      .join(',');
  const records = (q: PlannerQuestion) => q.suffixes.some((x) => /used or bought/i.test(x.name));
  const groups = new Map<string, PlannerQuestion[]>();
  for (const q of catalogue.questions) {
    const key = `${q.datasetCode}|${things(q)}`;
    groups.set(key, [...(groups.get(key) ?? []), q]);
  }
  const chosen = new Set<PlannerQuestion>();
  for (const group of groups.values()) {
    // Only a grid over the same things is a second view of them: scales that merely share their
    // answers ("Daily".."Never" of radio and of podcasts, hour bands) are different questions.
    if (group.length === 1 || !group.some((q) => q.suffixes.length > 0)) group.forEach((q) => chosen.add(q));
    else chosen.add(group.find(records) ?? group.find((q) => q.suffixes.length === 0) ?? group[0]);
  }
  const out = catalogue.questions.filter((q) => chosen.has(q));
  profileCache.set(catalogue, out);
  return out;
}

/**
 * Most engine runs (segments) one prompt may start; above it the prompt is refused as too broad.
 * 24 lets a full trend of the demo's eight waves through in three markets ("how has it changed in
 * all three since ...", a question researchers ask), while four or more markets over the same
 * period are refused.
 */
export const MAX_SEGMENTS = 24;

/**
 * Why a plan is too broad to compute (more than MAX_SEGMENTS engine runs), naming what multiplies
 * them, or null when it is fine.
 */
export function tooBroad(plan: AnalysisPlan): string | null {
  const markets = plan.splitByLocation ? plan.locations.length : 1;
  const waves = plan.splitByWave ? wavesMeasured(plan).length : 1;
  const runs = markets * waves;
  if (runs <= MAX_SEGMENTS) return null;
  const what =
    markets > 1 && waves > 1
      ? `${markets} markets across ${waves} waves, one by one (${runs} separate computations)`
      : markets > 1
        ? `${markets} markets one by one`
        : `${waves} waves one by one`;
  const narrower =
    markets > 1 && waves > 1
      ? 'Ask about fewer markets (for example one or two) or a shorter period (for example “since Q1 2026”).'
      : markets > 1
        ? 'Ask about fewer markets.'
        : 'Ask about a shorter period (for example “since Q1 2026”).';
  return `That question is too broad for me: it needs ${what}, and I compute at most ${MAX_SEGMENTS} for one question. ${narrower}`;
}

/**
 * The waves a trend measures one by one: every wave of the plan, except that a comparison of change
 * between more markets than the engine runs allow for every wave ("which of our markets grew most
 * since Q3 2025?") needs only the first and the last: the change between them is the verdict.
 */
function wavesMeasured(plan: AnalysisPlan): CodeName[] {
  const markets = plan.splitByLocation ? plan.locations.length : 1;
  if (plan.verdict === 'grew-more' && plan.waves.length > 2 && markets * plan.waves.length > MAX_SEGMENTS)
    return [plan.waves[0], plan.waves[plan.waves.length - 1]];
  return plan.waves;
}

/** The engine runs of a plan: one for the whole selection, or one per market and/or wave. */
export function segmentsOf(plan: AnalysisPlan): PlanSegment[] {
  const byLocation = plan.splitByLocation ? plan.locations.map((l) => [l]) : [plan.locations];
  const byWave = plan.splitByWave ? wavesMeasured(plan).map((w) => [w]) : [plan.waves];
  const out: PlanSegment[] = [];
  for (const locations of byLocation) {
    for (const waves of byWave) {
      const parts = [plan.splitByLocation ? locations[0].code : '', plan.splitByWave ? waves[0].code : ''].filter((p) => p);
      out.push({ key: parts.join('/'), label: scopeLabel(locations, waves), locations, waves });
    }
  }
  return out;
}
