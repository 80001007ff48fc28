import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';

const demo = demoPlannerCatalogue();
const ranked = (prompt: string) => {
  const p = answerPlan(prompt, demo);
  return { topic: p.topic?.question, groups: p.audiences.map((a) => (a.expression as { question?: string }).question), verdict: p.verdict };
};

describe('a group question opening the prompt with its superlative', () => {
  it.each([
    ['education level least likely to use linkedin', 'social_platform_usage', 'education_level', 'lowest'],
    ['age group most likely to use tiktok in the uk', 'social_platform_usage', 'age_group', 'highest'],
    ['the income group least likely to own a car', 'car_ownership', 'income_group', 'lowest'],
    ['Age group most likely to meditate?', 'wellness_activities', 'age_group', 'highest'],
    ['household size group least likely to have a pet', 'pets_owned', 'household_size', 'lowest'],
  ])('asks which of its groups: %s', (prompt, topic, group, verdict) => {
    const r = ranked(prompt);
    expect(r.topic).toBe(topic);
    expect(new Set(r.groups)).toEqual(new Set([group]));
    expect(r.verdict).toBe(verdict);
  });
});
