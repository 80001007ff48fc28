import { indexOf } from '../catalogue-index';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';
import { answerWindowWords } from './answer-window';

const catalogue = demoPlannerCatalogue();
const index = indexOf(catalogue);
const DEFAULT_WAVES = ['q4_2025', 'q1_2026', 'q2_2026', 'q3_2026'];
const wavesOf = (prompt: string) => answerPlan(prompt, catalogue).waves.map((w) => w.code);

describe("a recall window the answer's own question says is no period of waves", () => {
  it('keeps "the past 3 months" from time when the question of a named answer says it', () => {
    const words = ['bought', 'nappies', 'in', 'the', 'past', '3', 'months'];
    expect([...answerWindowWords(words, index)]).toEqual([4, 5, 6]);
    expect([...answerWindowWords(['use', 'tiktok', 'in', 'the', 'past', '3', 'months'], index)]).toEqual([]);
  });

  it.each([
    'What share of parents in Germany bought nappies in the past 3 months?',
    'share of Germans who bought toys in the last 3 months',
    'how many UK parents bought baby food in the last three months? %',
  ])('"%s": the default waves', (prompt) => {
    expect(wavesOf(prompt)).toEqual(DEFAULT_WAVES);
  });

  it('leaves a window of a year or more to time: the default waves of a share, the period of a trend', () => {
    expect([...answerWindowWords(['bought', 'dyson', 'in', 'the', 'last', '12', 'months'], index)]).toEqual([]);
    expect(wavesOf('Trend in Shein awareness among Gen Z women in the US over the past 12 months')).toEqual(DEFAULT_WAVES);
  });

  it('still reads the window as the period for a question that does not say it', () => {
    expect(wavesOf('share of Germans who use TikTok in the last 3 months')).toEqual(['q3_2026']);
  });
});
