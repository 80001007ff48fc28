import { UNRELIABLE_SAMPLE } from '@aas/crosstab-engine-domain';
import { AnalysisPlan, ComputedCell } from './assistant.types';
import type { PlanColumn, PlanSegment } from './engine-runs';
import { formatPeople } from './narrative-subject';

/*
 * The verdict sentence of an answer, computed from the engine's cells: which market or group is
 * highest (or lowest), which side grew more between the first and the last wave, whether the
 * measure went up or down between two periods, and by how much. Nothing is chosen by a rule: the
 * order, the winner, a tie and the size of a gap all come from the figures as printed (one
 * decimal), so the words agree with the numbers beside them. A figure on a low base or an
 * unreliable one says so; audiences too small to report are left out, as in the rest of the answer.
 */

/** A percentage as printed (one decimal). */
const shown = (value: number) => Number(value.toFixed(1));
const percent = (value: number) => `${value.toFixed(1)}%`;
/** The difference between two percentages as printed, in points. */
const points = (from: number, to: number) => shown(shown(to) - shown(from));
const signed = (value: number) => `${value > 0 ? '+' : value < 0 ? '−' : '±'}${Math.abs(value).toFixed(1)}`;
const reportable = (cell: ComputedCell) => cell.audienceSample >= UNRELIABLE_SAMPLE && cell.audienceSize > 0;

function caution(cells: ComputedCell[]): string {
  if (cells.some((c) => c.unreliable)) return ' (unreliable: fewer than 30 respondents behind a figure)';
  if (cells.some((c) => c.lowBase)) return ' (low base: fewer than 50 respondents behind a figure, read with caution)';
  return '';
}

