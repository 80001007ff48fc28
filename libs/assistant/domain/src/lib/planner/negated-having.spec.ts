import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan, topicAndAudiences } from '../testing/plan-answer';

const catalogue = demoPlannerCatalogue();

describe('notHadAnswer (through negated clauses)', () => {
  it('reads "without X" of a thing with no negative answer as the answer not had', () => {
    expect(topicAndAudiences(answerPlan('Share of adults in France without a smartphone who listen to the radio daily', catalogue)).audiences).toEqual([
      { question: 'devices_owned', datapoints: ['smartphone'], not: true },
    ]);
  });

  it('reads the thing from the question of having it when several questions hold it', () => {
    const plan = answerPlan('What share of people without a credit card pay with PayPal online?', catalogue);
    expect(topicAndAudiences(plan)).toEqual({
      topic: 'payment_methods',
      audiences: [{ question: 'financial_products', datapoints: ['credit_card'], not: true }],
    });
    expect(plan.topic?.negate).toBeFalsy();
  });
});
