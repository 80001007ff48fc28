import { bandOf, bandsMeant, isAnswerFrequency, isNoneAnswer, NONE_OF_IT, readFrequencies, readQuantities, readZeroAmounts, TIMES_A_WEEK } from './quantities';
import { normalize } from './text';

const words = (text: string) => normalize(text).trim().split(' ');

describe('amounts of money', () => {
  it('reads a currency sign before an amount as its unit', () => {
    expect(normalize('$50 or more').trim()).toBe('50 dollars or more');
    expect(normalize('€10-€24').trim()).toBe('10-24 euros');
    expect(normalize('over £100,000 a year').trim()).toBe('over 100000 pounds a year');
    expect(normalize('a €200k budget').trim()).toBe('a 200000 euros budget');
  });
  it('reads money bands and amounts as intervals in their currency', () => {
    expect(bandOf(normalize('$100 or more').trim())).toEqual({ lo: 100, hi: Infinity, unit: 'dollar' });
    expect(bandOf(normalize('$10-$24').trim())).toEqual({ lo: 10, hi: 24, unit: 'dollar' });
    expect(bandOf(normalize('Under $10').trim())).toEqual({ lo: 0, hi: 10, unit: 'dollar' });
    expect(readQuantities(words('earn more than €100,000 a year'))).toMatchObject([{ lo: 100000, hi: Infinity, unit: 'euro' }]);
  });
});

describe('amounts between two ends with their unit', () => {
  it('reads "between $10 and $24" as one interval', () => {
    expect(readQuantities(words('spend between $10 and $24 a month'))).toMatchObject([{ lo: 10, hi: 24, unit: 'dollar' }]);
  });
});

describe('decimal amounts', () => {
  it('keeps a decimal point and reads the amount', () => {
    expect(normalize('less than 5.5 hours').trim()).toBe('less than 5.5 hours');
    expect(readQuantities(words('sleep less than 5.5 hours'))).toMatchObject([{ lo: 0, hi: 5.5, unit: 'hour' }]);
    expect(normalize('U.S. e.g. end.').trim()).toBe('u s e g end');
  });
});

describe('amounts said in words', () => {
  it('reads "an hour" as one hour', () => {
    expect(readQuantities(words('watch TV for under an hour a day'))).toMatchObject([{ lo: 0, hi: 1, unit: 'hour' }]);
  });
  it('reads "six figures" as 100000 dollars or more', () => {
    expect(normalize('Americans earning six figures').trim()).toBe('americans earning 100000 dollars or more');
    expect(readQuantities(words('earn six figures'))).toMatchObject([{ lo: 100000, hi: Infinity, unit: 'dollar' }]);
  });
});

describe('frequencies said in words', () => {
  const frequency = (text: string) => readFrequencies(words(text)).map(({ lo, hi }) => [lo, hi]);
  it('reads a frequency as times a week, the longest phrase first', () => {
    expect(frequency('shop online twice a month')).toEqual([[0.5, 0.5]]);
    expect(frequency('listen at least once a week')).toEqual([[1, 7]]);
    expect(frequency('drink alcohol once in a while')).toEqual([[0.01, 0.22]]);
    expect(readFrequencies(words('a couple of times a week'))[0]).toMatchObject({ start: 0, end: 6, unit: TIMES_A_WEEK });
  });
  it('reads a frequency answer as its band', () => {
    expect(bandOf('several times a week')).toEqual({ lo: 2, hi: 6, unit: TIMES_A_WEEK });
    expect(bandOf('weekly')).toMatchObject({ lo: 1, unit: TIMES_A_WEEK });
    expect(isAnswerFrequency('once a week')).toBe(true);
    expect(isAnswerFrequency('twice a month')).toBe(false);
  });
  it('means the bands inside what was asked, else the one band that holds a frequency', () => {
    const bands = ['every day', '3-6 times a week', '1-2 times a week', 'less than once a week', 'never'].map(bandOf);
    const meant = (text: string) => bandsMeant(bands, readFrequencies(words(text))[0]);
    expect(meant('at least once a week')).toEqual([0, 1, 2]);
    expect(meant('once or twice a week')).toEqual([2]);
    expect(meant('a couple of times a week')).toEqual([2]);
    expect(meant('rarely')).toEqual([3]);
  });
  it('never takes a holding band for an amount, which must fall on band edges', () => {
    const sleep = ['less than 5 hours', '5-6 hours', '6-7 hours'].map(bandOf);
    expect(bandsMeant(sleep, { lo: 5.5, hi: 5.5, unit: 'hour' })).toEqual([]);
  });
});

describe('none of an amount', () => {
  it('reads "spend nothing" and "not spend any money" as zero, leaving the verb out of nothing', () => {
    expect(readZeroAmounts(words('spend nothing on games'))).toMatchObject([{ lo: 0, hi: 0, unit: NONE_OF_IT, start: 0, end: 2 }]);
    expect(readZeroAmounts(words("don't spend any money on games"))).toMatchObject([{ start: 1, end: 5 }]);
  });
  it('reads the answers that are none of the thing as the zero band', () => {
    expect(bandOf('nothing')).toEqual({ lo: 0, hi: 0, unit: NONE_OF_IT });
    expect(isNoneAnswer('never')).toBe(true);
    expect(isNoneAnswer('none of these')).toBe(false);
  });
});
