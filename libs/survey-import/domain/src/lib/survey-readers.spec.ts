import { readFileSync } from 'node:fs';
import { deflateSync, inflateSync } from 'node:zlib';
import { fixturePath, openFixture } from '../testing/import-fixture';
import { draftMapping, draftMappingFromFile } from './draft-mapping';
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
    const mislabelled = Buffer.from(readFileSync(fixturePath('panel.sav')));
    mislabelled.write('$FL3', 0, 'latin1');
    await expect(from(mislabelled)).rejects.toThrow(/says compression 1 in a \$FL3 file/);
    const truncated = readFileSync(fixturePath('tracker.sav')).subarray(0, 5000);
    await expect(
      (async () => {
        for await (const _row of (await from(truncated)).rows());
      })(),
    ).rejects.toThrow(/truncated/);
  });
});

/** The parts of a .zsav: everything before the compressed blocks, the inflated bytecode stream, the trailer's bias. */
function zsavParts(zsav: Buffer): { head: Buffer; data: Buffer } {
  // The ZLIB header is the 24 bytes after the dictionary: find it by its first field, its own offset.
  let at = 176;
  while (Number(zsav.readBigInt64LE(at)) !== at) at++;
  const trailer = Number(zsav.readBigInt64LE(at + 8));
  const blocks = zsav.readInt32LE(trailer + 20);
  const pieces: Buffer[] = [];
  for (let b = 0; b < blocks; b++) {
    const entry = trailer + 24 + b * 24;
    const offset = Number(zsav.readBigInt64LE(entry + 8));
    pieces.push(inflateSync(zsav.subarray(offset, offset + zsav.readInt32LE(entry + 20))));
  }
  return { head: zsav.subarray(0, at), data: Buffer.concat(pieces) };
}

/** A .zsav of the same data cut into blocks of `size` bytes (SPSS writes ~4 MB blocks; the fixture has one). */
function reblocked(zsav: Buffer, size: number): Buffer {
  const { head, data } = zsavParts(zsav);
  const blocks: Buffer[] = [];
  for (let i = 0; i < data.length; i += size) blocks.push(deflateSync(data.subarray(i, i + size)));
  const headerAt = head.length;
  let offset = headerAt + 24;
  const trailerAt = offset + blocks.reduce((n, b) => n + b.length, 0);
  const header = Buffer.alloc(24);
  header.writeBigInt64LE(BigInt(headerAt), 0);
  header.writeBigInt64LE(BigInt(trailerAt), 8);
  header.writeBigInt64LE(BigInt(24 + 24 * blocks.length), 16);
  const trailer = Buffer.alloc(24 + 24 * blocks.length);
  trailer.writeBigInt64LE(BigInt(-100), 0);
  trailer.writeInt32LE(size, 16);
  trailer.writeInt32LE(blocks.length, 20);
  blocks.forEach((b, i) => {
    const entry = 24 + i * 24;
    trailer.writeBigInt64LE(BigInt(headerAt + i * size), entry);
    trailer.writeBigInt64LE(BigInt(offset), entry + 8);
    trailer.writeInt32LE(Math.min(size, data.length - i * size), entry + 16);
    trailer.writeInt32LE(b.length, entry + 20);
    offset += b.length;
  });
  return Buffer.concat([head, header, ...blocks, trailer]);
}

describe('readSav: ZLIB-compressed files (.zsav)', () => {
  const read = async (bytes: Buffer, piece = bytes.length): Promise<{ metadata: unknown; rows: SurveyRow[] }> => {
    const file = await readSav(
      (async function* () {
        for (let i = 0; i < bytes.length; i += piece) yield bytes.subarray(i, i + piece);
      })(),
    );
    const rows: SurveyRow[] = [];
    for await (const row of file.rows()) rows.push(row);
    return { metadata: file.metadata, rows };
  };

  it('reads the same dictionary and rows as the bytecode-compressed .sav PSPP wrote beside it', async () => {
    const sav = await read(readFileSync(fixturePath('traps.sav')));
    expect(sav.rows).toHaveLength(3000);
    const zsav = readFileSync(fixturePath('traps.zsav'));
    expect(zsav.subarray(0, 4).toString('latin1')).toBe('$FL3');
    expect(await read(zsav)).toEqual(sav);
    // Streamed in pieces that cut blocks and headers anywhere.
    expect(await read(zsav, 7)).toEqual(sav);
    expect(await allRows('traps.csv')).toEqual(sav.rows);
  });

  it('reads a file of many blocks, whichever chunk ends a block', async () => {
    const sav = await read(readFileSync(fixturePath('traps.sav')));
    const zsav = readFileSync(fixturePath('traps.zsav'));
    const many = reblocked(zsav, 4096);
    expect(zsavParts(many).data).toEqual(zsavParts(zsav).data);
    expect(zsavParts(zsav).data.length / 4096).toBeGreaterThan(50);
    for (const piece of [1 << 16, 4099, 512]) expect((await read(many, piece)).rows).toEqual(sav.rows);
  });

  it('says a cut .zsav is truncated', async () => {
    const zsav = readFileSync(fixturePath('traps.zsav'));
    await expect(read(zsav.subarray(0, zsav.length - 60_000))).rejects.toThrow(/truncated \.zsav file/);
  });
});

describe('draftMapping', () => {
  it('guesses the tracker: id, weight, wave, market, the MR set, the grid, singles, numerics; it validates and imports', async () => {
    const { mapping, notes } = await draftMappingFromFile(await openFixture('tracker.sav'), { datasetCode: 'tracker', datasetName: 'Tracker' });
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
    const hours = mapping.questions[4];
    expect(hours.kind === 'numeric' && hours.bands.map((b) => [b.name, b.min, b.max])).toEqual([
      // Quintiles of 0..60 (12, 24, 36, 48) on a round step of the range (5).
      ['Under 10', undefined, 10],
      ['10 to under 25', 10, 25],
      ['25 to under 35', 25, 35],
      ['35 to under 50', 35, 50],
      ['50 or more', 50, undefined],
    ]);
    expect(notes.some((n) => n.startsWith('hours: numeric without value labels: 5 bands from its values'))).toBe(true);
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
