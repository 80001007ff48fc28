import { ProblemException } from '../errors/problem.exception';
import { findUnstorableText, unstorableTextReason, UnstorableTextPipe } from './unstorable-text';

describe('unstorableTextReason', () => {
  it('accepts ordinary text, astral characters (paired surrogates) included', () => {
    expect(unstorableTextReason('Gen Z 👩‍💻 ✓ ß')).toBeUndefined();
    expect(unstorableTextReason('')).toBeUndefined();
  });

  it('refuses NUL and unpaired surrogates, wherever they are', () => {
    expect(unstorableTextReason('a\u0000b')).toMatch(/NUL/);
    expect(unstorableTextReason('\ud800')).toMatch(/unpaired surrogate \(\\ud800\)/);
    expect(unstorableTextReason('x\udc00')).toMatch(/\\udc00/);
    expect(unstorableTextReason('\ud83d\ud83d\udc69')).toMatch(/\\ud83d/);
    expect(unstorableTextReason('end\udbff')).toBeDefined();
  });
});

describe('findUnstorableText', () => {
  it('names every offending string and member name by JSON pointer', () => {
    const body = { name: 'ok', rows: [{ id: 'a\u0000' }, { name: '\udfff' }], 'k/\u0000': 1, nested: { 'fine~': ['x', 'y\ud800'] } };
    const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
    expect(findUnstorableText(body).sort(byPath)).toEqual(
      [
        { path: '/rows/0/id', message: expect.stringMatching(/NUL/) },
        { path: '/rows/1/name', message: expect.stringMatching(/surrogate/) },
        { path: '/k~1\u0000', message: expect.stringMatching(/^member name/) },
        { path: '/nested/fine~0/1', message: expect.stringMatching(/surrogate/) },
      ].sort(byPath),
    );
  });

  it('walks deep values without recursion', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toHaveLength(1);
  });
});

describe('UnstorableTextPipe', () => {
  const pipe = new UnstorableTextPipe();

  it('reports a named query or path parameter under its name, and lets good values through', () => {
    expect(pipe.transform('gender', { type: 'param', data: 'id' })).toBe('gender');
    try {
      pipe.transform('gen\u0000der', { type: 'query', data: 'q' });
      throw new Error('expected a 400');
    } catch (err) {
      expect(err).toBeInstanceOf(ProblemException);
      expect((err as ProblemException).getStatus()).toBe(400);
      expect((err as ProblemException).fieldErrors?.map((e) => e.path)).toEqual(['/q']);
    }
  });

  it('leaves custom parameters (the principal) alone', () => {
    const principal = { orgId: '\u0000' };
    expect(pipe.transform(principal, { type: 'custom' })).toBe(principal);
  });
});
