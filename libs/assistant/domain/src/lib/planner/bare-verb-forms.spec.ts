import { indexOf } from '../catalogue-index';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';
import { activityVerbWord } from './derived-forms';

const catalogue = demoPlannerCatalogue();
const index = indexOf(catalogue);

describe("a verb's bare form where a verb goes names the activity said with -ing", () => {
  it('reads "cycle", "swim", "hike" after a word that leads a verb (grammar.json activityVerbBefore) as the activity, and not elsewhere', () => {
    expect(activityVerbWord(['people', 'who', 'cycle'], 2, index)).toBe('cycling');
    expect(activityVerbWord(['%', 'that', 'swim'], 2, index)).toBe('swimming');
    expect(activityVerbWord(['who', 'hike'], 1, index)).toBe('hiking');
    expect(activityVerbWord(['a', 'cycle'], 1, index)).toBeUndefined();
    // A verb with a named object does that to the object: no activity.
    expect(activityVerbWord(['who', 'cycle', 'netflix'], 1, index)).toBeUndefined();
  });

  const topic = (prompt: string) => {
    const plan = answerPlan(prompt, catalogue);
    return { question: plan.topic?.question, datapoints: plan.topic?.datapoints.map((d) => d.code), audiences: plan.audiences.map((a) => a.expression) };
  };

  it.each([
    ['% of germans who cycle', 'cycling'],
    ['% of Germans who swim regularly', 'swimming'],
    ['what share of UK adults never cycle?', 'cycling'],
    ['share of Americans who hike', 'hiking'],
    ['share of people in France that often swim', 'swimming'],
  ])('"%s": the activity is the topic', (prompt, code) => {
    expect(topic(prompt)).toMatchObject({ question: 'sports_played', datapoints: [code] });
  });

  it('keeps the people named before the dash and asks about the bare verb after it', () => {
    expect(topic('ppl in germany who dont own a car - % that cycle regularly?')).toEqual({
      question: 'sports_played',
      datapoints: ['cycling'],
      audiences: [{ question: 'car_ownership', datapoints: ['no_car'] }],
    });
  });
});
