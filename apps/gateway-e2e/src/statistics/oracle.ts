import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';

/**
 * The statistics references of `oracle/` (tools/oracle/README.md): what R's survey package and
 * PSPP computed on a survey file, and the tables file that says which crosstab of the service gives
 * the same cells. Read by the e2e tests; neither R nor PSPP is needed to run them.
 */

export const ORACLE_DIR = path.join(__dirname, 'oracle');
/** The repository's root (the tables files name data files from it). */
export const REPOSITORY = path.resolve(__dirname, '..', '..', '..', '..');

type Wire = Record<string, unknown>;

export interface OracleTable {
  id: string;
  kind: 'mean' | 'valid-percent' | 'percent';
  trend?: boolean;
  percent_base?: 'answered' | 'asked';
  r: { by: string; levels: (number | string)[]; items: { id: string }[] };
  /** A CROSSTABS with an `item` is that row item's alone (printed under `<table>/<item>`). */
  pspp?: { means?: { item: string; variable: string }[]; crosstabs?: { variable: string; item?: string }[] };
  service: { rows: ({ item: string } & ({ expression: Wire } | { avg: Wire }))[]; columns: Record<string, Wire> };
}

export interface OracleTables {
  data: string;
  /**
   * How the e2e test imports the survey: the file and its mapping (paths from the repository's root;
   * `codes`: a grid scale's midpoints are its codes), or the mapping the CLI drafts for it (`draft`).
   */
  import: { file: string; mapping?: string; scale_midpoints?: 'codes'; draft?: boolean };
  dataset: string;
  waves: Record<string, string>;
  locations: string[];
  tables: OracleTable[];
}

export interface REstimate {
  level: number | string;
  estimate: number;
  se: number;
  /** Weighted standard deviation (weights as frequencies), sum of weights and respondents of the domain. */
  sd: number;
  w: number;
  n: number;
}

export interface RItem {
  item: string;
  levels: REstimate[];
  /** t of level a minus level b (svyttest on the two). */
  pairs: { a: number | string; b: number | string; t: number }[];
  /** t of the level minus the rest of the valid. */
  complements: { level: number | string; t: number }[];
  trends: { level: number | string; waves: { wave: number; estimate: number; se: number }[]; steps: { from: number; to: number; t: number }[] }[];
}

export interface RReferences {
  generated_by: string;
  respondents: number;
  /** Per table: the two-sided critical values at 95%, plain and Bonferroni-adjusted for the pairs of its levels. */
  tables: { id: string; critical: number; bonferroni: number; items: RItem[] }[];
}

export function readTables(name: string): OracleTables {
  return JSON.parse(readFileSync(path.join(ORACLE_DIR, `${name}.tables.json`), 'utf8')) as OracleTables;
}

export function readR(name: string): RReferences {
  return JSON.parse(readFileSync(path.join(ORACLE_DIR, `${name}.r.json`), 'utf8')) as RReferences;
}

/** One PSPP MEANS report: per level (and Total) the mean, weighted N as printed, standard deviation and sum. */
export interface PsppMeans {
  rows: Map<string, { mean: number; sd: number; sum: number }>;
}

/** One PSPP CROSSTABS table: the weighted count of each row value x column value (and the Total row). */
export interface PsppCounts {
  counts: Map<string, Map<string, number>>;
}

/**
 * PSPP's output (`-O format=csv`) cut at its `@table <id>` lines: MEANS reports by table and item
 * (`<table>/<item>`), CROSSTABS counts by table. Values are read as numbers (`1.00000000000000` and
 * `1` are the same level).
 */
export function readPspp(name: string): { means: Map<string, PsppMeans>; crosstabs: Map<string, PsppCounts> } {
  const records = parse(readFileSync(path.join(ORACLE_DIR, `${name}.pspp.csv`), 'utf8'), { relax_column_count: true, skip_empty_lines: true }) as string[][];
  const means = new Map<string, PsppMeans>();
  const crosstabs = new Map<string, PsppCounts>();
  // Numeric levels as numbers (`1.00000000000000` is 1); string levels (`B`) as they are.
  const key = (text: string) => (text === 'Total' || Number.isNaN(Number(text)) ? text : String(Number(text)));
  let current: string | undefined;
  for (let i = 0; i < records.length; i++) {
    const first = records[i][0];
    if (first.startsWith('@table ')) {
      current = first.slice('@table '.length);
      continue;
    }
    if (current === undefined) continue;
    if (first === 'Table: Report') {
      const header = records[i + 1];
      const at = (label: string) => header.indexOf(label);
      const rows = new Map<string, { mean: number; sd: number; sum: number }>();
      for (let j = i + 2; j < records.length && !records[j][0].startsWith('@table') && !records[j][0].startsWith('Table:'); j++) {
        const r = records[j];
        rows.set(key(r[0]), { mean: Number(r[at('Mean')]), sd: Number(r[at('Std. Deviation')]), sum: Number(r[at('Sum')]) });
      }
      means.set(current, { rows });
    } else if (first.startsWith('Table: ') && first.includes('\u00d7')) {
      // Header rows: the column variable's values on the second line, from the fourth field.
      const levels = records[i + 2].slice(3, -1).map(key);
      const counts = new Map<string, Map<string, number>>();
      let row = '';
      for (let j = i + 3; j < records.length && !records[j][0].startsWith('@table') && !records[j][0].startsWith('Table:'); j++) {
        const r = records[j];
        if (r[0] === 'Total') row = 'Total';
        else if (r[1] !== '') row = key(r[1]);
        if (r[2] !== 'Count') continue;
        counts.set(row, new Map(levels.map((level, k) => [level, Number(r[3 + k])])));
      }
      crosstabs.set(current, { counts });
    }
  }
  return { means, crosstabs };
}

/** Throws unless `actual` is within `relative` of `expected` (absolute below `floor`). */
export function closeTo(actual: number, expected: number, what: string, relative = 1e-6, floor = 1e-12): string | undefined {
  const ok = Math.abs(actual - expected) <= Math.max(relative * Math.abs(expected), floor);
  return ok ? undefined : `${what}: service ${actual}, reference ${expected}`;
}
