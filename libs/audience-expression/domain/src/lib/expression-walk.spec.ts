import { Expression } from './expression';
import { collectAttributes, collectQuestions, countNodes, expressionDepth } from './expression-walk';

const expression: Expression = {
  kind: 'and',
  children: [
    { kind: 'leaf', question: 'q1', datapoints: ['a', 'b'], suffixes: ['1', 2] },
    {
      kind: 'or',
      not: true,
      children: [{ kind: 'leaf', question: 'q2' }, { kind: 'all' }, { kind: 'leaf', question: 'q1', datapoints: ['a'], suffixes: ['2'] }],
    },
  ],
};

describe('expression walks', () => {
  it('counts every node and measures depth', () => {
    expect(countNodes(expression)).toBe(6);
    expect(expressionDepth(expression)).toBe(3);
    expect(countNodes({ kind: 'all' })).toBe(1);
    expect(expressionDepth({ kind: 'all' })).toBe(1);
  });

  it('lists questions once, in document order', () => {
    expect(collectQuestions(expression)).toEqual(['q1', 'q2']);
  });

  it('lists the (question, datapoint, suffix) triples, each once', () => {
    expect(collectAttributes(expression)).toEqual([
      { question: 'q1', datapoint: 'a', suffix: '1' },
      { question: 'q1', datapoint: 'a', suffix: '2' },
      { question: 'q1', datapoint: 'b', suffix: '1' },
      { question: 'q1', datapoint: 'b', suffix: '2' },
      { question: 'q2' },
    ]);
    expect(collectAttributes({ kind: 'leaf', question: 'q', datapoints: [], suffixes: ['3'] })).toEqual([{ question: 'q', suffix: '3' }]);
  });
});
