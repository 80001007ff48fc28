import { AnalysisPlan, ComputedCell, OVER_INDEX, PlanAudience, UNDER_INDEX, WrittenAnswer, WrittenInsight } from './assistant.types';
import { UNRELIABLE_SAMPLE } from '@aas/crosstab-engine-domain';
import { trendSignificance, writeAverage } from './narrative-stats';
import { verdictLines } from './verdict';
import { cellMetrics } from './insight-metrics';
import { answeredPhrase, formatPeople, subjectOpening } from './narrative-subject';
import type { PlanColumn, PlanSegment } from './engine-runs';
import { formatCount, formatIndex, formatPercent, indexWords, list, pointsBetween, shown, wavesLabel } from './narrative-format';

/*
 * The answer's words, from the plan and the engine's cells only: one opening line saying what was
 * computed (`describePlan`), then the figures by kind, the verdict (verdict.ts) and what was withheld.
 */

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
