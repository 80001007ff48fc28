import { ExpressionError } from './expression';
import { parseExpression, parseStandardExpression, parseChartExpression, parseCrosstabExpression } from './parse-expression';

function errorsOf(input: unknown, form: 'standard' | 'chart' | 'crosstab' = 'standard', options = {}): ExpressionError[] {
  const result = parseExpression(input, form, options);
  if (result.ok) throw new Error(`expected ${JSON.stringify(input)} to be rejected`);
  return [...result.errors];
}

function paths(input: unknown, form: 'standard' | 'chart' | 'crosstab' = 'standard'): string[] {
  return errorsOf(input, form).map((e) => e.path);
}

describe('parseExpression: valid input', () => {
  it('parses a leaf with every member', () => {
    expect(parseStandardExpression({ question: 'q', datapoints: ['a', 'b'], suffixes: ['1'], min_count: 2, not: true })).toEqual({
      ok: true,
      value: { kind: 'leaf', question: 'q', datapoints: ['a', 'b'], suffixes: ['1'], minCount: 2, not: true },
    });
  });

  it('keeps absent and empty arrays apart, and an absent not apart from false', () => {
    expect(parseStandardExpression({ question: 'q' })).toEqual({ ok: true, value: { kind: 'leaf', question: 'q' } });
    expect(parseStandardExpression({ question: 'q', datapoints: [], suffixes: [] })).toEqual({
      ok: true,
      value: { kind: 'leaf', question: 'q', datapoints: [], suffixes: [] },
    });
    expect(parseStandardExpression({ not: false })).toEqual({ ok: true, value: { kind: 'all', not: false } });
    const all = parseStandardExpression({});
    expect(all).toEqual({ ok: true, value: { kind: 'all' } });
    expect(all.ok && 'not' in all.value).toBe(false);
  });

  it('parses combinators, with not on a combinator', () => {
    expect(parseStandardExpression({ or: [{ question: 'a' }, { and: [{}, { question: 'b' }] }], not: true })).toEqual({
      ok: true,
      value: {
        kind: 'or',
        not: true,
        children: [
          { kind: 'leaf', question: 'a' },
          { kind: 'and', children: [{ kind: 'all' }, { kind: 'leaf', question: 'b' }] },
        ],
      },
    });
  });

  it('reads the chart form with string and number suffix items kept as written', () => {
    expect(parseChartExpression({ question: 'q', suffixes: ['1', 2] })).toEqual({
      ok: true,
      value: { kind: 'leaf', question: 'q', suffixes: ['1', 2] },
    });
  });

  it('reads an asked leaf in all three forms, negated or not, anywhere an expression goes', () => {
    expect(parseStandardExpression({ question: 'q7', asked: true })).toEqual({ ok: true, value: { kind: 'leaf', question: 'q7', asked: true } });
    expect(parseChartExpression({ question: 'core.q7', asked: true, not: true })).toEqual({
      ok: true,
      value: { kind: 'leaf', question: 'core.q7', asked: true, not: true },
    });
    expect(
      parseCrosstabExpression({
        and: [
          { qustion: 'q7', asked: true },
          { qustion: 'q7', options: ['a'] },
        ],
      }),
    ).toEqual({
      ok: true,
      value: {
        kind: 'and',
        children: [
          { kind: 'leaf', question: 'q7', asked: true },
          { kind: 'leaf', question: 'q7', datapoints: ['a'] },
        ],
      },
    });
  });

  it('refuses an asked leaf with answer members, asked false, and asked on a combinator, saying why', () => {
    expect(errorsOf({ question: 'q7', asked: true, datapoints: ['a'], min_count: 1 })).toEqual([
      { kind: 'invalid', path: '/datapoints', message: 'an "asked" leaf selects everyone asked the question, whatever they answered: drop "datapoints"' },
      { kind: 'invalid', path: '/min_count', message: 'an "asked" leaf selects everyone asked the question, whatever they answered: drop "min_count"' },
    ]);
    expect(errorsOf({ qustion: 'q7', asked: true, options: ['a'] }, 'crosstab').map((e) => e.path)).toEqual(['/options']);
    expect(errorsOf({ question: 'q7', asked: false })).toEqual([
      { kind: 'invalid', path: '/asked', message: '"asked" can only be true, got a boolean (for the respondents who were not asked, add "not": true)' },
    ]);
    expect(errorsOf({ question: 'q7', asked: 'yes' })[0].message).toBe('"asked" can only be true, got a string');
    expect(paths({ and: [{ question: 'a' }], asked: true })).toEqual(['']);
    expect(paths({ asked: true })).toEqual(['']);
  });

  it('reads the saved-crosstab form: qustion, options, integer suffixes', () => {
    expect(parseCrosstabExpression({ and: [{ qustion: 'q', options: ['a'], suffixes: [1], min_count: 1 }] })).toEqual({
      ok: true,
      value: { kind: 'and', children: [{ kind: 'leaf', question: 'q', datapoints: ['a'], suffixes: [1], minCount: 1 }] },
    });
  });

  it('allows min_count above 1 when no datapoints are listed (the catalogue bounds it)', () => {
    expect(parseStandardExpression({ question: 'q', min_count: 7 }).ok).toBe(true);
    expect(parseStandardExpression({ question: 'q', datapoints: [], min_count: 7 }).ok).toBe(true);
  });
});

