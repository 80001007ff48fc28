import fc from 'fast-check';
import { Expression, SuffixCode, WireForm, formMembers } from '../expression';

/** The fixed seed every property also runs with, so a CI failure can be replayed exactly. */
export const FIXED_SEED = 20261121;

/**
 * Registers a property twice: with the fixed seed, and with a fresh random seed. fast-check's
 * failure report (thrown by `fc.assert`, shown by jest) carries the seed and the shrunk path.
 */
export function checkProperty<T>(name: string, property: fc.IProperty<T>, numRuns: number): void {
  it(`${name} (fixed seed ${FIXED_SEED})`, () => fc.assert(property, { seed: FIXED_SEED, numRuns }));
  it(`${name} (random seed, reported on failure)`, () => fc.assert(property, { numRuns }));
}

/** Short codes, with the characters that need escaping in a JSON pointer now and then. */
const code = fc.oneof(fc.constantFrom('q1', 'age', 'gender', 'core.age', 'a/b', 'x~1', '1', '2', '10'), fc.string({ minLength: 1, maxLength: 6 }));

export function suffixArbitrary(form: WireForm): fc.Arbitrary<SuffixCode> {
  const asString = fc.oneof(fc.constantFrom('1', '2', '37'), code);
  const asInteger = fc.integer({ min: -5, max: 1_000_000 });
  if (form === 'standard') return asString;
  if (form === 'crosstab') return asInteger;
  return fc.oneof(asString, asInteger);
}

/** Valid ASTs of a form: suffix item types as the form allows, min_count within bounds. */
export function expressionArbitrary(form: WireForm): fc.Arbitrary<Expression> {
  const leaf = fc
    .record(
      {
        kind: fc.constant('leaf' as const),
        question: code,
        datapoints: fc.uniqueArray(code, { maxLength: 4 }),
        suffixes: fc.array(suffixArbitrary(form), { maxLength: 3 }),
        not: fc.boolean(),
      },
      { requiredKeys: ['kind', 'question'] },
    )
    .chain((node) =>
      fc
        .option(fc.integer({ min: 1, max: node.datapoints?.length ? node.datapoints.length : 50 }), { nil: undefined })
        .map((minCount): Expression => (minCount === undefined ? node : { ...node, minCount })),
    );
  const asked = fc.record(
    { kind: fc.constant('leaf' as const), question: code, asked: fc.constant(true as const), not: fc.boolean() },
    { requiredKeys: ['kind', 'question', 'asked'] },
  );
  const all = fc.record({ kind: fc.constant('all' as const), not: fc.boolean() }, { requiredKeys: ['kind'] });
  const tree = fc.letrec<{ node: Expression; combinator: Expression }>((tie) => ({
    node: fc.oneof({ maxDepth: 4, depthIdentifier: 'expression' }, leaf, asked, all, tie('combinator')),
    combinator: fc.record(
      {
        kind: fc.constantFrom('and' as const, 'or' as const),
        children: fc.array(tie('node'), { minLength: 1, maxLength: 4, depthIdentifier: 'expression' }),
        not: fc.boolean(),
      },
      { requiredKeys: ['kind', 'children'] },
    ),
  }));
  return tree.node;
}

type Wire = Record<string, unknown>;

/** Valid wire JSON of a form, written directly (not through the printer under test). */
export function wireArbitrary(form: WireForm): fc.Arbitrary<Wire> {
  const members = formMembers(form);
  const leaf = fc
    .record(
      {
        [members.question]: code,
        [members.datapoints]: fc.uniqueArray(code, { maxLength: 4 }),
        suffixes: fc.array(suffixArbitrary(form), { maxLength: 3 }),
        not: fc.boolean(),
      } as Record<string, fc.Arbitrary<unknown>>,
      { requiredKeys: [members.question] },
    )
    .chain((node) => {
      const datapoints = node[members.datapoints] as string[] | undefined;
      return fc
        .option(fc.integer({ min: 1, max: datapoints?.length ? datapoints.length : 50 }), { nil: undefined })
        .map((minCount): Wire => (minCount === undefined ? node : { ...node, min_count: minCount }));
    });
  const asked = fc.record({ [members.question]: code, asked: fc.constant(true), not: fc.boolean() } as Record<string, fc.Arbitrary<unknown>>, {
    requiredKeys: [members.question, 'asked'],
  });
  const all = fc.record({ not: fc.boolean() }, { requiredKeys: [] });
  const tree = fc.letrec<{ node: Wire; combinator: Wire }>((tie) => ({
    node: fc.oneof({ maxDepth: 4, depthIdentifier: 'wire' }, leaf, asked, all, tie('combinator')),
    combinator: fc
      .tuple(
        fc.constantFrom('and', 'or'),
        fc.array(tie('node'), { minLength: 1, maxLength: 4, depthIdentifier: 'wire' }),
        fc.option(fc.boolean(), { nil: undefined }),
      )
      .map(([member, children, not]): Wire => (not === undefined ? { [member]: children } : { [member]: children, not })),
  }));
  return tree.node;
}
