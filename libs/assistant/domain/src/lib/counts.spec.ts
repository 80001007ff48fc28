import { countsAsDigits } from './counts';
import { normalize } from './text';

describe('countsAsDigits', () => {
  it('reads a count joined to a noun as digits, the noun plural above one', () => {
    expect(countsAsDigits('one-person households')).toBe('1 person households');
    expect(countsAsDigits('single-person homes')).toBe('1 person homes');
    expect(countsAsDigits('three-person vs 4-person')).toBe('3 people vs 4 people');
    expect(countsAsDigits('two-car families')).toBe('2 cars families');
  });

  it('reads two counts joined by "or" as their range, and "N or more" in digits', () => {
    expect(countsAsDigits('three or four holidays')).toBe('3-4 holidays');
    expect(countsAsDigits('five or more people')).toBe('5 or more people');
    expect(countsAsDigits('twenty-five or more')).toBe('25 or more');
  });

  it('reads a count before a plural noun, and "one" only when counted per a period', () => {
    expect(countsAsDigits('take two holidays a year')).toBe('take 2 holidays a year');
    expect(countsAsDigits('take one holiday a year')).toBe('take 1 holiday a year');
    expect(countsAsDigits('no one uses it')).toBe('no one uses it');
    expect(countsAsDigits('which one of them')).toBe('which one of them');
    expect(countsAsDigits('single people')).toBe('single people');
  });

  it('runs inside normalize, so prompts meet answer names written in digits', () => {
    expect(normalize('One-person households?')).toBe(' 1 person households ');
    expect(normalize('Three or four trips a year')).toBe(' 3-4 trips a year ');
  });
});

describe('counts in other languages', () => {
  it('leaves a text in another language as written: its patterns are English', () => {
    expect(countsAsDigits('wie viele 18-jährige nutzen tiktok')).toBe('wie viele 18-jährige nutzen tiktok');
    expect(countsAsDigits('how many one-person households use tiktok')).toBe('how many 1 person households use tiktok');
  });
});
