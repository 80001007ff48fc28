import { parse } from 'csv-parse/sync';
import { Workbook } from 'exceljs';
import { CROSSTAB_METRICS } from '@aas/shared-contracts';
import type { CrosstabCell } from '@aas/crosstab-engine-domain';
import type { PreparedAudience, PreparedCrosstab } from '../prepare-crosstab';
import { crosstabCsv, crosstabSheet, METRIC_DEFINITIONS } from './crosstab-sheet';
import { crosstabWorkbook } from './crosstab-workbook';

const audience = (id: string, name: string, index: number): PreparedAudience => ({
  id,
  name,
  index,
  wire: { question: 'q', datapoints: [id] },
  expression: {} as PreparedAudience['expression'],
});

/** Two rows by three columns; row 2 x column 3 is low base (sample 12). Names that test quoting and formula neutralising. */
const crosstab: PreparedCrosstab = {
  rows: [audience('r1', 'Gen Z, urban', 1), audience('r2', '=HYPERLINK("http://evil.example")', 2)],
  columns: [audience('c1', 'TikTok', 1), audience('c2', 'Instagram "daily"', 2), audience('c3', '-Mastodon', 3)],
  base: audience('base', 'All respondents', 0),
  waves: ['q1_2025', 'q2_2025'],
  locations: ['us', 'gb'],
  dataset: 'tracker',
  percentBase: 'all',
  spec: { rows: [], columns: [], validBases: [] },
};

function cell(rowIndex: number, columnIndex: number): CrosstabCell {
  const seed = rowIndex * 3 + columnIndex + 1;
  const sample = rowIndex === 1 && columnIndex === 2 ? 12 : 100 + seed;
  return {
    rowIndex,
    columnIndex,
    base: { size: 1000.5, sample: 2400 },
    row: { size: 400 + seed, sample: 900, percentage: 40.1 + seed, intersectPercentage: 10 + seed / 3 },
    column: { size: 300 + seed, sample: 700, percentage: 30.2 + seed, intersectPercentage: 20 + seed / 7 },
    intersect: { size: 50.25 + seed, sample, percentage: 5 + seed / 11, index: 90 + seed / 13 },
    flags: { lowBase: sample < 50, unreliable: sample < 30 },
    reasons: [],
  };
}

// In an order other than row-major: the sheet places each cell by its indices.
const cells = [cell(1, 2), cell(0, 0), cell(1, 0), cell(0, 2), cell(0, 1), cell(1, 1)];
const sheet = crosstabSheet(crosstab, cells, {
  title: 'Gen Z by platform',
  dataVersion: '1795384212237',
  waves: [
    { code: 'q1_2025', name: 'Q1 2025' },
    { code: 'q2_2025', name: 'Q2 2025' },
  ],
  locations: [
    { code: 'us', name: 'United States' },
    { code: 'gb', name: 'United Kingdom' },
  ],
});
const engineCell = (r: number, c: number) => cells.find((x) => x.rowIndex === r && x.columnIndex === c) as CrosstabCell;

/** Splits a CSV export at its first empty line: the header block (label -> value) and the table. */
function readCsv(text: string): { header: Map<string, string>; table: string[][] } {
  const records = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false }) as string[][];
  const blank = records.findIndex((r) => r.length === 1 && r[0] === '');
  return { header: new Map(records.slice(0, blank).map(([k, v]) => [k, v])), table: records.slice(blank + 1) };
}

describe('crosstab sheet', () => {
  it('has the header block a researcher expects: base, its size and sample, dataset, waves, markets, data version, low-base mark', () => {
    expect(Object.fromEntries(sheet.header)).toEqual({
      Title: 'Gen Z by platform',
      Base: 'All respondents',
      'Base size (weighted)': 1000.5,
      'Base sample': 2400,
      'Percentages of': 'everyone in the base',
      Dataset: 'tracker',
      Waves: 'Q1 2025 (q1_2025); Q2 2025 (q2_2025)',
      Markets: 'United States (us); United Kingdom (gb)',
      'Data version': '1795384212237',
      'Low base': '* after a value: fewer than 50 respondents in the cell (flags.low_base)',
    });
  });

  it('each metric reads the JSON cell member it is named after', () => {
    const c = sheet.cells[0][1];
    expect(CROSSTAB_METRICS.map((m) => METRIC_DEFINITIONS[m].value(c))).toEqual([
      c.audiences.column.intersect_percentage,
      c.audiences.row.intersect_percentage,
      c.intersect.percentage,
      c.intersect.index,
      c.intersect.size,
      c.intersect.sample,
    ]);
  });

  it('refuses a crosstab with a cell missing, rather than leave a hole in the sheet', () => {
    expect(() => crosstabSheet(crosstab, cells.slice(1), { title: 't', dataVersion: '1', waves: [], locations: [] })).toThrow(/no cell for row 1, column 2/);
  });
});

