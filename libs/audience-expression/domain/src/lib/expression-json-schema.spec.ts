import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { WireForm } from './expression';
import { expressionJsonSchemas } from './expression-json-schema';
import { parseExpression } from './parse-expression';
import { checkProperty, wireArbitrary } from './testing/arbitraries';

const FORMS: readonly WireForm[] = ['standard', 'chart', 'crosstab'];
const RUNS = 300;

/** A validator of the grammar as a client's JSON Schema library would run it. */
function schemaValidator(form: WireForm) {
  const $defs = expressionJsonSchemas(form, (part) => `#/$defs/${part}`);
  return new Ajv2020({ allErrors: true, strict: true }).compile({ $ref: '#/$defs/expression', $defs });
}

/** Keys an expression uses, so that random values often come close to valid. */
const nearKeys = fc.constantFrom('and', 'or', 'not', 'question', 'qustion', 'datapoints', 'options', 'suffixes', 'min_count', 'asked', 'zz');

describe.each(FORMS)('%s form: the JSON Schema of the grammar agrees with the parser', (form) => {
  const validate = schemaValidator(form);

  checkProperty(
    'every expression the parser accepts is valid under the schema',
    fc.property(wireArbitrary(form), (json) => {
      if (!validate(json)) throw new Error(`schema refused ${JSON.stringify(json)}: ${JSON.stringify(validate.errors)}`);
    }),
    RUNS,
  );

  checkProperty(
    'a value the parser refuses is invalid under the schema, unless only min_count exceeds the datapoints listed',
    fc.property(fc.oneof(fc.jsonValue({ maxDepth: 5 }), fc.dictionary(nearKeys, fc.jsonValue({ maxDepth: 3 }))), (input) => {
      const parsed = parseExpression(input, form);
      const valid = validate(input);
      if (parsed.ok && !valid) throw new Error(`schema refused what the parser accepts: ${JSON.stringify(input)}: ${JSON.stringify(validate.errors)}`);
      if (!parsed.ok && valid && !parsed.errors.every((e) => e.message.includes('"min_count" is'))) {
        throw new Error(`schema accepted what the parser refuses: ${JSON.stringify(input)}: ${JSON.stringify(parsed.errors)}`);
      }
    }),
    RUNS,
  );

  it('names the members of its form', () => {
    const leaf = expressionJsonSchemas(form, (p) => p).leaf as { properties: Record<string, unknown>; required: string[] };
    const [question, datapoints] = form === 'crosstab' ? ['qustion', 'options'] : ['question', 'datapoints'];
    expect(Object.keys(leaf.properties).sort()).toEqual([datapoints, 'min_count', 'not', question, 'suffixes'].sort());
    expect(leaf.required).toEqual([question]);
    const asked = expressionJsonSchemas(form, (p) => p).asked as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(asked.properties).sort()).toEqual(['asked', 'not', question].sort());
    expect(asked.required).toEqual([question, 'asked']);
  });
});
