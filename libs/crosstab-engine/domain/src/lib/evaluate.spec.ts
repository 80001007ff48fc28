import type { Expression } from '@aas/audience-expression-domain';
import { atLeast, evaluate, PartitionEvaluator, resolveQuestionCode } from './evaluate';
import { planBits, planPartition } from './partition-layout';
import { partitionsOf, testDictionary, type TestRecord } from './testing/random-data';

/** Five respondents in one partition, answers chosen by hand. */
const people: TestRecord[] = [
  {
    id: 0,
    dataset: 'core',
    wave: 'w1',
    location: 'l1',
    weight: 1,
    answers: [
      { question: 'gender', datapoint: 'f' },
      { question: 'platforms', datapoint: 'fb' },
      { question: 'platforms', datapoint: 'tt' },
      { question: 'freq', datapoint: 'tt', suffix: '1' },
    ],
  },
  {
    id: 1,
    dataset: 'core',
    wave: 'w1',
    location: 'l1',
    weight: 2,
    answers: [
      { question: 'gender', datapoint: 'm' },
      { question: 'platforms', datapoint: 'tt' },
      { question: 'freq', datapoint: 'tt', suffix: '3' },
    ],
  },
  {
    id: 2,
    dataset: 'core',
    wave: 'w1',
    location: 'l1',
    weight: 1,
    answers: [
      { question: 'brand', datapoint: 'b1', suffix: '1' },
      { question: 'brand', datapoint: 'b1', suffix: '2' },
      { question: 'brand', datapoint: 'b2', suffix: '2' },
    ],
  },
  {
    id: 3,
    dataset: 'core',
    wave: 'w1',
    location: 'l1',
    weight: 3,
    answers: [
      { question: 'platforms', datapoint: 'fb' },
      { question: 'platforms', datapoint: 'ig' },
      { question: 'platforms', datapoint: 'yt' },
    ],
  },
  // Asked which platforms they use, and chose none.
  { id: 4, dataset: 'core', wave: 'w1', location: 'l1', weight: 1, answers: [], asked: ['platforms'] },
];
const { partitions, bitOf } = partitionsOf(people);
const partition = partitions[0];
const dictionary = testDictionary('core');

function who(expression: Expression): number[] {
  const bits = evaluate(expression, partition, dictionary);
  return people
    .filter((p) => {
      const b = bitOf.get(p.id) as number;
      return ((bits[b >>> 5] >>> (b & 31)) & 1) === 1;
    })
    .map((p) => p.id);
}

