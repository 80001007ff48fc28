import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The respondent store's tables. Databases migrated before each lib owned its migrations got
 * these from the catalogue's combined migration (1763769700000), hence IF NOT EXISTS: on such a
 * database this one changes nothing, on a new one it creates them. No foreign key points into
 * another lib's tables: the writers that fill catalogue and store do so in one transaction.
 */
export class RespondentStore1763769700002 implements MigrationInterface {
  name = 'RespondentStore1763769700002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS attribute_dictionaries (
        dataset_code  text PRIMARY KEY,
        hash          bigint NOT NULL,
        attributes    jsonb NOT NULL
      )`);
    await q.query(`
      CREATE TABLE IF NOT EXISTS respondent_partitions (
        dataset_code      text NOT NULL,
        wave_code         text NOT NULL,
        location_code     text NOT NULL,
        respondent_count  integer NOT NULL CHECK (respondent_count >= 0),
        format_version    smallint NOT NULL,
        dictionary_hash   bigint NOT NULL,
        blob              bytea NOT NULL,
        updated_at        timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (dataset_code, wave_code, location_code)
      )`);
    // The blob is already compact (and deflated where it pays); Postgres compressing it again only costs CPU.
    await q.query(`ALTER TABLE respondent_partitions ALTER COLUMN blob SET STORAGE EXTERNAL`);
    await q.query(`
      CREATE TABLE IF NOT EXISTS data_versions (
        name        text PRIMARY KEY,
        version     bigint NOT NULL,
        updated_at  timestamptz NOT NULL DEFAULT now(),
        details     jsonb NOT NULL DEFAULT '{}'
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of ['data_versions', 'respondent_partitions', 'attribute_dictionaries']) await q.query(`DROP TABLE IF EXISTS ${table}`);
  }
}

/**
 * Versioned partitions and dictionaries, so a new data version is written beside the current one
 * and switched to in one transaction while queries of the old version keep reading it:
 * - a partition row is visible at version V when `version <= V` and it was not replaced by V
 *   (`replaced_at IS NULL OR replaced_at > V`); a write adds rows at the new version and marks the
 *   rows they replace, so appending a wave rewrites nothing else;
 * - dictionaries are kept per (dataset, hash): every blob names the hash it was encoded with.
 * Existing rows become version 0; the cross-lib foreign keys of the older combined migration go.
 */
export class VersionedRespondentStore1764000000000 implements MigrationInterface {
  name = 'VersionedRespondentStore1764000000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['respondent_partitions', 'attribute_dictionaries']) {
      const fks: { name: string }[] = await q.query(`SELECT conname AS name FROM pg_constraint WHERE conrelid = $1::regclass AND contype = 'f'`, [table]);
      for (const fk of fks) await q.query(`ALTER TABLE ${table} DROP CONSTRAINT "${fk.name}"`);
    }
    await q.query(`ALTER TABLE respondent_partitions ADD COLUMN version bigint NOT NULL DEFAULT 0, ADD COLUMN replaced_at bigint`);
    await q.query(`ALTER TABLE respondent_partitions DROP CONSTRAINT respondent_partitions_pkey`);
    await q.query(`ALTER TABLE respondent_partitions ADD PRIMARY KEY (dataset_code, wave_code, location_code, version)`);
    await q.query(`CREATE INDEX respondent_partitions_current_idx ON respondent_partitions (dataset_code, wave_code, location_code) WHERE replaced_at IS NULL`);
    await q.query(`ALTER TABLE attribute_dictionaries DROP CONSTRAINT attribute_dictionaries_pkey`);
    await q.query(`ALTER TABLE attribute_dictionaries ADD PRIMARY KEY (dataset_code, hash)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM respondent_partitions WHERE replaced_at IS NOT NULL`);
    await q.query(`DROP INDEX respondent_partitions_current_idx`);
    await q.query(`ALTER TABLE respondent_partitions DROP CONSTRAINT respondent_partitions_pkey`);
    await q.query(`ALTER TABLE respondent_partitions DROP COLUMN version, DROP COLUMN replaced_at`);
    await q.query(`ALTER TABLE respondent_partitions ADD PRIMARY KEY (dataset_code, wave_code, location_code)`);
    await q.query(`ALTER TABLE attribute_dictionaries DROP CONSTRAINT attribute_dictionaries_pkey`);
    await q.query(`ALTER TABLE attribute_dictionaries ADD PRIMARY KEY (dataset_code)`);
  }
}

/** The store's migrations, oldest first. */
export const RESPONDENT_STORE_MIGRATIONS = [RespondentStore1763769700002, VersionedRespondentStore1764000000000];
