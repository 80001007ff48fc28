import { appendPointer } from './json-pointer';
import { CrosstabExpression, Expression, ExpressionError, LeafNode, Result, StandardExpression, SuffixCode, WireForm } from './expression';
import { parseExpression, ParseOptions } from './parse-expression';
import { printExpression } from './print-expression';

/** Suffix codes in this service's catalogue are positive integers written in decimal, e.g. "1". */
const SUFFIX_CODE = /^[1-9][0-9]*$/;

/** Rebuilds the tree with each leaf's suffixes mapped; the rest of every node is kept as is. */
function mapSuffixes<S extends SuffixCode>(
  expression: Expression,
  map: (suffix: SuffixCode, path: string) => S | undefined,
  path: string,
): Expression<S> | undefined {
  if (expression.kind === 'all') return expression;
  if (expression.kind !== 'leaf') {
    const children: Expression<S>[] = [];
    expression.children.forEach((child, i) => {
      const mapped = mapSuffixes(child, map, appendPointer(path, expression.kind, i));
      if (mapped !== undefined) children.push(mapped);
    });
    return children.length === expression.children.length ? { ...expression, children } : undefined;
  }
  // A leaf without suffixes holds nothing form-specific, so it is valid in every form as it is.
  if (expression.suffixes === undefined) return expression as LeafNode<S>;
  const suffixes: S[] = [];
  expression.suffixes.forEach((suffix, i) => {
    const mapped = map(suffix, appendPointer(path, 'suffixes', i));
    if (mapped !== undefined) suffixes.push(mapped);
  });
  return suffixes.length === expression.suffixes.length ? { ...expression, suffixes } : undefined;
}

/**
 * Converts to what the standard form can hold: numeric suffixes become their decimal string.
 * Total: every chart or crosstab expression has a standard equivalent.
 */
export function toStandardForm(expression: Expression): StandardExpression {
  return mapSuffixes<string>(expression, (s) => String(s), '') as StandardExpression;
}

/**
 * Converts to what the saved-crosstab form can hold: suffix codes become integers. Fails for a
 * suffix that is not a positive-integer code; the error path (`.../suffixes/<i>`) is the same
 * in every wire form, since `suffixes` is spelled alike in all three.
 */
export function toCrosstabForm(expression: Expression): Result<CrosstabExpression> {
  const errors: ExpressionError[] = [];
  const mapped = mapSuffixes<number>(
    expression,
    (suffix, path) => {
      const text = String(suffix);
      const n = Number(text);
      if (SUFFIX_CODE.test(text) && Number.isSafeInteger(n)) return n;
      errors.push({ kind: 'invalid', path, message: `suffix "${text}" is not a positive-integer code, so it has no saved-crosstab form` });
      return undefined;
    },
    '',
  );
  if (mapped === undefined || errors.length > 0) return { ok: false, errors };
  return { ok: true, value: mapped };
}

/**
 * Parses wire JSON in one form and writes it in another (e.g. a saved audience's expression
 * into a saved crosstab). Errors point into `input`.
 */
export function convertWireExpression(input: unknown, from: WireForm, to: WireForm, options?: ParseOptions): Result<Record<string, unknown>> {
  const parsed = parseExpression(input, from, options);
  if (!parsed.ok) return parsed;
  if (to === 'crosstab') {
    const converted = toCrosstabForm(parsed.value);
    return converted.ok ? { ok: true, value: printExpression(converted.value, to) } : converted;
  }
  const value = to === 'standard' ? toStandardForm(parsed.value) : parsed.value;
  return { ok: true, value: printExpression(value, to) };
}
