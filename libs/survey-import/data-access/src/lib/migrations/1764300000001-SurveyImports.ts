import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Survey imports uploaded through the admin endpoint: one row per import (its status, progress and
 * outcome) and the uploaded file in chunks beside it. The file waits here because the worker that
 * runs the import shares Postgres with the gateway, not a filesystem; the chunks go once the import
 * has finished, the row stays as its record.
 */
export class SurveyImports1764300000001 implements MigrationInterface {
  name = 'SurveyImports1764300000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE survey_imports (
        id                  uuid PRIMARY KEY,
        status              text NOT NULL CHECK (status IN ('uploading', 'queued', 'running', 'succeeded', 'failed')),
        mode                text NOT NULL CHECK (mode IN ('replace', 'append')),
        file_name           text NOT NULL,
        file_format         text NOT NULL CHECK (file_format IN ('sav', 'csv')),
        file_bytes          bigint NOT NULL DEFAULT 0,
        file_chunks         integer NOT NULL DEFAULT 0,
        mapping             jsonb,
        requested_by_org    text NOT NULL,
        requested_by_user   integer NOT NULL,
        attempts            integer NOT NULL DEFAULT 0,
        phase               text CHECK (phase IN ('read', 'write')),
        rows_read           bigint NOT NULL DEFAULT 0,
        partitions_written  integer NOT NULL DEFAULT 0,
        partitions_total    integer NOT NULL DEFAULT 0,
        report              jsonb,
        errors              jsonb NOT NULL DEFAULT '[]',
        dataset             text,
        data_version        text,
        created_at          timestamptz NOT NULL DEFAULT now(),
        updated_at          timestamptz NOT NULL DEFAULT now(),
        started_at          timestamptz,
        finished_at         timestamptz
      )`);
    await q.query(`CREATE INDEX survey_imports_uploading_idx ON survey_imports (created_at) WHERE status = 'uploading'`);
    await q.query(`
      CREATE TABLE survey_import_chunks (
        import_id  uuid NOT NULL REFERENCES survey_imports(id) ON DELETE CASCADE,
        seq        integer NOT NULL CHECK (seq >= 0),
        data       bytea NOT NULL,
        PRIMARY KEY (import_id, seq)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE survey_import_chunks`);
    await q.query(`DROP TABLE survey_imports`);
  }
}

/** The survey import's migrations, oldest first. */
export const SURVEY_IMPORT_MIGRATIONS = [SurveyImports1764300000001];
