import { RespondentRecord } from '@aas/audience-expression-domain';
import { client, Client } from '../support/client';
import { Stack } from '../support/stack';
import { and, close, loadRecords, reference } from './reference';

interface Cell {
  row_index: number;
  column_index: number;
  base: { size: number; sample: number };
  audiences: { row: { size: number; sample: number; percentage: number }; column: { size: number; sample: number; intersect_percentage: number } };
  intersect: { size: number; sample: number };
}

/** Routed (households with a hybrid or electric car), and a third of those asked chose none. */
const CHARGING = 'car_charging_places';
const ASKED = { question: CHARGING, asked: true };
const ANSWERED = { question: CHARGING };
const PLACES = ['private_charger', 'workplace', 'public_rapid_charger'];
const WAVES = ['q2_2026', 'q3_2026'];
const LOCATIONS = ['gb', 'us', 'de'];
const SCOPE = { waves: WAVES, locations: LOCATIONS, datasets: ['core'] };

/**
 * The asked leaf through the service: a base of those asked a routed question gives its valid
 * percentages (the share of those asked), in each of the three wire forms the service accepts.
 */
describe('an asked leaf ({"question": ..., "asked": true}) end to end', () => {
  let stack: Stack;
  let demo: Client;
  let records: (RespondentRecord & { dataset: string })[];

  beforeAll(async () => {
    stack = await Stack.start({ label: 'asked', jobMode: 'queue', workers: 1, seed: true });
    demo = client(stack, await stack.token('demo', 1));
    records = await loadRecords(stack.databaseUrl);
  });
  afterAll(() => stack?.stop());

  async function crosstab(rows: object[], base: object): Promise<Cell[]> {
    const res = await demo.post('/v2/query/crosstab', {
      rows: rows.map((expression, i) => ({ id: `r${i}`, expression })),
      base_audience: { id: 'b', expression: base },
      waves: WAVES,
      locations: LOCATIONS,
    });
    expect(res.status).toBe(200);
    return res.text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Cell);
  }

  it('the demo data has people asked who chose none: asked, answered and everyone are three different bases', () => {
    const asked = reference(records, ASKED, {}, SCOPE);
    const answered = reference(records, ANSWERED, {}, SCOPE);
    const everyone = reference(records, {}, {}, SCOPE);
    expect(answered.sample).toBeGreaterThan(0);
    expect(asked.sample).toBeGreaterThan(answered.sample);
    expect(everyone.sample).toBeGreaterThan(asked.sample);
  });

  it('valid percentages through an asked base (standard form): each place as a share of those asked, equal to the reference', async () => {
    const rows = PLACES.map((p) => ({ question: CHARGING, datapoints: [p] }));
    const cells = await crosstab([...rows, ANSWERED], ASKED);
    const base = reference(records, {}, ASKED, SCOPE);
    expect(cells[0].base.sample).toBe(base.sample);
    expect(close(cells[0].base.size, base.size)).toBe(true);
    rows.forEach((row, i) => {
      const r = reference(records, row, ASKED, SCOPE);
      expect(cells[i].audiences.row.sample).toBe(r.sample);
      expect(close(cells[i].audiences.row.percentage, (100 * r.size) / base.size)).toBe(true);
    });
    // Those who answered are fewer than those asked: "no datapoints" is not "asked".
    expect(cells[3].audiences.row.percentage).toBeLessThan(100);
    expect(close(cells[3].audiences.row.percentage, (100 * reference(records, ANSWERED, {}, SCOPE).size) / base.size)).toBe(true);
    // Against everyone, the same place is a smaller share: the routed-out count in the base.
    const overAll = await crosstab([rows[0]], {});
    expect(overAll[0].audiences.row.sample).toBe(cells[0].audiences.row.sample);
    expect(overAll[0].audiences.row.percentage).toBeLessThan(cells[0].audiences.row.percentage);
  });

  it('not asked, as a row or inside an and; the negation is within the selection', async () => {
    const notAsked = { ...ASKED, not: true };
    const women = { question: 'gender', datapoints: ['female'] };
    const [a, b] = await crosstab([notAsked, { and: [ASKED, women] }], {});
    const expectedA = reference(records, notAsked, {}, SCOPE);
    const expectedB = reference(records, and(ASKED, women), {}, SCOPE);
    expect(a.audiences.row.sample).toBe(expectedA.sample);
    expect(close(a.audiences.row.size, expectedA.size)).toBe(true);
    expect(b.audiences.row.sample).toBe(expectedB.sample);
    expect(a.audiences.row.sample + reference(records, ASKED, {}, SCOPE).sample).toBe(a.base.sample);
  });

  it('a chart (chart form) with an asked base gives the crosstab figures', async () => {
    const created = await demo.post('/v1/charts', {
      name: 'Charging, of those asked',
      attributes: PLACES.map((p) => ({ namespace_code: 'core', question_code: CHARGING, datapoint_code: p, suffix_code: '' })),
      audiences: [{ id: 'all', name: 'All', color_index: 0, is_hidden: false, expression: {} }],
      base_audience: { id: 'b', name: 'Asked', color_index: 0, is_hidden: false, expression: ASKED },
      wave_codes: WAVES,
      location_codes: LOCATIONS,
    });
    expect(created.status).toBe(201);
    expect(created.body.base_audience.expression).toEqual(ASKED);
    const res = await demo.post(`/v1/charts/${created.body.id}/calculate`, {});
    expect(res.status).toBe(200);
    const cells = await crosstab(
      PLACES.map((p) => ({ question: CHARGING, datapoints: [p] })),
      ASKED,
    );
    (res.body.stats as { data: { metrics: Record<string, number> }[] }[]).forEach((stat, i) => {
      expect(stat.data[0].metrics.datapoint_sample).toBe(cells[i].audiences.row.sample);
      expect(stat.data[0].metrics.audience_percentage).toBe(cells[i].audiences.column.intersect_percentage);
      expect(close(stat.data[0].metrics.audience_percentage, cells[i].audiences.row.percentage)).toBe(true);
    });
  });

  it('a saved crosstab (saved-crosstab form) and a saved audience keep the asked leaf as written', async () => {
    const saved = await demo.post('/v2/saved/crosstabs', {
      name: 'Charging',
      rows: [{ expression: { qustion: CHARGING, options: ['workplace'] } }],
      bases: { expression: { qustion: CHARGING, asked: true } },
      country_codes: LOCATIONS,
      wave_codes: WAVES,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.bases.expression).toEqual({ qustion: CHARGING, asked: true });
    expect(saved.body.bases.full_name).toBe('Where the car is charged: asked');
    const audience = await demo.post('/v2/saved/audiences', {
      name: 'Not asked about charging',
      expression: { question: CHARGING, asked: true, not: true },
      folder_id: '00000000-0000-0000-0000-000000000000',
      position: 1,
    });
    expect(audience.status).toBe(201);
    expect(audience.body.data.expression).toEqual({ question: CHARGING, asked: true, not: true });
  });

  it('answers 400 naming the member for an asked leaf with datapoints, and for asked false', async () => {
    const res = await demo.post('/v2/query/crosstab', {
      rows: [{ id: 'r', expression: { question: CHARGING, asked: true, datapoints: ['workplace'] } }],
      waves: WAVES,
      locations: LOCATIONS,
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/drop \\"datapoints\\"/);
    const chart = await demo.post('/v1/charts', {
      name: 'x',
      audiences: [{ id: 'a', name: 'a', color_index: 0, is_hidden: false, expression: { question: CHARGING, asked: false } }],
    });
    expect(chart.status).toBe(400);
    expect(JSON.stringify(chart.body)).toMatch(/"asked\\" can only be true/);
  });
});
