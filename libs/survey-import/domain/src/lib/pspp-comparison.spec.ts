import { readFileSync } from 'node:fs';
import type { Expression } from '@aas/audience-expression-domain';
import { computeCrosstab, computeSegmentedCrosstab, type CrosstabData } from '@aas/crosstab-engine-domain';
import { fixturePath, importFixture, type ImportedFixture } from '../testing/import-fixture';
import { readPsppTables, type PrintedNumber, type PsppCrosstab } from '../testing/pspp-tables';

/**
 * The import checked end to end against PSPP: each fixture is imported, its partitions decoded and
 * handed to the crosstab engine, and every weighted count and row / column percentage of PSPP's
 * CROSSTABS and FREQUENCIES tables (committed beside the fixtures) is compared at PSPP's printed
 * precision: per wave exactly as PSPP printed it, pooled as the engine defines sizes (the mean of
 * the per-wave sums) against the sum of PSPP's per-wave counts divided by the number of waves.
 */

const ALL: Expression = { kind: 'all' };
const leaf = (question: string, datapoints?: string[], extra: { suffixes?: string[]; not?: boolean } = {}): Expression => ({
  kind: 'leaf',
  question,
  ...(datapoints ? { datapoints } : {}),
  ...extra,
});
const and = (...children: Expression[]): Expression => {
  const real = children.filter((c) => c.kind !== 'all');
  return real.length === 0 ? ALL : real.length === 1 ? real[0] : { kind: 'and', children: real };
};

/** How a PSPP variable reads in the imported dataset: its base (who answered) and one expression per printed value. */
interface RowDef {
  base: Expression;
  row(value: string): Expression;
}
type ColumnDef = { kind: 'question'; base: Expression; column(value: string): Expression } | { kind: 'location'; location(value: string): string };

interface FixtureDef {
  data: string;
  mapping: string;
  tables: string;
  waveOf(split: string): string;
  locations: string[];
  rows(variable: string): RowDef;
  columns(variable: string): ColumnDef;
}

const lookup =
  (table: Record<string, string>, what: string) =>
  (value: string): string => {
    const v = table[value];
    if (v === undefined) throw new Error(`no ${what} for PSPP value ${value}`);
    return v;
  };

const AGE = { '1': '16_24', '2': '25_34', '3': '35_44', '4': '45_54', '5': '55_64' };
const SOCIAL = ['facebook', 'instagram', 'tiktok', 'pinterest', 'youtube', 'mastodon'];
const MEDIA = ['television', 'radio', 'podcasts', 'streaming_video'];
const HOURS = { '1': 'under_5', '2': '5_to_15', '3': '15_to_30', '4': '30_plus' };

const TRACKER: FixtureDef = {
  data: 'tracker.sav',
  mapping: 'tracker.mapping.json',
  tables: 'tracker.tables.csv',
  waveOf: lookup({ '1': 'q1_2025', '2': 'q2_2025', '3': 'q3_2025' }, 'wave'),
  locations: ['us', 'gb', 'de', 'br'],
  rows(variable) {
    if (variable === 'agegrp') return { base: leaf('age'), row: (v) => leaf('age', [lookup(AGE, 'age group')(v)]) };
    if (variable === 'hours_band') return { base: leaf('hours_online'), row: (v) => leaf('hours_online', [lookup(HOURS, 'band')(v)]) };
    const social = /^soc_(\d)$/.exec(variable);
    if (social) {
      const option = SOCIAL[Number(social[1]) - 1];
      return { base: ALL, row: (v) => leaf('social', [option], v === '1' ? {} : { not: true }) };
    }
    const media = /^freq_(\d)$/.exec(variable);
    if (media) {
      const row = MEDIA[Number(media[1]) - 1];
      // Scale values 1..4 are the suffixes "1".."4" (the mapping's scale order).
      return { base: leaf('media_frequency', [row]), row: (v) => leaf('media_frequency', [row], { suffixes: [v] }) };
    }
    throw new Error(`no row definition for ${variable}`);
  },
  columns(variable) {
    if (variable === 'gender') {
      const code = lookup({ '1': 'male', '2': 'female', '3': 'another_way' }, 'gender');
      return { kind: 'question', base: leaf('tracker_gender'), column: (v) => leaf('tracker_gender', [code(v)]) };
    }
    if (variable === 'market') return { kind: 'location', location: lookup({ '1': 'us', '2': 'gb', '3': 'de', '4': 'br' }, 'market') };
    throw new Error(`no column definition for ${variable}`);
  },
};