describe('parseExpression: every rule has its error and path', () => {
  it.each([null, [], 3, 'q', true])('rejects a non-object root %p at the empty pointer', (input) => {
    expect(errorsOf(input)).toEqual([{ kind: 'invalid', path: '', message: expect.stringMatching(/expected an expression object/) }]);
  });

  it("names unknown members, with a hint for the other form's spelling", () => {
    const errors = errorsOf({ question: 'q', colour: 'red', 'a/b': 1 });
    expect(errors.map((e) => e.path)).toEqual(['/colour', '/a~1b']);
    expect(errors[0].message).toBe('unknown member "colour"');
    expect(errorsOf({ qustion: 'q' })[0]).toEqual({ kind: 'invalid', path: '/qustion', message: 'unknown member "qustion" (this form spells it "question")' });
    expect(errorsOf({ question: 'q', datapoints: ['a'] }, 'crosstab').map((e) => e.message)).toEqual([
      'unknown member "question" (this form spells it "qustion")',
      'unknown member "datapoints" (this form spells it "options")',
    ]);
  });

  it('requires not to be a boolean', () => {
    expect(errorsOf({ not: 'true' })).toEqual([{ kind: 'invalid', path: '/not', message: '"not" must be a boolean, got a string' }]);
  });

  it('rejects and with or on one node', () => {
    expect(errorsOf({ and: [{}], or: [{}] })).toEqual([{ kind: 'invalid', path: '', message: 'a node has "and" or "or", not both' }]);
  });

  it('rejects a node mixing combinator and leaf members', () => {
    expect(errorsOf({ and: [{}], question: 'q' })).toEqual([
      { kind: 'invalid', path: '', message: 'a node is either a combinator ("and") or a leaf ("question"), not both' },
    ]);
    expect(paths({ or: [{}], min_count: 1 })).toEqual(['']);
  });

  it('requires combinators to be non-empty arrays of expressions', () => {
    expect(errorsOf({ and: [] })[0]).toMatchObject({ path: '/and', message: '"and" must not be empty' });
    expect(errorsOf({ or: {} })[0]).toMatchObject({ path: '/or', message: '"or" must be an array of expressions, got an object' });
    expect(paths({ and: [{}, { or: [{ question: 'q' }, 7] }] })).toEqual(['/and/1/or/1']);
  });

  it('requires a leaf to have a non-empty string question', () => {
    expect(errorsOf({ datapoints: ['a'] })).toEqual([{ kind: 'invalid', path: '', message: 'a leaf needs "question"' }]);
    expect(paths({ question: '' })).toEqual(['/question']);
    expect(paths({ question: 3 })).toEqual(['/question']);
    expect(errorsOf({ options: ['a'] }, 'crosstab')[0].message).toBe('a leaf needs "qustion"');
  });

  it('requires datapoints to be unique non-empty strings', () => {
    expect(paths({ question: 'q', datapoints: 'a' })).toEqual(['/datapoints']);
    expect(paths({ question: 'q', datapoints: ['a', '', 2] })).toEqual(['/datapoints/1', '/datapoints/2']);
    expect(errorsOf({ question: 'q', datapoints: ['a', 'b', 'a'] })).toEqual([
      { kind: 'invalid', path: '/datapoints/2', message: 'datapoint "a" is listed twice (also at index 0)' },
    ]);
    expect(paths({ qustion: 'q', options: [1] }, 'crosstab')).toEqual(['/options/0']);
  });

  it('types suffix items per form', () => {
    expect(paths({ question: 'q', suffixes: '1' })).toEqual(['/suffixes']);
    expect(paths({ question: 'q', suffixes: ['1', 1, ''] })).toEqual(['/suffixes/1', '/suffixes/2']);
    expect(paths({ question: 'q', suffixes: ['1', 1, 1.5, null, ''] }, 'chart')).toEqual(['/suffixes/2', '/suffixes/3', '/suffixes/4']);
    expect(paths({ qustion: 'q', suffixes: [1, '1', 2.5] }, 'crosstab')).toEqual(['/suffixes/1', '/suffixes/2']);
  });

  it('requires min_count to be an integer from 1 to the number of datapoints listed', () => {
    for (const bad of [0, -1, 1.5, '1', null, Number.MAX_SAFE_INTEGER + 1]) {
      expect(paths({ question: 'q', min_count: bad })).toEqual(['/min_count']);
    }
    expect(errorsOf({ and: [{}, { question: 'q', datapoints: ['a', 'b'], min_count: 3 }] })).toEqual([
      { kind: 'invalid', path: '/and/1/min_count', message: '"min_count" is 3 but only 2 datapoints are listed' },
    ]);
    expect(parseStandardExpression({ question: 'q', datapoints: ['a', 'b'], min_count: 2 }).ok).toBe(true);
  });

  it('reports every problem, not only the first', () => {
    expect(paths({ and: [{ question: 1 }, { or: [] }, { foo: 1 }], not: 0 })).toEqual(['/not', '/and/0/question', '/and/1/or', '/and/2/foo']);
  });

  it('caps the number of errors reported', () => {
    const input = { question: 'q', datapoints: Array.from({ length: 1000 }, () => 0) };
    expect(errorsOf(input)).toHaveLength(100);
    expect(errorsOf(input, 'standard', { maxErrors: 3 })).toHaveLength(3);
  });

  it('accepts plain objects from any realm and rejects class instances', () => {
    class Leaf {
      question = 'q';
    }
    expect(paths(new Leaf())).toEqual(['']);
    expect(parseStandardExpression(structuredClone({ question: 'q' })).ok).toBe(true);
    expect(parseStandardExpression(Object.assign(Object.create(null), { question: 'q' })).ok).toBe(true);
  });

  it('ignores the prototype: a "__proto__" member is an unknown member like any other', () => {
    expect(paths(JSON.parse('{"question":"q","__proto__":{"x":1}}'))).toEqual(['/__proto__']);
    expect(paths(JSON.parse('{"__proto__":{"question":"q"}}'))).toEqual(['/__proto__']);
  });
});

