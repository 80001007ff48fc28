import { indexOf } from '../catalogue-index';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';
import { activityVerbWord } from './derived-forms';

const demo = demoPlannerCatalogue();
const index = indexOf(demo);
const topic = (prompt: string) => {
  const t = answerPlan(prompt, demo).topic;
  return { question: t?.question, datapoints: t?.datapoints.map((d) => d.code) };
};

describe('activityVerbWord: a bare verb naming the activity of its -ing form', () => {
  it('reads the verb after a word that leads one, in place of the longer answer its word is short for', () => {
    expect(activityVerbWord(['likely', 'to', 'garden'], 2, index)).toBe('gardening');
    expect(activityVerbWord(['people', 'who', 'garden'], 2, index)).toBe('gardening');
  });
  it('reads a bare verb joined to an activity said by a bare verb ("who both cycle and run")', () => {
    expect(activityVerbWord('people who both cycle and run'.split(' '), 5, index)).toBe('running');
    expect(activityVerbWord('people who use tiktok and run'.split(' '), 5, index)).toBeUndefined();
  });
  it('leaves a word that is no verb there, or names an answer whole, alone', () => {
    expect(activityVerbWord(['home', 'and', 'garden'], 2, index)).toBeUndefined();
    expect(activityVerbWord(['who', 'use', 'tiktok'], 1, index)).toBeUndefined();
  });
  it('leaves a verb asked of the analyst alone: "could you run the same for Millennials" runs the numbers, not Running', () => {
    expect(activityVerbWord('could you run the exact same thing for millennials'.split(' '), 2, index)).toBeUndefined();
    expect(activityVerbWord('can we run it for the uk'.split(' '), 2, index)).toBeUndefined();
  });
});

describe('plans with a bare verb of an activity', () => {
  it.each([
    'city, suburbs or countryside: where are Japanese people most likely to garden regularly?',
    'share of Japanese people who garden',
    'which age group is most likely to garden?',
    'percentage of French adults that garden',
  ])('%s', (prompt) => {
    expect(topic(prompt).datapoints).toEqual(['gardening']);
  });
  it('keeps the longer answer when it is said whole', () => {
    expect(topic('share of Germans who read home and garden magazines')).toEqual({ question: 'magazine_types', datapoints: ['home_and_garden'] });
  });
});
