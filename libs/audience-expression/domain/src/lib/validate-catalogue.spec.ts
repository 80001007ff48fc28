import { Expression } from './expression';
import { exampleCatalogue } from './testing/example-catalogue';
import { datasetsOf, validateAgainstCatalogue } from './validate-catalogue';
import { resolveQuestion } from './catalogue-lookup';

const catalogue = exampleCatalogue();

describe('resolveQuestion', () => {
  it('accepts a plain code and <namespace_code>.<code>', () => {
    expect(resolveQuestion('gender', catalogue)?.name).toBe('Gender');
    expect(resolveQuestion('core.gender', catalogue)?.name).toBe('Gender');
    expect(resolveQuestion('legacy.gender', catalogue)?.name).toBe('Gender (legacy)');
    expect(resolveQuestion('nope.gender', catalogue)).toBeUndefined();
    expect(resolveQuestion('.gender', catalogue)).toBeUndefined();
  });

  it('falls back to the whole string for codes that contain a dot', () => {
    const lookup = { findQuestion: (code: string, ns?: string) => (code === 'v1.2' && ns === undefined ? resolveQuestion('age', catalogue) : undefined) };
    expect(resolveQuestion('v1.2', lookup)?.code).toBe('age');
  });
});

describe('validateAgainstCatalogue', () => {
  it('accepts a known expression and returns the datasets it touches', () => {
    const expression: Expression = {
      kind: 'and',
      children: [
        { kind: 'leaf', question: 'core.gender', datapoints: ['f'] },
        { kind: 'leaf', question: 'tiktok', datapoints: ['yes'], suffixes: ['1', 2], minCount: 1 },
        { kind: 'leaf', question: 'age', minCount: 3 },
        { kind: 'all' },
      ],
    };
    const result = validateAgainstCatalogue(expression, catalogue);
    expect(result.ok && result.value.datasets).toEqual(['core-ds', 'social-ds']);
    // Every leaf's question with the pointer of its question member, in document order.
    expect(result.ok && result.value.questions.map((q) => [q.path, q.question.code])).toEqual([
      ['/and/0/question', 'gender'],
      ['/and/1/question', 'tiktok'],
      ['/and/2/question', 'age'],
    ]);
  });

  it('checks an asked leaf like any leaf: a known, entitled question', () => {
    const asked: Expression = { kind: 'leaf', question: 'core.gender', asked: true, not: true };
    expect(validateAgainstCatalogue(asked, catalogue)).toMatchObject({ ok: true, value: { datasets: ['core-ds'] } });
    expect(validateAgainstCatalogue({ kind: 'leaf', question: 'shoe', asked: true }, catalogue)).toEqual({
      ok: false,
      errors: [{ kind: 'unknown', path: '/question', message: 'unknown question "shoe"' }],
    });
  });

  it('names an unknown question', () => {
    expect(validateAgainstCatalogue({ kind: 'or', children: [{ kind: 'all' }, { kind: 'leaf', question: 'shoe' }] }, catalogue)).toEqual({
      ok: false,
      errors: [{ kind: 'unknown', path: '/or/1/question', message: 'unknown question "shoe"' }],
    });
  });

  it('names each datapoint and suffix that does not belong to the question', () => {
    const result = validateAgainstCatalogue({ kind: 'leaf', question: 'tiktok', datapoints: ['yes', 'no', 'maybe'], suffixes: ['1', 9] }, catalogue);
    expect(result).toEqual({
      ok: false,
      errors: [
        { kind: 'unknown', path: '/datapoints/1', message: 'datapoint "no" does not belong to question "tiktok"' },
        { kind: 'unknown', path: '/datapoints/2', message: 'datapoint "maybe" does not belong to question "tiktok"' },
        { kind: 'unknown', path: '/suffixes/1', message: 'suffix "9" does not belong to question "tiktok"' },
      ],
    });
  });

  it("bounds min_count by the question's datapoint count", () => {
    expect(validateAgainstCatalogue({ kind: 'leaf', question: 'age', minCount: 4 }, catalogue)).toEqual({
      ok: false,
      errors: [{ kind: 'invalid', path: '/min_count', message: '"min_count" is 4 but question "age" has only 3 datapoints' }],
    });
  });

  it('reports an unentitled dataset as forbidden, and nothing more about that question', () => {
    const result = validateAgainstCatalogue({ kind: 'leaf', question: 'income', datapoints: ['nope'], not: true }, catalogue);
    expect(result).toEqual({
      ok: false,
      errors: [{ kind: 'forbidden', path: '/question', message: 'question "income" belongs to dataset "premium-ds", which you are not entitled to' }],
    });
  });

  it('names members as the form the expression came in spells them', () => {
    const result = validateAgainstCatalogue(
      {
        kind: 'and',
        children: [
          { kind: 'leaf', question: 'nope' },
          { kind: 'leaf', question: 'age', datapoints: ['zz'], minCount: 9 },
        ],
      },
      catalogue,
      { form: 'crosstab' },
    );
    expect(result.ok ? [] : result.errors.map((e) => e.path)).toEqual(['/and/0/qustion', '/and/1/options/0', '/and/1/min_count']);
  });
});

describe('datasetsOf', () => {
  it('lists each dataset once, sorted, skipping unknown questions', () => {
    expect(
      datasetsOf(
        {
          kind: 'or',
          children: [
            { kind: 'leaf', question: 'tiktok' },
            { kind: 'leaf', question: 'age' },
            { kind: 'leaf', question: 'gender' },
            { kind: 'leaf', question: 'x' },
          ],
        },
        catalogue,
      ),
    ).toEqual(['core-ds', 'social-ds']);
  });
});
