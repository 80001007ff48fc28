import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';
import { namedAsExamples } from './example-answers';

const demo = demoPlannerCatalogue();
const span = (start: number, end: number) => ({ start, end, entry: { kind: 'datapoint' } });

describe('namedAsExamples', () => {
  it('finds a list left open after its answers', () => {
    expect(namedAsExamples('meditation therapy journaling etc | ranked'.split(' '), [span(0, 1), span(1, 2), span(2, 3)])).toBe(true);
    expect(namedAsExamples('netflix hulu and so on'.split(' '), [span(0, 1), span(1, 2)])).toBe(true);
    expect(namedAsExamples('netflix | hulu | etc'.split(' '), [span(0, 1), span(2, 3)])).toBe(true);
  });
  it('leaves a closed list alone', () => {
    expect(namedAsExamples('netflix and hulu | ranked'.split(' '), [span(0, 1), span(2, 3)])).toBe(false);
  });
});

describe('answers named as examples', () => {
  it.each([
    ['which wellbeing things do US millennials actually do - meditation, therapy, journaling etc? ranked', 'wellness_activities'],
    ['which streaming services do gen z use, e.g. netflix, hulu and so on? ranked', 'streaming_services_used'],
    ['rank the social platforms Brits use (TikTok, Instagram, Snapchat etc.)', 'social_platform_usage'],
    ['what pets do Americans own - dogs, cats and the like?', 'pets_owned'],
    ['top wellbeing activities among Gen Z: yoga, meditation, journaling, and so forth', 'wellness_activities'],
  ])('rank the whole question they name: %s', (prompt, question) => {
    const plan = answerPlan(prompt, demo);
    expect({ kind: plan.kind, question: plan.topic?.question, datapoints: plan.topic?.datapoints }).toEqual({ kind: 'ranking', question, datapoints: [] });
  });
  it('are kept as the answers of a share', () => {
    expect(answerPlan('share of gen z who use netflix, hulu etc', demo).topic?.datapoints.map((d) => d.code)).toEqual(['netflix', 'hulu']);
  });
});
