import { isIndexTarget, whPhraseEnd } from './index-target';

describe('whPhraseEnd: where the phrase of an opening "which"/"what" ends', () => {
  it('ends at a verb of describing or a word of difference, so the people after it are profiled', () => {
    expect(whPhraseEnd(['what', 'characterises', 'tiktok', 'users'])).toBe(1);
    expect(whPhraseEnd(['what', 'different', 'about', 'vegetarians'])).toBe(1);
  });

  it('runs to the first verb after a noun phrase, and is 0 when the prompt opens otherwise', () => {
    expect(whPhraseEnd(['which', 'streaming', 'service', 'do', 'gen', 'z', 'use'])).toBe(3);
    expect(whPhraseEnd(['do', 'parents', 'over', 'index', 'on', 'tiktok'])).toBe(0);
  });
});

describe('isIndexTarget: what an index or a difference is measured on', () => {
  const words = (text: string) => text.split(' ');

  it('is the name after an index cue with only linking words between', () => {
    const w = words('do parents over index on tiktok');
    expect(isIndexTarget(w, new Set(), { start: 5 })).toBe(true);
  });

  it('is not a name with other unread words between it and the cue', () => {
    const w = words('do parents over index on tiktok among people who own a dog');
    expect(isIndexTarget(w, new Set([5]), { start: 11 })).toBe(false);
  });

  it('keeps what the target is said as with the target ("printed newspapers as a source of news")', () => {
    const w = words('do graduates over index on printed newspapers as a source of news');
    expect(isIndexTarget(w, new Set([5, 6]), { start: 11 })).toBe(true);
  });
});
