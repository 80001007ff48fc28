import { Stack } from '../support/stack';
import { AssistantClient } from './assistant-helpers';

/**
 * Non-users and combined answers: the assistant's figure is the crosstab endpoint's for the same
 * expression (a `not` leaf, a `min_count` leaf, an `or` across questions), and the figures agree
 * with each other as sets of respondents do.
 */
describe('assistant: non-users and combined answers, from the engine', () => {
  let stack: Stack;
  let demo: AssistantClient;
  const waves = ['q4_2025', 'q1_2026', 'q2_2026', 'q3_2026'];

  beforeAll(async () => {
    stack = await Stack.start({ label: 'assistant_subject', jobMode: 'inline', seed: true });
    demo = new AssistantClient(stack, await stack.token('demo', 1));
  });
  afterAll(() => stack?.stop());

  it('"don\'t use TikTok": the negated column\'s figure, and users plus non-users make every respondent', async () => {
    const answer = await demo.ask("What share of Germans don't use TikTok?");
    const [{ details, cell }] = await demo.verifyAll(answer);
    expect(details.computed_from.attributes[0].expression).toEqual({ question: 'social_platform_usage', datapoints: ['tiktok'], not: true });
    expect(details.text).toContain('did not answer “TikTok”');
    const [users] = await demo.crosstab({}, [{ question: 'social_platform_usage', datapoints: ['tiktok'] }], ['de'], waves);
    expect(cell.audiences.row.intersect_percentage + users.audiences.row.intersect_percentage).toBeCloseTo(100, 6);
  });

  it('"both Netflix and Disney+": one figure, the min_count column, no larger than either service alone', async () => {
    const answer = await demo.ask('How many Americans use both Netflix and Disney+?');
    expect(answer.insights).toHaveLength(1);
    const [{ details, cell }] = await demo.verifyAll(answer);
    expect(details.computed_from.attributes[0].expression).toEqual({
      question: 'streaming_services_used',
      datapoints: ['netflix', 'disney_plus'],
      min_count: 2,
    });
    expect(details.text).toMatch(/about [\d,]+ people/);
    const alone = await demo.crosstab(
      {},
      [
        { question: 'streaming_services_used', datapoints: ['netflix'] },
        { question: 'streaming_services_used', datapoints: ['disney_plus'] },
      ],
      ['us'],
      waves,
    );
    for (const one of alone) expect(cell.audiences.row.intersect_percentage).toBeLessThanOrEqual(one.audiences.row.intersect_percentage);
  });

  it('"TikTok or Netflix": one column across two questions, at least as large as either', async () => {
    const answer = await demo.ask('What share of Brits use TikTok or Netflix?');
    expect(answer.insights).toHaveLength(1);
    const [{ details, cell }] = await demo.verifyAll(answer);
    expect(details.computed_from.attributes[0].expression).toEqual({
      or: [
        { question: 'social_platform_usage', datapoints: ['tiktok'] },
        { question: 'streaming_services_used', datapoints: ['netflix'] },
      ],
    });
    const alone = await demo.crosstab(
      {},
      [
        { question: 'social_platform_usage', datapoints: ['tiktok'] },
        { question: 'streaming_services_used', datapoints: ['netflix'] },
      ],
      ['gb'],
      waves,
    );
    for (const one of alone) expect(cell.audiences.row.intersect_percentage).toBeGreaterThanOrEqual(one.audiences.row.intersect_percentage);
  });
});
