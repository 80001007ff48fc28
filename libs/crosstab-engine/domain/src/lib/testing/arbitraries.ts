import fc from 'fast-check';
import type { Expression } from '@aas/audience-expression-domain';
import { TEST_QUESTIONS } from './random-data';

/** The fixed seed every property also runs with (the random-seed run prints its seed on failure). */
export const FIXED_SEED = 20261121;

/** Registers a property with the fixed seed and with a random one (fast-check reports it on failure). */
export function checkProperty<T>(name: string, property: fc.IAsyncProperty<T> | fc.IProperty<T>, numRuns: number): void {
  it(`${name} (fixed seed ${FIXED_SEED})`, async () => {
    await fc.assert(property, { seed: FIXED_SEED, numRuns });
  });
  it(`${name} (random seed, reported on failure)`, async () => {
    await fc.assert(property, { numRuns });
  });
}

/** Leaves over the test catalogue: listed or all datapoints, suffixes (some unknown, some numbers), min_count, namespaced or unknown questions. */
export const leafArbitrary: fc.Arbitrary<Expression> = fc
  .record({
    question: fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...TEST_QUESTIONS) }, { weight: 1, arbitrary: fc.constant(undefined) }),
    namespaced: fc.boolean(),
    datapointPick: fc.option(fc.array(fc.nat(6), { maxLength: 4 }), { nil: undefined }),
    suffixPick: fc.option(fc.array(fc.oneof(fc.constantFrom('1', '2', '3', '4', '9'), fc.constantFrom(1, 2)), { maxLength: 3 }), { nil: undefined }),
    minCount: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined, freq: 3 }),
    not: fc.option(fc.boolean(), { nil: undefined }),
  })
  .map(({ question, namespaced, datapointPick, suffixPick, minCount, not }): Expression => {
    const code = question === undefined ? 'unknown_q' : question.code;
    const pool = question === undefined ? ['x'] : [...question.datapoints, 'nope'];
    const datapoints = datapointPick === undefined ? undefined : [...new Set(datapointPick.map((i) => pool[i % pool.length]))];
    return {
      kind: 'leaf',
      question: namespaced ? `core.${code}` : code,
      ...(datapoints === undefined ? {} : { datapoints }),
      ...(suffixPick === undefined ? {} : { suffixes: suffixPick }),
      ...(minCount === undefined ? {} : { minCount }),
      ...(not === undefined ? {} : { not }),
    };
  });

/** Asked leaves: who was asked a question (recorded, or answered where nothing is recorded), namespaced or unknown questions. */
export const askedArbitrary: fc.Arbitrary<Expression> = fc
  .record({
    question: fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...TEST_QUESTIONS) }, { weight: 1, arbitrary: fc.constant(undefined) }),
    namespaced: fc.boolean(),
    not: fc.option(fc.boolean(), { nil: undefined }),
  })
  .map(({ question, namespaced, not }): Expression => {
    const code = question === undefined ? 'unknown_q' : question.code;
    return { kind: 'leaf', question: namespaced ? `core.${code}` : code, asked: true, ...(not === undefined ? {} : { not }) };
  });

export const expressionArbitrary: fc.Arbitrary<Expression> = fc.letrec<{ node: Expression; combinator: Expression }>((tie) => ({
  node: fc.oneof(
    { maxDepth: 3, depthIdentifier: 'expression', withCrossShrink: true },
    { weight: 6, arbitrary: leafArbitrary },
    { weight: 2, arbitrary: askedArbitrary },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('all' as const), not: fc.boolean() }, { requiredKeys: ['kind'] }) },
    { weight: 3, arbitrary: tie('combinator') },
  ),
  combinator: fc.record(
    {
      kind: fc.constantFrom('and' as const, 'or' as const),
      children: fc.array(tie('node'), { minLength: 1, maxLength: 3, depthIdentifier: 'expression' }),
      not: fc.boolean(),
    },
    { requiredKeys: ['kind', 'children'] },
  ),
})).node;
