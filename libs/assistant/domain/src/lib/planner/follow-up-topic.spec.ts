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

describe('another answer of the same grid with no word of a scale', () => {
  const scaleOf = (prompt: string) => {
    const p = followUp('Rank markets by Tesla consideration', prompt);
    return [p.topic?.datapoints.map((d) => d.code), p.topic?.suffix?.code, p.rankBy];
  };
  it('keeps the previous row of the scale ("statt Tesla bitte BYD" after Tesla consideration)', () => {
    expect(scaleOf('statt Tesla bitte BYD')).toEqual([['byd'], '2', 'markets']);
    expect(scaleOf('BYD instead of Tesla')).toEqual([['byd'], '2', 'markets']);
    expect(scaleOf('what about BYD?')).toEqual([['byd'], '2', 'markets']);
    expect(scaleOf('und BYD?')).toEqual([['byd'], '2', 'markets']);
  });
  it('moves to the row a word of the scale names', () => {
    expect(scaleOf('what about BYD awareness?')).toEqual([['byd'], '1', 'markets']);
  });
});
