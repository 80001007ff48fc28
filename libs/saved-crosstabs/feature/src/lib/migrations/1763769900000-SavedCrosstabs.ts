import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved crosstabs (projects; docs/data-model.md). Always owned by an organisation: unlike saved
 * audiences there are no curated projects, so org_id is NOT NULL. rows, columns and bases are
 * kept as the saved-crosstab wire form (jsonb) because they are only ever read and written
 * whole; the index serves the list (an organisation's projects, newest change first).
 *
 * The key is (org_id, uuid), not uuid alone: a uuid is the client's choice, so a global key
 * would let a POST probe whether another organisation uses a uuid (409 against 200). Per
 * organisation, two organisations may hold the same uuid, each its own project, and every
 * lookup, update and delete goes by (org_id, uuid).
 */
export class SavedCrosstabs1763769900000 implements MigrationInterface {
  name = 'SavedCrosstabs1763769900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE saved_crosstabs (
        org_id         text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
        uuid           uuid NOT NULL,
        user_id        integer,
        name           text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
        rows           jsonb NOT NULL DEFAULT '[]',
        columns        jsonb NOT NULL DEFAULT '[]',
        bases          jsonb,
        country_codes  text[] NOT NULL DEFAULT '{}',
        wave_codes     text[] NOT NULL DEFAULT '{}',
        notes          text NOT NULL DEFAULT '' CHECK (char_length(notes) <= 10000),
        metadata       jsonb NOT NULL DEFAULT '{}',
        created_at     timestamptz NOT NULL DEFAULT now(),
        updated_at     timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (org_id, uuid)
      )`);
    await q.query(`CREATE INDEX saved_crosstabs_org_list_idx ON saved_crosstabs (org_id, updated_at DESC, uuid)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE saved_crosstabs`);
  }
}

/** The saved crosstabs migrations, oldest first. */
export const SAVED_CROSSTABS_MIGRATIONS = [SavedCrosstabs1763769900000];
