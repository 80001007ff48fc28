import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan, topicAndAudiences } from '../testing/plan-answer';

const catalogue = demoPlannerCatalogue();

describe('spanAudience: the question of a group its verb names', () => {
  it('reads a group held by several questions from the one its verb says ("follow football": Sports followed)', () => {
    expect(topicAndAudiences(answerPlan('What proportion of UK women who do not follow football watch reality TV?', catalogue)).audiences).toEqual([
      {
        and: [
          { question: 'gender', datapoints: ['female'] },
          { question: 'sports_followed', datapoints: ['football'], not: true },
        ],
      },
    ]);
  });

  it('keeps the first (usage) question when the verb fits none better ("play football")', () => {
    const plan = answerPlan('What share of people who play football use Strava?', catalogue);
    expect(JSON.stringify(plan.audiences[0].expression)).toContain('sports_played');
  });
});