function list(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

interface Side {
  label: string;
  /** Cells of the side, oldest wave first (one for a ranking). */
  cells: ComputedCell[];
}

/**
 * The sides a verdict compares for one column: every audience in every place (and, for a trend,
 * its cells wave by wave), labelled by what varies between them.
 */
function sidesOf(plan: AnalysisPlan, column: PlanColumn, columns: PlanColumn[], segments: PlanSegment[], cells: ComputedCell[]): Side[] {
  const byKey = new Map(cells.map((c) => [`${c.audienceId}|${c.datapoint}|${c.segment}`, c]));
  const places = new Map<string, PlanSegment[]>();
  for (const s of segments) {
    const place = s.locations.map((l) => l.code).join(',');
    places.set(place, [...(places.get(place) ?? []), s]);
  }
  const out: Side[] = [];
  for (const audience of plan.audiences) {
    for (const placeSegments of places.values()) {
      const series = placeSegments
        .map((s) => byKey.get(`${audience.id}|${column.key}|${s.key}`))
        .filter((c): c is ComputedCell => c !== undefined && reportable(c));
      if (series.length === 0) continue;
      const parts: string[] = [];
      if (plan.audiences.length > 1) parts.push(audience.origin === 'everyone' ? 'all respondents' : audience.name);
      if (places.size > 1) parts.push(placeSegments[0].locations.map((l) => l.name).join(', '));
      if (columns.length > 1 || parts.length === 0) parts.push(column.suffix ? `${column.datapoint.name} (${column.suffix.name})` : column.datapoint.name);
      out.push({ label: parts.join(' in '), cells: series });
    }
  }
  return out;
}

/**
 * "Highest: Brazil at 45.2%, 3.1 points above India (42.1%)", with the order of every side; by the
 * projected number of people when a count was asked ("the market with the largest number of ...").
 */
function rankVerdict(plan: AnalysisPlan, column: PlanColumn, sides: Side[]): string | null {
  const lowest = plan.verdict === 'lowest';
  const valued = sides.map((s) => ({ ...s, cell: s.cells[s.cells.length - 1] }));
  if (valued.length < 2) return null;
  const people = plan.count === true;
  // The figure ranked, as printed: a percentage to one decimal, or people to the whole person.
  const value = (c: ComputedCell) => (people ? Math.round(c.intersectSize) : shown(c.audiencePercentage));
  const show = (c: ComputedCell) => (people ? formatPeople(c.intersectSize) : percent(c.audiencePercentage));
  const ordered = [...valued].sort((a, b) => (lowest ? value(a.cell) - value(b.cell) : value(b.cell) - value(a.cell)));
  const order = ordered.map((s, i) => `${i + 1}. ${s.label} ${show(s.cell)}${s.cell.unreliable ? ' (unreliable)' : s.cell.lowBase ? ' (low base)' : ''}`);
  const first = ordered[0];
  const tied = ordered.filter((s) => value(s.cell) === value(first.cell));
  const word = lowest ? 'Lowest' : 'Highest';
  const what = `“${column.suffix ? `${column.datapoint.name}: ${column.suffix.name}` : column.datapoint.name}”${people ? ' (people)' : ''}`;
  let verdict: string;
  if (tied.length === ordered.length) verdict = `A tie: all ${ordered.length} are level at ${show(first.cell)}`;
  else if (tied.length > 1) verdict = `${word}: a tie between ${list(tied.map((s) => s.label))} at ${show(first.cell)}`;
  else {
    const next = ordered[1];
    const lead = people
      ? `${formatPeople(Math.abs(first.cell.intersectSize - next.cell.intersectSize)).replace(/^about /, '')} ${lowest ? 'fewer' : 'more'} than`
      : `${Math.abs(points(next.cell.audiencePercentage, first.cell.audiencePercentage)).toFixed(1)} points ${lowest ? 'below' : 'above'}`;
    verdict = `${word}: ${first.label} at ${show(first.cell)}, ${lead} ${next.label} (${show(next.cell)})`;
  }
  return `${what} ranked ${lowest ? 'from the lowest' : 'from the highest'}: ${order.join(', ')}. ${verdict}${caution(tied.map((s) => s.cell))}.`;
}

/** "United States grew more: +3.2 points (12.0% to 15.2%), against +1.1 points for United Kingdom." */
function grewMoreVerdict(sides: Side[], from: string, to: string): string | null {
  const changes = sides
    .filter((s) => s.cells.length >= 2)
    .map((s) => ({
      ...s,
      first: s.cells[0],
      last: s.cells[s.cells.length - 1],
      delta: points(s.cells[0].audiencePercentage, s.cells[s.cells.length - 1].audiencePercentage),
    }))
    .sort((a, b) => b.delta - a.delta);
  if (changes.length < 2) return null;
  const each = changes.map((c) => `${c.label} ${signed(c.delta)} points (${percent(c.first.audiencePercentage)} to ${percent(c.last.audiencePercentage)})`);
  const best = changes[0];
  const tied = changes.filter((c) => c.delta === best.delta);
  const next = changes[tied.length] ?? changes[1];
  let verdict: string;
  if (tied.length === changes.length) verdict = `A tie: each changed by ${signed(best.delta)} points`;
  else if (tied.length > 1) verdict = `A tie: ${list(tied.map((c) => c.label))} each changed by ${signed(best.delta)} points, more than ${next.label}`;
  else if (best.delta > 0)
    verdict = `${best.label} grew more, by ${points(next.delta, best.delta).toFixed(1)} points more than ${next.label} (${signed(best.delta)} against ${signed(next.delta)})`;
  else {
    const worst = changes[changes.length - 1];
    verdict = `Neither grew: ${worst.label} fell most (${signed(worst.delta)} points), ${best.label} least (${signed(best.delta)})`;
  }
  return `Change from ${from} to ${to}: ${each.join('; ')}. ${verdict}${caution(changes.flatMap((c) => [c.first, c.last]))}.`;
}

/** "Up 2.3 points: 14.1% in Q3 2025, 16.4% in Q3 2026." for each side. */
function upOrDownVerdict(sides: Side[], from: string, to: string): string | null {
  const out: string[] = [];
  for (const s of sides) {
    if (s.cells.length < 2) continue;
    const first = s.cells[0];
    const last = s.cells[s.cells.length - 1];
    const delta = points(first.audiencePercentage, last.audiencePercentage);
    const direction = delta > 0 ? `up ${delta.toFixed(1)} points` : delta < 0 ? `down ${Math.abs(delta).toFixed(1)} points` : 'unchanged';
    out.push(
      `${s.label}: ${direction}, ${percent(first.audiencePercentage)} in ${from} against ${percent(last.audiencePercentage)} in ${to}${caution([first, last])}.`,
    );
  }
  return out.length > 0 ? out.join(' ') : null;
}

/** The verdict lines of an answer (none when the plan asks for no verdict or the cells cannot support one). */
export function verdictLines(plan: AnalysisPlan, columns: PlanColumn[], segments: PlanSegment[], cells: ComputedCell[]): string[] {
  if (!plan.verdict || !plan.topic) return [];
  const waves = plan.waves;
  const from = waves[0]?.name ?? '';
  const to = waves[waves.length - 1]?.name ?? '';
  const out: string[] = [];
  // A verdict over every answer of a question would be a ranking of answers: only named answers get one.
  const judged = plan.topic.datapoints.length > 0 ? columns : [];
  for (const column of judged) {
    const sides = sidesOf(plan, column, columns, segments, cells);
    if (plan.verdict === 'highest' || plan.verdict === 'lowest') {
      const line = rankVerdict(plan, column, sides);
      if (line) out.push(line);
    }
  }
  if (plan.verdict === 'grew-more') {
    // Every side of every answer compared at once: "Netflix or Disney+", "in the US or the UK".
    const line = grewMoreVerdict(
      judged.flatMap((c) => sidesOf(plan, c, columns, segments, cells)),
      from,
      to,
    );
    if (line) out.push(line);
  }
  if (plan.verdict === 'up-or-down') {
    const line = upOrDownVerdict(
      judged.flatMap((c) => sidesOf(plan, c, columns, segments, cells)),
      from,
      to,
    );
    if (line) out.push(line);
  }
  return out;
}