describe('crosstab CSV', () => {
  it('one metric: rows by columns, the metric in the corner, full-precision values, a low-base value marked *', () => {
    const { header, table } = readCsv(crosstabCsv(sheet, 'column_percentage'));
    expect(sheet.metrics).toEqual(CROSSTAB_METRICS);
    expect(header.get('Metric')).toMatch(/^Column %: .*audiences\.column\.intersect_percentage/);
    expect(table[0]).toEqual(['Column %', 'TikTok', 'Instagram "daily"', "'-Mastodon"]);
    expect(table.map((r) => r[0])).toEqual(['Column %', 'Gen Z, urban', `'=HYPERLINK("http://evil.example")`]);
    for (let r = 0; r < 2; r++) {
      for (let c = 0; c < 3; c++) {
        const value = engineCell(r, c).column.intersectPercentage;
        expect(table[r + 1][c + 1]).toBe(r === 1 && c === 2 ? `${value}*` : String(value));
        expect(Number(table[r + 1][c + 1].replace(/\*$/, ''))).toBe(value);
      }
    }
  });

  it('every metric as its own grid carries the values of its JSON member', () => {
    for (const metric of CROSSTAB_METRICS) {
      const { table } = readCsv(crosstabCsv(sheet, metric));
      expect(table[0][0]).toBe(METRIC_DEFINITIONS[metric].label);
      const values = table.slice(1).map((r) => r.slice(1).map((v) => Number(v.replace(/\*$/, ''))));
      expect(values).toEqual(sheet.cells.map((row) => row.map((c) => METRIC_DEFINITIONS[metric].value(c))));
    }
  });

  it('all: the long form, one line per cell with ids, names, every metric under its JSON name and low_base', () => {
    const { header, table } = readCsv(crosstabCsv(sheet, 'all'));
    expect(header.has('Metric')).toBe(false);
    expect(table[0]).toEqual([
      'row_index',
      'row_id',
      'row_name',
      'column_index',
      'column_id',
      'column_name',
      'column_percentage',
      'row_percentage',
      'percentage',
      'index',
      'size',
      'sample',
      'low_base',
    ]);
    expect(table).toHaveLength(1 + 6);
    const last = table[6];
    const c = engineCell(1, 2);
    expect(last).toEqual([
      '2',
      'r2',
      `'=HYPERLINK("http://evil.example")`,
      '3',
      'c3',
      "'-Mastodon",
      String(c.column.intersectPercentage),
      String(c.row.intersectPercentage),
      String(c.intersect.percentage),
      String(c.intersect.index),
      String(c.intersect.size),
      '12',
      'true',
    ]);
    expect(table.slice(1).map((r) => r[12])).toEqual(['false', 'false', 'false', 'false', 'false', 'true']);
  });
});

describe('crosstab workbook', () => {
  async function open(buffer: Buffer): Promise<Workbook> {
    const workbook = new Workbook();
    await workbook.xlsx.load(buffer as unknown as ArrayBuffer);
    return workbook;
  }

  it('all: one worksheet per metric, each with the header block and the table of its numbers', async () => {
    const workbook = await open(await crosstabWorkbook(sheet, 'all'));
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Column %', 'Row %', '% of base', 'Index', 'Size', 'Sample']);
    for (const [i, metric] of CROSSTAB_METRICS.entries()) {
      const ws = workbook.worksheets[i];
      expect(ws.getCell('A1').value).toBe('Title');
      expect(ws.getCell('B1').value).toBe('Gen Z by platform');
      expect(ws.getCell('A2').value).toBe('Metric');
      const top = sheet.header.length + 3;
      expect(ws.getRow(top).values).toEqual([undefined, METRIC_DEFINITIONS[metric].label, 'TikTok', 'Instagram "daily"', '-Mastodon']);
      for (let r = 0; r < 2; r++) {
        expect(ws.getCell(top + 1 + r, 1).value).toBe(sheet.rows[r].name);
        for (let c = 0; c < 3; c++) expect(ws.getCell(top + 1 + r, c + 2).value).toBe(METRIC_DEFINITIONS[metric].value(sheet.cells[r][c]));
      }
      expect(ws.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: top });
    }
  });

  it('a low-base cell stays a number, shown with * by its number format and filled', async () => {
    const ws = (await open(await crosstabWorkbook(sheet, 'index'))).worksheets[0];
    expect(ws.name).toBe('Index');
    const top = sheet.header.length + 3;
    const low = ws.getCell(top + 2, 4);
    expect(typeof low.value).toBe('number');
    expect(low.numFmt).toBe('0"*"');
    expect(low.fill).toMatchObject({ type: 'pattern', pattern: 'solid' });
    const normal = ws.getCell(top + 1, 2);
    expect(normal.numFmt).toBe('0');
    expect(normal.fill?.type === 'pattern' ? normal.fill.pattern : undefined).not.toBe('solid');
    // Labels are text cells, never formulas, whatever they start with.
    expect(ws.getCell(top + 2, 1).value).toBe('=HYPERLINK("http://evil.example")');
    expect(ws.getCell(top + 2, 1).type).toBe(3 /* ValueType.String */);
  });
});

