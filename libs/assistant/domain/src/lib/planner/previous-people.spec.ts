import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerFollowUp, answerPlan } from '../testing/plan-answer';
import { withPreviousPeople } from './previous-people';
import { planPrompt } from '../planner';

const demo = demoPlannerCatalogue();
const leaves = (e: unknown): unknown => JSON.stringify(e);

describe('withPreviousPeople', () => {
  const threads = answerPlan('How many people in the UK use Threads?', demo);
  it('makes the people the last answer counted the audience of another question', () => {
    const plan = answerFollowUp('How many people in the UK use Threads?', 'and how many of them are men?', demo);
    expect(plan.topic?.question).toBe('gender');
    expect(leaves(plan.audiences[0].expression)).toBe(leaves({ question: 'social_platform_usage', datapoints: ['threads'] }));
    expect(plan.locations.map((l) => l.code)).toEqual(['gb']);
  });
  it('keeps the last audience beside them', () => {
    const plan = answerFollowUp('What share of Parents in France own a dog?', 'what share of those are women?', demo);
    expect(plan.audiences[0].name).toMatch(/Parents & Dog/);
  });
  it('leaves a turn that measures the same question, or names no people of the last answer', () => {
    const same = planPrompt({ prompt: 'what about them on TikTok?', catalogue: demo, previous: threads, history: [threads] });
    expect(withPreviousPeople('what about them on TikTok?', same, threads)).toBe(same);
    const other = planPrompt({ prompt: 'what share are men?', catalogue: demo, previous: threads, history: [threads] });
    expect(withPreviousPeople('what share are men?', other, threads)).toBe(other);
    const daily = answerFollowUp('How many people in the UK use Threads?', 'and how many of them use it every day?', demo);
    expect(daily.audiences.map((a) => a.origin)).toEqual(['everyone']);
  });
  it('asks another answer of the same question of them when they are asked whether they give it too', () => {
    const plan = answerFollowUp('What share of Brazilians use WhatsApp?', 'do those people use Telegram too?', demo);
    expect(plan.topic?.datapoints.map((d) => d.code)).toEqual(['telegram']);
    expect(leaves(plan.audiences[0].expression)).toBe(leaves({ question: 'social_platform_usage', datapoints: ['whatsapp'] }));
    // Named with no people of the last answer, the answer joins the last one.
    const joined = answerFollowUp('What share of Brazilians use WhatsApp?', 'and Telegram too?', demo);
    expect(joined.topic?.datapoints.map((d) => d.code)).toEqual(['whatsapp', 'telegram']);
  });
});
