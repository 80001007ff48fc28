import { readFileSync } from 'node:fs';
import { fixturePath, readPsppTables, type PrintedNumber, type PsppCrosstab } from '@aas/survey-import-domain/testing';
import { runTool } from '../support/processes';
import { Stack } from '../support/stack';

/**
 * A real survey file in, the service's numbers out, checked against an independent tool: the PSPP
 * fixture is imported through the CLI into an empty service, and every weighted count, row % and
 * column % of PSPP's CROSSTABS of its questions by gender (per wave, and pooled as the service
 * defines sizes: the mean of per-wave sums) is compared with POST /v2/query/crosstab, at PSPP's
 * printed precision; then a chart and an assistant answer over the same imported data, against
 * PSPP's tables too.
 */

type Wire = Record<string, unknown>;
interface Cell {
  row_index: number;
  column_index: number;
  audiences: {
    row: { size: number; percentage: number; intersect_percentage: number };
    column: { size: number; percentage: number; intersect_percentage: number };
  };
  base: { size: number };
  intersect: { size: number };
}

const WAVES: Record<string, string> = { '1': 'q1_2025', '2': 'q2_2025', '3': 'q3_2025' };
const ALL_WAVES = Object.values(WAVES);
const MARKETS = ['us', 'gb', 'de', 'br'];
const AGE: Record<string, string> = { '1': '16_24', '2': '25_34', '3': '35_44', '4': '45_54', '5': '55_64' };
const GENDER: Record<string, string> = { '1': 'male', '2': 'female', '3': 'another_way' };
const SOCIAL = ['facebook', 'instagram', 'tiktok', 'pinterest', 'youtube', 'mastodon'];
const MEDIA = ['television', 'radio', 'podcasts', 'streaming_video'];
const HOURS: Record<string, string> = { '1': 'under_5', '2': '5_to_15', '3': '15_to_30', '4': '30_plus' };

const leaf = (question: string, datapoints?: string[], extra: Wire = {}): Wire => ({ question, ...(datapoints ? { datapoints } : {}), ...extra });

/** A PSPP row variable as the service reads it: who answered it (the base) and each printed value. */
function rowsOf(variable: string): { base: Wire | null; row: (v: string) => Wire } {
  if (variable === 'agegrp') return { base: leaf('age'), row: (v) => leaf('age', [AGE[v]]) };
  if (variable === 'hours_band') return { base: leaf('hours_online'), row: (v) => leaf('hours_online', [HOURS[v]]) };
  const social = /^soc_(\d)$/.exec(variable);
  if (social) {
    const option = SOCIAL[Number(social[1]) - 1];
    return { base: null, row: (v) => leaf('social', [option], v === '1' ? {} : { not: true }) };
  }
  const media = /^freq_(\d)$/.exec(variable);
  if (media) {
    const row = MEDIA[Number(media[1]) - 1];
    return { base: leaf('media_frequency', [row]), row: (v) => leaf('media_frequency', [row], { suffixes: [v] }) };
  }
  throw new Error(`no row definition for ${variable}`);
}

