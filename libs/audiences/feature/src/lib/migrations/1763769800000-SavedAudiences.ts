import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Saved audiences. org_id NULL marks a curated audience: readable by every organisation,
 * writable by none.
 */
export class SavedAudiences1763769800000 implements MigrationInterface {
  name = 'SavedAudiences1763769800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE saved_audiences (
        id          uuid PRIMARY KEY,
        org_id      text REFERENCES organisations(id) ON DELETE CASCADE,
        v1_id       integer,
        name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
        description text NOT NULL DEFAULT '',
        expression  jsonb NOT NULL,
        folder_id   uuid NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
        position    double precision NOT NULL DEFAULT 0,
        flags       text[] NOT NULL DEFAULT '{}',
        datasets    text[] NOT NULL DEFAULT '{}',
        created_by  integer,
        created_at  timestamptz NOT NULL DEFAULT now(),
        updated_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX saved_audiences_org_list_idx ON saved_audiences (org_id, folder_id, position, created_at, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE saved_audiences`);
  }
}

/** The saved audiences migrations, oldest first. */
export const SAVED_AUDIENCES_MIGRATIONS = [SavedAudiences1763769800000];
