import { convertWireExpression, toCrosstabForm, toStandardForm } from './convert-expression';
import { Expression } from './expression';
import { printChartExpression, printCrosstabExpression, printStandardExpression } from './print-expression';

describe('printing', () => {
  const expression: Expression<string> = {
    kind: 'and',
    not: false,
    children: [{ kind: 'leaf', question: 'q', datapoints: ['a'], suffixes: ['1'], minCount: 1, not: true }, { kind: 'all' }],
  };

  it('writes each form with its member names and nothing the AST does not hold', () => {
    expect(printStandardExpression(expression)).toEqual({
      and: [{ question: 'q', datapoints: ['a'], suffixes: ['1'], min_count: 1, not: true }, {}],
      not: false,
    });
    expect(printChartExpression({ kind: 'leaf', question: 'q', suffixes: ['1', 2] })).toEqual({ question: 'q', suffixes: ['1', 2] });
    expect(printCrosstabExpression({ kind: 'leaf', question: 'q', datapoints: [], suffixes: [3] })).toEqual({ qustion: 'q', options: [], suffixes: [3] });
  });
});

describe('conversion between forms', () => {
  it('turns positive-integer suffix strings into integers and back', () => {
    const standard: Expression<string> = {
      kind: 'or',
      children: [
        { kind: 'leaf', question: 'q', suffixes: ['1', '12'] },
        { kind: 'leaf', question: 'r' },
      ],
    };
    const crosstab = toCrosstabForm(standard);
    expect(crosstab).toEqual({
      ok: true,
      value: {
        kind: 'or',
        children: [
          { kind: 'leaf', question: 'q', suffixes: [1, 12] },
          { kind: 'leaf', question: 'r' },
        ],
      },
    });
    expect(crosstab.ok && toStandardForm(crosstab.value)).toEqual(standard);
  });

  it('refuses suffixes with no integer form, naming each', () => {
    const result = toCrosstabForm({ kind: 'and', children: [{ kind: 'all' }, { kind: 'leaf', question: 'q', suffixes: ['1', 'x', '01', 0] }] });
    expect(result).toEqual({
      ok: false,
      errors: [
        { kind: 'invalid', path: '/and/1/suffixes/1', message: 'suffix "x" is not a positive-integer code, so it has no saved-crosstab form' },
        { kind: 'invalid', path: '/and/1/suffixes/2', message: 'suffix "01" is not a positive-integer code, so it has no saved-crosstab form' },
        { kind: 'invalid', path: '/and/1/suffixes/3', message: 'suffix "0" is not a positive-integer code, so it has no saved-crosstab form' },
      ],
    });
  });

  it('converts wire JSON from one form to another', () => {
    expect(convertWireExpression({ and: [{ question: 'q', datapoints: ['a'], suffixes: ['2'], min_count: 1 }], not: true }, 'standard', 'crosstab')).toEqual({
      ok: true,
      value: { and: [{ qustion: 'q', options: ['a'], suffixes: [2], min_count: 1 }], not: true },
    });
    expect(convertWireExpression({ qustion: 'q', suffixes: [2] }, 'crosstab', 'standard')).toEqual({ ok: true, value: { question: 'q', suffixes: ['2'] } });
    expect(convertWireExpression({ question: 'q', suffixes: ['2', 3] }, 'chart', 'chart')).toEqual({ ok: true, value: { question: 'q', suffixes: ['2', 3] } });
    expect(convertWireExpression({ question: 'q', suffixes: [2] }, 'standard', 'crosstab')).toMatchObject({ ok: false, errors: [{ path: '/suffixes/0' }] });
  });
});