describe('import a PSPP-made .sav, query it over HTTP: the numbers are PSPP\u2019s', () => {
  let stack: Stack;
  let token: string;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'importpspp', jobMode: 'queue', workers: 1 });
    const out = await runTool('tools/import/import.js', [fixturePath('tracker.sav'), '--mapping', fixturePath('tracker.mapping.json')], {
      DATABASE_URL: stack.databaseUrl,
    });
    expect(JSON.parse(out.trim().split('\n').at(-1) as string)).toMatchObject({ dataset: 'tracker', respondents: 2400, partitions: 12 });
    token = await stack.token('research', 1);
    await stack.query(`INSERT INTO entitled_datasets (org_id, dataset_code) VALUES ('research', 'tracker')`);
    for (const m of MARKETS) await stack.query(`INSERT INTO entitled_locations (org_id, location_code) VALUES ('research', $1)`, [m]);
    for (const w of ALL_WAVES) await stack.query(`INSERT INTO entitled_waves (org_id, wave_code) VALUES ('research', $1)`, [w]);
  });
  afterAll(() => stack?.stop());

  async function crosstab(rows: Wire[], columns: Wire[], base: Wire, waves: string[]): Promise<Cell[]> {
    const res = await fetch(`${stack.baseUrl}/v2/query/crosstab`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        rows: rows.map((expression, i) => ({ id: `r${i}`, expression })),
        columns: columns.map((expression, i) => ({ id: `c${i}`, expression })),
        base_audience: { id: 'base', expression: base },
        waves,
        locations: MARKETS,
      }),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`crosstab answered ${res.status}: ${text}`);
    const cells = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Cell);
    if (cells.some((c) => !('intersect' in c))) throw new Error(`crosstab failed mid-stream: ${text}`);
    return cells;
  }

  it('agrees with every CROSSTABS figure by gender, per wave and pooled', async () => {
    const { crosstabs } = readPsppTables(readFileSync(fixturePath('tracker.tables.csv'), 'utf8'));
    const byGender = crosstabs.filter((t) => t.columnVariable === 'gender');
    expect(byGender.length).toBeGreaterThan(10);
    let figures = 0;
    const failures: string[] = [];
    const check = (label: string, service: number, printed: PrintedNumber) => {
      figures++;
      if (!(Math.abs(service - printed.value) <= printed.tolerance + 1e-9 * Math.abs(printed.value)))
        failures.push(`${label}: service ${service}, PSPP ${printed.value}`);
    };
    const sumOverWaves = (pooled: PsppCrosstab, r: string, k: number) =>
      byGender
        .filter((t) => t.split !== null && t.rowVariable === pooled.rowVariable)
        .reduce((sum, t) => sum + (t.rows.get(r)?.get('Count')?.[k]?.value ?? 0), 0);
    for (const t of byGender) {
      const waves = t.split === null ? ALL_WAVES : [WAVES[t.split]];
      const def = rowsOf(t.rowVariable);
      const rowValues = [...t.rows.keys()].filter((r) => r !== 'Total');
      const base = { and: [...(def.base ? [def.base] : []), leaf('tracker_gender')] };
      const cells = await crosstab(
        rowValues.map((v) => def.row(v)),
        t.columns.map((c) => leaf('tracker_gender', [GENDER[c]])),
        base,
        waves,
      );
      const cell = (r: number, c: number) => cells.find((x) => x.row_index === r + 1 && x.column_index === c + 1) as Cell;
      const where = `${t.rowVariable} x gender [${t.split ?? 'pooled'}]`;
      rowValues.forEach((r, ri) => {
        const stats = t.rows.get(r) as Map<string, PrintedNumber[]>;
        t.columns.forEach((c, ci) => {
          const x = cell(ri, ci);
          const count = stats.get('Count')?.[ci] as PrintedNumber;
          if (t.split === null) {
            // Pooled: the service's size is the mean of per-wave sums; PSPP's pooled count is the plain sum.
            check(`${where} count (${r}, ${c}) x waves`, x.intersect.size * ALL_WAVES.length, count);
            check(`${where} count (${r}, ${c}) = sum of per-wave counts / waves`, x.intersect.size, {
              value: sumOverWaves(t, r, ci) / ALL_WAVES.length,
              tolerance: count.tolerance,
            });
          } else {
            check(`${where} count (${r}, ${c})`, x.intersect.size, count);
          }
          check(`${where} row % (${r}, ${c})`, x.audiences.row.intersect_percentage, stats.get('Row %')?.[ci] as PrintedNumber);
          check(`${where} column % (${r}, ${c})`, x.audiences.column.intersect_percentage, stats.get('Column %')?.[ci] as PrintedNumber);
        });
      });
    }
    expect(failures).toEqual([]);
    expect(figures).toBeGreaterThan(500);
  });

  /** PSPP's CROSSTABS of a variable by gender in one wave (SPLIT FILE value). */
  function psppTable(rowVariable: string, split: string): PsppCrosstab {
    const { crosstabs } = readPsppTables(readFileSync(fixturePath('tracker.tables.csv'), 'utf8'));
    const table = crosstabs.find((t) => t.rowVariable === rowVariable && t.columnVariable === 'gender' && t.split === split);
    if (!table) throw new Error(`PSPP printed no ${rowVariable} x gender table for wave ${split}`);
    return table;
  }

  async function call(method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
    const res = await fetch(`${stack.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  }

  it('a chart of the imported questions has PSPP\u2019s column %, row % and counts (wave 3, by gender)', async () => {
    const chart = await call('POST', '/v1/charts', {
      name: 'Social media by gender, Q3 2025',
      attributes: SOCIAL.map((datapoint_code) => ({ namespace_code: 'tracker', question_code: 'social', datapoint_code })),
      audiences: Object.entries(GENDER).map(([value, code]) => ({ id: value, name: code, expression: leaf('tracker_gender', [code]) })),
      base_audience: { id: 'answered', name: 'Gender answered', expression: leaf('tracker_gender') },
      wave_codes: [WAVES['3']],
      location_codes: MARKETS,
    });
    const result = (await call('POST', `/v1/charts/${chart['id'] as string}/calculate`, {})) as {
      stats: { code: number; attributes: { datapoint_code: string }[]; data: { audience: string; metrics: Record<string, number> }[] }[];
    };
    const failures: string[] = [];
    let figures = 0;
    const check = (label: string, service: number, printed: PrintedNumber) => {
      figures++;
      if (!(Math.abs(service - printed.value) <= printed.tolerance + 1e-9 * Math.abs(printed.value)))
        failures.push(`${label}: service ${service}, PSPP ${printed.value}`);
    };
    for (const stat of result.stats) {
      expect(stat.code).toBe(200);
      const variable = `soc_${SOCIAL.indexOf(stat.attributes[0].datapoint_code) + 1}`;
      const table = psppTable(variable, '3');
      const selected = table.rows.get('1') as Map<string, PrintedNumber[]>;
      for (const row of stat.data) {
        const k = table.columns.indexOf(row.audience);
        const where = `${variable} x gender ${row.audience} [wave 3]`;
        check(`${where} positive_size`, row.metrics['positive_size'], selected.get('Count')?.[k] as PrintedNumber);
        check(`${where} audience_percentage`, row.metrics['audience_percentage'], selected.get('Column %')?.[k] as PrintedNumber);
        check(`${where} datapoint_percentage`, row.metrics['datapoint_percentage'], selected.get('Row %')?.[k] as PrintedNumber);
      }
    }
    expect(failures).toEqual([]);
    expect(figures).toBe(SOCIAL.length * 3 * 3);
  });

  it('the assistant answers from the imported data: its share is PSPP\u2019s', async () => {
    const answer = (await call('POST', '/v1/assistant-api/generic', { prompt: 'How many respondents use Mastodon in Q3 2025?' })) as {
      message: string;
      sources: { datasets: { code: string }[] };
    };
    expect(answer.sources.datasets.map((d) => d.code)).toEqual(['tracker']);
    const share = /([\d.]+)% of all respondents/.exec(answer.message);
    if (!share) throw new Error(`no share of all respondents in the answer: ${answer.message}`);
    // PSPP's total column % of soc_6 = 1 in wave 3: the same share, both printed to one decimal.
    const printed = (psppTable('soc_6', '3').rows.get('1')?.get('Column %') as PrintedNumber[]).at(-1) as PrintedNumber;
    expect(Math.abs(Number(share[1]) - printed.value)).toBeLessThanOrEqual(2 * printed.tolerance);
  });

  it('the assistant reads an alias the mapping gave an answer ("fediverse" for Mastodon) as that answer', async () => {
    const ask = async (prompt: string) =>
      (await call('POST', '/v1/assistant-api/generic', { prompt })) as { message: string; sources: { datasets: { code: string }[] } };
    const [named, aliased] = [await ask('How many respondents use Mastodon in Q3 2025?'), await ask('How many respondents use the fediverse in Q3 2025?')];
    expect(aliased.sources.datasets.map((d) => d.code)).toEqual(['tracker']);
    const shareOf = (message: string) => /([\d.]+)% of all respondents/.exec(message)?.[1];
    expect(shareOf(aliased.message)).toBeDefined();
    expect(shareOf(aliased.message)).toBe(shareOf(named.message));
  });
});
