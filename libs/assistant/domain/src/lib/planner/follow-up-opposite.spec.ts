import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerFollowUp, answerPlan } from '../testing/plan-answer';
import { oppositeOfPrevious } from './follow-up-opposite';

const demo = demoPlannerCatalogue();

describe('oppositeOfPrevious', () => {
  const previous = answerPlan('What share of Japanese people use LinkedIn?', demo);
  it('asks who does not give the last subject', () => {
    expect(oppositeOfPrevious('and the opposite?', previous, demo)).toBe("and who doesn't?");
    expect(oppositeOfPrevious('¿y lo contrario?', previous, demo)).toBe("and who doesn't?");
    expect(oppositeOfPrevious('the reverse - how many?', previous, demo)).toBe("and who doesn't - how many");
  });
  it('leaves a turn that names something of its own, or with no last subject', () => {
    expect(oppositeOfPrevious('the opposite of TikTok', previous, demo)).toBeNull();
    expect(oppositeOfPrevious('and the opposite?', null, demo)).toBeNull();
  });
});

describe('the opposite in a turn', () => {
  it('negates the last subject and keeps the rest', () => {
    const plan = answerFollowUp('What share of Parents in France own a dog?', 'and the reverse - how many?', demo);
    expect(plan.topic?.negate).toBe(true);
    expect(plan.count).toBe(true);
    expect(plan.audiences.map((a) => a.name)).toEqual(['Parents']);
  });
});
