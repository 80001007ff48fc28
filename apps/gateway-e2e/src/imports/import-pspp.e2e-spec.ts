import { readFileSync } from 'node:fs';
import { fixturePath, readPsppTables, type PrintedNumber, type PsppCrosstab } from '@aas/survey-import/testing';
import { runTool } from '../support/processes';
import { Stack } from '../support/stack';

/**
 * A real survey file in, the service's numbers out, checked against an independent tool: the PSPP
 * fixture is imported through the CLI into an empty service, and every weighted count, row % and
 * column % of PSPP's CROSSTABS of its questions by gender (per wave, and pooled as the service
 * defines sizes: the mean of per-wave sums) is compared with POST /v2/query/crosstab, at PSPP's
 * printed precision.
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
      const base = { and: [...(def.base ? [def.base] : []), leaf('gender')] };
      const cells = await crosstab(
        rowValues.map((v) => def.row(v)),
        t.columns.map((c) => leaf('gender', [GENDER[c]])),
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
});
