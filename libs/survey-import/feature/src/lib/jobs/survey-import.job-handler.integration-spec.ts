import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Pool } from 'pg';
import { DataSource } from 'typeorm';
import { CATALOGUE_MIGRATIONS } from '@aas/catalogue-data-access';
import { CommonConfig, dataSourceOptions, loadConfig } from '@aas/shared-infra';
import { IDENTITY_MIGRATIONS } from '@aas/shared-infra/database';
import { createTestDatabase, TestDatabase } from '@aas/shared-infra/testing';
import { createStorePool, PartitionReader, RESPONDENT_STORE_MIGRATIONS, StoreVersion } from '@aas/respondent-store-data-access';
import { fixturePath } from '@aas/survey-import-domain/testing';
import { SURVEY_IMPORT_MIGRATIONS, SurveyImportStore } from '@aas/survey-import-data-access';
import { ImportDatabase } from './import-database';
import { SurveyImportJobHandler } from './survey-import.job-handler';

const MAPPING = JSON.parse(readFileSync(fixturePath('tracker.mapping.json'), 'utf8')) as Record<string, unknown>;

describe('the survey.import job handler (real Postgres): the staged upload in, the data version out', () => {
  let db: TestDatabase;
  let ds: DataSource;
  let pool: Pool;
  let store: SurveyImportStore;
  let database: ImportDatabase;
  let version: StoreVersion;
  let handler: SurveyImportJobHandler;

  beforeAll(async () => {
    db = await createTestDatabase('importjob', [...IDENTITY_MIGRATIONS, ...CATALOGUE_MIGRATIONS, ...RESPONDENT_STORE_MIGRATIONS, ...SURVEY_IMPORT_MIGRATIONS]);
    ds = new DataSource(dataSourceOptions(db.url, { logging: false }));
    await ds.initialize();
    store = new SurveyImportStore(ds);
    pool = createStorePool(db.url);
    // A long interval: only invalidate() can make it see a new version within a test.
    version = new StoreVersion(new PartitionReader(pool), 3_600_000);
    database = new ImportDatabase(loadConfig(CommonConfig, { NODE_ENV: 'test', DATABASE_URL: db.url }));
    handler = new SurveyImportJobHandler(database, version);
  });
  afterAll(async () => {
    await database?.onApplicationShutdown();
    await pool?.end();
    await ds?.destroy();
    await db?.drop();
  });

  /** Stages a fixture (or the given bytes under its name) as the upload endpoint does, in pieces of `chunkBytes`; answers the import's id. */
  async function stage(fixture: string, mapping: unknown, content?: Buffer, chunkBytes = 64 * 1024): Promise<string> {
    const bytes = content ?? readFileSync(fixturePath(fixture));
    const id = randomUUID();
    await store.beginUpload({ id, fileName: fixture, format: fixture.endsWith('.csv') ? 'csv' : 'sav', mode: 'replace', org: 'ops', user: 1 });
    let seq = 0;
    for (let at = 0; at < bytes.length; at += chunkBytes) await store.appendChunk(id, seq++, bytes.subarray(at, at + chunkBytes));
    await store.finishUpload(id, { bytes: bytes.length, chunks: seq, mapping, mode: 'replace' });
    return id;
  }
  const run = (importId: string, attempt = 1) => handler.handle({ importId }, { jobId: importId, attempt, signal: new AbortController().signal });
  const surveyVersion = async () => ((await ds.query(`SELECT version::text AS v FROM data_versions WHERE name = 'survey'`)) as { v: string }[])[0]?.v;
  const partitions = async () =>
    (await ds.query(`SELECT count(*)::int AS n, sum(respondent_count)::int AS respondents FROM respondent_partitions WHERE replaced_at IS NULL`)) as {
      n: number;
      respondents: number | null;
    }[];

  it('imports a staged .sav read back chunk by chunk, and marks the import succeeded with the data in one commit', async () => {
    expect(await version.current()).toBe('none');
    const id = await stage('tracker.sav', MAPPING);
    expect(await run(id)).toEqual({ status: 'succeeded' });
    const record = await store.get(id);
    const current = await surveyVersion();
    expect(record).toMatchObject({
      status: 'succeeded',
      attempts: 1,
      dataset: 'tracker',
      data_version: current,
      phase: 'write',
      rows_read: 2400,
      partitions_written: 12,
      partitions_total: 12,
      errors: [],
      report: { ok: true, respondents: 2400 },
    });
    expect(await partitions()).toEqual([{ n: 12, respondents: 2400 }]);
    expect(await ds.query(`SELECT count(*)::int AS n FROM survey_import_chunks`)).toEqual([{ n: 0 }]);
    // This process's data-version signal was told: it serves the new version within its (hour-long) interval.
    expect(await version.current()).toBe(current);
  });

  it('does nothing when the job runs again after the import committed (a worker that died past its commit)', async () => {
    const id = await stage('tracker.csv', MAPPING);
    expect(await run(id)).toEqual({ status: 'succeeded' });
    const after = await surveyVersion();
    expect(await run(id, 2)).toEqual({ status: 'succeeded' });
    expect(await surveyVersion()).toBe(after);
    expect(await store.get(id)).toMatchObject({ status: 'succeeded', attempts: 1 });
  });

  it('ends with the report, and changes nothing, when the mapping does not fit the file', async () => {
    const before = [await surveyVersion(), await partitions()];
    const id = await stage('tracker.sav', { ...MAPPING, weight: 'no_such_weight' });
    expect(await run(id)).toEqual({ status: 'failed' });
    const record = await store.get(id);
    expect(record).toMatchObject({ status: 'failed', data_version: null, report: { ok: false } });
    expect(JSON.stringify(record?.report)).toContain('no_such_weight');
    expect(record?.errors).toEqual([expect.stringContaining('nothing was imported')]);
    expect([await surveyVersion(), await partitions()]).toEqual(before);
    expect(await ds.query(`SELECT count(*)::int AS n FROM survey_import_chunks`)).toEqual([{ n: 0 }]);
  });

  it('ends with the reason, and changes nothing, when the file cannot be read', async () => {
    const before = [await surveyVersion(), await partitions()];
    const id = await stage('notes.sav', MAPPING, Buffer.from('these are notes, not an SPSS system file\n'.repeat(20)));
    expect(await run(id)).toEqual({ status: 'failed' });
    const record = await store.get(id);
    expect(record).toMatchObject({
      status: 'failed',
      report: null,
      errors: [expect.stringMatching(/^the import stopped: not an SPSS system file .+; nothing was imported$/)],
    });
    expect([await surveyVersion(), await partitions()]).toEqual(before);
  });

  it('answers failed for an import that is gone, without touching anything', async () => {
    expect(await run(randomUUID())).toEqual({ status: 'failed' });
  });
});
