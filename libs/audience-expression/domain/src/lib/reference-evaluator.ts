import { Expression, LeafNode } from './expression';

/** One answer: a datapoint of a question, given with a suffix for questions that have them. */
export interface RespondentAnswer {
  readonly question: string;
  readonly datapoint: string;
  readonly suffix?: string;
}

/** One survey respondent, as the reference evaluator and metric need it. */
export interface RespondentRecord {
  readonly id: number;
  readonly wave: string;
  readonly location: string;
  /** Projection weight: how many real people this respondent stands for. */
  readonly weight: number;
  readonly answers: readonly RespondentAnswer[];
  /**
   * Questions the respondent was asked, where the data records it beyond their answers (a
   * question they answered was asked whether listed or not).
   */
  readonly asked?: readonly string[];
}

/**
 * Whether a respondent is in the audience an expression describes
 * (docs/metrics.md#audience-expressions). This is the reference the fast engine is tested against: it is meant to be
 * read and trusted, not to be fast.
 *
 * The expression's `question` members are compared with the answers' `question` as they are:
 * resolve `<namespace_code>.<code>` references to the codes the records use before calling.
 */
export function matches(expression: Expression, respondent: RespondentRecord): boolean {
  let result: boolean;
  if (expression.kind === 'all') {
    result = true;
  } else if (expression.kind === 'leaf') {
    result = leafMatches(expression, respondent);
  } else if (expression.kind === 'and') {
    result = expression.children.every((child) => matches(child, respondent));
  } else {
    result = expression.children.some((child) => matches(child, respondent));
  }
  // A respondent never asked the question has no answers to it, so the leaf is false for
  // them and the negation true: they are in `not` (docs/metrics.md#not-and-the-respondents-who-were-never-asked).
  return expression.not === true ? !result : result;
}

function leafMatches(leaf: LeafNode, respondent: RespondentRecord): boolean {
  if (leaf.asked === true) {
    return (respondent.asked ?? []).includes(leaf.question) || respondent.answers.some((answer) => answer.question === leaf.question);
  }
  // An empty list restricts nothing, exactly like an absent one.
  const listedDatapoints = leaf.datapoints ?? [];
  const listedSuffixes = (leaf.suffixes ?? []).map(String);
  const counted = new Set<string>();
  for (const answer of respondent.answers) {
    if (answer.question !== leaf.question) continue;
    if (listedDatapoints.length > 0 && !listedDatapoints.includes(answer.datapoint)) continue;
    if (listedSuffixes.length > 0 && (answer.suffix === undefined || !listedSuffixes.includes(answer.suffix))) continue;
    // A datapoint given with several of the listed suffixes still counts once toward min_count.
    counted.add(answer.datapoint);
  }
  return counted.size >= (leaf.minCount ?? 1);
}

/** `sample`: a count of respondents. `size`: a weighted estimate of people. */
export interface ReferenceMetric {
  readonly sample: number;
  readonly size: number;
}

/** Which respondents a metric covers: exactly these waves and these locations. */
export interface MetricSelection {
  readonly waves: readonly string[];
  readonly locations: readonly string[];
}

/**
 * The pooling rule (docs/metrics.md#pooling-across-waves) for an audience within a base, in the selected waves and locations:
 * `sample` counts the respondents matching (expression AND base); `size` is the mean, over the
 * selected waves, of each wave's sum of their weights (a wave where nobody matches counts 0).
 * With no wave selected both are 0 rather than NaN.
 */
export function referenceMetric(
  respondents: readonly RespondentRecord[],
  expression: Expression,
  base: Expression,
  selection: MetricSelection,
): ReferenceMetric {
  const waves = [...new Set(selection.waves)];
  const locations = new Set(selection.locations);
  const weightPerWave = new Map<string, number>(waves.map((wave) => [wave, 0]));
  let sample = 0;
  for (const respondent of respondents) {
    if (!weightPerWave.has(respondent.wave) || !locations.has(respondent.location)) continue;
    if (!matches(expression, respondent) || !matches(base, respondent)) continue;
    sample += 1;
    weightPerWave.set(respondent.wave, (weightPerWave.get(respondent.wave) ?? 0) + respondent.weight);
  }
  let total = 0;
  for (const weight of weightPerWave.values()) total += weight;
  return { sample, size: waves.length === 0 ? 0 : total / waves.length };
}
