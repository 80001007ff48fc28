import Ajv2020 from 'ajv/dist/2020';
import { toModelAnswer } from './model-brief';
import { PLAN_JSON_SCHEMA } from './plan-schema';
import { planPrompt } from './planner';
import { demoPlannerCatalogue } from './testing/demo-catalogue';

const demo = demoPlannerCatalogue();
const validate = new Ajv2020({ strict: false }).compile(PLAN_JSON_SCHEMA);

/** Every object schema in the tree, with its JSON pointer. */
function objects(node: unknown, path = '#'): { path: string; schema: Record<string, unknown> }[] {
  if (typeof node !== 'object' || node === null) return [];
  const schema = node as Record<string, unknown>;
  const own = schema['type'] === 'object' ? [{ path, schema }] : [];
  return [...own, ...Object.entries(schema).flatMap(([key, child]) => objects(child, `${path}/${key}`))];
}

describe('PLAN_JSON_SCHEMA', () => {
  it('fits OpenAI strict structured outputs: every object lists every property as required and allows no other', () => {
    const all = objects(PLAN_JSON_SCHEMA);
    expect(all.length).toBeGreaterThan(8);
    for (const { path, schema } of all) {
      expect({ path, additionalProperties: schema['additionalProperties'] }).toEqual({ path, additionalProperties: false });
      expect({ path, required: schema['required'] }).toEqual({ path, required: Object.keys(schema['properties'] as object) });
    }
  });

  it('every $ref points at a definition', () => {
    const refs = JSON.stringify(PLAN_JSON_SCHEMA).match(/"\$ref":"[^"]+"/g) ?? [];
    const defs = PLAN_JSON_SCHEMA['$defs'] as Record<string, unknown>;
    for (const ref of refs) expect(Object.keys(defs)).toContain(ref.replace(/^"\$ref":"#\/\$defs\//, '').replace(/"$/, ''));
  });

  it.each(['What share of Gen Z in the US use TikTok?', 'Compare Instagram use between men and women', 'Top 3 streaming services among women aged 25-34'])(
    'accepts the rule planner’s plan for “%s” written in the model’s form',
    (prompt) => {
      const out = planPrompt({ prompt, catalogue: demo });
      if (out.outcome !== 'answer') throw new Error(out.outcome);
      const candidate = { outcome: 'answer', answer: toModelAnswer(out.plan), refusal: null, clarification: null };
      expect(validate(candidate) ? [] : validate.errors).toEqual([]);
    },
  );

  it('refuses a plan missing a member, carrying an extra one, or with a kind it does not know', () => {
    const out = planPrompt({ prompt: 'What share of Gen Z use TikTok?', catalogue: demo });
    if (out.outcome !== 'answer') throw new Error(out.outcome);
    const answer = toModelAnswer(out.plan);
    const { verdict: _dropped, ...missing } = answer;
    expect(validate({ outcome: 'answer', answer: missing, refusal: null, clarification: null })).toBe(false);
    expect(validate({ outcome: 'answer', answer: { ...answer, share: 42 }, refusal: null, clarification: null })).toBe(false);
    expect(validate({ outcome: 'answer', answer: { ...answer, kind: 'forecast' }, refusal: null, clarification: null })).toBe(false);
    expect(validate({ outcome: 'refuse', answer: null, refusal: { reason: 'cannot-answer', message: 'No.', offer: null }, clarification: null })).toBe(true);
  });
});