const SATISFACTION = { '-2': 'very_dissatisfied', '-1': 'dissatisfied', '0': 'neutral', '1': 'satisfied', '2': 'very_satisfied' };
const PANEL: FixtureDef = {
  data: 'panel.sav',
  mapping: 'panel.mapping.yaml',
  tables: 'panel.tables.csv',
  waveOf: lookup({ '2025 Q3': 'q3_2025', '2025 Q4': 'q4_2025' }, 'period'),
  locations: ['es', 'fr', 'jp'],
  rows(variable) {
    if (variable === 'satisfaction') return { base: leaf('satisfaction'), row: (v) => leaf('satisfaction', [lookup(SATISFACTION, 'satisfaction')(v)]) };
    if (variable === 'device') return { base: leaf('device'), row: (v) => leaf('device', [v]) };
    throw new Error(`no row definition for ${variable}`);
  },
  columns(variable) {
    if (variable === 'country') return { kind: 'location', location: (v) => v };
    throw new Error(`no column definition for ${variable}`);
  },
};

/** Engine figures laid out like a PSPP table: count / row % / column % per (row value, column value), totals included. */
interface EngineTable {
  count(row: string | 'Total', column: string | 'Total'): number;
  rowPercent(row: string | 'Total', column: string): number;
  columnPercent(row: string, column: string | 'Total'): number;
}

async function engineTable(data: CrosstabData, def: FixtureDef, t: PsppCrosstab, waves: string[]): Promise<EngineTable> {
  const rowDef = def.rows(t.rowVariable);
  const colDef = def.columns(t.columnVariable);
  const rowValues = [...t.rows.keys()].filter((r) => r !== 'Total');
  const rows = rowValues.map((v) => rowDef.row(v));
  const ri = (r: string): number => rowValues.indexOf(r);
  if (colDef.kind === 'question') {
    const result = await computeCrosstab(data, {
      rows,
      columns: t.columns.map((c) => colDef.column(c)),
      base: and(rowDef.base, colDef.base),
      waves,
      locations: def.locations,
    });
    const ci = (c: string): number => t.columns.indexOf(c);
    const cell = (r: string, c: string) => result.cells[ri(r) * t.columns.length + ci(c)];
    return {
      count: (r, c) =>
        r === 'Total' ? (c === 'Total' ? result.base.size : result.columns[ci(c)].size) : c === 'Total' ? result.rows[ri(r)].size : cell(r, c).intersect.size,
      rowPercent: (r, c) => (r === 'Total' ? result.columns[ci(c)].percentage : cell(r, c).row.intersectPercentage),
      columnPercent: (r, c) => (c === 'Total' ? result.rows[ri(r)].percentage : cell(r, c).column.intersectPercentage),
    };
  }
  const query = { rows, columns: [ALL], base: rowDef.base, waves, locations: def.locations };
  const total = await computeCrosstab(data, query);
  const segments = await computeSegmentedCrosstab(data, query, 'location');
  const segment = (c: string) => {
    const found = segments.find((s) => s.segment === colDef.location(c));
    if (!found) throw new Error(`no segment for ${c}`);
    return found.result;
  };
  return {
    count: (r, c) =>
      r === 'Total'
        ? c === 'Total'
          ? total.base.size
          : segment(c).base.size
        : c === 'Total'
          ? total.rows[ri(r)].size
          : segment(c).cells[ri(r)].intersect.size,
    rowPercent: (r, c) => {
      const part = r === 'Total' ? segment(c).base.size : segment(c).cells[ri(r)].intersect.size;
      const whole = r === 'Total' ? total.base.size : total.rows[ri(r)].size;
      return whole === 0 ? 0 : (part / whole) * 100;
    },
    columnPercent: (r, c) => (c === 'Total' ? total.rows[ri(r)].percentage : segment(c).cells[ri(r)].column.intersectPercentage),
  };
}

