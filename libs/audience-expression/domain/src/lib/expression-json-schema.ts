import { formMembers, WireForm } from './expression';
import { DEFAULT_MAX_DEPTH, DEFAULT_MAX_NODES } from './parse-expression';

/** The named parts of the grammar: the expression (one of the four node kinds) and each kind. */
export type ExpressionSchemaPart = 'expression' | 'all' | 'and' | 'or' | 'leaf' | 'asked';

export type JsonSchemaObject = Record<string, unknown>;

const SUFFIX_ITEM: Record<WireForm, JsonSchemaObject> = {
  standard: { type: 'string', minLength: 1, description: 'A suffix code of the question (a string, e.g. "1")' },
  crosstab: { type: 'integer', description: 'A suffix code of the question (an integer, e.g. 1)' },
  chart: { anyOf: [{ type: 'string', minLength: 1 }, { type: 'integer' }], description: 'A suffix code of the question, as a string or an integer' },
};

/**
 * The expression grammar of one wire form as JSON Schema (draft 2020-12, which OpenAPI 3.1 and
 * MCP tool schemas use): an expression is exactly one of `{}` (every respondent), an `and` or an
 * `or` of a non-empty list of expressions, or a leaf naming a question; `not` negates any node;
 * no other member is allowed. The parser (`parseExpression`) stays the authority and checks what
 * a schema cannot say: at most {@link DEFAULT_MAX_DEPTH} levels and {@link DEFAULT_MAX_NODES} nodes,
 * and `min_count` at most the number of datapoints listed. `ref(part)` says where each part will
 * live (`#/$defs/leaf`, `#/components/schemas/AudienceExpressionLeaf`, ...), since the grammar
 * is recursive.
 */
export function expressionJsonSchemas(form: WireForm, ref: (part: ExpressionSchemaPart) => string): Record<ExpressionSchemaPart, JsonSchemaObject> {
  const { question, datapoints } = formMembers(form);
  const not = { type: 'boolean', description: 'true negates this node' };
  const combinator = (member: 'and' | 'or', meaning: string): JsonSchemaObject => ({
    type: 'object',
    description: `Respondents matching ${meaning} of the sub-expressions`,
    properties: {
      [member]: { type: 'array', minItems: 1, items: { $ref: ref('expression') } },
      not,
    },
    required: [member],
    additionalProperties: false,
  });
  return {
    expression: {
      description:
        `An audience expression (${form} form): \`{}\` for every respondent, \`{"and": [...]}\`, \`{"or": [...]}\`, or a leaf ` +
        `\`{"${question}": "gender", "${datapoints}": ["female"]}\` (or \`{"${question}": "q7", "asked": true}\`: those asked the question); ` +
        `\`"not": true\` negates any node. At most ${DEFAULT_MAX_DEPTH} ` +
        `levels deep and ${DEFAULT_MAX_NODES} nodes.`,
      oneOf: [{ $ref: ref('all') }, { $ref: ref('and') }, { $ref: ref('or') }, { $ref: ref('leaf') }, { $ref: ref('asked') }],
    },
    all: {
      type: 'object',
      description: 'Every respondent of the base (`{"not": true}`: none)',
      properties: { not },
      additionalProperties: false,
    },
    and: combinator('and', 'all'),
    or: combinator('or', 'any'),
    leaf: {
      type: 'object',
      description:
        `Respondents who gave one of the ${datapoints} listed to the question (any answer when none are listed), ` +
        `in any of the suffixes listed; with min_count, at least that many of the ${datapoints}`,
      properties: {
        [question]: { type: 'string', minLength: 1, description: 'Question code, or `<namespace_code>.<code>`' },
        [datapoints]: { type: 'array', uniqueItems: true, items: { type: 'string', minLength: 1 }, description: 'Datapoint codes of the question' },
        suffixes: { type: 'array', items: SUFFIX_ITEM[form], description: 'Suffix codes of the question (e.g. how often)' },
        min_count: { type: 'integer', minimum: 1, description: `Minimum number of the ${datapoints} matched (at most as many as are listed)` },
        not,
      },
      required: [question],
      additionalProperties: false,
    },
    asked: {
      type: 'object',
      description:
        'Respondents who were asked the question, whether they answered it or not (routing; a "don\'t know" declared missing ' +
        `is asked, not answered). \`{"${question}": "q7"}\` without ${datapoints} is those who answered it.`,
      properties: {
        [question]: { type: 'string', minLength: 1, description: 'Question code, or `<namespace_code>.<code>`' },
        asked: { const: true, description: 'Always true; for those not asked, add "not": true' },
        not,
      },
      required: [question, 'asked'],
      additionalProperties: false,
    },
  };
}

/** The names of each form's grammar among the components of the service's OpenAPI document. */
export const EXPRESSION_SCHEMA_NAMES: Readonly<Record<WireForm, string>> = {
  standard: 'AudienceExpression',
  chart: 'ChartAudienceExpression',
  crosstab: 'SavedCrosstabExpression',
};

function componentName(form: WireForm, part: ExpressionSchemaPart): string {
  const base = EXPRESSION_SCHEMA_NAMES[form];
  return part === 'expression' ? base : `${base}${part[0].toUpperCase()}${part.slice(1)}`;
}

/** A form's grammar as named OpenAPI component schemas (`AudienceExpression`, `AudienceExpressionLeaf`, ...). */
export function expressionSchemaComponents(form: WireForm): Record<string, JsonSchemaObject> {
  const schemas = expressionJsonSchemas(form, (part) => `#/components/schemas/${componentName(form, part)}`);
  return Object.fromEntries(Object.entries(schemas).map(([part, schema]) => [componentName(form, part as ExpressionSchemaPart), schema]));
}

/** The reference to a form's expression schema in the service's OpenAPI document. */
export function expressionSchemaRef(form: WireForm): string {
  return `#/components/schemas/${EXPRESSION_SCHEMA_NAMES[form]}`;
}
