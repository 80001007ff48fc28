import { Stack } from '../support/stack';
import { AssistantClient, ChatAnswer } from './assistant-helpers';

/**
 * The assistant's figure for a selection equals POST /v2/query/crosstab's for the same rows,
 * columns, waves, locations and dataset, and an answer the engine has cells for is never "no data".
 */
describe('assistant: its figures are the crosstab endpoint’s', () => {
  let stack: Stack;
  let demo: AssistantClient;
  let acme: AssistantClient;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'assistant_parity', jobMode: 'inline', seed: true });
    demo = new AssistantClient(stack, await stack.token('demo', 1));
    // An organisation licensing part of the survey (four markets, the last five waves).
    acme = new AssistantClient(stack, await stack.token('acme-retail', 2));
  });
  afterAll(() => stack?.stop());

  /** Each insight's stored metrics against the crosstab endpoint run (as the same caller) on what the insight says it was computed from. */
  const sameAsCrosstab = async (answer: ChatAnswer, client: AssistantClient = demo) => {
    expect(answer.message).not.toMatch(/no data|no reliable numbers/);
    expect(answer.insights.length).toBeGreaterThan(0);
    const out = [];
    for (const insight of answer.insights) {
      const details = await client.insight(insight.id);
      const attribute = details.computed_from.attributes[0];
      const column = attribute.suffix
        ? { question: attribute.question, datapoints: [attribute.datapoint], suffixes: [attribute.suffix] }
        : { question: attribute.question, datapoints: [attribute.datapoint] };
      const locations = details.computed_from.locations.map((l) => l.code);
      const waves = details.computed_from.waves.map((w) => w.code);
      const [cell] = await client.crosstab(details.computed_from.audiences[0].expression, [column], locations, waves);
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

  it('an audience on one stage of a brand funnel (a grid answer) crossed with a plain question in one market, for an organisation licensing part of the survey', async () => {
    const answer = await acme.ask('Among people in Germany who would consider Adidas, what share use Snapchat?');
    const [checked] = await sameAsCrosstab(answer, acme);
    expect(checked.details.computed_from.attributes[0]).toMatchObject({ question: 'social_platform_usage', datapoint: 'snapchat' });
    expect(checked.details.computed_from.audiences[0].expression).toMatchObject({ question: 'brand_funnel_sportswear', datapoints: ['adidas'] });
    expect(checked.details.computed_from.audiences[0].expression).toHaveProperty('suffixes');
    expect(checked.locations).toEqual(['de']);
  });

  it('an audience of one answer crossed with an app in every licensed market: the figure is the crosstab’s over all of them', async () => {
    const answer = await demo.ask('How widespread is Fitbit among cyclists?');
    const [checked] = await sameAsCrosstab(answer);
    expect(checked.details.computed_from.attributes[0]).toMatchObject({ question: 'health_apps_used', datapoint: 'fitbit' });
    expect(checked.details.computed_from.audiences[0].expression).toEqual({ question: 'sports_played', datapoints: ['cycling'] });
    expect(checked.locations.length).toBeGreaterThan(1);
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

  /** POST /v2/query/crosstab with raw items and query options, its NDJSON cells. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const crosstab = async (body: Record<string, unknown>, query = ''): Promise<any[]> => {
    const res = await fetch(`${stack.baseUrl}/v2/query/crosstab${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${demo.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    return (await res.text())
      .split('\n')
      .filter((l) => l)
      .map((l) => JSON.parse(l));
  };

  it('an average: the assistant’s mean and its base are the crosstab’s avg item for the same selection', async () => {
    for (const [prompt, question] of [
      ['What is the average age of Netflix users?', 'age_group'],
      ['Average hours of sleep per night among parents in the UK', 'sleep_hours'],
    ]) {
      const answer = await demo.ask(prompt);
      expect(answer.insights).toHaveLength(1);
      const details = await demo.insight(answer.insights[0].id);
      const average = details.metrics.average as NonNullable<typeof details.metrics.average>;
      expect(details.computed_from.attributes[0].question).toBe(question);
      const [cell] = await crosstab({
        rows: [{ id: 'a', expression: details.computed_from.audiences[0].expression }],
        columns: [{ id: 'avg', avg: { question, with_datapoints: {} } }],
        locations: details.computed_from.locations.map((l) => l.code),
        waves: details.computed_from.waves.map((w) => w.code),
      });
      expect(cell.average.sample).toBeGreaterThan(0);
      expect(average.value).toBeCloseTo(cell.average.value, 9);
      expect(average.std_dev).toBeCloseTo(cell.average.std_dev, 9);
      expect(average.sample).toBe(cell.average.sample);
      expect(average.size).toBeCloseTo(cell.average.size, 6);
      expect(answer.message).toContain(`is ${cell.average.value.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`);
      expect(answer.message).toContain(`the ${cell.average.sample.toLocaleString('en-GB')} respondents who answered`);
    }
  });

  it('a trend names exactly the wave-to-wave changes the crosstab split by wave marks significant', async () => {
    let named = 0;
    for (const prompt of [
      'How has TikTok use changed over time?',
      'Trend of Facebook use among Gen Z since Q1 2025',
      'How has ChatGPT use changed over time?',
      'Is Google Gemini growing?',
      'Is Claude growing in the US?',
    ]) {
      const answer = await demo.ask(prompt);
      const first = await demo.insight(answer.insights[0].id);
      const attribute = first.computed_from.attributes[0];
      const waves = answer.sources.waves.map((w) => w.code);
      const cells = await crosstab(
        {
          // As a researcher reads a tracker: the attribute as the row, the audience as the column (its share is the column %).
          rows: [
            {
              id: 'c',
              expression: { question: attribute.question, datapoints: [attribute.datapoint], ...(attribute.suffix ? { suffixes: [attribute.suffix] } : {}) },
            },
          ],
          columns: [{ id: 'a', expression: first.computed_from.audiences[0].expression }],
          locations: first.computed_from.locations.map((l) => l.code),
          waves,
        },
        '?split=wave',
      );
      expect(cells.map((c) => c.wave)).toEqual(waves);
      const name = (code: string) => answer.sources.waves.find((w) => w.code === code)?.name;
      for (const c of cells.slice(1)) {
        const phrase = `${c.trend.direction} from ${name(c.trend.previous)} to ${name(c.wave)}`;
        if (c.trend.significant) {
          expect(answer.message).toContain(phrase);
          named++;
        } else expect(answer.message).not.toContain(phrase);
      }
      if (cells.slice(1).every((c) => !c.trend.significant)) expect(answer.message).toContain('No wave-to-wave change is statistically significant');
      // Each wave's figure is still the crosstab's for that wave.
      for (const insight of answer.insights) {
        const details = await demo.insight(insight.id);
        const wave = cells.find((c) => c.wave === details.computed_from.waves[0].code);
        expect(details.metrics.audience_percentage).toBeCloseTo(wave.audiences.column.intersect_percentage, 9);
        expect(details.metrics.trend ?? null).toEqual(wave.trend ?? null);
      }
    }
    // The data has real changes: at least one is named (else this test would check nothing).
    expect(named).toBeGreaterThan(0);
  });

  it('a trend of means: each wave’s mean and its test against the previous wave are the crosstab’s avg row split by wave', async () => {
    const answer = await demo.ask('How has the average number of hours spent online per day changed over time?');
    const waves = answer.sources.waves.map((w) => w.code);
    expect(answer.insights).toHaveLength(waves.length);
    const first = await demo.insight(answer.insights[0].id);
    const cells = await crosstab(
      {
        rows: [{ id: 'avg', avg: { question: 'hours_online_per_day', with_datapoints: {} } }],
        columns: [{ id: 'a', expression: first.computed_from.audiences[0].expression }],
        locations: first.computed_from.locations.map((l) => l.code),
        waves,
      },
      '?split=wave',
    );
    for (const insight of answer.insights) {
      const details = await demo.insight(insight.id);
      const wave = cells.find((c) => c.wave === details.computed_from.waves[0].code);
      expect(details.metrics.average?.value).toBeCloseTo(wave.average.value, 9);
      expect(details.metrics.average?.sample).toBe(wave.average.sample);
      expect(details.metrics.trend ?? null).toEqual(wave.trend ?? null);
    }
    const name = (code: string) => answer.sources.waves.find((w) => w.code === code)?.name;
    for (const c of cells.slice(1)) {
      const phrase = `${c.trend.direction} from ${name(c.trend.previous)} to ${name(c.wave)}`;
      if (c.trend.significant) expect(answer.message).toContain(phrase);
      else expect(answer.message).not.toContain(phrase);
    }
  });
});
