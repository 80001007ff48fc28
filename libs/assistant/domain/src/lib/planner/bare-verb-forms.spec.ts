import { indexOf } from '../catalogue-index';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';
import { derivedNameWord, inBareVerbSlot } from './derived-forms';

const catalogue = demoPlannerCatalogue();
const index = indexOf(catalogue);

describe("a verb's bare form where a verb goes names the activity said with -ing", () => {
  it('knows the slot of a bare verb by the word before it (grammar.json bareVerbLeads)', () => {
    expect(inBareVerbSlot(['people', 'who', 'cycle'], 2)).toBe(true);
    expect(inBareVerbSlot(['%', 'that', 'swim'], 2)).toBe(true);
    expect(inBareVerbSlot(['a', 'cycle'], 1)).toBe(false);
  });

  it('reads "cycle", "swim", "hike" in that slot as the activity, and not out of it', () => {
    expect(derivedNameWord('cycle', index, false, true)).toBe('cycling');
    expect(derivedNameWord('swim', index, false, true)).toBe('swimming');
    expect(derivedNameWord('hike', index, false, true)).toBe('hiking');
    expect(derivedNameWord('cycle', index)).toBeUndefined();
    // A verb with a named object does that to the object: no activity.
    expect(derivedNameWord('cycle', index, true, true)).toBeUndefined();
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
