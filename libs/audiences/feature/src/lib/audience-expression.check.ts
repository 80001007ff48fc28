import {
  CatalogueLookup,
  ExpressionError,
  parseStandardExpression,
  printStandardExpression,
  StandardExpression,
  StandardWire,
  validateAgainstCatalogue,
} from '@aas/audience-expression';
import { ProblemFieldError } from '@aas/contracts';

/**
 * The checks a saved audience's expression (and its optional `datasets` list) goes through,
 * as pure functions so every rule is unit-tested without a database or a catalogue service.
 * Paths are JSON pointers into the request body (`/expression/and/0/min_count`).
 */

export type CheckResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly status: 400 | 403; readonly errors: ProblemFieldError[] };

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

function located(base: string, errors: readonly ExpressionError[]): ProblemFieldError[] {
  return errors.map((e) => ({ path: `${base}${e.path}`, message: e.message }));
}

/** Structural check (no catalogue): shape, members, depth and size bounds. */
export function parseAudienceExpression(input: unknown, base = '/expression'): CheckResult<StandardExpression> {
  const parsed = parseStandardExpression(input);
  if (!parsed.ok) return { ok: false, status: 400, errors: located(base, parsed.errors) };
  return { ok: true, value: parsed.value };
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
): CheckResult<CheckedExpression> {
  const badRequest: ProblemFieldError[] = [];
  const forbidden: ProblemFieldError[] = [];

  const validated = validateAgainstCatalogue(expression, catalogue);
  if (!validated.ok) {
    for (const error of validated.errors) {
      (error.kind === 'forbidden' ? forbidden : badRequest).push({ path: `/expression${error.path}`, message: error.message });
    }
  }
  requestedDatasets?.forEach((code, i) => {
    const path = `/datasets/${i}`;
    if (!catalogue.datasetExists(code)) badRequest.push({ path, message: `unknown dataset "${code}"` });
    else if (!catalogue.isDatasetEntitled(code)) forbidden.push({ path, message: `dataset "${code}" is not one your organisation is entitled to` });
  });

  if (forbidden.length > 0) return { ok: false, status: 403, errors: forbidden };
  if (badRequest.length > 0 || !validated.ok) return { ok: false, status: 400, errors: badRequest };
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
