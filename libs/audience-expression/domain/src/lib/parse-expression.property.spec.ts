import fc from 'fast-check';
import { toCrosstabForm, toStandardForm } from './convert-expression';
import { Expression, WireForm, formMembers } from './expression';
import { appendPointer, resolvePointer } from './json-pointer';
import { parseExpression } from './parse-expression';
import { printExpression } from './print-expression';
import { checkProperty, expressionArbitrary, wireArbitrary } from './testing/arbitraries';

const FORMS: readonly WireForm[] = ['standard', 'chart', 'crosstab'];
const RUNS = 300;

/** Every error path must lead somewhere in the input, or the caller cannot use it. */
function everyPathResolves(input: unknown, errors: readonly { path: string }[]): boolean {
  return errors.every((e) => resolvePointer(input, e.path).found);
}

describe.each(FORMS)('%s form: round trips', (form) => {
  checkProperty(
    'parse(print(ast)) is the ast',
    fc.property(expressionArbitrary(form), (ast) => {
      expect(parseExpression(printExpression(ast, form), form)).toEqual({ ok: true, value: ast });
    }),
    RUNS,
  );

  checkProperty(
    'print(parse(json)) is the json',
    fc.property(wireArbitrary(form), (json) => {
      const parsed = parseExpression(json, form);
      if (!parsed.ok) throw new Error(`valid JSON rejected: ${JSON.stringify(parsed.errors)}`);
      expect(printExpression(parsed.value, form)).toEqual(json);
    }),
    RUNS,
  );
});

describe('conversion round trips', () => {
  const withCatalogueSuffixes = expressionArbitrary('standard').map(function normalise(e: Expression): Expression<string> {
    if (e.kind === 'all') return e;
    if (e.kind === 'leaf') return e.suffixes === undefined ? (e as Expression<string>) : { ...e, suffixes: e.suffixes.map((_, i) => String(i + 1)) };
    return { ...e, children: e.children.map(normalise) };
  });

  checkProperty(
    'standard -> crosstab -> standard is the identity for positive-integer suffix codes',
    fc.property(withCatalogueSuffixes, (standard) => {
      const crosstab = toCrosstabForm(standard);
      if (!crosstab.ok) throw new Error(JSON.stringify(crosstab.errors));
      expect(toStandardForm(crosstab.value)).toEqual(standard);
      expect(parseExpression(printExpression(crosstab.value, 'crosstab'), 'crosstab')).toEqual({ ok: true, value: crosstab.value });
    }),
    RUNS,
  );
});

/** Keys an expression uses, so that garbage often comes close to valid. */
const nearKeys = fc.constantFrom('and', 'or', 'not', 'question', 'qustion', 'datapoints', 'options', 'suffixes', 'min_count', 'asked', 'x/y');

describe.each(FORMS)('%s form: garbage never throws and is located', (form) => {
  const garbage = fc.oneof(fc.anything(), fc.anything({ key: nearKeys, maxDepth: 5 }), fc.jsonValue());
  checkProperty(
    'any value: ok and printable back, or errors with resolvable paths',
    fc.property(garbage, (input) => {
      const result = parseExpression(input, form);
      if (result.ok) {
        expect(printExpression(result.value, form)).toEqual(input);
      } else {
        expect(result.errors.length).toBeGreaterThan(0);
        expect(everyPathResolves(input, result.errors)).toBe(true);
      }
    }),
    RUNS,
  );
});

type Wire = Record<string, unknown>;
const MUTATIONS = [
  'unknown-member',
  'bad-not',
  'bad-question',
  'empty-combinator',
  'both-combinators',
  'zero-min-count',
  'not-an-object',
  'duplicate-datapoint',
] as const;

/** Every node of wire JSON with its pointer, and a way to replace it in the document. */
function nodeSlots(root: { value: unknown }): { path: string; node: Wire; replace: (v: unknown) => void }[] {
  const slots: { path: string; node: Wire; replace: (v: unknown) => void }[] = [];
  const stack = [{ path: '', node: root.value as Wire, replace: (v: unknown) => (root.value = v) }];
  while (stack.length > 0) {
    const slot = stack.pop()!;
    slots.push(slot);
    for (const member of ['and', 'or']) {
      const children = slot.node[member];
      if (!Array.isArray(children)) continue;
      children.forEach((child: Wire, i) => stack.push({ path: appendPointer(slot.path, member, i), node: child, replace: (v) => (children[i] = v) }));
    }
  }
  return slots;
}

function mutate(node: Wire, replace: (v: unknown) => void, mutation: (typeof MUTATIONS)[number], form: WireForm): void {
  const members = formMembers(form);
  const clear = () => Object.keys(node).forEach((k) => delete node[k]);
  switch (mutation) {
    case 'unknown-member':
      node['zz/unknown~'] = 1;
      break;
    case 'bad-not':
      node['not'] = 'yes';
      break;
    case 'bad-question':
      node[members.question] = 42;
      break;
    case 'empty-combinator':
      clear();
      node['or'] = [];
      break;
    case 'both-combinators':
      clear();
      node['and'] = [{}];
      node['or'] = [{}];
      break;
    case 'zero-min-count':
      node['min_count'] = 0;
      break;
    case 'not-an-object':
      replace([node]);
      break;
    case 'duplicate-datapoint':
      node[members.datapoints] = ['d', 'd'];
      break;
  }
}

describe.each(FORMS)('%s form: mutated valid trees are rejected where they were broken', (form) => {
  checkProperty(
    'one breaking mutation at any node yields an error at or under that node',
    fc.property(wireArbitrary(form), fc.nat(), fc.constantFrom(...MUTATIONS), (json, pick, mutation) => {
      const doc = { value: structuredClone(json) as unknown };
      const slots = nodeSlots(doc);
      const slot = slots[pick % slots.length];
      mutate(slot.node, slot.replace, mutation, form);
      const result = parseExpression(doc.value, form);
      if (result.ok) throw new Error(`mutation ${mutation} at "${slot.path}" was accepted: ${JSON.stringify(doc.value)}`);
      expect(everyPathResolves(doc.value, result.errors)).toBe(true);
      expect(result.errors.some((e) => e.path === slot.path || e.path.startsWith(slot.path + '/'))).toBe(true);
    }),
    RUNS,
  );
});
