import {
  AnalysisPlan,
  CodeName,
  ComputedCell,
  OVER_INDEX,
  PlanAudience,
  PlannerCatalogue,
  PlannerQuestion,
  UNDER_INDEX,
  WireExpression,
  WrittenAnswer,
  WrittenInsight,
} from './assistant.types';
import { UNRELIABLE_SAMPLE } from '@aas/crosstab-engine-domain';
import { averageColumns, trendSignificance, writeAverage } from './narrative-stats';
import { verdictLines } from './verdict';
import { cellMetrics } from './insight-metrics';
import { answeredPhrase, ColumnSubject, formatPeople, subjectColumnParts, subjectOpening } from './narrative-subject';

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

/** Most engine runs (segments) one prompt may start; above it the prompt is refused as too broad. */
export const MAX_SEGMENTS = 16;

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

export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

/** A percentage as the text shows it (one decimal), so differences agree with the figures printed. */
function shown(value: number): number {
  return Number(value.toFixed(1));
}

/** The difference between two percentages as printed, in points (one decimal). */
function pointsBetween(from: number, to: number): number {
  return shown(shown(to) - shown(from));
}

export function formatIndex(value: number): string {
  return String(Math.round(value));
}

function formatCount(value: number): string {
  return Math.round(value).toLocaleString('en-GB');
}

export function wavesLabel(waves: CodeName[]): string {
  if (waves.length === 0) return '';
  if (waves.length === 1) return waves[0].name;
  return `${waves[0].name} to ${waves[waves.length - 1].name}`;
}

function scopeLabel(locations: CodeName[], waves: CodeName[]): string {
  const where = locations.length === 0 ? 'all your markets' : locations.map((l) => l.name).join(', ');
  return `${where}, ${wavesLabel(waves)}`;
}

function indexWords(index: number): string {
  if (index >= OVER_INDEX) return 'over-indexing';
  if (index <= UNDER_INDEX) return 'under-indexing';
  return 'in line with all respondents';
}

function attributeLabel(column: PlanColumn): string {
  return column.suffix ? `${column.datapoint.name}: ${column.suffix.name}` : column.datapoint.name;
}

/** An audience with fewer respondents than the engine's unreliable bound has nothing reportable to say. */
const reportable = (cell: ComputedCell) => cell.audienceSample >= UNRELIABLE_SAMPLE && cell.audienceSize > 0;

/**
 * Writes the message and insights from cells the engine computed: every number in the text comes
 * from `cells`, as is. Audiences with fewer than 30 respondents are withheld and said so; a figure
 * carries the engine's own flags of its cell (low base under 50 respondents, unreliable under 30;
 * docs/metrics.md#reading-the-numbers).
 */
