import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { readGroup } from './group-cues';

const demo = demoPlannerCatalogue();
const group = (prompt: string) => readGroup(prompt.split(' '), demo, [], false);

describe('readGroup: "which of the <groups>" asks for one of them, as "which" alone does', () => {
  it.each([
    ['which of the generations is most into gaming', 'age_group', true],
    ['which of our income groups is least likely to use klarna', 'income_group', false],
    ['which of the age groups uses tiktok most', 'age_group', false],
  ])('%s', (prompt, question, generations) => {
    expect(group(prompt)).toEqual({ question, generations });
  });

  it('reads no group where "which of" asks about something else', () => {
    expect(group('which of the brands do parents prefer')).toBeNull();
  });
});
