import { readCarriedCombine } from './combine';

describe('an amount is no count of answers', () => {
  it('reads "at least 7 hours" and "at least once a week" as amounts, not at least N of the answers', () => {
    expect(readCarriedCombine('at least 7 hours of sleep'.split(' '))).toBeUndefined();
    expect(readCarriedCombine('at least once a week'.split(' '))).toBeUndefined();
    expect(readCarriedCombine('at least two of them'.split(' '))).toMatchObject({ combine: 'at-least', minCount: 2 });
  });
});
