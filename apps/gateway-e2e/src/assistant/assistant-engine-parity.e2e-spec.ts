import { Stack } from '../support/stack';
import { AssistantClient, ChatAnswer } from './assistant-helpers';

/**
 * The assistant's figure for a selection equals POST /v2/query/crosstab's for the same rows,
 * columns, waves, locations and dataset, and an answer the engine has cells for is never "no data".
 */
describe('assistant: its figures are the crosstab endpoint’s', () => {
  let stack: Stack;
  let demo: AssistantClient;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'assistant_parity', jobMode: 'inline', seed: true });
    demo = new AssistantClient(stack, await stack.token('demo', 1));
  });
  afterAll(() => stack?.stop());

  /** Each insight's stored metrics against the crosstab endpoint run on what the insight says it was computed from. */
  const sameAsCrosstab = async (answer: ChatAnswer) => {
    expect(answer.message).not.toMatch(/no data|no reliable numbers/);
    expect(answer.insights.length).toBeGreaterThan(0);
    const out = [];
    for (const insight of answer.insights) {
      const details = await demo.insight(insight.id);
      const attribute = details.computed_from.attributes[0];
      const column = attribute.suffix
        ? { question: attribute.question, datapoints: [attribute.datapoint], suffixes: [attribute.suffix] }
        : { question: attribute.question, datapoints: [attribute.datapoint] };
      const locations = details.computed_from.locations.map((l) => l.code);
      const waves = details.computed_from.waves.map((w) => w.code);
      const [cell] = await demo.crosstab(details.computed_from.audiences[0].expression, [column], locations, waves);
      expect(details.computed_from.datasets).toEqual([{ code: 'core', name: 'Core survey' }]);
      expect(details.metrics.audience_percentage).toBeCloseTo(cell.audiences.row.intersect_percentage, 9);
      expect(details.metrics.base_percentage).toBeCloseTo(cell.audiences.column.percentage, 9);
      expect(details.metrics.index).toBeCloseTo(cell.intersect.index, 9);
      expect(details.metrics.audience_sample).toBe(cell.audiences.row.sample);
      expect(details.metrics.unreliable).toBe(cell.flags.unreliable);
      expect(details.text).toContain(`index ${Math.round(cell.intersect.index)}`);
      out.push({ details, cell, locations, waves });
    }
    return out;
  };

  it('Do US parents over-index on Disney+? gives the index of parents on Disney+ in the US, as the crosstab does', async () => {
    const answer = await demo.ask('Do US parents over-index on Disney+?');
    const [checked] = await sameAsCrosstab(answer);
    expect(checked.details.computed_from.attributes[0]).toMatchObject({ question: 'streaming_services_used', datapoint: 'disney_plus' });
    expect(checked.details.computed_from.audiences[0].expression).toEqual({ question: 'parent_status', datapoints: ['parent'] });
    expect(checked.locations).toEqual(['us']);
    expect(checked.waves).toEqual(['q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']);
  });

  it('a docked audience crossed with an attitude in one market: the index is given even when it is in line', async () => {
    const created = await demo.post('/v2/saved/audiences', {
      name: 'Premium buyers',
      expression: { question: 'attitudes_shopping', datapoints: ['i_am_willing_to_pay_more_for_premium_brands'], suffixes: ['1', '2'] },
      folder_id: '00000000-0000-0000-0000-000000000000',
      position: 1,
    });
    expect(created.status).toBeLessThan(300);
    const docked = created.body.data.id as string;
    for (const prompt of [
      'Do they over-index on worrying about online privacy in Germany?',
      'Do they over-index on strongly agreeing that climate change worries them, in France?',
    ]) {
      const answer = await demo.ask(prompt, '', [docked]);
      expect(answer.sources.audiences.map((a) => a.id)).toEqual([docked]);
      const checked = await sameAsCrosstab(answer);
      expect(checked[0].details.computed_from.attributes[0].question).toMatch(/^attitudes_/);
      expect(checked[0].locations).toHaveLength(1);
    }
  });
});
