import { restatedGroups } from './group-restated';

describe('restatedGroups', () => {
  it('reads a word for a group after words of the question named, led by each or per, as the same groups', () => {
    const words = ['does', 'smartwatch', 'ownership', 'skew', 'by', 'household', 'size', '|', 'uk', '|', 'each', 'size', 'band'];
    expect(restatedGroups(words, 'Household size', [4, 5, 6])).toEqual([10, 11, 12]);
    expect(restatedGroups(['netflix', 'by', 'income', '|', 'per', 'income', 'bracket'], 'Household income band', [1, 2])).toEqual([4, 5, 6]);
  });

  it('keeps a word for a group that names no word of the question, or that nothing leads', () => {
    expect(restatedGroups(['tiktok', 'by', 'age', '|', 'each', 'income', 'band'], 'Age group', [1, 2])).toEqual([]);
    expect(restatedGroups(['tiktok', 'by', 'household', 'size', '|', 'the', 'size', 'band'], 'Household size', [1, 2, 3])).toEqual([]);
  });
});
