import { indexOf } from '../catalogue-index';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';
import { asksFrequencies, frequencyStems } from './topic-words';

const demo = demoPlannerCatalogue();
const index = indexOf(demo);

describe('frequency words and the questions they can name', () => {
  it('keeps a stem another word of the prompt says as a period', () => {
    expect([...frequencyStems(['weekly', 'pinterest', 'users'], ['weekly', 'users'])]).toEqual(['week']);
    expect([...frequencyStems(['weekly', 'drinks', 'last', 'week'], ['weekly', 'drinks', 'last', 'week'])]).toEqual([]);
    expect([...frequencyStems(['social', 'media', 'each', 'day'], ['social', 'media', 'each', 'day'])]).toEqual([]);
  });
  it('knows the questions of frequencies by their answers or scale', () => {
    expect(asksFrequencies(index, 'social_platform_frequency')).toBe(true);
    expect(asksFrequencies(index, 'drinks_consumed')).toBe(false);
  });
  it('reads "weekly X users" as the row of the frequency grid, not a question named by "week"', () => {
    const plan = answerPlan('How many weekly Pinterest users are there in the US?', demo);
    expect([plan.topic?.question, plan.topic?.suffix?.code]).toEqual(['social_platform_frequency', '2']);
    const among = answerPlan('What share of weekly Reddit users in the UK use Discord?', demo);
    expect(among.audiences.map((a) => a.expression)).toEqual([{ question: 'social_platform_frequency', datapoints: ['reddit'], suffixes: ['2'] }]);
  });
});