describe('crosstab sheets with statistics: averages, a column test, valid bases, waves', () => {
  const waves = [
    { code: 'q1_2025', name: 'Q1 2025' },
    { code: 'q2_2025', name: 'Q2 2025' },
  ];
  const averageRow: PreparedAudience = {
    ...audience('avg', 'Average: household size', 1),
    avg: { question: 'household_size', with_datapoints: {} },
    average: { question: 'household_size', name: 'Household size', parts: [], answered: {}, questions: [] },
  };
  const stats: PreparedCrosstab = { ...crosstab, rows: [averageRow, crosstab.rows[1]], percentBase: 'answered' };
  /** Every cell of two rows by three columns, once per wave, with a column test, an average in row 1 and a trend from the second wave. */
  const statCells = waves.flatMap((wave, w) =>
    cells.map((c): CrosstabCell => ({
      ...c,
      wave: wave.code,
      significance: { test: 'columns', level: 0.95, higherThan: c.columnIndex === 0 ? ['B', 'C'] : [], stdError: 0.01 * (c.columnIndex + 1), critical: 1.96 },
      ...(c.rowIndex === 0 ? { average: { value: 2.5 + w + c.columnIndex, stdDev: 1.1, stdError: 0.05, size: 300, sample: 120 } } : {}),
      ...(w === 1 ? { trend: { previous: 'q1_2025', level: 0.95, z: 2.5, significant: true, direction: 'up' } } : {}),
    })),
  );
  const statSheet = crosstabSheet(stats, statCells, {
    title: 't',
    dataVersion: '1',
    waves,
    locations: [],
    statistics: { percentBase: 'answered', level: 0.95, test: 'columns', split: 'wave' },
    letters: ['A', 'B', 'C'],
  });

  it('names columns with their letters, rows once per wave, says what percentages are of and which test', () => {
    expect(statSheet.columns.map((c) => c.name)).toEqual(['TikTok (A)', 'Instagram "daily" (B)', '-Mastodon (C)']);
    expect(statSheet.rows.map((r) => r.name)).toEqual([
      'Average: household size \u00b7 Q1 2025',
      'Average: household size \u00b7 Q2 2025',
      `=HYPERLINK("http://evil.example") \u00b7 Q1 2025`,
      `=HYPERLINK("http://evil.example") \u00b7 Q2 2025`,
    ]);
    const header = Object.fromEntries(statSheet.header);
    expect(header['Percentages of']).toMatch(/answered the row's questions/);
    expect(header['Significance']).toMatch(/letters of the columns it is significantly higher than; 95%/);
    expect(header['Split']).toMatch(/by wave/);
    expect(header['Base size (weighted)']).toMatch(/each row's own/);
    expect(statSheet.metrics).toEqual([...CROSSTAB_METRICS, 'average', 'significance', 'trend']);
  });

  it("the long form carries the wave, the row's base, the average, the letters and the trend", () => {
    const { table } = readCsv(crosstabCsv(statSheet, 'all'));
    const columns = table[0];
    expect(columns).toEqual([
      'row_index',
      'row_id',
      'row_name',
      'column_index',
      'column_id',
      'column_name',
      'wave',
      'base_size',
      'base_sample',
      ...CROSSTAB_METRICS,
      'low_base',
      'average',
      'average_std_dev',
      'average_std_error',
      'average_size',
      'average_sample',
      'column_letter',
      'higher_than',
      'std_error',
      'trend_z',
      'trend_significant',
      'trend_direction',
    ]);
    const line = (r: number, c: number, wave: string) =>
      Object.fromEntries(columns.map((name, i) => [name, table.find((l) => l[0] === String(r) && l[3] === String(c) && l[6] === wave)?.[i]]));
    expect(line(1, 1, 'q2_2025')).toMatchObject({
      average: '3.5',
      average_sample: '120',
      column_letter: 'A',
      higher_than: 'B C',
      trend_direction: 'up',
      trend_z: '2.5',
    });
    expect(line(2, 2, 'q1_2025')).toMatchObject({ average: '', column_letter: 'B', higher_than: '', std_error: '0.02', trend_z: '' });
    expect(table).toHaveLength(1 + 12);
  });

  it('grids of the average, the letters and the trend, and their worksheets', async () => {
    const averages = readCsv(crosstabCsv(statSheet, 'average')).table;
    expect(averages[1].slice(1)).toEqual(['2.5', '3.5', '4.5']);
    expect(averages[3].slice(1)).toEqual(['', '', '']);
    expect(readCsv(crosstabCsv(statSheet, 'significance')).table[1].slice(1)).toEqual(['B C', '', '']);
    expect(readCsv(crosstabCsv(statSheet, 'trend')).table[2].slice(1)).toEqual(['up', 'up', 'up']);
    const workbook = new Workbook();
    await workbook.xlsx.load((await crosstabWorkbook(statSheet, 'all')) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['Column %', 'Row %', '% of base', 'Index', 'Size', 'Sample', 'Average', 'Significance', 'Trend']);
    const top = statSheet.header.length + 3;
    const average = workbook.getWorksheet('Average');
    expect(average?.getCell(top + 1, 2).value).toBe(2.5);
    expect(average?.getCell(top + 3, 2).value).toBeNull();
    expect(workbook.getWorksheet('Significance')?.getCell(top + 1, 2).value).toBe('B C');
  });
});
