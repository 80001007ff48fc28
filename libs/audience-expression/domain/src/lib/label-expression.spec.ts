import { Expression } from './expression';
import { labelExpression } from './label-expression';
import { exampleCatalogue } from './testing/example-catalogue';

const catalogue = exampleCatalogue();
const leaf = (question: string, ...datapoints: string[]): Expression => ({ kind: 'leaf', question, datapoints });

describe('labelExpression', () => {
  it('reads and/or with parentheses only where the operator changes', () => {
    const expression: Expression = { kind: 'and', children: [leaf('gender', 'f'), { kind: 'or', children: [leaf('age', 'a1'), leaf('age', 'a2')] }] };
    expect(labelExpression(expression, catalogue)).toBe('Gender: Female AND (Age: 16-24 OR Age: 25-34)');
    const same: Expression = { kind: 'and', children: [leaf('gender', 'f'), { kind: 'and', children: [leaf('age', 'a1'), leaf('age', 'a2')] }] };
    expect(labelExpression(same, catalogue)).toBe('Gender: Female AND Age: 16-24 AND Age: 25-34');
    const single: Expression = { kind: 'and', children: [leaf('gender', 'f'), { kind: 'or', children: [leaf('age', 'a1')] }] };
    expect(labelExpression(single, catalogue)).toBe('Gender: Female AND Age: 16-24');
  });

  it('wraps what NOT applies to', () => {
    expect(labelExpression({ kind: 'leaf', question: 'tiktok', datapoints: ['yes'], suffixes: ['1'], not: true }, catalogue)).toBe(
      'NOT (Uses TikTok [Daily]: Yes)',
    );
    const notOr: Expression = { kind: 'and', children: [leaf('gender', 'm'), { kind: 'or', not: true, children: [leaf('age', 'a1'), leaf('age', 'a2')] }] };
    expect(labelExpression(notOr, catalogue)).toBe('Gender: Male AND NOT (Age: 16-24 OR Age: 25-34)');
  });

  it('labels an asked leaf', () => {
    expect(labelExpression({ kind: 'leaf', question: 'gender', asked: true }, catalogue)).toBe('Gender: asked');
    expect(labelExpression({ kind: 'leaf', question: 'gender', asked: true, not: true }, catalogue)).toBe('NOT (Gender: asked)');
  });

  it('labels the whole base', () => {
    expect(labelExpression({ kind: 'all' })).toBe('All respondents');
    expect(labelExpression({ kind: 'all', not: false })).toBe('All respondents');
    expect(labelExpression({ kind: 'all', not: true })).toBe('No respondents');
  });

  it('describes several datapoints, min_count and no datapoints', () => {
    expect(labelExpression(leaf('age', 'a1', 'a2'), catalogue)).toBe('Age: 16-24, 25-34');
    expect(labelExpression({ kind: 'leaf', question: 'age', datapoints: ['a1', 'a2', 'a3'], minCount: 2 }, catalogue)).toBe(
      'Age: at least 2 of 16-24, 25-34, 35-44',
    );
    expect(labelExpression({ kind: 'leaf', question: 'age' }, catalogue)).toBe('Age: any answer');
    expect(labelExpression({ kind: 'leaf', question: 'age', datapoints: [], minCount: 2 }, catalogue)).toBe('Age: at least 2 answers');
  });

  it('falls back to codes where the catalogue has no name', () => {
    expect(labelExpression({ kind: 'leaf', question: 'tiktok', datapoints: ['yes', 'zz'], suffixes: [7] }, catalogue)).toBe('Uses TikTok [7]: Yes, zz');
    expect(labelExpression({ kind: 'or', children: [leaf('shoe', 'red'), leaf('core.gender', 'f')] })).toBe('shoe: red OR core.gender: f');
    expect(labelExpression(leaf('legacy.gender', 'x'), catalogue)).toBe('Gender (legacy): Other');
  });
});
