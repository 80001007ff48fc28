import type { EvalCase } from '@aas/assistant-domain/eval';
import { formatServiceTable, serviceVerdict, tallyServiceVerdicts, type ServiceReply } from './service-verdict';

const answerCase: EvalCase = {
  id: 'x-1',
  family: 'share-population',
  org: 'demo',
  prompt: 'What share of Germans use TikTok?',
  expect: { outcome: 'answer', topic: { question: 'social_platform_usage', datapoints: ['tiktok'] } },
};
const refusalCase: EvalCase = { id: 'x-2', family: 'unanswerable', org: 'demo', prompt: 'How many euros a month on TikTok?', expect: { outcome: 'refuse' } };
const reply = (over: Partial<ServiceReply>): ServiceReply => ({ message: 'm', insights: 1, questions: ['social_platform_usage'], ...over });

describe('serviceVerdict: what the service did with a case', () => {
  it('accepts an answer whose insights are computed from the expected question', () => {
    expect(serviceVerdict(answerCase, true, reply({})).problem).toBeUndefined();
  });

  it('names an HTTP error before anything else', () => {
    expect(serviceVerdict(answerCase, true, reply({ error: '500 boom', insights: 0 })).problem).toBe('http-error');
    expect(serviceVerdict(refusalCase, true, reply({ error: '429 slow down', insights: 0 })).problem).toBe('http-error');
  });

  it('tells an answer that says the engine had no data from one with no insight for another reason', () => {
    expect(serviceVerdict(answerCase, true, reply({ insights: 0, message: 'The engine returned no data for this selection.' })).problem).toBe('no-data');
    expect(serviceVerdict(answerCase, true, reply({ insights: 0, message: 'Fewer than 30 respondents.' })).problem).toBe('no-insight');
  });

  it('a refusal of the planner that says the survey has no data for a place or a period is no answer, not the engine losing one', () => {
    for (const message of [
      'The survey has no data for Lyon. Markets available to you: Germany, France.',
      'I can only report what the survey measured, and it has no data for 2031: Q1 2025 to Q3 2026. I do not forecast future waves.',
    ])
      expect(serviceVerdict(answerCase, false, reply({ insights: 0, questions: [], message })).problem).toBe('no-insight');
  });

  it('flags insights computed from another question than the one the case asks about', () => {
    expect(serviceVerdict(answerCase, false, reply({ questions: ['streaming_services_used'] })).problem).toBe('other-question');
  });

  it('a refusal must carry no insight and no figure in its words', () => {
    expect(serviceVerdict(refusalCase, true, reply({ insights: 0, questions: [], message: 'The survey does not measure spend.' })).problem).toBeUndefined();
    expect(serviceVerdict(refusalCase, true, reply({ insights: 2 })).problem).toBe('insight-on-a-refusal');
    expect(serviceVerdict(refusalCase, true, reply({ insights: 0, message: 'I cannot say, but 41.2% use TikTok.' })).problem).toBe('numbers-without-insight');
    expect(serviceVerdict(refusalCase, true, reply({ insights: 0, message: 'About 3,000,000 people use it.' })).problem).toBe('numbers-without-insight');
  });
});

describe('tallyServiceVerdicts', () => {
  it('counts per family and overall, and a lost answer only when the plan was right', () => {
    const verdicts = [
      serviceVerdict(answerCase, true, reply({})),
      serviceVerdict(answerCase, true, reply({ insights: 0, message: 'The engine returned no data for this selection.' })),
      serviceVerdict(answerCase, false, reply({ questions: ['other'] })),
      serviceVerdict(refusalCase, true, reply({ insights: 0, message: 'not measured' })),
    ];
    const rows = tallyServiceVerdicts(verdicts);
    expect(rows.map((r) => r.family)).toEqual(['share-population', 'unanswerable', 'overall']);
    expect(rows[0]).toEqual({ family: 'share-population', cases: 3, planRight: 2, serviceRight: 1, lost: 1, httpErrors: 0, noData: 1 });
    expect(rows[2]).toMatchObject({ cases: 4, planRight: 3, serviceRight: 2, lost: 1 });
    expect(formatServiceTable(rows, 'title').split('\n')).toHaveLength(5);
  });
});
