import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { unknownPeople } from './unknown-people';

const catalogue = demoPlannerCatalogue();

describe('unknownPeople: a group no question defines, named where the audience stands', () => {
  it('finds an unused person noun after "of" or "among"', () => {
    expect(unknownPeople('what share of commuters in the uk listen to podcasts', ['commuters'])).toBe('commuters');
    expect(unknownPeople('among voters, how many use tiktok', ['voters'])).toBe('voters');
  });

  it('leaves people nouns of the lexicon, words that are no person, and other places alone', () => {
    expect(unknownPeople('what share of users in the uk', ['users'])).toBeNull();
    expect(unknownPeople('what share of smokers vape', ['smokers'])).toBeNull();
    expect(unknownPeople('share of people who use tiktok for hours', ['hours'])).toBeNull();
    expect(unknownPeople('commuters in the uk: what share use tiktok', ['commuters'])).toBeNull();
  });

  it('refuses rather than answering for everyone', () => {
    const out = planPrompt({ prompt: 'What share of commuters in the UK listen to true crime podcasts?', catalogue });
    expect(out.outcome).toBe('refuse');
    const known = planPrompt({ prompt: 'What share of cyclists in the UK listen to true crime podcasts?', catalogue });
    expect(known.outcome).toBe('answer');
  });
});