export function writeAnswer(plan: AnalysisPlan, columns: PlanColumn[], segments: PlanSegment[], cells: ComputedCell[]): WrittenAnswer {
  if (plan.average) return writeAverage(plan, columns, segments, cells, describePlan(plan, columns));
  // An open indexing answer has thousands of cells: look them up by key, not by scanning.
  const byKey = new Map(cells.map((c) => [`${c.audienceId}|${c.datapoint}|${c.segment}`, c]));
  const cellOf = (audience: PlanAudience, column: PlanColumn, segment: PlanSegment) => byKey.get(`${audience.id}|${column.key}|${segment.key}`);
  const insights: WrittenInsight[] = [];
  const withheld: string[] = [];

  const sentence = (audience: PlanAudience, column: PlanColumn, segment: PlanSegment, cell: ComputedCell, prefix = ''): WrittenInsight => {
    const everyone = audience.origin === 'everyone';
    const caution = cell.unreliable
      ? ' (unreliable: fewer than 30 respondents behind this figure)'
      : cell.lowBase
        ? ' (low base: fewer than 50 respondents behind this figure, read with caution)'
        : '';
    const comparison = everyone
      ? ''
      : `, against ${formatPercent(cell.basePercentage)} of all respondents (index ${formatIndex(cell.index)}, ${indexWords(cell.index)})`;
    const people = plan.count ? `, ${formatPeople(cell.intersectSize)}` : '';
    const text =
      `${prefix}${formatPercent(cell.audiencePercentage)} of ${everyone ? 'all respondents' : audience.name} (${segment.label}${people}) ` +
      `${answeredPhrase(attributeLabel(column), column.questionName, column.subject, column.suffix?.name ?? null)}${comparison}; base: ${formatCount(cell.audienceSample)} respondents` +
      `${caution}.`;
    return {
      key: `${audience.id}|${column.key}|${segment.key}`,
      text,
      metrics: cellMetrics(cell),
      attribute: {
        question: column.question,
        question_name: column.questionName,
        datapoint: column.datapoint.code,
        datapoint_name: column.datapoint.name,
        suffix: column.suffix?.code ?? null,
        suffix_name: column.suffix?.name ?? null,
        expression: column.expression,
      },
      audience: { id: audience.id, name: audience.name, expression: audience.expression },
      locations: segment.locations.map((l) => l.code),
      waves: segment.waves.map((w) => w.code),
    };
  };

  const usable = (audience: PlanAudience, segment: PlanSegment): boolean => {
    const any = columns.map((c) => cellOf(audience, c, segment)).find((c) => c !== undefined);
    if (!any) return false;
    if (any.audienceSample === 0) {
      withheld.push(`No respondents of ${audience.name} match in ${segment.label}.`);
      return false;
    }
    if (!reportable(any)) {
      withheld.push(`Only ${any.audienceSample} respondents of ${audience.name} in ${segment.label}: too few (under ${UNRELIABLE_SAMPLE}) to report a number.`);
      return false;
    }
    return true;
  };

  const columnByKey = new Map(columns.map((c) => [c.key, c]));
  const lines: string[] = [];
  const named = (plan.topic?.datapoints.length ?? 0) > 0;
  const topicName = plan.topic ? `“${plan.topic.questionName}”` : 'everything your organisation licenses';
  const rankBy = (list: ComputedCell[]) =>
    [...list].sort((a, b) => (plan.ascending ? a.audiencePercentage - b.audiencePercentage : b.audiencePercentage - a.audiencePercentage));

  switch (plan.kind) {
    case 'share': {
      for (const segment of segments)
        for (const audience of plan.audiences) {
          if (!usable(audience, segment)) continue;
          for (const column of columns) {
            const cell = cellOf(audience, column, segment);
            if (cell) insights.push(sentence(audience, column, segment, cell));
          }
        }
      lines.push(...insights.map((i) => i.text));
      break;
    }
    case 'ranking': {
      for (const segment of segments)
        for (const audience of plan.audiences) {
          if (!usable(audience, segment)) continue;
          const ranked = rankBy(columns.map((c) => cellOf(audience, c, segment)).filter((c): c is ComputedCell => c !== undefined)).slice(0, plan.limit);
          const parts: string[] = [];
          ranked.forEach((cell, i) => {
            const column = columnByKey.get(cell.datapoint) as PlanColumn;
            insights.push(sentence(audience, column, segment, cell, `#${i + 1}: `));
            parts.push(`${i + 1}. ${attributeLabel(column)} ${formatPercent(cell.audiencePercentage)}`);
          });
          const who = audience.origin === 'everyone' ? 'all respondents' : audience.name;
          lines.push(`${plan.ascending ? 'Bottom' : 'Top'} ${ranked.length} for ${topicName} among ${who} (${segment.label}): ${parts.join(', ')}.`);
        }
      break;
    }
    case 'comparison': {
      const sides: { audience: PlanAudience; segment: PlanSegment }[] = [];
      for (const segment of segments) for (const audience of plan.audiences) if (usable(audience, segment)) sides.push({ audience, segment });
      if (sides.length === 0) break;
      const first = sides[0];
      const chosen = named
        ? columns
        : rankBy(columns.map((c) => cellOf(first.audience, c, first.segment)).filter((c): c is ComputedCell => c !== undefined))
            .slice(0, plan.limit)
            .map((cell) => columnByKey.get(cell.datapoint) as PlanColumn);
      for (const column of chosen) {
        const parts: string[] = [];
        const values: { label: string; value: number }[] = [];
        for (const side of sides) {
          const cell = cellOf(side.audience, column, side.segment);
          if (!cell) continue;
          insights.push(sentence(side.audience, column, side.segment, cell));
          const label =
            plan.audiences.length > 1 && segments.length > 1
              ? `${side.audience.name} in ${side.segment.label}`
              : plan.audiences.length > 1
                ? side.audience.name
                : side.segment.label.split(',')[0];
          parts.push(`${label} ${formatPercent(cell.audiencePercentage)}${plan.count ? ` (${formatPeople(cell.intersectSize)})` : ''}`);
          values.push({ label, value: cell.audiencePercentage });
        }
        // Ranked and measured on the figures as printed, so the words agree with them.
        const top = [...values].sort((a, b) => shown(b.value) - shown(a.value));
        const lowest = top[top.length - 1];
        const points = top.length > 1 ? pointsBetween(lowest.value, top[0].value) : 0;
        // A plan with a verdict states it in its own line (verdict.ts), against the next side.
        const gap =
          top.length < 2 || plan.verdict
            ? ''
            : points === 0
              ? ` (${top[0].label} level with ${lowest.label})`
              : ` (${top[0].label} highest, ${points.toFixed(1)} points above ${lowest.label})`;
        lines.push(`“${attributeLabel(column)}” (${column.questionName}): ${parts.join(' vs ')}${gap}.`);
      }
      break;
    }
    case 'indexing': {
      for (const segment of segments)
        for (const audience of plan.audiences) {
          if (audience.origin === 'everyone') {
            withheld.push(
              'An index compares an audience with all respondents: name an audience (for example Gen Z, parents or women) to see what sets it apart.',
            );
            continue;
          }
          if (!usable(audience, segment)) continue;
          // Answers the prompt named are the question itself ("do parents over-index on Disney+?"):
          // each is answered with its index and reading, in line or not, with its cell's flags.
          if (named) {
            for (const column of columns) {
              const cell = cellOf(audience, column, segment);
              if (!cell) continue;
              const insight = sentence(audience, column, segment, cell);
              insights.push(insight);
              lines.push(insight.text);
            }
            continue;
          }
          // Only cells with enough respondents who gave the answer: an index on a handful is noise.
          const all = columns
            .map((c) => ({ column: c, cell: cellOf(audience, c, segment) }))
            .filter((x): x is { column: PlanColumn; cell: ComputedCell } => x.cell !== undefined && !x.cell.unreliable);
          const over = all
            .filter((x) => x.cell.index >= OVER_INDEX)
            .sort((a, b) => b.cell.index - a.cell.index)
            .slice(0, plan.limit);
          const under = all
            .filter((x) => x.cell.index <= UNDER_INDEX && x.cell.index > 0)
            .sort((a, b) => a.cell.index - b.cell.index)
            .slice(0, plan.topic ? plan.limit : Math.min(plan.limit, 5));
          for (const x of [...over, ...under]) insights.push(sentence(audience, x.column, segment, x.cell));
          const fmt = (x: { column: PlanColumn; cell: ComputedCell }) =>
            `${plan.topic ? '' : `${x.column.questionName}: `}${attributeLabel(x.column)} (index ${formatIndex(x.cell.index)}, ${formatPercent(x.cell.audiencePercentage)})`;
          if (over.length === 0 && under.length === 0) {
            lines.push(
              `Nothing in ${topicName} sets ${audience.name} apart (${segment.label}): every reliable index is between ${UNDER_INDEX} and ${OVER_INDEX}.`,
            );
          } else {
            lines.push(
              `What sets ${audience.name} apart from all respondents in ${topicName} (${segment.label}): ` +
                `${over.length > 0 ? `over-indexing on ${over.map(fmt).join(', ')}` : 'nothing over-indexes'}; ` +
                `${under.length > 0 ? `under-indexing on ${under.map(fmt).join(', ')}` : 'nothing under-indexes'}.`,
            );
          }
        }
      break;
    }
    case 'trend': {
      const byPlace = new Map<string, PlanSegment[]>();
      for (const s of segments) {
        const place = s.locations.map((l) => l.code).join(',');
        byPlace.set(place, [...(byPlace.get(place) ?? []), s]);
      }
      const trendColumns = named ? columns.slice(0, plan.limit) : columns;
      for (const audience of plan.audiences) {
        for (const placeSegments of byPlace.values()) {
          const ok = placeSegments.filter((s) => usable(audience, s));
          if (ok.length < 2) continue;
          // Without named datapoints, follow the ones that lead in the latest wave.
          const last = ok[ok.length - 1];
          const followed = named
            ? trendColumns
            : rankBy(columns.map((c) => cellOf(audience, c, last)).filter((c): c is ComputedCell => c !== undefined))
                .slice(0, Math.min(plan.limit, 3))
                .map((cell) => columnByKey.get(cell.datapoint) as PlanColumn);
          for (const column of followed) {
            const series = ok.map((s) => ({ s, cell: cellOf(audience, column, s) as ComputedCell }));
            series.forEach(({ s, cell }) => insights.push(sentence(audience, column, s, cell)));
            const a = series[0];
            const b = series[series.length - 1];
            const delta = pointsBetween(a.cell.audiencePercentage, b.cell.audiencePercentage);
            const where = last.locations.length === 0 ? 'all your markets' : last.locations.map((l) => l.name).join(', ');
            const who = audience.origin === 'everyone' ? 'all respondents' : audience.name;
            lines.push(
              `“${attributeLabel(column)}” (${column.questionName}) among ${who} in ${where}: ` +
                `${series.map(({ s, cell }) => `${s.waves[0].name} ${formatPercent(cell.audiencePercentage)}`).join(', ')}; ` +
                `${delta === 0 ? 'unchanged' : `${delta > 0 ? 'up' : 'down'} ${Math.abs(delta).toFixed(1)} points`} from ${a.s.waves[0].name} to ${b.s.waves[0].name}.` +
                trendSignificance(series.map(({ s, cell }) => ({ wave: s.waves[0], cell }))),
            );
          }
        }
      }
      break;
    }
  }

  // The verdict the plan asks for (highest, grew more, up or down), computed from the same cells.
  lines.push(...verdictLines(plan, columns, segments, cells));
  const opening = describePlan(plan, columns);
  // A reading with no figure to show ("nothing sets them apart") is still the answer.
  if (insights.length === 0 && lines.length === 0) {
    const why =
      withheld.length > 0
        ? withheld.join(' ')
        : cells.length === 0
          ? 'The engine returned no data for this selection.'
          : 'No figure of this selection is reliable enough to report.';
    return { message: `${opening}\nI have no reliable numbers to give for this. ${why}`, insights: [] };
  }
  return { message: [opening, ...lines, ...withheld].join('\n'), insights };
}

