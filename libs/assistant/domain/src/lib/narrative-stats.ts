import { AnalysisPlan, CodeName, ComputedCell, PlanAudience, PlannerCatalogue, WrittenAnswer, WrittenInsight } from './assistant.types';
import { cellMetrics } from './insight-metrics';
import type { PlanColumn, PlanSegment } from './engine-runs';

/*
 * What the narrative says of the engine's statistics beyond shares: the mean of a question (an
 * average plan) with the base it is computed on, and which wave-to-wave changes of a trend the
 * engine's test finds significant. Every number comes from the engine's cells as is.
 */

/** The columns of an average plan: the question once (single choice), or each named row of a grid. */
export function averageColumns(plan: AnalysisPlan, catalogue: PlannerCatalogue): PlanColumn[] {
  const topic = plan.topic;
  if (!topic) return [];
  const question = catalogue.questions.find((q) => q.code === topic.question);
  const named = { code: topic.question, name: topic.questionName };
  if (question?.averageBy === 'suffixes')
    return topic.datapoints.map((d) => ({
      key: `${topic.question}.${d.code}.average`,
      question: topic.question,
      questionName: topic.questionName,
      datasetCode: plan.dataset.code,
      datapoint: { code: d.code, name: d.name },
      suffix: null,
      expression: { question: topic.question, datapoints: [d.code] },
      average: { datapoint: d.code },
    }));
  return [
    {
      key: `${topic.question}.average`,
      question: named.code,
      questionName: named.name,
      datasetCode: plan.dataset.code,
      datapoint: { code: '', name: 'average' },
      suffix: null,
      expression: { question: topic.question },
      average: { datapoint: null },
    },
  ];
}

