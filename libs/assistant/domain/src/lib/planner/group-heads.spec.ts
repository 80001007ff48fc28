import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { headFits } from './group-heads';

const catalogue = demoPlannerCatalogue();
const topicOf = (prompt: string) => {
  const out = planPrompt({ prompt, catalogue });
  return out.outcome === 'answer' ? `${out.plan.topic?.question}:${out.plan.topic?.datapoints.map((d) => d.code).join('+')}` : out.outcome;
};

describe('group heads', () => {
  it('a group noun says what the question asks (fans follow, players play, owners own)', () => {
    expect(headFits('fans', 'Sports followed')).toBe(true);
    expect(headFits('fans', 'Sports and activities done')).toBe(false);
    expect(headFits('players', 'Sports and activities done')).toBe(false);
    expect(headFits('players', 'Game titles played in the last month')).toBe(true);
    expect(headFits(undefined, 'Sports followed')).toBe(false);
  });

  it('reads the thing before a group noun as the subject, never the noun as an answer of its own', () => {
    expect(topicOf('What share of Brits are smartphone owners?')).toBe('devices_owned:smartphone');
    expect(topicOf('How many Americans are basketball fans?')).toBe('sports_followed:basketball');
    expect(topicOf('How many Americans play basketball?')).toBe('sports_played:basketball');
  });

  it('reads a group noun before "of" and a name as the head of that group ("owners of cats")', () => {
    const out = planPrompt({ prompt: 'Are owners of cats in France over-represented on Pinterest?', catalogue });
    expect(out.outcome === 'answer' && out.plan.audiences.map((a) => a.expression)).toEqual([{ question: 'pets_owned', datapoints: ['cat'] }]);
  });
});
