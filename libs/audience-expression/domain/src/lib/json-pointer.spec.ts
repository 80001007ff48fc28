import { appendPointer, escapePointerToken, parsePointer, resolvePointer } from './json-pointer';

describe('JSON pointers (RFC 6901)', () => {
  it('escapes ~ before / so that "~1" in a name survives', () => {
    expect(escapePointerToken('a/b')).toBe('a~1b');
    expect(escapePointerToken('~1')).toBe('~01');
    expect(appendPointer('/and/2', 'or', 0, 'min_count')).toBe('/and/2/or/0/min_count');
  });

  it('round-trips escaped tokens', () => {
    expect(parsePointer(appendPointer('', 'a/b', '~1', '', 3))).toEqual(['a/b', '~1', '', '3']);
    expect(parsePointer('no-slash')).toBeUndefined();
    expect(parsePointer('/bad~2escape')).toBeUndefined();
  });

  it('resolves into objects and arrays, and only onto what exists', () => {
    const doc = { and: [{ question: 'q' }, { 'a/b': 1 }] };
    expect(resolvePointer(doc, '')).toEqual({ found: true, value: doc });
    expect(resolvePointer(doc, '/and/0/question')).toEqual({ found: true, value: 'q' });
    expect(resolvePointer(doc, '/and/1/a~1b')).toEqual({ found: true, value: 1 });
    expect(resolvePointer(doc, '/and/2').found).toBe(false);
    expect(resolvePointer(doc, '/and/01').found).toBe(false);
    expect(resolvePointer(doc, '/and/0/question/x').found).toBe(false);
    expect(resolvePointer(doc, '/toString').found).toBe(false);
  });
});
