import { betweenPair } from './between-sides';

const words = (text: string) => text.split(' ');

describe('betweenPair', () => {
  it('reads two people after "between" joined by "and" as two sides', () => {
    const w = words('compare between those in full time employment and those who are self employed');
    expect(betweenPair(w, { start: 4, end: 7 }, { start: 11, end: 13 })).toBe(true);
  });
  it('needs "between" before the first and only "and" with words that lead to people between them', () => {
    const w = words('those in full time employment and those who are self employed');
    expect(betweenPair(w, { start: 2, end: 5 }, { start: 9, end: 11 })).toBe(false);
    const v = words('between full time employment or mostly self employed');
    expect(betweenPair(v, { start: 1, end: 4 }, { start: 6, end: 8 })).toBe(false);
  });
});
