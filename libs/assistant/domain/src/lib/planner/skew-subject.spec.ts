import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';

const demo = demoPlannerCatalogue();
const shape = (prompt: string) => {
  const plan = answerPlan(prompt, demo);
  return {
    kind: plan.kind,
    topic: [plan.topic?.question, plan.topic?.datapoints.map((d) => d.code).join(), plan.topic?.suffix?.code ?? null],
    audiences: plan.audiences.map((a) => a.expression),
  };
};

describe('skewedSubject: what skews is the topic, the group after the verb the audience', () => {
  it('reads a curated audience of a behaviour before the verb as the behaviour measured', () => {
    expect(shape('Do daily TikTok users skew female?')).toEqual({
      kind: 'indexing',
      topic: ['social_platform_frequency', 'tiktok', '1'],
      audiences: [{ question: 'gender', datapoints: ['female'] }],
    });
  });
  it('reads the same for other rows, groups and verbs', () => {
    expect(shape('Do Daily Instagram users lean towards Gen Z?').topic).toEqual(['social_platform_frequency', 'instagram', '1']);
  });
  it('keeps a curated audience whose scale is not said as the people profiled', () => {
    expect(shape('Do Luxury fashion buyers skew female?').topic[0]).not.toBe('brand_funnel_fashion');
  });
});
