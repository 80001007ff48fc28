import { readFileSync } from 'node:fs';
import { fixturePath, openFixture } from '../testing/import-fixture';
import { draftMapping } from './draft-mapping';
import { prepareImport } from './import-survey';
import { readSav } from './sav-reader';
import { validateMapping } from './survey-mapping';
import type { SurveyRow } from './survey-file.types';

async function allRows(name: string): Promise<SurveyRow[]> {
  const rows: SurveyRow[] = [];
  for await (const row of (await openFixture(name)).rows()) rows.push(row);
  return rows;
}

describe('readSav', () => {
  it('reads the tracker dictionary: labels, value labels, user-missing values, measurement levels, the MR set', async () => {
    const { metadata } = await openFixture('tracker.sav');
    expect(metadata).toMatchObject({ format: 'sav', encoding: 'UTF-8', declaredRows: 2400 });
    const age = metadata.variables.find((v) => v.name === 'agegrp')!;
    expect(age).toMatchObject({ type: 'numeric', label: 'Age group', measure: 'ordinal', missing: { values: [9], range: null } });
    expect(age.valueLabels.at(-1)).toEqual({ value: 9, label: 'Prefer not to say' });
    expect(metadata.variables.find((v) => v.name === 'comment')).toMatchObject({ type: 'string', width: 40, measure: 'nominal' });
    expect(metadata.multipleResponseSets).toEqual([
      { name: '$social', label: 'Social media used', kind: 'dichotomy', countedValue: 1, variables: ['soc_1', 'soc_2', 'soc_3', 'soc_4', 'soc_5', 'soc_6'] },
    ]);
  });

  it('uncompressed .sav and its CSV export give the same rows (system-missing = null)', async () => {
    const sav = await allRows('tracker.sav');
    const csv = await allRows('tracker.csv');
    expect(sav).toHaveLength(2400);
    expect(csv).toEqual(sav);
    expect(sav[0].values.slice(0, 6)).toEqual([500003, 1, 3, 2, 5, 1.643]);
    expect(sav[0].values[14]).toBeNull();
  });

  it('compressed .sav with string codes and a 600-byte UTF-8 string gives the rows of its CSV export', async () => {
    const { metadata } = await openFixture('panel.sav');
    expect(metadata.variables.find((v) => v.name === 'verbatim')).toMatchObject({ type: 'string', width: 600, label: 'Open answer (très long)' });
    expect(metadata.variables.find((v) => v.name === 'country')!.valueLabels).toEqual([
      { value: 'es', label: 'Spain' },
      { value: 'fr', label: 'France' },
      { value: 'jp', label: 'Japan' },
    ]);
    const sav = await allRows('panel.sav');
    const csv = await allRows('panel.csv');
    expect(csv).toEqual(sav);
    const verbatim = sav[0].values[4] as string;
    expect(verbatim.startsWith('Réponse n°1 — données 日本語 ✓ ')).toBe(true);
    expect(verbatim.endsWith(' fin')).toBe(true);
    expect(Buffer.byteLength(verbatim, 'utf8')).toBeGreaterThan(255);
  });

  it('streams: a file fed one byte at a time reads the same', async () => {
    const bytes = readFileSync(fixturePath('panel.sav'));
    const file = await readSav(
      (async function* () {
        for (let i = 0; i < bytes.length; i++) yield bytes.subarray(i, i + 1);
      })(),
    );
    const rows: SurveyRow[] = [];
    for await (const row of file.rows()) rows.push(row);
    expect(rows).toEqual(await allRows('panel.sav'));
  });

  it('refuses what it cannot read with a message saying why', async () => {
    const from = (bytes: Buffer) =>
      readSav(
        (async function* () {
          yield bytes;
        })(),
      );
    await expect(from(Buffer.from('name,age\n1,2\n'.padEnd(200, ' ')))).rejects.toThrow(/not an SPSS system file/);
    const zlib = Buffer.from(readFileSync(fixturePath('panel.sav')));
    zlib.write('$FL3', 0, 'latin1');
    await expect(from(zlib)).rejects.toThrow(/ZLIB-compressed/);
    const truncated = readFileSync(fixturePath('tracker.sav')).subarray(0, 5000);
    await expect(
      (async () => {
        for await (const _row of (await from(truncated)).rows());
      })(),
    ).rejects.toThrow(/truncated/);
  });
});

describe('draftMapping', () => {
  it('guesses the tracker: id, weight, wave, market, the MR set, the grid, singles, numerics; it validates and imports', async () => {
    const file = await openFixture('tracker.sav');
    const { mapping, notes } = draftMapping(file.metadata, { datasetCode: 'tracker', datasetName: 'Tracker' });
    expect(validateMapping(mapping)).toBe(mapping);
    expect([mapping.respondentId, mapping.weight, mapping.wave.variable, mapping.location.variable]).toEqual(['resp_id', 'weight', 'wave', 'market']);
    expect(mapping.wave.values?.map((w) => [w.code, w.start_date, w.end_date])).toEqual([
      ['q1_2025', '2025-01-01', '2025-03-31'],
      ['q2_2025', '2025-04-01', '2025-06-30'],
      ['q3_2025', '2025-07-01', '2025-09-30'],
    ]);
    expect(mapping.questions.map((q) => [q.kind, q.code])).toEqual([
      ['multi', 'social'],
      ['grid', 'freq'],
      ['single', 'gender'],
      ['single', 'agegrp'],
      ['numeric', 'hours'],
      ['numeric', 'minutes'],
    ]);
    const grid = mapping.questions[1];
    expect(grid.kind === 'grid' && grid.rows.map((r) => r.code)).toEqual(['television', 'radio', 'podcasts', 'streaming_video']);
    const age = mapping.questions[3];
    expect(age.kind === 'single' && [age.datapoints?.map((d) => d.code), age.missing]).toEqual([['16_24', '25_34', '35_44', '45_54', '55_64'], [9]]);
    expect(mapping.ignore).toEqual(['comment']);
    expect(notes.some((n) => n.startsWith('hours: numeric without value labels'))).toBe(true);
    const prepared = await prepareImport(await openFixture('tracker.csv'), mapping);
    expect(prepared.report.ok).toBe(true);
    expect(prepared.report.issues).toEqual([]);
  });

  it('guesses multi sets from 0/1-labelled prefixes when the file has no MR set, and rules for string waves and locations', async () => {
    const tracker = await openFixture('tracker.sav');
    const { mapping } = draftMapping({ ...tracker.metadata, multipleResponseSets: [] });
    expect(mapping.questions[0]).toMatchObject({ kind: 'multi', code: 'soc', name: 'Social media used' });
    const panel = await openFixture('panel.sav');
    const draft = draftMapping(panel.metadata);
    expect(draft.mapping.wave).toEqual({ variable: 'period', rule: 'quarter' });
    expect(draft.mapping.location.values?.map((l) => l.code)).toEqual(['es', 'fr', 'jp']);
    expect(draft.mapping.ignore).toEqual(['verbatim']);
  });
});