function list(names: string[], joiner = 'and'): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} ${joiner} ${names[names.length - 1]}`;
}

/**
 * What a plan computes, in one line that opens every answer: the measure, the audiences, the
 * markets and the waves ("Share of Gen Z women in United States who answered “TikTok” to
 * “Social media platforms used”, Q4 2025 to Q3 2026:").
 */
export function describePlan(plan: AnalysisPlan, columns: PlanColumn[] = []): string {
  const who = list(
    plan.audiences.map((a) => (a.origin === 'everyone' ? 'all respondents' : a.name)),
    plan.audiences.length > 1 ? 'vs' : 'and',
  );
  const where =
    plan.locations.length === 0
      ? 'all your markets'
      : list(
          plan.locations.map((l) => l.name),
          plan.locations.length > 1 ? 'vs' : 'and',
        );
  const when = wavesLabel(plan.waves);
  const topic = plan.topic;
  const answers =
    topic && topic.datapoints.length > 0
      ? list(
          topic.datapoints.map((d) => `“${topic.suffix ? `${d.name}: ${topic.suffix.name}` : d.name}”`),
          'or',
        )
      : '';
  const people = plan.count ? ' (with the projected number of people)' : '';
  const dataset = plan.dataset.name;
  if (plan.average && topic) {
    const rows = answers ? ` for ${answers}` : '';
    return plan.kind === 'trend'
      ? `Average of “${topic.questionName}”${rows} among ${who} in ${where}, wave by wave from ${plan.waves[0]?.name} to ${plan.waves[plan.waves.length - 1]?.name}:`
      : `Average of “${topic.questionName}”${rows} among ${who} in ${where}, ${when}:`;
  }
  // A negated or combined subject says what was counted ("who did not answer “TikTok” to ...").
  const subject = topic ? subjectOpening(topic) : null;
  const answering = subject ? `Share who ${subject}` : answers ? `Share answering ${answers} to “${topic?.questionName}”` : null;
  switch (plan.kind) {
    case 'share':
      return `Share of ${who} in ${where} who ${subject ?? `answered ${answers} to “${topic?.questionName}”`}${people}, ${when}:`;
    case 'ranking':
      return `${plan.ascending ? 'Bottom' : 'Top'} ${plan.limit} answers to “${topic?.questionName}”${topic?.suffix ? ` (${topic.suffix.name})` : ''} among ${who} in ${where}, ${when}:`;
    case 'comparison':
      return `${answering ?? `Top answers to “${topic?.questionName}”`}${people}, ${who} side by side in ${where}, ${when}:`;
    case 'trend':
      return `${answering ?? `Leading answers to “${topic?.questionName}”`} among ${who} in ${where}, wave by wave from ${plan.waves[0]?.name} to ${plan.waves[plan.waves.length - 1]?.name}:`;
    case 'indexing':
      return topic
        ? `Index of ${who} against all respondents on ${answers || `“${topic.questionName}”`} in ${where}, ${when}:`
        : `Index of ${who} against all respondents on each of ${columns.length.toLocaleString('en-GB')} datapoints of the ${dataset} survey your organisation licenses (answers given by at least ${UNRELIABLE_SAMPLE} respondents of the audience) in ${where}, ${when}:`;
  }
}