interface Tally {
  figures: number;
  /** Largest |engine - PSPP| over counts, and over percentages. */
  maxCountDiff: number;
  maxPercentDiff: number;
  failures: string[];
}

function check(tally: Tally, label: string, engine: number, printed: PrintedNumber, percent: boolean): void {
  tally.figures++;
  const diff = Math.abs(engine - printed.value);
  if (percent) tally.maxPercentDiff = Math.max(tally.maxPercentDiff, diff);
  else tally.maxCountDiff = Math.max(tally.maxCountDiff, diff);
  if (!(diff <= printed.tolerance + 1e-9 * Math.abs(printed.value))) tally.failures.push(`${label}: engine ${engine}, PSPP ${printed.value}`);
}

/** Compares every figure of one PSPP table (or, pooled, its per-wave tables summed / waves) with the engine. */
async function compareTable(tally: Tally, data: CrosstabData, def: FixtureDef, t: PsppCrosstab, perWave: PsppCrosstab[], allWaves: string[]): Promise<void> {
  const waves = t.split === null ? allWaves : [def.waveOf(t.split)];
  const engine = await engineTable(data, def, t, waves);
  const where = `${t.rowVariable} x ${t.columnVariable} [${t.split ?? 'pooled'}]`;
  const columns = [...t.columns, 'Total'];
  for (const [r, stats] of t.rows) {
    for (const [stat, figures] of stats) {
      figures.forEach((printed, k) => {
        const c = columns[k];
        const label = `${where} ${stat} (${r}, ${c})`;
        if (stat === 'Count') {
          if (t.split === null) {
            // Pooled size: the sum of PSPP's per-wave counts over the number of waves.
            const pooled = perWave.reduce((sum, w) => sum + figureOf(w, r, 'Count', c), 0) / allWaves.length;
            const tolerance = perWave.length * printed.tolerance;
            check(tally, label, engine.count(r, c), { value: pooled, tolerance: tolerance / allWaves.length }, false);
            // ... and PSPP's pooled table is the same sum, undivided.
            check(tally, `${label} x waves`, engine.count(r, c) * allWaves.length, printed, false);
          } else {
            check(tally, label, engine.count(r, c), printed, false);
          }
        } else if (stat === 'Row %' && c !== 'Total') {
          check(tally, label, engine.rowPercent(r, c), printed, true);
        } else if (stat === 'Column %' && r !== 'Total') {
          check(tally, label, engine.columnPercent(r, c), printed, true);
        }
      });
    }
  }
}

/** A figure of a per-wave table; 0 when PSPP did not print that row or column (nobody in it that wave). */
function figureOf(t: PsppCrosstab, row: string, stat: string, column: string): number {
  const k = column === 'Total' ? t.columns.length : t.columns.indexOf(column);
  if (k < 0) return 0;
  return t.rows.get(row)?.get(stat)?.[k].value ?? 0;
}

async function compareFixture(def: FixtureDef, imported: ImportedFixture): Promise<Tally> {
  const data: CrosstabData = { partitions: imported.partitions, dictionary: () => imported.dictionary };
  const { crosstabs } = readPsppTables(readFileSync(fixturePath(def.tables), 'utf8'));
  const splits = [...new Set(crosstabs.map((t) => t.split).filter((s): s is string => s !== null))];
  const allWaves = splits.map((s) => def.waveOf(s));
  const tally: Tally = { figures: 0, maxCountDiff: 0, maxPercentDiff: 0, failures: [] };
  for (const t of crosstabs) {
    const perWave = crosstabs.filter((w) => w.split !== null && w.rowVariable === t.rowVariable && w.columnVariable === t.columnVariable);
    await compareTable(tally, data, def, t, perWave, allWaves);
  }
  if (process.env['PSPP_COMPARE_VERBOSE']) {
    console.log(`${def.data}: ${crosstabs.length} tables, ${tally.figures} figures, max count diff ${tally.maxCountDiff}, max % diff ${tally.maxPercentDiff}`);
  }
  return tally;
}

