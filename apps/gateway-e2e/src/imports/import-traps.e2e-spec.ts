import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fixturePath, readPsppTables, type PrintedNumber, type PsppFrequencies } from '@aas/survey-import-domain/testing';
import type { SurveyMapping } from '@aas/survey-import-domain';
import { runTool } from '../support/processes';
import { Stack } from '../support/stack';

/**
 * Issue 29 end to end: a researcher's own SPSS file, with every trap of the issue in it (the
 * PSPP-made traps fixture, as .zsav), drafted by the CLI and imported AS DRAFTED into a service
 * that already holds the demo survey, then read back over HTTP and compared with PSPP's own
 * FREQUENCIES of the same file, per wave and pooled, at PSPP's printed precision: weighted
 * counts, percentages of everyone, and valid percentages through the bases SPSS uses (those asked
 * a routed set, those who answered a single with a user-missing code).
 */

type Wire = Record<string, unknown>;
interface Cell {
  row_index: number;
  audiences: { row: { size: number; sample: number; percentage: number } };
  base: { size: number; sample: number };
}

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const WAVE_CODES: Record<string, string> = { '6': 'q4_2024', '7': 'q1_2025', '8': 'q2_2025', '9': 'q3_2025' };
const MARKETS: Record<string, string> = { '724': 'es', '276': 'de', '250': 'fr', '484': 'mx', '40': 'at' };
const ALL_WAVES = Object.values(WAVE_CODES);
const ALL_MARKETS = Object.values(MARKETS);

/** The CLI's draft of a file: its stdout (the mapping) apart from its notes; bounded, printing what it said on failure. */
function draft(file: string): Promise<{ mapping: SurveyMapping; notes: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-r', path.join(ROOT, 'tools/runtime/register.js'), path.join(ROOT, 'dist/tools/import/import.js'), file, '--draft-mapping', '--dataset', 'traps'],
      {
        env: { PATH: process.env.PATH },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`--draft-mapping exited ${code}: ${stderr}${stdout}`));
      else resolve({ mapping: JSON.parse(stdout) as SurveyMapping, notes: stderr });
    });
  });
}

/** A sum of printed figures, to the sum of their precisions. */
const sum = (figures: readonly PrintedNumber[]): PrintedNumber => ({
  value: figures.reduce((n, p) => n + p.value, 0),
  tolerance: figures.reduce((n, p) => n + p.tolerance, 0),
});