/** A mean as the text shows it: two decimals, thousands grouped. */
export function formatMean(value: number): string {
  return value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

const count = (value: number) => Math.round(value).toLocaleString('en-GB');

/** What is averaged: the question, or a grid's row of it. */
function averagedLabel(column: PlanColumn): string {
  return column.average?.datapoint ? `“${column.datapoint.name}” (${column.questionName})` : `“${column.questionName}”`;
}

/** The base of a mean as a researcher reads it: who answered, and, when they are few, the caution. */
function baseWords(sample: number, size: number): string {
  const caution = sample < 30 ? ' (unreliable: fewer than 30 respondents)' : sample < 50 ? ' (low base: fewer than 50 respondents, read with caution)' : '';
  return `base: the ${count(sample)} respondents who answered (about ${count(size)} people)${caution}`;
}

/**
 * Writes an average plan: for each market/wave and audience, the engine's mean of each averaged
 * column over the audience's respondents who answered, its standard deviation and that base; with
 * several sides, which is highest (on the means as printed).
 */
export function writeAverage(plan: AnalysisPlan, columns: PlanColumn[], segments: PlanSegment[], cells: ComputedCell[], opening: string): WrittenAnswer {
  const byKey = new Map(cells.map((c) => [`${c.audienceId}|${c.datapoint}|${c.segment}`, c]));
  const insights: WrittenInsight[] = [];
  const lines: string[] = [];
  const missing: string[] = [];
  const who = (a: PlanAudience) => (a.origin === 'everyone' ? 'all respondents' : a.name);
  for (const column of columns) {
    const sides: { label: string; value: number }[] = [];
    for (const segment of segments)
      for (const audience of plan.audiences) {
        const cell = byKey.get(`${audience.id}|${column.key}|${segment.key}`);
        const average = cell?.average;
        if (!cell || !average || average.sample === 0) {
          missing.push(`No respondents of ${who(audience)} answered ${averagedLabel(column)} in ${segment.label}.`);
          continue;
        }
        const text =
          `The average of ${averagedLabel(column)} among ${who(audience)} (${segment.label}) is ${formatMean(average.value)} ` +
          `(standard deviation ${formatMean(average.stdDev)}; ${baseWords(average.sample, average.size)}), each answer counted at its midpoint.`;
        insights.push({
          key: `${audience.id}|${column.key}|${segment.key}`,
          text,
          metrics: {
            ...cellMetrics(cell),
            // A mean's flags are those of the respondents who answered, not of the cell's own count.
            low_base: average.sample < 50,
            unreliable: average.sample < 30,
            average: { value: average.value, std_dev: average.stdDev, std_error: average.stdError, size: average.size, sample: average.sample },
          },
          attribute: {
            question: column.question,
            question_name: column.questionName,
            datapoint: column.average?.datapoint ?? '',
            datapoint_name: column.average?.datapoint ? column.datapoint.name : '',
            suffix: null,
            suffix_name: null,
            expression: column.expression,
          },
          audience: { id: audience.id, name: audience.name, expression: audience.expression },
          locations: segment.locations.map((l) => l.code),
          waves: segment.waves.map((w) => w.code),
        });
        // A trend's waves are told in one line per series below; each wave stays an insight.
        if (plan.kind !== 'trend') lines.push(text);
        // Markets over the same waves are told apart by their names alone.
        const sameWaves = segments.every((x) => x.waves.map((w) => w.code).join() === segments[0].waves.map((w) => w.code).join());
        const place = sameWaves && segment.locations.length > 0 ? segment.locations.map((l) => l.name).join(', ') : segment.label;
        const label = plan.audiences.length > 1 && segments.length > 1 ? `${who(audience)} in ${place}` : plan.audiences.length > 1 ? who(audience) : place;
        sides.push({ label, value: average.value });
      }
    if (plan.kind === 'trend') {
      lines.push(...averageTrends(plan, column, segments, byKey));
      continue;
    }
    if (sides.length > 1) {
      // The end the verdict asks for first ("which country sleeps the least"), against the other end.
      const lowest = plan.verdict === 'lowest';
      const shownValue = (v: number) => Number(v.toFixed(2));
      const ranked = [...sides].sort((a, b) => (lowest ? shownValue(a.value) - shownValue(b.value) : shownValue(b.value) - shownValue(a.value)));
      const top = ranked[0];
      const low = ranked[ranked.length - 1];
      const gap = Math.abs(shownValue(shownValue(top.value) - shownValue(low.value)));
      // A ranking of markets or groups lists every one in order.
      if (plan.rankBy && ranked.length > 2)
        lines.push(
          `Ranked from the ${lowest ? 'lowest' : 'highest'} average: ${ranked.map((r, i) => `${i + 1}. ${r.label} ${formatMean(r.value)}`).join(', ')}.`,
        );
      lines.push(
        gap === 0
          ? `${top.label} and ${low.label} have the same average (${formatMean(top.value)}).`
          : `${lowest ? 'Lowest' : 'Highest'} average: ${top.label} (${formatMean(top.value)}), ${formatMean(gap)} ${lowest ? 'below' : 'above'} ${low.label} (${formatMean(low.value)}).`,
      );
    }
  }
  if (insights.length === 0) return { message: `${opening}\nI have no average to give for this. ${missing.join(' ')}`.trim(), insights };
  return { message: [opening, ...lines, ...missing].join('\n'), insights };
}

/**
 * A trend of means: per audience and market, the mean wave by wave, its change from the first
 * wave to the last (on the means as printed), and which wave-to-wave changes the engine's test
 * of the means finds significant.
 */
function averageTrends(plan: AnalysisPlan, column: PlanColumn, segments: PlanSegment[], byKey: Map<string, ComputedCell>): string[] {
  const lines: string[] = [];
  const byPlace = new Map<string, PlanSegment[]>();
  for (const s of segments) {
    const place = s.locations.map((l) => l.code).join(',');
    byPlace.set(place, [...(byPlace.get(place) ?? []), s]);
  }
  for (const audience of plan.audiences)
    for (const list of byPlace.values()) {
      const series = list
        .map((s) => ({ wave: s.waves[0], s, cell: byKey.get(`${audience.id}|${column.key}|${s.key}`) }))
        .filter((x): x is { wave: CodeName; s: PlanSegment; cell: ComputedCell } => x.cell?.average !== undefined && x.cell.average.sample > 0);
      if (series.length < 2) continue;
      const first = series[0];
      const last = series[series.length - 1];
      const value = (x: { cell: ComputedCell }) => Number((x.cell.average as NonNullable<ComputedCell['average']>).value.toFixed(2));
      const delta = Number((value(last) - value(first)).toFixed(2));
      const where = last.s.locations.length === 0 ? 'all your markets' : last.s.locations.map((l) => l.name).join(', ');
      lines.push(
        `Average of ${averagedLabel(column)} among ${audience.origin === 'everyone' ? 'all respondents' : audience.name} in ${where}: ` +
          `${series.map((x) => `${x.wave.name} ${formatMean(value(x))}`).join(', ')}; ` +
          `${delta === 0 ? 'unchanged' : `${delta > 0 ? 'up' : 'down'} ${formatMean(Math.abs(delta))}`} from ${first.wave.name} to ${last.wave.name}.` +
          trendSignificance(series),
      );
    }
  return lines;
}

/** How a confidence level reads ("95%"). */
const levelWords = (level: number) => `${Math.round(level * 100)}%`;

/**
 * Which wave-to-wave changes of one series the engine's trend test finds significant (each wave
 * against the previous one), or that none is; empty when the cells carry no test.
 */
export function trendSignificance(series: { wave: CodeName; cell: ComputedCell }[]): string {
  const tested = series.filter((s) => s.cell.trend !== undefined);
  if (tested.length === 0) return '';
  const level = levelWords(tested[0].cell.trend?.level ?? 0.95);
  const name = (code: string) => series.find((s) => s.wave.code === code)?.wave.name ?? code;
  const significant = tested.filter((s) => s.cell.trend?.significant);
  if (significant.length === 0) return ` No wave-to-wave change is statistically significant (${level} confidence).`;
  const changes = significant.map((s) => {
    const trend = s.cell.trend as NonNullable<ComputedCell['trend']>;
    return `${trend.direction === 'down' ? 'down' : 'up'} from ${name(trend.previous)} to ${s.wave.name}`;
  });
  return ` Statistically significant wave-to-wave change${changes.length > 1 ? 's' : ''} (${level} confidence): ${changes.join('; ')}.`;
}
