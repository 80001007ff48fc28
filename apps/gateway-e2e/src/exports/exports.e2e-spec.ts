import { parse } from 'csv-parse/sync';
import { Workbook, type Worksheet } from 'exceljs';
import { Stack } from '../support/stack';

/**
 * Crosstab and chart exports against the real service (gateway, a worker, Postgres, Redis, the
 * seeded demo survey): the JSON stream, the CSV and the Excel workbook of one crosstab agree cell
 * by cell for every metric; a saved crosstab exports by id (another organisation's is a 404); a
 * chart calculation's CSV is its JSON line by line; bad `metric` is 400 and a bad Accept 406.
 */

type Json = Record<string, unknown>;
interface Cell {
  row_index: number;
  column_index: number;
  row: { id: string; name: string };
  column: { id: string; name: string };
  audiences: { row: { intersect_percentage: number }; column: { intersect_percentage: number } };
  base: { size: number; sample: number };
  intersect: { size: number; sample: number; percentage: number; index: number };
  flags: { low_base: boolean };
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const METRICS = ['column_percentage', 'row_percentage', 'percentage', 'index', 'size', 'sample'] as const;
type Metric = (typeof METRICS)[number];
const LABELS: Record<Metric, string> = {
  column_percentage: 'Column %',
  row_percentage: 'Row %',
  percentage: '% of base',
  index: 'Index',
  size: 'Size',
  sample: 'Sample',
};
const VALUE: Record<Metric, (c: Cell) => number> = {
  column_percentage: (c) => c.audiences.column.intersect_percentage,
  row_percentage: (c) => c.audiences.row.intersect_percentage,
  percentage: (c) => c.intersect.percentage,
  index: (c) => c.intersect.index,
  size: (c) => c.intersect.size,
  sample: (c) => c.intersect.sample,
};

const WOMEN = { question: 'gender', datapoints: ['female'] };
const GEN_Z = { question: 'age_group', datapoints: ['16_24'] };
const platform = (p: string) => ({ question: 'social_platform_usage', datapoints: [p] });
const saved = (e: { question: string; datapoints: string[] }) => ({ qustion: e.question, options: e.datapoints });

/** Names that need quoting, and ones a spreadsheet would run as formulas. */
const CROSSTAB = {
  rows: [
    { id: 'women', name: 'Women', expression: WOMEN },
    { id: 'genz-women', name: '=Gen Z women, "urban"', expression: { and: [GEN_Z, WOMEN] } },
    { id: 'older', name: '55-64', expression: { question: 'age_group', datapoints: ['55_64'] } },
  ],
  columns: [
    { id: 'tiktok', name: 'TikTok', expression: platform('tiktok') },
    { id: 'instagram', name: '-Instagram', expression: platform('instagram') },
    { id: 'facebook', name: '@Facebook', expression: platform('facebook') },
  ],
  waves: ['q2_2026', 'q3_2026'],
  locations: ['us', 'gb'],
};
/** What a spreadsheet shows for a name once the export has neutralised it. */
const shown = (name: string) => (/^[=+\-@]/.test(name) ? `'${name}` : name);

/** A CSV export split at its first empty line: the header block and the table. */
function readCsv(text: string): { header: Map<string, string>; table: string[][] } {
  const records = parse(text, { bom: true, relax_column_count: true }) as string[][];
  const blank = records.findIndex((r) => r.length === 1 && r[0] === '');
  if (blank < 0) throw new Error(`no empty line after the header block: ${text.slice(0, 500)}`);
  return { header: new Map(records.slice(0, blank).map(([k, v]) => [k, v])), table: records.slice(blank + 1) };
}

/** The table of a worksheet: the rows after the header block and its empty row. */
function tableOf(ws: Worksheet): unknown[][] {
  const rows: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  const blank = rows.findIndex((r) => r.length === 0);
  return rows.slice(blank + 1);
}

describe('exports: CSV and Excel of crosstabs, saved crosstabs and charts', () => {
  let stack: Stack;
  let demo: string;
  let acme: string;
  let cells: Map<string, Cell>;

  async function post(path: string, body: unknown, headers: Record<string, string> = {}, token = demo): Promise<Response> {
    return fetch(`${stack.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }
  async function get(path: string, headers: Record<string, string> = {}, token = demo): Promise<Response> {
    return fetch(`${stack.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}`, ...headers } });
  }
  /** The body as text, failing with what the service said when the status is not the one expected. */
  async function expectStatus(res: Response, status: number): Promise<string> {
    const text = await res.text();
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text.slice(0, 1000)}`);
    return text;
  }
  async function workbook(res: Response): Promise<Workbook> {
    if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${await res.text()}`);
    expect(res.headers.get('content-type')).toBe(XLSX);
    const wb = new Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    return wb;
  }
  const cell = (r: number, c: number) => cells.get(`${r},${c}`) as Cell;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'exports', jobMode: 'queue', workers: 1, seed: true });
    demo = await stack.token('demo', 1);
    acme = await stack.token('acme-retail', 2);
    const text = await expectStatus(await post('/v2/query/crosstab', CROSSTAB), 200);
    const list = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Cell);
    cells = new Map(list.map((c) => [`${c.row_index},${c.column_index}`, c]));
    expect(cells.size).toBe(9);
    // The selection is small enough that some cells are low base and some are not, so the marks are tested both ways.
    const samples = list.map((c) => c.intersect.sample);
    expect({ samples, someLow: list.some((c) => c.flags.low_base), someNot: list.some((c) => !c.flags.low_base) }).toMatchObject({
      someLow: true,
      someNot: true,
    });
  });
  afterAll(() => stack?.stop());

  it('CSV, one metric at a time: rows by columns, every value the JSON value, low base marked, names neutralised', async () => {
    for (const metric of METRICS) {
      const res = await post(`/v2/query/crosstab?metric=${metric}`, CROSSTAB, { accept: 'text/csv' });
      const text = await expectStatus(res, 200);
      expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
      expect(res.headers.get('content-disposition')).toBe('attachment; filename="Crosstab.csv"');
      const { header, table } = readCsv(text);
      expect(header.get('Metric')).toContain(LABELS[metric]);
      expect(Number(header.get('Base size (weighted)'))).toBe(cell(1, 1).base.size);
      expect(Number(header.get('Base sample'))).toBe(cell(1, 1).base.sample);
      expect(header.get('Waves')).toBe('Q2 2026 (q2_2026); Q3 2026 (q3_2026)');
      expect(header.get('Markets')).toBe('United States (us); United Kingdom (gb)');
      expect(header.get('Data version')).toMatch(/^\d+$/);
      expect(table[0]).toEqual([LABELS[metric], ...CROSSTAB.columns.map((c) => shown(c.name))]);
      expect(table.slice(1).map((r) => r[0])).toEqual(CROSSTAB.rows.map((r) => shown(r.name)));
      for (let r = 1; r <= 3; r++) {
        for (let c = 1; c <= 3; c++) {
          const text = table[r][c];
          const got = { value: Number(text.replace(/\*$/, '')), low: text.endsWith('*') };
          expect({ r, c, metric, ...got }).toEqual({ r, c, metric, value: VALUE[metric](cell(r, c)), low: cell(r, c).flags.low_base });
        }
      }
    }
  });

  it('CSV, metric=all (the default): the long form, one line per cell, every metric under its JSON name', async () => {
    const { table } = readCsv(await expectStatus(await post('/v2/query/crosstab', CROSSTAB, { accept: 'text/csv' }), 200));
    const [columns, ...lines] = table;
    expect(columns).toEqual(['row_index', 'row_id', 'row_name', 'column_index', 'column_id', 'column_name', ...METRICS, 'low_base']);
    expect(lines).toHaveLength(9);
    for (const line of lines) {
      const x = Object.fromEntries(columns.map((k, i) => [k, line[i]]));
      const c = cell(Number(x['row_index']), Number(x['column_index']));
      expect(x).toEqual({
        row_index: String(c.row_index),
        row_id: c.row.id,
        row_name: shown(c.row.name),
        column_index: String(c.column_index),
        column_id: c.column.id,
        column_name: shown(c.column.name),
        ...Object.fromEntries(METRICS.map((m) => [m, String(VALUE[m](c))])),
        low_base: String(c.flags.low_base),
      });
    }
  });

  it('Excel: one worksheet per metric, every value the JSON value as a number, low base shown with * and filled', async () => {
    const wb = await workbook(await post('/v2/query/crosstab?metric=all', CROSSTAB, { accept: XLSX }));
    expect(wb.worksheets.map((w) => w.name)).toEqual(METRICS.map((m) => LABELS[m]));
    for (const [i, metric] of METRICS.entries()) {
      const ws = wb.worksheets[i];
      const table = tableOf(ws);
      expect(table[0]).toEqual([LABELS[metric], ...CROSSTAB.columns.map((c) => c.name)]);
      expect(table.slice(1).map((r) => r[0])).toEqual(CROSSTAB.rows.map((r) => r.name));
      const top = ws.rowCount - 3;
      for (let r = 1; r <= 3; r++) {
        for (let c = 1; c <= 3; c++) {
          const x = ws.getCell(top + r, c + 1);
          const got = { value: x.value, low: String(x.numFmt).endsWith('"*"') };
          expect({ r, c, metric, ...got }).toEqual({ r, c, metric, value: VALUE[metric](cell(r, c)), low: cell(r, c).flags.low_base });
        }
      }
    }
    const single = await workbook(await post('/v2/query/crosstab?metric=index', CROSSTAB, { accept: XLSX }));
    expect(single.worksheets.map((w) => w.name)).toEqual(['Index']);
  });

  it('the same checks and tenancy as the JSON stream: unknown codes 400, unlicensed 403, bad metric or option 400, bad Accept 406', async () => {
    const unknown = await post('/v2/query/crosstab', { rows: [{ expression: { question: 'nope' } }] }, { accept: 'text/csv' });
    expect(JSON.parse(await expectStatus(unknown, 400))).toMatchObject({ errors: [{ path: '/rows/0/expression/question' }] });
    const gaming = await post('/v2/query/crosstab', { rows: [{ expression: { question: 'gaming_platforms_used' } }] }, { accept: XLSX }, acme);
    await expectStatus(gaming, 403);
    const metric = await post('/v2/query/crosstab?metric=percent', CROSSTAB, { accept: 'text/csv' });
    expect(JSON.parse(await expectStatus(metric, 400))).toMatchObject({ errors: [{ path: '/metric' }] });
    // Kish bases belong to the stream; a test's results, averages and waves have their columns in a file.
    const effective = await post('/v2/query/crosstab?effective_base=true', CROSSTAB, { accept: XLSX });
    expect(JSON.parse(await expectStatus(effective, 400))).toMatchObject({ errors: [{ path: '/effective_base' }] });
    const noTest = await post('/v2/query/crosstab?metric=significance', CROSSTAB, { accept: 'text/csv' });
    expect(JSON.parse(await expectStatus(noTest, 400))).toMatchObject({ errors: [{ path: '/metric', message: expect.stringMatching(/needs a test/) }] });
    const html = await post('/v2/query/crosstab', CROSSTAB, { accept: 'text/html' });
    expect(html.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(await expectStatus(html, 406))).toMatchObject({ type: 'urn:aas:problem:not-acceptable', status: 406 });
    // JSON, and any media type with a wildcard, still get the NDJSON stream.
    for (const accept of ['application/json', '*/*', 'application/*']) {
      const res = await post('/v2/query/crosstab', CROSSTAB, { accept });
      await expectStatus(res, 200);
      expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    }
  });

  it('a saved crosstab exports by id, computed now, with the numbers of the same crosstab; another organisation gets 404', async () => {
    const project = {
      name: 'Platforms: women, Gen Z women, 55-64',
      rows: CROSSTAB.rows.map((r) => ({
        id: r.id,
        name: r.name,
        expression: 'and' in r.expression ? { and: r.expression.and.map(saved) } : saved(r.expression as { question: string; datapoints: string[] }),
      })),
      columns: CROSSTAB.columns.map((c) => ({ id: c.id, name: c.name, expression: saved(c.expression) })),
      wave_codes: CROSSTAB.waves,
      country_codes: CROSSTAB.locations,
    };
    const created = JSON.parse(await expectStatus(await post('/v2/saved/crosstabs', project), 200)) as Json;
    const url = `/v2/saved/crosstabs/${created['uuid'] as string}/export`;

    const csv = await get(`${url}?metric=all`);
    const { header, table } = readCsv(await expectStatus(csv, 200));
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="Platforms-women-Gen-Z-women-55-64.csv"');
    expect(header.get('Title')).toBe(project.name);
    const [columns, ...lines] = table;
    expect(lines).toHaveLength(9);
    for (const line of lines) {
      const x = Object.fromEntries(columns.map((k, i) => [k, line[i]]));
      const c = cell(Number(x['row_index']), Number(x['column_index']));
      expect({ id: x['row_id'], ...Object.fromEntries(METRICS.map((m) => [m, Number(x[m])])), low: x['low_base'] }).toEqual({
        id: c.row.id,
        ...Object.fromEntries(METRICS.map((m) => [m, VALUE[m](c)])),
        low: String(c.flags.low_base),
      });
    }

    const wb = await workbook(await get(`${url}?metric=column_percentage`, { accept: XLSX }));
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Column %']);
    const ws = wb.worksheets[0];
    const top = ws.rowCount - 3;
    for (let r = 1; r <= 3; r++) for (let c = 1; c <= 3; c++) expect(ws.getCell(top + r, c + 1).value).toBe(VALUE.column_percentage(cell(r, c)));

    expect(JSON.parse(await expectStatus(await get(url, {}, acme), 404))).toMatchObject({ type: 'urn:aas:problem:not-found' });
    await expectStatus(await get(url.replace(/[0-9a-f-]{36}/, '7b0c6a1e-5b1f-4c55-9d4a-1f0e2d3c4b5a')), 404);
    expect(JSON.parse(await expectStatus(await get(`${url}?metric=everything`), 400))).toMatchObject({ errors: [{ path: '/metric' }] });
    await expectStatus(await get(url, { accept: 'application/json' }), 406);
  });

  it("a chart calculation's CSV is its JSON, line by line (split by wave, an errored stat included)", async () => {
    const chart = JSON.parse(
      await expectStatus(
        await post('/v1/charts', {
          name: 'Platforms by wave',
          attributes: [
            { namespace_code: 'core', question_code: 'social_platform_usage', datapoint_code: 'tiktok' },
            { namespace_code: 'core', question_code: 'social_platform_usage', datapoint_code: 'nope' },
            { namespace_code: 'core', question_code: 'social_platform_usage', datapoint_code: 'instagram' },
          ],
          audiences: [
            { id: 'women', name: '=Women', expression: WOMEN },
            { id: 'gen-z', name: 'Gen Z', expression: GEN_Z },
          ],
          wave_codes: CROSSTAB.waves,
          location_codes: CROSSTAB.locations,
          splitter: 'wave',
        }),
        201,
      ),
    ) as Json;
    const path = `/v1/charts/${chart['id'] as string}/calculate`;
    const json = JSON.parse(await expectStatus(await post(path, {}), 200)) as {
      stats: {
        attributes: Json[];
        code: number;
        error_type: string;
        data: { audience: string; segment: string; waves: string[]; metrics: Record<string, number>; trend?: { z: number } }[];
      }[];
    };
    const res = await post(path, {}, { accept: 'text/csv' });
    const { header, table } = readCsv(await expectStatus(res, 200));
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Platforms-by-wave.csv"');
    expect(header.get('Chart')).toBe('Platforms by wave');
    const [columns, ...lines] = table;
    const metrics = Object.keys(json.stats.find((s) => s.code === 200)?.data[0].metrics ?? {});
    expect(metrics).toHaveLength(9);
    // Every metric (the chart selects none): `average` too, empty for stats of questions that are not numeric; then the
    // stat's code and error_type, and the data row's test and trend (split by wave: each row from the second wave has one).
    expect(columns.slice(14, -8).filter((c) => c !== 'average')).toEqual(metrics);
    expect(lines.every((l) => l[columns.indexOf('average')] === '')).toBe(true);
    expect(columns.slice(-8)).toEqual(['code', 'error_type', 'letter', 'higher_than', 'z', 'direction', 'trend_z', 'trend_direction']);
    const expected = json.stats.flatMap((s) =>
      s.data.length === 0
        ? [
            {
              datapoint: s.attributes[0]['datapoint_code'],
              audience: '',
              segment: '',
              waves: '',
              values: metrics.map(() => ''),
              code: String(s.code),
              error: s.error_type,
              trend: '',
            },
          ]
        : s.data.map((d) => ({
            datapoint: s.attributes[0]['datapoint_code'],
            audience: d.audience,
            segment: d.segment,
            waves: d.waves.join(';'),
            values: metrics.map((m) => String(d.metrics[m])),
            code: String(s.code),
            error: s.error_type,
            trend: d.trend ? String(d.trend.z) : '',
          })),
    );
    const col = (name: string) => columns.indexOf(name);
    expect(
      lines.map((l) => ({
        datapoint: l[col('datapoint_code')],
        audience: l[col('audience')],
        segment: l[col('segment')],
        waves: l[col('waves')],
        values: metrics.map((m) => l[col(m)]),
        code: l[col('code')],
        error: l[col('error_type')],
        trend: l[col('trend_z')],
      })),
    ).toEqual(expected);
    // Split by wave, every data row of the second wave carries its trend against the first.
    expect(json.stats.flatMap((s) => s.data).filter((d) => d.segment === json.stats[0].data[1]?.segment && d.trend !== undefined).length).toBeGreaterThan(0);
    expect(expected.length).toBe(2 * 2 * 2 + 1);
    expect(lines.filter((l) => l[col('audience')] === 'women').every((l) => l[col('audience_name')] === "'=Women")).toBe(true);
    await expectStatus(await post(path, {}, { accept: 'text/html' }), 406);
  });
});
