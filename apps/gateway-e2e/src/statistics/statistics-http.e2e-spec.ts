import { parse } from 'csv-parse/sync';
import { Workbook } from 'exceljs';
import { Stack } from '../support/stack';

/**
 * Averages, valid bases, column tests and trends through every way the service answers them, on
 * the seeded demo survey: the JSON stream, CSV and Excel of a crosstab agree; a chart's average,
 * letters and trends are the crosstab's for the same cells; MCP's run_crosstab and a saved
 * crosstab's export carry the same averages; bad combinations are 400s naming the member. (That
 * the numbers are right is statistics-oracle.e2e-spec.ts's business: R survey and PSPP.)
 */

type Json = Record<string, unknown>;
interface Cell {
  row_index: number;
  column_index: number;
  row: { id: string; avg?: Json };
  column: { id: string; letter?: string };
  audiences: { row: { size: number; intersect_percentage: number }; column: { size: number; intersect_percentage: number } };
  base: { size: number; sample: number };
  intersect: { size: number; sample: number };
  flags: { low_base: boolean };
  average?: { value: number; std_dev: number; std_error: number; size: number; sample: number; reason?: string };
  significance?: { test?: string; higher_than?: string[]; std_error?: number; z?: number; direction?: string | null };
  wave?: string;
  trend?: { previous: string; z: number; significant: boolean; direction: string | null };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const WAVES = ['q1_2026', 'q2_2026', 'q3_2026'];
const LOCATIONS = ['us', 'gb'];
const AGES = ['16_24', '25_34', '35_44', '45_54', '55_64'];
const HOUSEHOLD = { question: 'household_size', with_datapoints: {} };
const TIKTOK_DAYS = { question: 'social_platform_frequency', with_suffixes: { datapoint: 'tiktok' } };
const age = (code: string) => ({ question: 'age_group', datapoints: [code] });
const platform = (code: string) => ({ question: 'social_platform_usage', datapoints: [code] });

/** Platforms and two average rows by the five age groups. */
const CROSSTAB = {
  rows: [
    { id: 'tiktok', name: 'TikTok', expression: platform('tiktok') },
    { id: 'instagram', name: 'Instagram', expression: platform('instagram') },
    { id: 'household', avg: HOUSEHOLD },
    { id: 'tiktok-days', name: 'Days a month on TikTok', avg: TIKTOK_DAYS },
  ],
  columns: AGES.map((code) => ({ id: code, expression: age(code) })),
  waves: WAVES,
  locations: LOCATIONS,
};

function readCsv(text: string): { header: Map<string, string>; table: string[][] } {
  const records = parse(text, { bom: true, relax_column_count: true }) as string[][];
  const blank = records.findIndex((r) => r.length === 1 && r[0] === '');
  if (blank < 0) throw new Error(`no empty line after the header block: ${text.slice(0, 500)}`);
  return { header: new Map(records.slice(0, blank).map(([k, v]) => [k, v])), table: records.slice(blank + 1) };
}

describe('statistics through the HTTP API: JSON, CSV, Excel, charts, MCP, saved crosstabs', () => {
  let stack: Stack;
  let token: string;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'stathttp', jobMode: 'queue', workers: 1, seed: true });
    token = await stack.token('demo', 1);
  });
  afterAll(() => stack?.stop());

  async function post(path: string, body: unknown, accept = 'application/x-ndjson'): Promise<Response> {
    return fetch(`${stack.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept },
      body: JSON.stringify(body),
    });
  }
  async function ok(res: Response): Promise<string> {
    const text = await res.text();
    if (res.status !== 200 && res.status !== 201) throw new Error(`${res.url} answered ${res.status}: ${text}`);
    return text;
  }
  async function cells(query: string, body: unknown = CROSSTAB): Promise<Cell[]> {
    const text = await ok(await post(`/v2/query/crosstab?${query}`, body));
    const out = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Cell);
    if (out.some((c) => !('row' in c))) throw new Error(`failed mid-stream: ${text}`);
    return out;
  }
  const cellAt = (list: Cell[], row: string, column: string, wave?: string) =>
    list.find((c) => c.row.id === row && c.column.id === column && (wave === undefined || c.wave === wave)) as Cell;

  it('average rows: each cell carries the mean over the column, an avg-only row counts who answered; test=columns letters every cell', async () => {
    const list = await cells('significance=95&test=columns');
    expect(list).toHaveLength(4 * 5);
    for (const code of AGES) {
      const household = cellAt(list, 'household', code);
      expect(household.row.avg).toEqual(HOUSEHOLD);
      expect(household.average).toEqual({
        value: expect.any(Number),
        std_dev: expect.any(Number),
        std_error: expect.any(Number),
        size: expect.any(Number),
        sample: expect.any(Number),
      });
      // Without an expression, the row is who answered: the average's respondents are the intersect.
      expect(household.average?.sample).toBe(household.intersect.sample);
      expect(household.average?.size).toBeCloseTo(household.intersect.size, 6);
      expect(household.average?.value).toBeGreaterThanOrEqual(1);
      expect(household.average?.value).toBeLessThanOrEqual(5.5);
      expect(cellAt(list, 'tiktok', code).average).toBeUndefined();
      expect(cellAt(list, 'tiktok-days', code).average?.value).toBeLessThanOrEqual(30);
    }
    expect(AGES.map((code) => cellAt(list, 'tiktok', code).column.letter)).toEqual(['A', 'B', 'C', 'D', 'E']);
    // TikTok falls with age in the demo survey: the youngest column beats the oldest, never the reverse.
    expect(cellAt(list, 'tiktok', '16_24').significance?.higher_than).toContain('E');
    expect(cellAt(list, 'tiktok', '55_64').significance?.higher_than).not.toContain('A');
    // In an average row the means are compared (each cell's standard error is its mean's).
    expect(cellAt(list, 'household', '16_24').significance?.std_error).toBe(cellAt(list, 'household', '16_24').average?.std_error);
  });

  it('the JSON stream, json-seq, CSV and Excel carry the same averages, letters and tests', async () => {
    const list = await cells('significance=95&test=columns&bonferroni=true');
    const seq = await ok(await post('/v2/query/crosstab?significance=95&test=columns&bonferroni=true', CROSSTAB, 'application/json-seq'));
    expect(
      seq
        .split('\u001e')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Cell),
    ).toEqual(list);

    const csv = readCsv(await ok(await post('/v2/query/crosstab?significance=95&test=columns&bonferroni=true', CROSSTAB, 'text/csv')));
    expect(csv.header.get('Significance')).toMatch(/letters of the columns.*95%, Bonferroni/);
    const [columns, ...lines] = csv.table;
    const field = (line: string[], name: string) => line[columns.indexOf(name)];
    expect(lines).toHaveLength(list.length);
    for (const line of lines) {
      const cell = cellAt(list, field(line, 'row_id'), field(line, 'column_id'));
      expect(field(line, 'column_letter')).toBe(cell.column.letter);
      expect(field(line, 'higher_than')).toBe((cell.significance?.higher_than ?? []).join(' '));
      expect(field(line, 'average')).toBe(cell.average ? String(cell.average.value) : '');
      expect(field(line, 'average_std_error')).toBe(cell.average ? String(cell.average.std_error) : '');
    }

    const workbook = new Workbook();
    await workbook.xlsx.load((await (await post('/v2/query/crosstab?significance=95&test=columns', CROSSTAB, XLSX)).arrayBuffer()) as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Column %', 'Row %', '% of base', 'Index', 'Size', 'Sample', 'Average', 'Significance']);
    const average = workbook.getWorksheet('Average');
    const rows: unknown[][] = [];
    average?.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
    const top = rows.findIndex((r) => r[0] === 'Average');
    expect(rows[top].slice(1)).toEqual(['16-24 (A)', '25-34 (B)', '35-44 (C)', '45-54 (D)', '55-64 (E)'].map((n) => `Age group: ${n}`));
    const household = rows.find((r) => r[0] === 'Average: Household size') as unknown[];
    expect(household.slice(1)).toEqual(AGES.map((code) => cellAt(list, 'household', code).average?.value));
  });

  it('percent_base=answered: each row within those who answered its question, the column percentages of a single summing to 100', async () => {
    const body = {
      rows: AGES.map((code) => ({ id: code, expression: age(code) })),
      columns: [{ id: 'tiktok', expression: platform('tiktok') }],
      waves: WAVES,
      locations: LOCATIONS,
    };
    const valid = await cells('percent_base=answered', body);
    const all = await cells('', body);
    expect(AGES.reduce((s, code) => s + cellAt(valid, code, 'tiktok').audiences.column.intersect_percentage, 0)).toBeCloseTo(100, 9);
    // The cell's base is the row's: those who answered age, no more than everyone.
    expect(cellAt(valid, '16_24', 'tiktok').base.sample).toBeLessThanOrEqual(cellAt(all, '16_24', 'tiktok').base.sample);
    const csv = readCsv(await ok(await post('/v2/query/crosstab?percent_base=answered', body, 'text/csv')));
    expect(csv.header.get('Percentages of')).toMatch(/answered the row's questions/);
    expect(csv.table[0]).toContain('base_size');
  });

  it('percent_base=asked: a routed question\u2019s rows within those asked, the figures of the same base built by hand', async () => {
    const charging = ['private_charger', 'workplace', 'public_rapid_charger'].map((code) => ({
      id: code,
      expression: { question: 'car_charging_places', datapoints: [code] },
    }));
    const body = {
      rows: charging,
      columns: [
        { id: 'gen-z', expression: age('16_24') },
        { id: 'older', expression: age('55_64') },
      ],
      waves: WAVES,
      locations: LOCATIONS,
    };
    const asked = await cells('percent_base=asked', body);
    const answered = await cells('percent_base=answered', body);
    const byHand = await cells('', { ...body, base_audience: { id: 'asked', expression: { question: 'car_charging_places', asked: true } } });
    for (const row of charging) {
      for (const column of ['gen-z', 'older']) {
        const cell = cellAt(asked, row.id, column);
        const hand = cellAt(byHand, row.id, column);
        // The same respondents' weights, added in another order by the kernel: equal to the last bits.
        expect(cell.base.sample).toBe(hand.base.sample);
        expect(cell.base.size).toBeCloseTo(hand.base.size, 4);
        expect(cell.audiences.column.intersect_percentage).toBeCloseTo(hand.audiences.column.intersect_percentage, 10);
        // Some who were asked chose none: those asked outnumber those who answered.
        expect(cell.base.sample).toBeGreaterThan(cellAt(answered, row.id, column).base.sample);
      }
    }
  });

  it('split=wave: each cell once per wave with its wave, and from the second wave its test against the previous', async () => {
    const list = await cells('split=wave');
    expect(list).toHaveLength(4 * 5 * WAVES.length);
    for (const code of AGES) {
      expect(WAVES.map((w) => cellAt(list, 'tiktok', code, w).wave)).toEqual(WAVES);
      expect(cellAt(list, 'tiktok', code, WAVES[0]).trend).toBeUndefined();
      expect(cellAt(list, 'tiktok', code, WAVES[1]).trend).toMatchObject({ previous: WAVES[0], z: expect.any(Number), significant: expect.any(Boolean) });
      expect(cellAt(list, 'household', code, WAVES[2]).trend?.previous).toBe(WAVES[1]);
    }
    const csv = readCsv(await ok(await post('/v2/query/crosstab?split=wave&metric=trend', CROSSTAB, 'text/csv')));
    expect(csv.header.get('Split')).toMatch(/by wave/);
    expect(csv.table.slice(1).map((r) => r[0])).toContain('TikTok \u00b7 Q2 2026');
  });

  it('a chart: the average metric of a numeric question, letters between audiences and trends are the crosstab\u2019s', async () => {
    const chart = JSON.parse(
      await ok(
        await post('/v1/charts', {
          name: 'Household size and TikTok by age',
          attributes: [
            { namespace_code: 'core', question_code: 'household_size', datapoint_code: 'size_1' },
            { namespace_code: 'core', question_code: 'social_platform_usage', datapoint_code: 'tiktok' },
          ],
          audiences: AGES.map((code) => ({ id: code, name: code, expression: age(code) })),
          location_codes: LOCATIONS,
          wave_codes: WAVES,
        }),
      ),
    ) as { id: string };
    type Row = {
      audience: string;
      segment: string;
      metrics: Record<string, number>;
      letter?: string;
      significance?: { higher_than?: string[] };
      trend?: { z: number };
    };
    type Stat = { attributes: { question_code: string }[]; data: Row[] };
    const calculated = JSON.parse(await ok(await post(`/v1/charts/${chart.id}/calculate`, { significance: 95, test: 'columns' }, 'application/json'))) as {
      meta: { letters: Record<string, string> };
      stats: Stat[];
    };
    expect(calculated.meta.letters).toEqual(Object.fromEntries(AGES.map((code, i) => [code, 'ABCDE'[i]])));
    const list = await cells('significance=95&test=columns');
    const household = calculated.stats.find((s) => s.attributes[0].question_code === 'household_size') as Stat;
    const tiktok = calculated.stats.find((s) => s.attributes[0].question_code === 'social_platform_usage') as Stat;
    for (const code of AGES) {
      expect(household.data.find((d) => d.audience === code)?.metrics['average']).toBe(cellAt(list, 'household', code).average?.value);
      const row = tiktok.data.find((d) => d.audience === code) as Row;
      expect(row.metrics['average']).toBeUndefined();
      expect(row.letter).toBe(cellAt(list, 'tiktok', code).column.letter);
      expect(row.significance?.higher_than).toEqual(cellAt(list, 'tiktok', code).significance?.higher_than);
    }

    await ok(
      await fetch(`${stack.baseUrl}/v1/charts/${chart.id}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'TikTok by age and wave',
          attributes: [{ namespace_code: 'core', question_code: 'social_platform_usage', datapoint_code: 'tiktok' }],
          audiences: AGES.map((code) => ({ id: code, name: code, expression: age(code) })),
          location_codes: LOCATIONS,
          wave_codes: WAVES,
          splitter: 'wave',
        }),
      }),
    );
    const split = JSON.parse(await ok(await post(`/v1/charts/${chart.id}/calculate`, {}, 'application/json'))) as { stats: Stat[] };
    const waves = await cells('split=wave');
    for (const code of AGES) {
      for (const wave of WAVES.slice(1)) {
        const row = split.stats[0].data.find((d) => d.audience === code && d.segment === wave) as Row;
        expect(row.trend?.z).toBe(cellAt(waves, 'tiktok', code, wave).trend?.z);
        expect(row.metrics['audience_percentage']).toBe(cellAt(waves, 'tiktok', code, wave).audiences.column.intersect_percentage);
      }
    }
  });

  it('MCP run_crosstab takes avg: the average of a column over each row audience is the crosstab\u2019s', async () => {
    const res = await fetch(`${stack.baseUrl}/v1/assistant-api/mcp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'run_crosstab',
          arguments: { rows: AGES.map((code) => ({ name: code, expression: age(code) })), columns: [{ avg: HOUSEHOLD }], waves: WAVES, locations: LOCATIONS },
        },
      }),
    });
    const reply = JSON.parse(await ok(res)) as {
      result: { isError?: boolean; structuredContent: { cells: { row: string; column: string; average?: { value: number } }[] } };
    };
    expect(reply.result.isError).toBeUndefined();
    const list = await cells('');
    for (const cell of reply.result.structuredContent.cells) {
      expect(cell.column).toBe('Average: Household size');
      expect(cell.average?.value).toBeCloseTo(cellAt(list, 'household', cell.row).average?.value as number, 9);
    }
  });

  it('a saved crosstab computes its avg items in its export', async () => {
    const project = JSON.parse(
      await ok(
        await post('/v2/saved/crosstabs', {
          name: 'Household size by age',
          rows: [
            {
              id: 'household',
              name: 'Household size',
              expression: { qustion: 'household_size' },
              avg: { question: 'household_size', with_datapoints: { datapoints: [] } },
            },
          ],
          columns: AGES.map((code) => ({ id: code, name: code, expression: { qustion: 'age_group', options: [code] } })),
          wave_codes: WAVES,
          country_codes: LOCATIONS,
        }),
      ),
    ) as { uuid: string };
    const res = await fetch(`${stack.baseUrl}/v2/saved/crosstabs/${project.uuid}/export?metric=average`, {
      headers: { authorization: `Bearer ${token}`, accept: 'text/csv' },
    });
    const { table } = readCsv(await ok(res));
    const list = await cells('');
    expect(table[1].slice(1).map(Number)).toEqual(AGES.map((code) => cellAt(list, 'household', code).average?.value));
  });

  it('refuses what cannot be computed with a 400 naming the member', async () => {
    const refused = async (query: string, body: unknown, accept?: string) => {
      const res = await post(`/v2/query/crosstab?${query}`, body, accept);
      const text = await res.text();
      expect({ status: res.status, text }).toMatchObject({ status: 400 });
      return (JSON.parse(text) as { errors: { path: string; message: string }[] }).errors;
    };
    const multi = { rows: [{ avg: { question: 'social_platform_usage', with_datapoints: {} } }] };
    expect(await refused('', multi)).toEqual([
      { path: '/rows/0/avg/with_datapoints', message: expect.stringMatching(/is multi: an average takes a question with one answer/) },
    ]);
    const noMidpoints = { columns: [{ avg: { question: 'gender', with_datapoints: {} } }] };
    expect(await refused('', noMidpoints)).toEqual([{ path: '/columns/0/avg/with_datapoints/datapoints', message: expect.stringMatching(/midpoint/) }]);
    expect(await refused('', { base_audience: { avg: HOUSEHOLD } })).toEqual([expect.objectContaining({ path: '/base_audience/avg' })]);
    expect(await refused('bonferroni=true', CROSSTAB)).toEqual([expect.objectContaining({ path: '/bonferroni' })]);
    expect(await refused('metric=trend', CROSSTAB, 'text/csv')).toEqual([
      expect.objectContaining({ path: '/metric', message: 'metric=trend needs split=wave' }),
    ]);
    expect(await refused('test=rows', CROSSTAB)).toEqual([expect.objectContaining({ path: '/test' })]);
    expect(await refused('', { rows: [{ id: 'x' }] })).toEqual([{ path: '/rows/0/expression', message: 'expression must be an object' }]);
  });
});
