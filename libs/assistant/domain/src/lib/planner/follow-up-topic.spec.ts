import { AnalysisPlan } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';

const demo = demoPlannerCatalogue();

function followUp(first: string, prompt: string): AnalysisPlan {
  const before = planPrompt({ prompt: first, catalogue: demo });
  if (before.outcome !== 'answer') throw new Error(first);
  const out = planPrompt({ prompt, catalogue: demo, previous: before.plan, history: [before.plan] });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.message}`);
  return out.plan;
}
const answersOf = (plan: AnalysisPlan) => [plan.topic?.question, plan.topic?.datapoints.map((d) => d.code)];

describe('followUpTopic: other answers of the previous question', () => {
  it('reads a frequency said in words as the answers it means ("and at least once a week?")', () => {
    expect(answersOf(followUp('What share of Americans listen to podcasts every day?', 'and at least once a week?'))).toEqual([
      'podcast_listening_frequency',
      ['daily', 'weekly'],
    ]);
    expect(answersOf(followUp('What share of Brits exercise every day?', 'what about once or twice a week?'))).toEqual([
      'exercise_frequency',
      ['1_2_times_a_week'],
    ]);
  });
  it('still reads an answer named ("and weekly?")', () => {
    expect(answersOf(followUp('What share of Americans listen to podcasts every day?', 'and weekly?'))).toEqual(['podcast_listening_frequency', ['weekly']]);
  });
});
