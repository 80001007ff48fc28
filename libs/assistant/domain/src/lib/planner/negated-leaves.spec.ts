import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';
import { noneOfLeaves } from './negated-leaves';

const catalogue = demoPlannerCatalogue();

describe('noneOfLeaves', () => {
  const not = (code: string) => ({ question: 'sports_played', datapoints: [code], not: true });

  it('negates the answers of "neither X nor Y" of one question together', () => {
    expect(noneOfLeaves({ and: [not('running'), not('cycling')] }, 'people who neither run nor cycle'.split(' '))).toEqual({
      question: 'sports_played',
      datapoints: ['running', 'cycling'],
      not: true,
    });
  });

  it('leaves negated leaves apart without "neither" or "nor"', () => {
    const e = { and: [not('running'), not('cycling')] };
    expect(noneOfLeaves(e, 'people who do not run'.split(' '))).toBe(e);
  });
});

describe('leafNegated through the planner', () => {
  it('negates an answer said on two sides only on the side whose clause negates it', () => {
    const plan = answerPlan("Gym members who also run vs gym members who don't run: what share use MyFitnessPal?", catalogue);
    const sides = plan.audiences.map((a) => JSON.stringify(a.expression));
    expect(sides).toHaveLength(2);
    expect(sides[0]).not.toContain('"not":true');
    expect(sides[1]).toContain('"not":true');
  });
});
