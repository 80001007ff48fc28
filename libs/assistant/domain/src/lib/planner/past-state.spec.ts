import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan, topicAndAudiences } from '../testing/plan-answer';
import { pastStateSpans } from './past-state';

const catalogue = demoPlannerCatalogue();

describe('pastStateSpans', () => {
  it('reads "used to <verb>" as the answer naming its past state ("Former smoker")', () => {
    const words = 'people who used to smoke'.split(' ');
    const [span] = pastStateSpans(words, [], catalogue);
    expect(span.entry.kind === 'audience' && span.entry.expression).toEqual({ question: 'smoking_status', datapoints: ['former_smoker'] });
    expect([span.start, span.end]).toEqual([2, 5]);
  });

  it('reads nothing when no answer names the past state of the verb', () => {
    expect(pastStateSpans('people who used to cook'.split(' '), [], catalogue)).toEqual([]);
  });

  it('makes the past state the audience of another topic', () => {
    expect(topicAndAudiences(answerPlan('people who used to smoke - what share of them drink alcohol daily?', catalogue)).audiences).toEqual([
      { question: 'smoking_status', datapoints: ['former_smoker'] },
    ]);
  });
});