describe('a researcher\u2019s own SPSS file imports as drafted, and its numbers are PSPP\u2019s (issue 29)', () => {
  let stack: Stack;
  let token: string;
  let mapping: SurveyMapping;
  let notes: string;
  let summary: Record<string, unknown>;
  let work: string;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'importtraps', jobMode: 'queue', workers: 1, seed: true });
    ({ mapping, notes } = await draft(fixturePath('traps.zsav')));
    work = mkdtempSync(path.join(tmpdir(), 'aas-traps-'));
    const mappingFile = path.join(work, 'traps.mapping.json');
    writeFileSync(mappingFile, JSON.stringify(mapping));
    const out = await runTool('tools/import/import.js', [fixturePath('traps.zsav'), '--mapping', mappingFile], { DATABASE_URL: stack.databaseUrl });
    summary = JSON.parse(out.trim().split('\n').at(-1) as string) as Record<string, unknown>;
    token = await stack.token('research', 1);
    await stack.query(`INSERT INTO entitled_datasets (org_id, dataset_code) VALUES ('research', 'traps')`);
    for (const m of ALL_MARKETS) await stack.query(`INSERT INTO entitled_locations (org_id, location_code) VALUES ('research', $1)`, [m]);
    for (const w of ALL_WAVES) await stack.query(`INSERT INTO entitled_waves (org_id, wave_code) VALUES ('research', $1)`, [w]);
  });
  afterAll(async () => {
    if (work) rmSync(work, { recursive: true, force: true });
    await stack?.stop();
  });

  it('imports as drafted: every respondent, one partition per wave and market, nothing refused', () => {
    expect(summary).toMatchObject({ dataset: 'traps', respondents: 3000, rowsRead: 3000, partitions: 20, unmapped: [], waveCorrections: [] });
    // The .sav PSPP wrote beside the .zsav drafts the same mapping.
    return expect(draft(fixturePath('traps.sav')).then((d) => d.mapping)).resolves.toEqual(mapping);
  });

  it('markets land on the catalogue\u2019s ISO codes beside the demo survey\u2019s, waves on its quarters with their dates', async () => {
    const locations = await stack.query<{ code: string; name: string }>(`SELECT code, name FROM locations ORDER BY code`);
    expect(locations.map((l) => l.code)).toEqual(expect.arrayContaining(['at', 'de', 'es', 'fr', 'mx']));
    expect(locations.map((l) => l.code).filter((c) => /espana|deutschland|osterreich|mexico/.test(c))).toEqual([]);
    expect(locations.find((l) => l.code === 'mx')?.name).toBe('Mexico');
    const waves = await stack.query<{ code: string; s: string; e: string }>(
      `SELECT code, to_char(start_date, 'YYYY-MM-DD') AS s, to_char(end_date, 'YYYY-MM-DD') AS e FROM waves WHERE code = ANY($1::text[]) ORDER BY start_date`,
      [ALL_WAVES],
    );
    expect(waves).toEqual([
      { code: 'q4_2024', s: '2024-10-01', e: '2024-12-31' },
      { code: 'q1_2025', s: '2025-01-01', e: '2025-03-31' },
      { code: 'q2_2025', s: '2025-04-01', e: '2025-06-30' },
      { code: 'q3_2025', s: '2025-07-01', e: '2025-09-30' },
    ]);
    expect(notes).not.toMatch(/location .*not a country/);
  });

  it('the catalogue has the traps as the issue asks: ten scale points with midpoints, the category set as one question, no "Ne sait pas"', async () => {
    const res = await fetch(`${stack.baseUrl}/v3/questions/filter`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        questions: ['q9', 'marques', 'q2', 'nbtrips'].map((question) => ({ namespace_code: 'traps', question })),
        include: { datapoints: true },
      }),
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      questions: { code: string; name: string; description: string; kind: string; datapoints: { code: string; midpoint: { value: number } | null }[] }[];
    };
    const question = (code: string) => body.questions.find((q) => q.code === code)!;
    expect(question('q9').datapoints.map((d) => d.midpoint?.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(question('marques').name).toBe('Marques de voiture citées (top 3)');
    expect(question('marques').datapoints).toHaveLength(8);
    expect(question('q2').datapoints.map((d) => d.code)).toEqual(['tres_satisfait', 'plutot_satisfait', 'peu_satisfait', 'pas_du_tout_satisfait']);
    expect(question('nbtrips').name.endsWith('…')).toBe(true);
    expect(question('nbtrips').description.startsWith(question('nbtrips').name.slice(0, -1))).toBe(true);
  });

  async function crosstab(rows: Wire[], base: Wire, waves: string[], locations = ALL_MARKETS): Promise<Cell[]> {
    const res = await fetch(`${stack.baseUrl}/v2/query/crosstab`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        rows: rows.map((expression, i) => ({ id: `r${i}`, expression })),
        base_audience: { id: 'base', expression: base },
        waves,
        locations,
      }),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`crosstab answered ${res.status}: ${text}`);
    const cells = text
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Cell);
    if (cells.some((c) => !('base' in c))) throw new Error(`crosstab failed mid-stream: ${text}`);
    return cells.sort((a, b) => a.row_index - b.row_index);
  }

  it('every frequency, percent and valid percent of PSPP\u2019s tables, per wave and pooled, through the bases SPSS uses', async () => {
    const { frequencies } = readPsppTables(readFileSync(fixturePath('traps.tables.csv'), 'utf8'));
    const failures: string[] = [];
    const figures = { count: 0, validThroughAsked: 0, userMissingExcluded: 0 };
    const check = (label: string, service: number, printed: PrintedNumber | undefined) => {
      figures.count++;
      if (printed === undefined) failures.push(`${label}: PSPP printed nothing`);
      else if (!(Math.abs(service - printed.value) <= printed.tolerance + 1e-9 * Math.abs(printed.value)))
        failures.push(`${label}: service ${service}, PSPP ${printed.value}`);
    };
    const table = (variable: string, split: string | null): PsppFrequencies => {
      const t = frequencies.find((f) => f.variable === variable && f.split === split);
      if (!t) throw new Error(`PSPP printed no FREQUENCIES of ${variable} for ${split ?? 'all waves'}`);
      return t;
    };
    const q = (code: string) => mapping.questions.find((x) => x.code === code)!;
    const datapointOf = (code: string, value: string): string => {
      const question = q(code);
      const found = question.kind === 'single' || question.kind === 'category_set' ? question.datapoints?.find((d) => String(d.value) === value) : undefined;
      if (!found) throw new Error(`no datapoint of ${code} for ${value}`);
      return found.code;
    };
    for (const split of [null, '6', '7', '8', '9']) {
      const waves = split === null ? ALL_WAVES : [WAVE_CODES[split]];
      // The service's size is the mean of the per-wave sums; PSPP's pooled frequency is the plain sum.
      const count = (service: number) => service * waves.length;
      const where = `[${split === null ? 'all waves' : `wave ${split}`}]`;

      // Markets: every respondent of a market and wave, by its ISO code.
      for (const [value, market] of Object.entries(MARKETS)) {
        const [cell] = await crosstab([{}], {}, waves, [market]);
        check(`cntry ${value} frequency ${where}`, count(cell.base.size), table('cntry', split).frequencies.get(value));
      }

      // A single with a user-missing "Ne sait pas" (99) and system-missing answers.
      const q2 = table('q2', split);
      const q2Values = [...q2.frequencies.keys()];
      const q2Rows = q2Values.map((v) => ({ question: 'q2', datapoints: [datapointOf('q2', v)] }));
      const ofEveryone = await crosstab(q2Rows, {}, waves);
      const ofAnswered = await crosstab(q2Rows, { question: 'q2' }, waves);
      q2Values.forEach((v, i) => {
        check(`q2 ${v} frequency ${where}`, count(ofEveryone[i].audiences.row.size), q2.frequencies.get(v));
        check(`q2 ${v} percent ${where}`, ofEveryone[i].audiences.row.percentage, q2.percent.get(v));
        check(`q2 ${v} valid percent (base: answered) ${where}`, ofAnswered[i].audiences.row.percentage, q2.validPercent.get(v));
      });
      // 99 is excluded from the answers, yet those respondents were asked.
      const [asked] = await crosstab([{ question: 'q2' }], { question: 'q2', asked: true }, waves);
      const valid = sum([...q2.frequencies.values()]);
      check(`q2 answered = valid total ${where}`, count(asked.audiences.row.size), valid);
      check(`q2 asked = valid + "Ne sait pas" ${where}`, count(asked.base.size), sum([valid, q2.missing.get('99') as PrintedNumber]));
      figures.userMissingExcluded += q2Values.length + 2;

      // The routed yes/no set: valid percentages are shares of those asked.
      for (let k = 1; k <= 6; k++) {
        const t = table(`q7_${k}`, split);
        const option = (q('raisons') as { options: { variable: string; code: string }[] }).options.find((o) => o.variable === `q7_${k}`)!.code;
        const row = { question: 'raisons', datapoints: [option] };
        const [everyone] = await crosstab([row], {}, waves);
        const [ofAsked] = await crosstab([row], { question: 'raisons', asked: true }, waves);
        check(`q7_${k} frequency ${where}`, count(everyone.audiences.row.size), t.frequencies.get('1'));
        check(`q7_${k} percent ${where}`, everyone.audiences.row.percentage, t.percent.get('1'));
        check(`q7_${k} valid percent (base: asked) ${where}`, ofAsked.audiences.row.percentage, t.validPercent.get('1'));
        check(`q7_${k} asked = valid total ${where}`, count(ofAsked.base.size), sum([...t.frequencies.values()]));
        figures.validThroughAsked++;
      }

      // The routed category set (top-3 mentions): a brand among the mentions, of everyone and of those asked.
      const brands = Array.from({ length: 8 }, (_, i) => ({ question: 'marques', datapoints: [datapointOf('marques', String(i + 1))] }));
      const brandsOfEveryone = await crosstab(brands, {}, waves);
      const brandsOfAsked = await crosstab(brands, { question: 'marques', asked: true }, waves);
      brands.forEach((_, i) => {
        const t = table(`m_${i + 1}`, split);
        check(`m_${i + 1} frequency ${where}`, count(brandsOfEveryone[i].audiences.row.size), t.frequencies.get('1'));
        check(`m_${i + 1} percent ${where}`, brandsOfEveryone[i].audiences.row.percentage, t.percent.get('1'));
        check(`m_${i + 1} valid percent (base: asked) ${where}`, brandsOfAsked[i].audiences.row.percentage, t.validPercent.get('1'));
        figures.validThroughAsked++;
      });

      // The scale labelled at its ends: all ten points. The string single with a user-missing code.
      for (const [variable, code] of [
        ['q9', 'q9'],
        ['q10', 'q10'],
      ]) {
        const t = table(variable, split);
        const values = [...t.frequencies.keys()];
        const rows = values.map((v) => ({ question: code, datapoints: [datapointOf(code, v)] }));
        const ofEveryone = await crosstab(rows, {}, waves);
        const ofAnswered = await crosstab(rows, { question: code }, waves);
        values.forEach((v, i) => {
          check(`${variable} ${v} frequency ${where}`, count(ofEveryone[i].audiences.row.size), t.frequencies.get(v));
          check(`${variable} ${v} percent ${where}`, ofEveryone[i].audiences.row.percentage, t.percent.get(v));
          check(`${variable} ${v} valid percent ${where}`, ofAnswered[i].audiences.row.percentage, t.validPercent.get(v));
        });
        if (variable === 'q9') expect(values).toHaveLength(10);
      }

      // Numbers in the drafted bands: each band's size is PSPP's frequencies of the values in it, summed.
      for (const variable of ['agea', 'nbtrips']) {
        const question = q(variable);
        if (question.kind !== 'numeric') throw new Error(`${variable} was not drafted as a number`);
        const t = table(variable, split);
        const cells = await crosstab(
          question.bands.map((b) => ({ question: variable, datapoints: [b.code] })),
          {},
          waves,
        );
        question.bands.forEach((b, i) => {
          const inBand = [...t.frequencies].filter(([v]) => Number(v) >= (b.min ?? -Infinity) && Number(v) < (b.max ?? Infinity)).map(([, p]) => p);
          check(`${variable} band ${b.code} frequency ${where}`, count(cells[i].audiences.row.size), sum(inBand));
        });
      }
    }
    expect(failures).toEqual([]);
    expect(figures.count).toBeGreaterThan(550);
    // Valid percentages of the routed sets through an asked base: (6 + 8) per wave and pooled.
    expect(figures.validThroughAsked).toBe(14 * 5);
    expect(figures.userMissingExcluded).toBeGreaterThan(20);
  });
});
