import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '@aas/shared-infra';
import { createTestDatabase, TestDatabase } from '@aas/shared-infra/testing';
import { SURVEY_IMPORT_MIGRATIONS } from './migrations/1764300000001-SurveyImports';
import { SurveyImportStore, StagedFileUnavailable } from './survey-import.store';

describe('SurveyImportStore (real Postgres)', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let store: SurveyImportStore;

  beforeAll(async () => {
    db = await createTestDatabase('importstore', SURVEY_IMPORT_MIGRATIONS);
    ds = new DataSource(dataSourceOptions(db.url, { logging: false }));
    await ds.initialize();
    store = new SurveyImportStore(ds);
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  /** Stages `pieces` as an upload's chunks and finishes it; answers its id. */
  async function staged(pieces: Buffer[], mapping: unknown = { dataset: { code: 'x' } }): Promise<string> {
    const id = randomUUID();
    await store.beginUpload({ id, fileName: 'survey.csv', format: 'csv', mode: 'replace', org: 'ops', user: 7 });
    for (const [seq, piece] of pieces.entries()) await store.appendChunk(id, seq, piece);
    await store.finishUpload(id, { bytes: pieces.reduce((n, p) => n + p.length, 0), chunks: pieces.length, mapping, mode: 'append' });
    return id;
  }
  const chunkCount = async (id: string) => (await ds.query(`SELECT count(*)::int AS n FROM survey_import_chunks WHERE import_id = $1`, [id]))[0].n as number;

  it('stages an upload in chunks, queues it with its mapping, and reads the file back in order', async () => {
    const pieces = [Buffer.from('id,weight\n'), Buffer.alloc(70_000, 'a'), Buffer.from('\u0000\u00ff tail')];
    const id = await staged(pieces, { dataset: { code: 'x', name: 'X' } });
    const record = await store.get(id);
    expect(record).toMatchObject({
      id,
      status: 'queued',
      mode: 'append',
      file_name: 'survey.csv',
      file_format: 'csv',
      file_bytes: Buffer.concat(pieces).length,
      file_chunks: 3,
      mapping: { dataset: { code: 'x', name: 'X' } },
      requested_by_org: 'ops',
      requested_by_user: 7,
      attempts: 0,
      report: null,
      errors: [],
    });
    expect(record?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const read: Buffer[] = [];
    for await (const piece of store.readFile(id, 3)) read.push(Buffer.from(piece));
    expect(Buffer.concat(read).equals(Buffer.concat(pieces))).toBe(true);
  });

  it('says which chunk is missing rather than handing back a shorter file', async () => {
    const id = await staged([Buffer.from('a'), Buffer.from('b')]);
    await ds.query(`DELETE FROM survey_import_chunks WHERE import_id = $1 AND seq = 1`, [id]);
    const read = async () => {
      for await (const _ of store.readFile(id, 2)) void _;
    };
    await expect(read()).rejects.toThrow(StagedFileUnavailable);
    await expect(read()).rejects.toThrow('chunk 1 of 2 is missing');
  });

  it('runs an import once: start takes it, progress moves it, succeed (in a transaction) ends it and drops the file', async () => {
    const id = await staged([Buffer.from('file')]);
    expect(await store.start(id, 1)).toMatchObject({ status: 'running', attempts: 1 });
    await store.progress(id, { phase: 'write', rowsRead: 10, partitionsWritten: 1, partitionsTotal: 2 });
    expect(await store.get(id)).toMatchObject({ phase: 'write', rows_read: 10, partitions_written: 1, partitions_total: 2 });
    // A retry (the worker died) starts it again from nothing.
    expect(await store.start(id, 2)).toMatchObject({ status: 'running', attempts: 2, rows_read: 0, phase: null });
    await ds.transaction((tx) => store.succeed(tx, id, { report: { ok: true }, dataset: 'd', dataVersion: '42', partitions: 2, rowsRead: 10 }));
    expect(await store.get(id)).toMatchObject({ status: 'succeeded', data_version: '42', dataset: 'd', partitions_written: 2, report: { ok: true } });
    expect(await chunkCount(id)).toBe(0);
    // Finished: nothing more to start, to fail or to move.
    expect(await store.start(id, 3)).toBeNull();
    expect(await store.fail(id, { errors: ['late'] })).toBe(false);
    await store.progress(id, { phase: 'read', rowsRead: 1, partitionsWritten: 0, partitionsTotal: 0 });
    expect(await store.get(id)).toMatchObject({ status: 'succeeded', errors: [], rows_read: 10 });
  });

  it('fails an import with its report and reasons, and drops its file; a succeed rolled back leaves it running', async () => {
    const id = await staged([Buffer.from('file')]);
    await store.start(id, 1);
    await expect(
      ds.transaction(async (tx) => {
        await store.succeed(tx, id, { report: {}, dataset: 'd', dataVersion: '1', partitions: 0, rowsRead: 0 });
        throw new Error('the import rolled back');
      }),
    ).rejects.toThrow('the import rolled back');
    expect(await store.get(id)).toMatchObject({ status: 'running', data_version: null });
    expect(await chunkCount(id)).toBe(1);
    expect(await store.fail(id, { report: { ok: false }, errors: ['the mapping does not fit'] })).toBe(true);
    expect(await store.get(id)).toMatchObject({ status: 'failed', report: { ok: false }, errors: ['the mapping does not fit'] });
    expect((await store.get(id))?.finished_at).not.toBeNull();
    expect(await chunkCount(id)).toBe(0);
  });

  it('discards an upload with its chunks, and sweeps uploads abandoned half-way once they are old enough', async () => {
    const id = randomUUID();
    await store.beginUpload({ id, fileName: 'a.sav', format: 'sav', mode: 'replace', org: 'ops', user: 1 });
    await store.appendChunk(id, 0, Buffer.from('x'));
    expect(await store.sweepAbandonedUploads(3600)).toBe(0);
    await ds.query(`UPDATE survey_imports SET created_at = now() - interval '2 hours' WHERE id = $1`, [id]);
    const queued = await staged([Buffer.from('kept')]);
    await ds.query(`UPDATE survey_imports SET created_at = now() - interval '2 hours' WHERE id = $1`, [queued]);
    expect(await store.sweepAbandonedUploads(3600)).toBe(1);
    expect(await store.get(id)).toBeNull();
    expect(await chunkCount(id)).toBe(0);
    expect(await store.get(queued)).toMatchObject({ status: 'queued' });
    await store.discard(queued);
    expect(await store.get(queued)).toBeNull();
    expect(await chunkCount(queued)).toBe(0);
  });
});
