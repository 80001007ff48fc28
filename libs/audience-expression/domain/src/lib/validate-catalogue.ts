import { appendPointer } from './json-pointer';
import { Expression, ExpressionError, formMembers, Result, WireForm } from './expression';
import { CatalogueLookup, CatalogueQuestion, resolveQuestion } from './catalogue-lookup';

/** What a catalogue-valid expression touches. */
export interface CatalogueSummary {
  /** Dataset codes of every question referenced, sorted, each once. */
  readonly datasets: readonly string[];
  /** Every leaf's question, with the JSON pointer of the leaf's question member, in document order. */
  readonly questions: readonly { readonly path: string; readonly question: CatalogueQuestion }[];
}

export interface CatalogueValidationOptions {
  /** The wire form the expression came in, so that error paths name its members. Default standard. */
  readonly form?: WireForm;
}

/** A question's datapoint and suffix codes as sets, made once per question object (a crosstab checks hundreds of leaves). */
const codeSets = new WeakMap<CatalogueQuestion, { readonly datapoints: ReadonlySet<string>; readonly suffixes: ReadonlySet<string> }>();
function codesOf(question: CatalogueQuestion): { readonly datapoints: ReadonlySet<string>; readonly suffixes: ReadonlySet<string> } {
  let codes = codeSets.get(question);
  if (codes === undefined) {
    codes = { datapoints: new Set(question.datapoints.map((d) => d.code)), suffixes: new Set(question.suffixes.map((s) => s.code)) };
    codeSets.set(question, codes);
  }
  return codes;
}

/**
 * Checks a structurally valid expression against the catalogue: every question exists, every
 * datapoint and suffix belongs to its question, `min_count` does not exceed the question's
 * datapoint count, and every dataset touched is entitled. Unknown codes are `unknown` errors,
 * unentitled datasets `forbidden` (HTTP 403), the rest `invalid`. A question of an unentitled
 * dataset is not checked further, so the error reveals nothing of that dataset's content.
 */
export function validateAgainstCatalogue(expression: Expression, lookup: CatalogueLookup, options: CatalogueValidationOptions = {}): Result<CatalogueSummary> {
  const members = formMembers(options.form ?? 'standard');
  const errors: ExpressionError[] = [];
  const datasets = new Set<string>();
  const questions: { path: string; question: CatalogueQuestion }[] = [];

  const check = (node: Expression, path: string): void => {
    if (node.kind === 'all') return;
    if (node.kind !== 'leaf') {
      node.children.forEach((child, i) => check(child, appendPointer(path, node.kind, i)));
      return;
    }
    const questionPath = appendPointer(path, members.question);
    const question = resolveQuestion(node.question, lookup);
    if (question === undefined) {
      errors.push({ kind: 'unknown', path: questionPath, message: `unknown question "${node.question}"` });
      return;
    }
    datasets.add(question.datasetCode);
    questions.push({ path: questionPath, question });
    if (!lookup.isDatasetEntitled(question.datasetCode)) {
      errors.push({
        kind: 'forbidden',
        path: questionPath,
        message: `question "${node.question}" belongs to dataset "${question.datasetCode}", which you are not entitled to`,
      });
      return;
    }
    const { datapoints: datapointCodes, suffixes: suffixCodes } = codesOf(question);
    node.datapoints?.forEach((datapoint, i) => {
      if (!datapointCodes.has(datapoint)) {
        errors.push({
          kind: 'unknown',
          path: appendPointer(path, members.datapoints, i),
          message: `datapoint "${datapoint}" does not belong to question "${node.question}"`,
        });
      }
    });
    node.suffixes?.forEach((suffix, i) => {
      if (!suffixCodes.has(String(suffix))) {
        errors.push({
          kind: 'unknown',
          path: appendPointer(path, 'suffixes', i),
          message: `suffix "${suffix}" does not belong to question "${node.question}"`,
        });
      }
    });
    if (node.minCount !== undefined && node.minCount > question.datapoints.length) {
      errors.push({
        kind: 'invalid',
        path: appendPointer(path, 'min_count'),
        message: `"min_count" is ${node.minCount} but question "${node.question}" has only ${question.datapoints.length} datapoints`,
      });
    }
  };

  check(expression, '');
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { datasets: [...datasets].sort(), questions } };
}

/**
 * The dataset codes an expression touches (questions the catalogue does not know are skipped),
 * sorted, each once; e.g. to fill a saved audience's `datasets`.
 */
export function datasetsOf(expression: Expression, lookup: Pick<CatalogueLookup, 'findQuestion'>): string[] {
  const datasets = new Set<string>();
  const visit = (node: Expression): void => {
    if (node.kind === 'leaf') {
      const question = resolveQuestion(node.question, lookup);
      if (question !== undefined) datasets.add(question.datasetCode);
    } else if (node.kind !== 'all') {
      node.children.forEach(visit);
    }
  };
  visit(expression);
  return [...datasets].sort();
}