describe('imported fixtures against PSPP', () => {
  it('the tracker (.sav, uncompressed): every weighted count and row/column % of 96 CROSSTABS tables, per wave and pooled', async () => {
    const imported = await importFixture(TRACKER.data, TRACKER.mapping);
    const tally = await compareFixture(TRACKER, imported);
    expect(tally.failures).toEqual([]);
    expect(tally.figures).toBeGreaterThan(3000);
  });

  it('the tracker CSV export imports to the same partitions and the same numbers', async () => {
    const fromSav = await importFixture('tracker.sav', TRACKER.mapping);
    const fromCsv = await importFixture('tracker.csv', TRACKER.mapping);
    expect(fromCsv.built.map((p) => p.blob.toString('base64'))).toEqual(fromSav.built.map((p) => p.blob.toString('base64')));
    const tally = await compareFixture({ ...TRACKER, data: 'tracker.csv' }, fromCsv);
    expect(tally.failures).toEqual([]);
    expect(tally.figures).toBeGreaterThan(3000);
  });

  it('the panel (.sav, bytecode-compressed, string codes, waves and locations by rule)', async () => {
    const imported = await importFixture(PANEL.data, PANEL.mapping);
    expect(imported.prepared.catalogue?.waves.map((w) => w.code)).toEqual(['q3_2025', 'q4_2025']);
    expect(imported.prepared.catalogue?.locations.map((l) => l.code).sort()).toEqual(['es', 'fr', 'jp']);
    const tally = await compareFixture(PANEL, imported);
    expect(tally.failures).toEqual([]);
    expect(tally.figures).toBeGreaterThan(100);
  });

  it('the panel CSV export imports to the same partitions', async () => {
    const fromSav = await importFixture('panel.sav', PANEL.mapping);
    const fromCsv = await importFixture('panel.csv', PANEL.mapping);
    expect(fromCsv.built.map((p) => p.blob.toString('base64'))).toEqual(fromSav.built.map((p) => p.blob.toString('base64')));
  });

  it('weighted FREQUENCIES of the tracker (gender, age group, market) per wave', async () => {
    const imported = await importFixture(TRACKER.data, TRACKER.mapping);
    const data: CrosstabData = { partitions: imported.partitions, dictionary: () => imported.dictionary };
    const { frequencies } = readPsppTables(readFileSync(fixturePath(TRACKER.tables), 'utf8'));
    const tally: Tally = { figures: 0, maxCountDiff: 0, maxPercentDiff: 0, failures: [] };
    for (const f of frequencies.filter((x) => x.split !== null)) {
      const waves = [TRACKER.waveOf(f.split!)];
      const values = [...f.frequencies.keys()];
      if (f.variable === 'market') {
        const segments = await computeSegmentedCrosstab(data, { rows: [], columns: [], waves, locations: TRACKER.locations }, 'location');
        for (const v of values) {
          const code = (TRACKER.columns('market') as { location(v: string): string }).location(v);
          check(tally, `market ${v} [${f.split}]`, segments.find((s) => s.segment === code)!.result.base.size, f.frequencies.get(v)!, false);
        }
      } else {
        const rowDef =
          f.variable === 'gender'
            ? { row: (v: string) => leaf('tracker_gender', [{ '1': 'male', '2': 'female', '3': 'another_way' }[v]!]) }
            : TRACKER.rows(f.variable);
        const result = await computeCrosstab(data, { rows: values.map((v) => rowDef.row(v)), columns: [], waves, locations: TRACKER.locations });
        values.forEach((v, i) => check(tally, `${f.variable} ${v} [${f.split}]`, result.rows[i].size, f.frequencies.get(v)!, false));
      }
    }
    expect(tally.failures).toEqual([]);
    expect(tally.figures).toBe(3 * (3 + 5 + 4));
  });
});
