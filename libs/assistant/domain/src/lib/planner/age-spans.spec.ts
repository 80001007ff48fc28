import { ageSpans } from './age-spans';

const read = (text: string) =>
  ageSpans(text.split(' '), new Set()).map((s) => ({ words: s.entry.words.join(' '), name: s.entry.kind === 'audience' ? s.entry.name : s.entry.kind }));

describe('ageSpans', () => {
  it('reads an age said with its years up to its last word, also at the end of the prompt', () => {
    expect(read('and among under 25 years')).toEqual([{ words: 'under 25 years', name: 'Under 25' }]);
    expect(read('what part of under 25 years use snapchat')).toEqual([{ words: 'under 25 years', name: 'Under 25' }]);
    expect(read('and among the under 25 years old')).toEqual([{ words: 'under 25 years old', name: 'Under 25' }]);
  });
  it('reads a range with its years, and one without', () => {
    expect(read('what share of 25 to 34 years')).toEqual([{ words: 'of 25 to 34 years', name: 'Aged 25-34' }]);
    expect(read('women aged 25-34 in france')).toEqual([{ words: 'aged 25-34', name: 'Aged 25-34' }]);
  });
  it('reads an age with "and over" or "or older" after people or "aged" as that age and every band above it', () => {
    expect(read('people 55 and over in the uk')).toEqual([{ words: '55 and over', name: '55 and over' }]);
    expect(read('people aged 45 or older')).toEqual([{ words: 'aged 45 or older', name: '45 and over' }]);
    expect(ageSpans('people aged 45 or older'.split(' '), new Set())[0].entry).toMatchObject({ expression: { datapoints: ['45_54', '55_64'] } });
  });
  it('reads no age floor after a word that is no person ("spend 20 and over")', () => {
    expect(read('spend 20 and over')).toEqual([]);
  });
  it('starts an age a few years above the survey\'s youngest with the youngest band ("18-34s" is 16-24 and 25-34)', () => {
    expect(ageSpans('18-34s in the us'.split(' '), new Set())[0].entry).toMatchObject({ expression: { datapoints: ['16_24', '25_34'] } });
    expect(ageSpans('aged 25-34'.split(' '), new Set())[0].entry).toMatchObject({ expression: { datapoints: ['25_34'] } });
  });
});
