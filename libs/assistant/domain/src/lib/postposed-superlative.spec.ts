import { superlativesBeforeNouns } from './postposed-superlative';

const reordered = (text: string) => superlativesBeforeNouns(text.split(' ')).join(' ');

describe('superlativesBeforeNouns', () => {
  it('puts a superlative after its noun phrase before it, in English order', () => {
    expect(reordered('which is the streaming service most used by women')).toBe('which is the most used streaming service by women');
    expect(reordered('what is the delivery app most used in brazil')).toBe('what is the most used delivery app in brazil');
    expect(reordered('which is the car brand favourite of germans')).toBe('which is the favourite car brand of germans');
    expect(reordered('what is the social network least used in france')).toBe('what is the least used social network in france');
  });

  it('leaves a superlative that follows no noun phrase after "the" as it is', () => {
    expect(reordered('which brands do they use most')).toBe('which brands do they use most');
    expect(reordered('the most used app')).toBe('the most used app');
    expect(reordered('who uses tiktok the most')).toBe('who uses tiktok the most');
    expect(reordered('what are the four social media most used')).toBe('what are the four social media most used');
    expect(reordered('which are the three airlines favourite in spain')).toBe('which are the three airlines favourite in spain');
  });
});
