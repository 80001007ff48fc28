import Ajv2020, { ErrorObject, ValidateFunction } from 'ajv/dist/2020';
import { parseStandardExpression } from '@aas/audience-expression-domain';
import { TOOLS } from './mcp-tools';

const ajv = new Ajv2020({ allErrors: true, strict: true });
const validators = new Map<string, ValidateFunction>(TOOLS.map((tool) => [tool.name, ajv.compile(tool.inputSchema as object)]));

/** `/columns/0/expression/and/1` -> `/columns/0/expression`: the expression an error sits in, if any. */
const EXPRESSION_AT = /^(\/(?:rows|columns)\/\d+\/expression)(?:\/|$)/;

function describe(error: ErrorObject): string {
  const at = error.instancePath || '(arguments)';
  switch (error.keyword) {
    case 'additionalProperties':
      return `${error.instancePath === '' ? 'unknown argument' : `${at}: unknown member`} "${(error.params as { additionalProperty: string }).additionalProperty}"`;
    case 'required':
      return `${error.instancePath === '' ? 'missing argument' : `${at}: missing member`} "${(error.params as { missingProperty: string }).missingProperty}"`;
    case 'pattern':
      return `${at} must not be blank`;
    default:
      return `${at} ${error.message ?? 'is invalid'}`;
  }
}

/**
 * What is wrong with a tool's arguments, as sentences a model can act on (empty: nothing): each
 * argument is checked against the tool's input schema, and an expression that breaks the grammar
 * is described by the expression parser, whose messages name the member at fault (a schema
 * validator can only say that none of the four node kinds matched).
 */
export function argumentProblems(tool: string, args: Record<string, unknown>): string[] {
  const validate = validators.get(tool);
  const problems: string[] = [];
  // A crosstab's attribute is an expression, an average (avg), or both.
  if (tool === 'run_crosstab' && Array.isArray(args['columns'])) {
    (args['columns'] as unknown[]).forEach((column, i) => {
      const c = column as Record<string, unknown> | null;
      if (typeof c === 'object' && c !== null && c['expression'] === undefined && c['avg'] === undefined)
        problems.push(`/columns/${i}: missing member "expression"`);
    });
  }
  if (!validate || validate(args)) return problems;
  const expressions = new Set<string>();
  for (const error of validate.errors ?? []) {
    const expression = EXPRESSION_AT.exec(error.instancePath)?.[1];
    if (expression !== undefined) expressions.add(expression);
    else problems.push(describe(error));
  }
  for (const path of expressions) {
    const [, side, index] = path.split('/');
    const value = (args[side] as { expression?: unknown }[])[Number(index)]?.expression;
    const parsed = parseStandardExpression(value);
    if (parsed.ok) problems.push(`${path} is not a valid expression`);
    else problems.push(...parsed.errors.map((e) => `${path}${e.path}: ${e.message}`));
  }
  return [...new Set(problems)];
}
