import {
  parseExpression,
  printStandardExpression,
  toStandardForm,
  validateAgainstCatalogue,
  type CatalogueLookup,
  type Expression,
  type ExpressionError,
  type StandardWire,
  type WireForm,
} from '@aas/audience-expression-domain';
import type { FieldProblems } from './check';
import type { QuestionUse } from './universe';

/** An audience expression that passed every check, in every form a caller needs. */
export interface CheckedExpression {
  readonly expression: Expression;
  /** The standard wire form (what engine jobs carry). */
  readonly wire: StandardWire;
  /** The questions it names, with the pointers of their leaves (for the universe rule). */
  readonly questions: readonly QuestionUse[];
}

/** Records expression errors under `path`: forbidden ones (unlicensed data) as 403, the rest as 400. */
export function recordExpressionErrors(problems: FieldProblems, path: string, errors: readonly ExpressionError[]): void {
  for (const e of errors) {
    if (e.kind === 'forbidden') problems.notLicensed(`${path}${e.path}`, e.message);
    else problems.unknown(`${path}${e.path}`, e.message);
  }
}

/**
 * Parses an expression in its wire form and checks it against the organisation's catalogue
 * (unknown codes 400, unlicensed datasets 403, each recorded in `problems` under `path`).
 * Returns undefined when it failed; the problems say why.
 */
export function checkExpression(
  input: unknown,
  path: string,
  catalogue: CatalogueLookup,
  problems: FieldProblems,
  form: WireForm = 'standard',
): CheckedExpression | undefined {
  const parsed = parseExpression(input, form);
  if (!parsed.ok) {
    recordExpressionErrors(problems, path, parsed.errors);
    return undefined;
  }
  const checked = validateAgainstCatalogue(parsed.value, catalogue, { form });
  if (!checked.ok) {
    recordExpressionErrors(problems, path, checked.errors);
    return undefined;
  }
  return {
    expression: parsed.value,
    wire: printStandardExpression(toStandardForm(parsed.value)),
    questions: checked.value.questions.map((q) => ({ path: `${path}${q.path}`, question: q.question })),
  };
}
