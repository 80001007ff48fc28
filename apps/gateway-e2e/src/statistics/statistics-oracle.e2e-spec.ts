import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runTool } from '../support/processes';
import { Stack } from '../support/stack';
import { closeTo, readPspp, readR, readTables, REPOSITORY, type OracleTable, type RItem } from './oracle';

/**
 * The service's averages, valid percentages, standard errors and test statistics against an
 * independent oracle: R's survey package (a weights-only design, `svymean`/`svyby`, `svyttest`) and
 * PSPP (`MEANS`, valid-percent `CROSSTABS`) on the PSPP tracker fixture and on an extract of the demo
 * survey, whose outputs are committed beside the tables that say which crosstab gives each cell
 * (`oracle/`, made by tools/oracle/make-references.sh). Both files are imported through the CLI into
 * an empty service; every figure is compared to a relative 1e-6.
 */

interface Cell {
  row: { id: string };
  column: { id: string; letter?: string };
  audiences: { column: { size: number; intersect_percentage: number } };
  base: { size: number; sample: number };
  average?: { value: number; std_dev: number; std_error: number; size: number; sample: number };
  significance?: { test?: string; higher_than?: string[]; std_error?: number; z?: number; critical?: number };
  wave?: string;
  trend?: { previous: string; z: number; significant: boolean };
}

/** The letters of the columns, in the order of a table's levels. */
const LETTERS = ['A', 'B', 'C', 'D', 'E'];
const DATASETS = ['tracker', 'demo', 'traps'] as const;

/** The mapping the CLI drafts for a file (its stdout; its notes go to stderr), bounded, saying what it printed on failure. */
function drafted(file: string, dataset: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '-r',
        path.join(REPOSITORY, 'tools/runtime/register.js'),
        path.join(REPOSITORY, 'dist/tools/import/import.js'),
        file,
        '--draft-mapping',
        '--dataset',
        dataset,
      ],
      { env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`--draft-mapping exited ${code}: ${stderr}${stdout}`));
      else resolve(stdout);
    });
  });
}

