import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { audienceNames } from './brief-people';
import { resolveReferences } from './brief';

const demo = demoPlannerCatalogue();

describe('audienceNames', () => {
  it('names each audience with the ages written right after or before it', () => {
    expect(audienceNames('Our target is women aged 25-34 in Germany.', demo)).toEqual(['women aged 25-34']);
    expect(audienceNames('We want men between 18 and 24, and Parents.', demo)[1]).toBe('parents');
    expect(audienceNames('The segment we care about is Parents.', demo)).toEqual(['parents']);
  });
  it('resolves "them" in the question to the audience with its ages', () => {
    expect(resolveReferences('How many of them use Pinterest?', 'Our target is women aged 25-34 in Germany.', demo)).toBe(
      'How many of women aged 25-34 use Pinterest?',
    );
  });
});