describe('parseExpression: size bounds', () => {
  function nested(depth: number): unknown {
    let node: unknown = { question: 'q' };
    for (let i = 1; i < depth; i += 1) node = { and: [node] };
    return node;
  }

  it('accepts 32 levels and rejects 33 at the node past the bound', () => {
    expect(parseStandardExpression(nested(32)).ok).toBe(true);
    expect(errorsOf(nested(33))).toEqual([{ kind: 'invalid', path: '/and/0'.repeat(32), message: 'expression is nested deeper than 32 levels' }]);
  });

  it('takes the depth bound as an option', () => {
    expect(parseStandardExpression(nested(3), { maxDepth: 3 }).ok).toBe(true);
    expect(errorsOf(nested(4), 'standard', { maxDepth: 3 })[0].path).toBe('/and/0/and/0/and/0');
  });

  it('rejects 100,000 levels of nesting without blowing the stack', () => {
    const errors = errorsOf(nested(100_000));
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toBe('expression is nested deeper than 32 levels');
  });

  it('counts nodes and rejects the first past the bound', () => {
    const leaves = (n: number) => ({ or: Array.from({ length: n }, (_, i) => ({ question: `q${i}` })) });
    expect(parseStandardExpression(leaves(999)).ok).toBe(true);
    expect(errorsOf(leaves(1000))).toEqual([{ kind: 'invalid', path: '/or/999', message: 'expression has more than 1000 nodes' }]);
    expect(errorsOf(leaves(3), 'standard', { maxNodes: 3 })[0].path).toBe('/or/2');
    const nestedWide = { and: [{ or: [{}, {}] }, { or: [{}, {}, {}] }] };
    expect(parseStandardExpression(nestedWide, { maxNodes: 8 }).ok).toBe(true);
    expect(errorsOf(nestedWide, 'standard', { maxNodes: 7 })[0].path).toBe('/and/1/or/2');
  });

  it('rejects a huge combinator array quickly', () => {
    const wide = { or: new Array(5_000_000).fill({}) };
    const started = Date.now();
    expect(errorsOf(wide)[0]).toEqual({ kind: 'invalid', path: '/or/999', message: 'expression has more than 1000 nodes' });
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
