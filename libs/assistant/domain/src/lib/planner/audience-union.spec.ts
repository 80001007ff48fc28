import { PlanAudience } from '../assistant.types';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan, topicAndAudiences } from '../testing/plan-answer';
import { saysUnion, unionOf, unitedBands, unitedSides } from './audience-union';
import { Roles } from './types';

const demo = demoPlannerCatalogue();
const audience = (name: string, expression: Record<string, unknown>): PlanAudience => ({ id: name, name, description: '', expression, origin: 'phrase' });
const genZ = audience('Gen Z', { question: 'age_group', datapoints: ['16_24'] });
const millennials = audience('Millennials', { question: 'age_group', datapoints: ['25_34', '35_44'] });
const women = audience('Women', { question: 'gender', datapoints: ['female'] });
const roles = (sides: PlanAudience[][]): Roles => ({ sides, topicSpans: [], groupSpans: [] });

describe('unionOf', () => {
  it('merges groups of one question into one leaf, any of them', () => {
    expect(unionOf([genZ, millennials]).expression).toEqual({ question: 'age_group', datapoints: ['16_24', '25_34', '35_44'] });
  });
  it('keeps groups of several questions under or', () => {
    expect(unionOf([genZ, women]).expression).toEqual({ or: [genZ.expression, women.expression] });
  });
});

describe('unitedSides', () => {
  it('makes sides taken together one side', () => {
    const r = roles([[genZ], [millennials]]);
    unitedSides(r, ' gen z and millennials combined ', '', demo);
    expect(r.sides.map((s) => s.map((a) => a.expression))).toEqual([[{ question: 'age_group', datapoints: ['16_24', '25_34', '35_44'] }]]);
  });
  it('leaves sides side by side with no word of union', () => {
    const r = roles([[genZ], [millennials]]);
    unitedSides(r, ' gen z vs millennials ', '', demo);
    expect(r.sides).toHaveLength(2);
  });
  it('reads two groups of one people question inside a side as their union, other parts kept', () => {
    const r = roles([[genZ, millennials, women]]);
    unitedSides(r, ' ', '', demo);
    expect(r.sides[0].map((a) => a.expression)).toEqual([{ question: 'age_group', datapoints: ['16_24', '25_34', '35_44'] }, women.expression]);
  });
  it('finds the words of union in other languages', () => {
    expect(saysUnion(' gen z und millennials zusammen ')).toBe(true);
    expect(saysUnion(' together with ')).toBe(true);
    expect(saysUnion(' togetherness ')).toBe(false);
  });
});

describe('the groups combined in a plan', () => {
  it('measures the topic once among the groups taken together', () => {
    expect(topicAndAudiences(answerPlan('How many Gen Z and Millennials combined use TikTok in the US?', demo))).toEqual({
      topic: 'social_platform_usage',
      audiences: [{ question: 'age_group', datapoints: ['16_24', '25_34', '35_44'] }],
    });
  });
  it('keeps two groups side by side when they are compared', () => {
    expect(answerPlan('How many Gen Z and how many Millennials in the US use TikTok?', demo).audiences).toHaveLength(2);
  });
});

describe('unitedBands', () => {
  it('reads bands of one single-choice question joined as both as their union', () => {
    const plan = answerPlan('Total number of Gen X plus Baby boomers in Germany', demo);
    expect(plan.topic?.question).toBe('age_group');
    expect(plan.topic?.combine).toBe('any');
  });
  it('keeps both answers of a question several answers of which may be given', () => {
    const plan = answerPlan('What share of people in Germany use Netflix plus Disney+?', demo);
    expect(plan.topic?.combine).toBe('all');
    const topic = { ...(plan.topic as NonNullable<typeof plan.topic>) };
    expect(unitedBands(topic, demo)).toBe(topic);
  });
});
