import {
  CatalogueLookup,
  parseStandardExpression,
  printStandardExpression,
  StandardExpression,
  StandardWire,
  validateAgainstCatalogue,
} from '@aas/audience-expression-domain';
import { CheckOutcome, failed, FieldProblems, recordExpressionErrors } from '@aas/query-rules-domain';

/*
 * The checks a saved audience's expression (and its optional `datasets` list) goes through,
 * as pure functions so every rule is unit-tested without a database or a catalogue service.
 * Paths are JSON pointers into the request body (`/expression/and/0/min_count`).
 */

/** The detail of a 403 (its errors name the members). */
const NOT_ENTITLED = 'The audience uses a dataset your organisation is not entitled to';

/** What the catalogue check needs beyond `CatalogueLookup`: whether a dataset code exists. */
export interface AudienceCatalogue extends CatalogueLookup {
  datasetExists(datasetCode: string): boolean;
}

export interface CheckedExpression {
  /** The expression in the standard wire form, as stored and answered. */
  readonly expression: StandardWire;
  /** Dataset codes the expression touches, sorted: the audience's `datasets`. */
  readonly datasets: string[];
}

/** Structural check (no catalogue): shape, members, depth and size bounds. */
export function parseAudienceExpression(input: unknown, base = '/expression'): CheckOutcome<StandardExpression> {
  const parsed = parseStandardExpression(input);
  if (parsed.ok) return { ok: true, value: parsed.value };
  const problems = new FieldProblems();
  recordExpressionErrors(problems, base, parsed.errors);
  return failed(problems.failure('The request') ?? { status: 400, detail: 'The request is invalid', errors: [] });
}

/**
 * Checks a parsed expression and the client's `datasets` list against the caller's catalogue.
 * Unknown questions, datapoints, suffixes or dataset codes answer 400 naming the code; a
 * dataset the organisation is not entitled to answers 403. When both kinds occur, 403 wins:
 * fixing codes cannot help a caller who may not use the dataset at all.
 *
 * `datasets` of the result is always computed from the expression. A client's `datasets` is
 * checked (each code must exist and be entitled) but never overrides it, so the stored list
 * is exactly what the expression touches.
 */
export function checkAgainstCatalogue(
  expression: StandardExpression,
  catalogue: AudienceCatalogue,
  requestedDatasets: readonly string[] | undefined,
): CheckOutcome<CheckedExpression> {
  const problems = new FieldProblems();
  const validated = validateAgainstCatalogue(expression, catalogue);
  if (!validated.ok) recordExpressionErrors(problems, '/expression', validated.errors);
  requestedDatasets?.forEach((code, i) => {
    const path = `/datasets/${i}`;
    if (!catalogue.datasetExists(code)) problems.unknown(path, `unknown dataset "${code}"`);
    else if (!catalogue.isDatasetEntitled(code)) problems.notLicensed(path, `dataset "${code}" is not one your organisation is entitled to`);
  });

  const failure = problems.failure('The request', NOT_ENTITLED);
  if (failure !== null || !validated.ok) return failed(failure ?? { status: 400, detail: 'The request is invalid', errors: [] });
  return { ok: true, value: { expression: printStandardExpression(expression), datasets: [...validated.value.datasets] } };
}

/**
 * The stored expression in the standard form with canonical member order (jsonb does not keep
 * member order). A stored value that no longer parses is answered as stored rather than hidden.
 */
export function canonicalExpression(stored: unknown): unknown {
  const parsed = parseStandardExpression(stored);
  return parsed.ok ? printStandardExpression(parsed.value) : stored;
}