describe('statistics against R survey and PSPP (relative 1e-6)', () => {
  let stack: Stack;
  let token: string;
  let work: string;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'oracle', jobMode: 'queue', workers: 1 });
    work = mkdtempSync(path.join(tmpdir(), 'aas-oracle-'));
    token = await stack.token('research', 1);
    for (const name of DATASETS) {
      const tables = readTables(name);
      // A researcher's own file is imported as the CLI drafts it, untouched.
      const text = tables.import.draft
        ? await drafted(path.join(REPOSITORY, tables.import.file), tables.dataset)
        : readFileSync(path.join(REPOSITORY, tables.import.mapping as string), 'utf8');
      const mapping = JSON.parse(text) as { questions: { scale?: { value: number; midpoint?: number }[] }[] };
      // The tracker's frequency scale is averaged on its codes (1..4), as PSPP's MEANS of freq_1 averages them.
      if (tables.import.scale_midpoints === 'codes') for (const q of mapping.questions) for (const point of q.scale ?? []) point.midpoint = point.value;
      const mappingPath = path.join(work, `${name}.mapping.json`);
      writeFileSync(mappingPath, JSON.stringify(mapping));
      const out = await runTool('tools/import/import.js', [path.join(REPOSITORY, tables.import.file), '--mapping', mappingPath], {
        DATABASE_URL: stack.databaseUrl,
      });
      expect(JSON.parse(out.trim().split('\n').at(-1) as string)).toMatchObject({ dataset: tables.dataset, respondents: readR(name).respondents });
      await stack.query(`INSERT INTO entitled_datasets (org_id, dataset_code) VALUES ('research', $1)`, [tables.dataset]);
      for (const m of tables.locations)
        await stack.query(`INSERT INTO entitled_locations (org_id, location_code) VALUES ('research', $1) ON CONFLICT DO NOTHING`, [m]);
      for (const w of Object.values(tables.waves))
        await stack.query(`INSERT INTO entitled_waves (org_id, wave_code) VALUES ('research', $1) ON CONFLICT DO NOTHING`, [w]);
    }
  });
  afterAll(async () => {
    await stack?.stop();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  describe.each(DATASETS)('%s', (name) => {
    const tables = readTables(name);
    const references = readR(name);
    const pspp = readPspp(name);
    const WAVES = Object.values(tables.waves);

    /** The table's crosstab through HTTP: its rows (expressions or average items) by the levels of its grouping variable. */
    async function crosstab(table: OracleTable, query: string): Promise<Cell[]> {
      const body = {
        rows: table.service.rows.map((r) => ({ id: r.item, ...('avg' in r ? { avg: r.avg } : { expression: r.expression }) })),
        columns: table.r.levels.map((level) => ({ id: String(level), expression: table.service.columns[String(level)] })),
        waves: WAVES,
        locations: tables.locations,
      };
      const options = new URLSearchParams(query);
      if (table.percent_base) options.set('percent_base', table.percent_base);
      const res = await fetch(`${stack.baseUrl}/v2/query/crosstab?${options}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`crosstab ${table.id} answered ${res.status}: ${text}`);
      const cells = text
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Cell);
      if (cells.some((c) => !('row' in c))) throw new Error(`crosstab ${table.id} failed mid-stream: ${text}`);
      return cells;
    }

    const referenceOf = (table: OracleTable) => {
      const found = references.tables.find((t) => t.id === table.id);
      if (!found) throw new Error(`no R reference for table ${table.id}: run tools/oracle/make-references.sh`);
      return found;
    };
    const itemsOf = (table: OracleTable): RItem[] => referenceOf(table).items;
    /** What a cell's tests compare: its mean in an average row, else its column share. */
    const estimateOf = (table: OracleTable, cell: Cell) =>
      table.kind === 'mean' ? (cell.average?.value as number) : cell.audiences.column.intersect_percentage / 100;
    const at = (cells: Cell[], item: string, level: number | string, wave?: string) =>
      cells.find((c) => c.row.id === item && c.column.id === String(level) && (wave === undefined || c.wave === wave)) as Cell;

    it('every estimate and standard error is R survey\u2019s; every pair\u2019s statistic svyttest\u2019s; letters and Bonferroni follow from them', async () => {
      const failures: string[] = [];
      let figures = 0;
      const check = (failure: string | undefined) => {
        figures++;
        if (failure) failures.push(failure);
      };
      for (const table of tables.tables) {
        const cells = await crosstab(table, 'significance=95&test=columns');
        const adjusted = await crosstab(table, 'significance=95&test=columns&bonferroni=true');
        for (const item of itemsOf(table)) {
          const where = (level: number | string) => `${table.id} ${item.item} x ${level}`;
          for (const ref of item.levels) {
            const cell = at(cells, item.item, ref.level);
            check(closeTo(estimateOf(table, cell), ref.estimate, `${where(ref.level)} estimate`));
            check(closeTo(cell.significance?.std_error as number, ref.se, `${where(ref.level)} standard error`));
            if (table.kind === 'mean') {
              check(closeTo(cell.average?.std_dev as number, ref.sd, `${where(ref.level)} standard deviation`));
              check(closeTo(cell.average?.std_error as number, ref.se, `${where(ref.level)} average.std_error`));
              check(closeTo((cell.average?.size as number) * WAVES.length, ref.w, `${where(ref.level)} sum of weights`));
              check(closeTo(cell.average?.sample as number, ref.n, `${where(ref.level)} sample`));
            } else {
              // The cell's base is the row's valid base: everyone in the level who answered.
              check(closeTo(cell.audiences.column.size * WAVES.length, ref.w, `${where(ref.level)} valid base of the column`));
            }
          }
          const levels = table.r.levels;
          for (const pair of item.pairs) {
            const a = at(cells, item.item, pair.a);
            const b = at(cells, item.item, pair.b);
            const seA = a.significance?.std_error as number;
            const seB = b.significance?.std_error as number;
            const z = (estimateOf(table, a) - estimateOf(table, b)) / Math.sqrt(seA * seA + seB * seB);
            check(closeTo(z, pair.t, `${table.id} ${item.item}: ${pair.a} vs ${pair.b} statistic`));
            const letterA = LETTERS[levels.indexOf(pair.a)];
            const letterB = LETTERS[levels.indexOf(pair.b)];
            for (const [result, critical] of [
              [cells, referenceOf(table).critical],
              [adjusted, referenceOf(table).bonferroni],
            ] as const) {
              const x = at(result, item.item, pair.a);
              const y = at(result, item.item, pair.b);
              figures++;
              if ((x.significance?.higher_than ?? []).includes(letterB) !== pair.t > critical)
                failures.push(`${table.id} ${item.item}: ${pair.a} higher than ${pair.b} at |z| > ${critical}? R t = ${pair.t}`);
              if ((y.significance?.higher_than ?? []).includes(letterA) !== pair.t < -critical)
                failures.push(`${table.id} ${item.item}: ${pair.b} higher than ${pair.a} at |z| > ${critical}? R t = ${pair.t}`);
              expect(x.column.letter).toBe(letterA);
            }
          }
        }
      }
      expect(failures).toEqual([]);
      expect(figures).toBeGreaterThan(150);
    });

    it('each column against the rest of its base: z is svyttest\u2019s', async () => {
      const failures: string[] = [];
      for (const table of tables.tables) {
        const cells = await crosstab(table, 'significance=95&test=complement');
        for (const item of itemsOf(table)) {
          for (const ref of item.complements) {
            const failure = closeTo(at(cells, item.item, ref.level).significance?.z as number, ref.t, `${table.id} ${item.item} x ${ref.level} complement z`);
            if (failure) failures.push(failure);
          }
        }
      }
      expect(failures).toEqual([]);
    });

    it('split by wave: each wave\u2019s estimate and standard error, and each wave against the previous, are R\u2019s', async () => {
      const failures: string[] = [];
      let figures = 0;
      const trended = tables.tables.filter((t) => t.trend);
      expect(trended.length).toBeGreaterThan(0);
      for (const table of trended) {
        const cells = await crosstab(table, 'significance=95&test=columns&split=wave');
        for (const item of itemsOf(table)) {
          for (const trend of item.trends) {
            for (const w of trend.waves) {
              const cell = at(cells, item.item, trend.level, tables.waves[String(w.wave)]);
              figures += 2;
              const e = closeTo(estimateOf(table, cell), w.estimate, `${table.id} ${item.item} x ${trend.level} [wave ${w.wave}] estimate`);
              const s = closeTo(cell.significance?.std_error as number, w.se, `${table.id} ${item.item} x ${trend.level} [wave ${w.wave}] standard error`);
              for (const f of [e, s]) if (f) failures.push(f);
            }
            for (const step of trend.steps) {
              const cell = at(cells, item.item, trend.level, tables.waves[String(step.to)]);
              figures++;
              expect(cell.trend?.previous).toBe(tables.waves[String(step.from)]);
              const f = closeTo(cell.trend?.z as number, step.t, `${table.id} ${item.item} x ${trend.level}: wave ${step.from} -> ${step.to}`);
              if (f) failures.push(f);
            }
            expect(at(cells, item.item, trend.level, WAVES[0]).trend).toBeUndefined();
          }
        }
      }
      expect(failures).toEqual([]);
      expect(figures).toBeGreaterThan(30);
    });

    it('PSPP agrees: MEANS\u2019 means and standard deviations, and the valid percentages of its CROSSTABS counts', async () => {
      const failures: string[] = [];
      let figures = 0;
      const check = (failure: string | undefined) => {
        figures++;
        if (failure) failures.push(failure);
      };
      for (const table of tables.tables) {
        const cells = await crosstab(table, '');
        for (const m of table.pspp?.means ?? []) {
          const report = pspp.means.get(`${table.id}/${m.item}`);
          if (!report) throw new Error(`PSPP printed no MEANS for ${table.id}/${m.item}`);
          for (const level of table.r.levels) {
            const printed = report.rows.get(String(level));
            const cell = at(cells, m.item, level);
            if (!printed) throw new Error(`PSPP MEANS of ${table.id} has no level ${level}`);
            check(closeTo(cell.average?.value as number, printed.mean, `${table.id} x ${level}: PSPP mean`));
            check(closeTo(cell.average?.std_dev as number, printed.sd, `${table.id} x ${level}: PSPP std. deviation`));
            check(closeTo((cell.average?.value as number) * (cell.average?.size as number) * WAVES.length, printed.sum, `${table.id} x ${level}: PSPP sum`));
          }
        }
        for (const c of table.pspp?.crosstabs ?? []) {
          const counts = pspp.crosstabs.get(c.item ? `${table.id}/${c.item}` : table.id)?.counts;
          if (!counts) throw new Error(`PSPP printed no CROSSTABS for ${table.id} (${c.variable})`);
          for (const row of table.service.rows.filter((r) => c.item === undefined || r.item === c.item)) {
            // A proportion's row is the value 1 of a 0/1 variable (one CROSSTABS per option of a set); a distribution's rows are the variable's values.
            const value = table.kind === 'percent' || c.item !== undefined ? '1' : row.item;
            for (const level of table.r.levels) {
              const count = counts.get(value)?.get(String(level)) as number;
              const total = counts.get('Total')?.get(String(level)) as number;
              check(
                closeTo(
                  at(cells, row.item, level).audiences.column.intersect_percentage,
                  (100 * count) / total,
                  `${table.id} ${row.item} x ${level}: PSPP column %`,
                ),
              );
            }
          }
        }
      }
      expect(failures).toEqual([]);
      expect(figures).toBe({ tracker: 48, demo: 52, traps: 45 }[name]);
    });

    // The tracker's age has answers declared missing: with and without percent_base differ there.
    if (name === 'tracker')
      it('without percent_base the same rows are shares of everyone: PSPP\u2019s valid percentages differ where answers are missing', async () => {
        const age = tables.tables.find((t) => t.id === 'age-by-gender') as OracleTable;
        const all = await crosstab({ ...age, percent_base: undefined }, '');
        const valid = await crosstab(age, '');
        const female = (cells: Cell[]) => at(cells, '1', 2);
        expect(female(valid).base.sample).toBeLessThan(female(all).base.sample);
        expect(female(all).audiences.column.intersect_percentage).toBeLessThan(female(valid).audiences.column.intersect_percentage);
        // With `answered`, a single-choice question's column percentages sum to 100, as SPSS's valid percent does.
        const sum = ['1', '2', '3', '4', '5'].reduce((s, item) => s + at(valid, item, 2).audiences.column.intersect_percentage, 0);
        expect(sum).toBeCloseTo(100, 9);
      });
  });
});
