import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { unusedNote } from './coverage';

const demo = demoPlannerCatalogue();
const answer = (prompt: string) => {
  const out = planPrompt({ prompt, catalogue: demo });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome}`);
  return out;
};

describe('coverage accounting', () => {
  it('reports back a content word the plan does not use', () => {
    const out = answer('Instant payments like Pix or UPI: Brazil versus India');
    expect(out.unused).toContain('upi');
    expect(out.notes).toContain('Not used in this answer: “upi”. Ask again with them if they matter.');
  });
  it('counts names, aliases, misspellings, verbs of use and words of asking as used', () => {
    expect(answer('What share of Brits listen to podcasts every day?').unused).toBeUndefined();
    expect(answer('umm do millenials overindex on spotfy').unused).toBeUndefined();
    expect(answer('Pull the share of Brazilians playing Genshin Impact').unused).toBeUndefined();
  });
  it('reports only words that could have changed the answer: not a market code, who people are, or how common', () => {
    expect(answer('How prevalent is TikTok among USA residents?').unused).toBeUndefined();
    expect(answer('What share of pescatarians in the US use TikTok?').unused).toEqual(['pescatarians']);
    // A diet said as its people is read as the audience, not left unused.
    expect(answer('What share of vegans in the US use TikTok?').unused).toBeUndefined();
  });
  it('counts the words of a negated or combined subject, shorthand for a used word and what the answer is for as used', () => {
    expect(
      answer('For our UK churn deck: what share of UK adults have ordered from neither Deliveroo nor Uber Eats over the past year?').unused,
    ).toBeUndefined();
    expect(answer('How does the incidence of sleeping fewer than five hours a night vary across the household income terciles?').unused).toBeUndefined();
  });
  it('does not count a brief’s context as unused: it says the context was set aside', () => {
    const out = answer('Our board is nervous and growth has plateaued in Europe. What share of Gen Z in Germany use Spotify?');
    expect(out.unused).toBeUndefined();
    expect(out.notes).toContain('I answered the question “What share of Gen Z in Germany use Spotify?” and read the rest of your message as background.');
  });
});

describe('unusedNote', () => {
  it('names up to six words and counts the rest', () => {
    expect(unusedNote([])).toBeNull();
    expect(unusedNote(['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8'])).toBe(
      'Not used in this answer: “a1”, “a2”, “a3”, “a4”, “a5”, “a6” and 2 more. Ask again with them if they matter.',
    );
  });
});