describe('evaluate (leaf and combinator semantics)', () => {
  it('listed datapoints, or any datapoint when none are listed', () => {
    expect(who({ kind: 'leaf', question: 'gender', datapoints: ['f'] })).toEqual([0]);
    expect(who({ kind: 'leaf', question: 'gender' })).toEqual([0, 1]);
    expect(who({ kind: 'leaf', question: 'gender', datapoints: [] })).toEqual([0, 1]);
  });

  it('grid rows: any suffix without suffixes, only the listed ones with them (OR); a non-grid question with suffixes matches nobody', () => {
    expect(who({ kind: 'leaf', question: 'freq', datapoints: ['tt'] })).toEqual([0, 1]);
    expect(who({ kind: 'leaf', question: 'freq', datapoints: ['tt'], suffixes: ['1'] })).toEqual([0]);
    expect(who({ kind: 'leaf', question: 'freq', suffixes: [3, '1'] })).toEqual([0, 1]);
    expect(who({ kind: 'leaf', question: 'gender', suffixes: ['1'] })).toEqual([]);
  });

  it('min_count counts distinct datapoints (a row given with two suffixes counts once)', () => {
    expect(who({ kind: 'leaf', question: 'platforms', minCount: 2 })).toEqual([0, 3]);
    expect(who({ kind: 'leaf', question: 'platforms', minCount: 3 })).toEqual([3]);
    expect(who({ kind: 'leaf', question: 'platforms', datapoints: ['fb', 'tt'], minCount: 2 })).toEqual([0]);
    expect(who({ kind: 'leaf', question: 'brand', minCount: 2 })).toEqual([2]);
    expect(who({ kind: 'leaf', question: 'brand', datapoints: ['b1'], suffixes: ['1', '2'], minCount: 2 })).toEqual([]);
    expect(who({ kind: 'leaf', question: 'platforms', minCount: 6 })).toEqual([]);
  });

  it('not negates within the partition: respondents never asked are in the negation', () => {
    expect(who({ kind: 'leaf', question: 'gender', datapoints: ['f'], not: true })).toEqual([1, 2, 3, 4]);
    expect(
      who({
        kind: 'and',
        children: [
          { kind: 'leaf', question: 'platforms', datapoints: ['tt'] },
          { kind: 'leaf', question: 'gender', datapoints: ['m'] },
        ],
        not: true,
      }),
    ).toEqual([0, 2, 3, 4]);
  });

  it('and, or, {} and {not: true}', () => {
    expect(
      who({
        kind: 'or',
        children: [
          { kind: 'leaf', question: 'gender', datapoints: ['m'] },
          { kind: 'leaf', question: 'brand' },
        ],
      }),
    ).toEqual([1, 2]);
    expect(who({ kind: 'and', children: [{ kind: 'all' }, { kind: 'leaf', question: 'platforms', datapoints: ['fb'] }] })).toEqual([0, 3]);
    expect(who({ kind: 'all' })).toEqual([0, 1, 2, 3, 4]);
    expect(who({ kind: 'all', not: true })).toEqual([]);
  });

  it('unknown questions match nobody; namespaced questions resolve to their code', () => {
    expect(who({ kind: 'leaf', question: 'games' })).toEqual([]);
    expect(who({ kind: 'leaf', question: 'games', not: true })).toEqual([0, 1, 2, 3, 4]);
    expect(who({ kind: 'leaf', question: 'core.gender', datapoints: ['m'] })).toEqual([1]);
    expect(resolveQuestionCode('core.gender', dictionary)).toBe('gender');
    expect(resolveQuestionCode('nope.gender', dictionary)).toBe('gender');
    expect(resolveQuestionCode('games', dictionary)).toBeUndefined();
  });

  it('asked: the recorded respondents (answered or not), else those who answered; a leaf without datapoints stays "answered it"', () => {
    expect(who({ kind: 'leaf', question: 'platforms', asked: true })).toEqual([0, 1, 3, 4]);
    expect(who({ kind: 'leaf', question: 'platforms' })).toEqual([0, 1, 3]);
    expect(who({ kind: 'leaf', question: 'core.platforms', asked: true, not: true })).toEqual([2]);
    // Nothing recorded for gender in this partition: asked = answered.
    expect(partition.asked?.has('gender')).toBe(false);
    expect(who({ kind: 'leaf', question: 'gender', asked: true })).toEqual([0, 1]);
    expect(who({ kind: 'leaf', question: 'games', asked: true })).toEqual([]);
    expect(
      who({
        kind: 'and',
        children: [
          { kind: 'leaf', question: 'platforms', asked: true },
          { kind: 'leaf', question: 'gender', datapoints: ['m'], not: true },
        ],
      }),
    ).toEqual([0, 3, 4]);
  });

  it('asked in the dense layout: the record gathered like an attribute, the same respondents', () => {
    const plan = planPartition(partition, 0, 'dense');
    const leaves = new Map<string, Uint32Array>();
    const memo = { get: (key: string) => leaves.get(key), set: (key: string, bits: Uint32Array) => void leaves.set(key, bits) };
    const evaluator = new PartitionEvaluator(partition, dictionary, memo, undefined, planBits(plan, memo));
    // Dense bit i is the i-th respondent in class order: here one class per weight (1, 2, 3).
    const denseOrder = [...people].sort((a, b) => (bitOf.get(a.id) as number) - (bitOf.get(b.id) as number)).map((p) => p.id);
    const denseWho = (expression: Expression) => {
      const bits = evaluator.evaluate(expression);
      return denseOrder.filter((_, i) => ((bits[i >>> 5] >>> (i & 31)) & 1) === 1).sort();
    };
    expect(denseWho({ kind: 'leaf', question: 'platforms', asked: true })).toEqual([0, 1, 3, 4]);
    expect(denseWho({ kind: 'leaf', question: 'platforms', asked: true, not: true })).toEqual([2]);
    expect(denseWho({ kind: 'leaf', question: 'gender', asked: true })).toEqual([0, 1]);
    expect(leaves.has('#asked platforms')).toBe(true);
  });

  it('a query without asked leaves never reads the record of who was asked', () => {
    const bits = {
      wordCount: partition.wordCount,
      universe: partition.universe,
      attribute: (id: number) => partition.attributes.get(id),
      asked: (): Uint32Array => {
        throw new Error('read the asked record');
      },
    };
    const evaluator = new PartitionEvaluator(partition, dictionary, undefined, undefined, bits);
    const ordinary: Expression = {
      kind: 'or',
      children: [
        { kind: 'leaf', question: 'platforms', minCount: 2 },
        { kind: 'leaf', question: 'freq', suffixes: ['1'], not: true },
        { kind: 'and', children: [{ kind: 'all' }, { kind: 'leaf', question: 'gender' }] },
      ],
    };
    expect(() => evaluator.evaluate(ordinary)).not.toThrow();
    expect(() => evaluator.evaluate({ kind: 'leaf', question: 'platforms', asked: true })).toThrow('read the asked record');
  });

  it('atLeast is a threshold over any number of bitsets', () => {
    const sets = [Uint32Array.of(0b1011), Uint32Array.of(0b0110), Uint32Array.of(0b1100)];
    expect(atLeast(sets, 1, 1)[0]).toBe(0b1111);
    expect(atLeast(sets, 2, 1)[0]).toBe(0b1110);
    expect(atLeast(sets, 3, 1)[0]).toBe(0);
  });
});
