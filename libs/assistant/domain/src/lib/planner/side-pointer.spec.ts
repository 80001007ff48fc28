import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerFollowUp, answerPlan } from '../testing/plan-answer';
import { pointedSide } from './side-pointer';

const demo = demoPlannerCatalogue();

describe('pointedSide', () => {
  const compared = answerPlan('Gen Z vs Millennials on TikTok in the US', demo);
  it('names the side of the last answer by its place', () => {
    expect(pointedSide('the second one please', compared)).toBe('just Millennials please');
    expect(pointedSide('size the first group', compared)).toBe('just Gen Z, in millions');
    // A question of size opening the turn asks for the number of people, as a sizing command does.
    expect(pointedSide('how many people is the second group?', compared)).toBe('just Millennials, in millions');
    expect(pointedSide('how big is the first one?', compared)).toBe('just Gen Z, in millions');
  });
  it('reads answers compared when the audience is one', () => {
    expect(pointedSide('the last one in millions', answerPlan('Compare Netflix and Disney+ in Spain', demo))).toBe('just Disney+ in millions');
  });
  it('leaves a turn that points at no side', () => {
    expect(pointedSide('the third one', compared)).toBeNull();
    expect(pointedSide('the first one', answerPlan('What share of Germans use TikTok?', demo))).toBeNull();
    expect(pointedSide('and in France?', compared)).toBeNull();
  });
});

describe('a side by its place in a turn', () => {
  it('keeps the rest of the answer for that side alone, as a number of people', () => {
    const plan = answerFollowUp('Do men or women in France use Pinterest more?', 'the last one in millions', demo);
    expect(plan.audiences.map((a) => a.name)).toEqual(['Women']);
    expect(plan.count).toBe(true);
    expect(plan.topic?.datapoints.map((d) => d.code)).toEqual(['pinterest']);
  });
  it('sizes the side a question of size points at within the rest of the answer', () => {
    const plan = answerFollowUp('Compare Gen Z and Gen X on Instagram use in Brazil', 'how many people is the second group?', demo);
    expect(plan.audiences.map((a) => a.name)).toEqual(['Gen X']);
    expect(plan.count).toBe(true);
    expect(plan.topic?.datapoints.map((d) => d.code)).toEqual(['instagram']);
  });
});
