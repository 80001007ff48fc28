import { resolveQuestion, type StandardWire } from '@aas/audience-expression-domain';
import type { CatalogueQuestionInfo, OrganisationCatalogue } from '@aas/shared-contracts';
import type { FieldProblems } from './check';
import { checkExpression } from './expression-check';
import type { QuestionUse } from './universe';

/**
 * `avg` of a crosstab item (the saved crosstab's form, docs/metrics.md#averages): the question
 * averaged over its datapoints' midpoints (`with_datapoints`, a single-choice question) or over the
 * midpoints of the suffixes one grid row was answered with (`with_suffixes`, a one-answer grid).
 * Suffix codes may be integers (the saved crosstab's form) or strings.
 */
export interface AverageInput {
  readonly question: string;
  readonly with_datapoints?: { readonly datapoints?: readonly string[] };
  readonly with_suffixes?: { readonly datapoint: string; readonly suffixes?: readonly (string | number)[] };
}

/** An average that passed every check: its answers as engine audiences with their values. */
export interface CheckedAverage {
  /** The question's code, and its name for labels. */
  readonly question: string;
  readonly name: string;
  /** One audience per answer (standard form), with the midpoint it stands for. */
  readonly parts: readonly { readonly wire: StandardWire; readonly value: number }[];
  /** Who gave one of the answers: an average item's audience when it has no expression. */
  readonly answered: StandardWire;
  /** The question it uses, for the universe rule. */
  readonly questions: readonly QuestionUse[];
}

const ONE_ANSWER =
  'an average takes a question with one answer per respondent: a single-choice question (with_datapoints) or a row of a one-answer grid (with_suffixes)';

/**
 * Checks an `avg` against the organisation's catalogue: the question (400 unknown, 403 not
 * licensed), exactly one of `with_datapoints` and `with_suffixes` fitting its kind, and a midpoint
 * for every answer averaged. An empty or absent list means every answer that has a midpoint.
 * Problems are recorded under `path` (the avg member's pointer); undefined when it failed.
 */
export function checkAverage(input: unknown, path: string, catalogue: OrganisationCatalogue, problems: FieldProblems): CheckedAverage | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    problems.unknown(path, 'avg must be an object with question and one of with_datapoints, with_suffixes');
    return undefined;
  }
  const avg = input as AverageInput;
  if (typeof avg.question !== 'string' || avg.question === '') {
    problems.unknown(`${path}/question`, 'avg.question must be a question code');
    return undefined;
  }
  if ((avg.with_datapoints === undefined) === (avg.with_suffixes === undefined)) {
    problems.unknown(path, 'avg needs exactly one of with_datapoints and with_suffixes');
    return undefined;
  }
  const question = resolveQuestion(avg.question, catalogue) as CatalogueQuestionInfo | undefined;
  if (question === undefined) {
    problems.unknown(`${path}/question`, `unknown question "${avg.question}"`);
    return undefined;
  }
  const byDatapoints = avg.with_datapoints !== undefined;
  const kind = question.kind;
  if (kind !== (byDatapoints ? 'single' : 'grid_single')) {
    problems.unknown(
      `${path}/${byDatapoints ? 'with_datapoints' : 'with_suffixes'}`,
      `question "${avg.question}" is ${kind ?? 'of an unknown kind'}: ${ONE_ANSWER}`,
    );
    return undefined;
  }
  const listPath = byDatapoints ? `${path}/with_datapoints/datapoints` : `${path}/with_suffixes/suffixes`;
  const answers = byDatapoints ? question.datapoints : question.suffixes;
  const listed = byDatapoints ? avg.with_datapoints?.datapoints : avg.with_suffixes?.suffixes;
  if (listed !== undefined && !Array.isArray(listed)) {
    problems.unknown(listPath, 'must be an array of codes');
    return undefined;
  }
  const picked: { code: string; value: number }[] = [];
  let failed = false;
  if (listed === undefined || listed.length === 0) {
    for (const a of answers) if (typeof a.midpoint === 'number') picked.push({ code: a.code, value: a.midpoint });
    if (picked.length === 0) {
      problems.unknown(listPath, `no ${byDatapoints ? 'datapoint' : 'suffix'} of question "${avg.question}" has a midpoint to average`);
      return undefined;
    }
  } else {
    const seen = new Set<string>();
    listed.forEach((item, i) => {
      const code = String(item);
      if (seen.has(code)) return;
      seen.add(code);
      const answer = answers.find((a) => a.code === code);
      if (answer === undefined) {
        problems.unknown(`${listPath}/${i}`, `"${code}" is not a ${byDatapoints ? 'datapoint' : 'suffix'} of question "${avg.question}"`);
        failed = true;
      } else if (typeof answer.midpoint !== 'number') {
        problems.unknown(`${listPath}/${i}`, `"${code}" of question "${avg.question}" has no midpoint to average`);
        failed = true;
      } else {
        picked.push({ code, value: answer.midpoint });
      }
    });
  }
  let row: string | undefined;
  if (!byDatapoints) {
    row = avg.with_suffixes?.datapoint;
    if (typeof row !== 'string' || !question.datapoints.some((d) => d.code === row)) {
      problems.unknown(`${path}/with_suffixes/datapoint`, `"${String(row)}" is not a datapoint of question "${avg.question}"`);
      failed = true;
    }
  }
  if (failed) return undefined;
  const leaf = (codes: string[]): StandardWire =>
    byDatapoints ? { question: avg.question, datapoints: codes } : { question: avg.question, datapoints: [row as string], suffixes: codes };
  // The answered leaf goes through the expression checks: licence (403) and the universe rule's question.
  const answered = checkExpression(leaf(picked.map((p) => p.code)), path, catalogue, problems);
  if (answered === undefined) return undefined;
  return {
    question: question.code,
    name: question.name,
    parts: picked.map((p) => ({ wire: leaf([p.code]), value: p.value })),
    answered: answered.wire,
    questions: answered.questions.map((q) => ({ ...q, path: `${path}/question` })),
  };
}
