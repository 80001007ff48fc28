import { escapeRegExp, namesWhole } from './text';

describe('escapeRegExp', () => {
  it('makes a phrase a literal, its spaces any run of space when asked', () => {
    expect(new RegExp(escapeRegExp('Disney+ (US)')).test('on Disney+ (US) now')).toBe(true);
    expect(new RegExp(escapeRegExp('Disney+')).test('Disneyy')).toBe(false);
    expect(new RegExp(escapeRegExp('buy now pay later', true)).test('buy now  pay\tlater')).toBe(true);
  });
});

describe('namesWhole', () => {
  it('finds a name said as whole words in any case, never inside a longer word', () => {
    expect(namesWhole('Activities on Instagram', 'instagram')).toBe(true);
    expect(namesWhole('Activities on Instagrammers', 'Instagram')).toBe(false);
    expect(namesWhole('Brand funnel: Disney+', 'Disney+')).toBe(true);
  });
});
