import { bandOf, readQuantities } from './quantities';
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
