import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Charts (docs/data-model.md). Always owned by an organisation (org_id NOT NULL, cascade) and shared by
 * its users; owner_id/owner_email come from the creator's token. attributes, audiences and the
 * base audience are kept as sent (jsonb) because they are only ever read and written whole.
 * The index serves the list (an organisation's charts, newest change first).
 */
export class Charts1763770000000 implements MigrationInterface {
  name = 'Charts1763770000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE charts (
        id                    uuid PRIMARY KEY,
        org_id                text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
        owner_id              integer NOT NULL,
        owner_email           text NOT NULL DEFAULT '',
        name                  text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
        attributes            jsonb NOT NULL DEFAULT '[]',
        audiences             jsonb NOT NULL DEFAULT '[]',
        base_audience         jsonb,
        color                 text NOT NULL DEFAULT '',
        dataset_codes         text[] NOT NULL DEFAULT '{}',
        folder_id             text NOT NULL DEFAULT '00000000-0000-0000-0000-000000000000',
        group_type            integer NOT NULL DEFAULT 0,
        view_type             integer NOT NULL DEFAULT 0,
        sort_type             integer NOT NULL DEFAULT 0,
        sort_parameter_type   integer NOT NULL DEFAULT 0,
        sort_parameter_value  text NOT NULL DEFAULT '',
        location_codes        text[] NOT NULL DEFAULT '{}',
        wave_codes            text[] NOT NULL DEFAULT '{}',
        metrics               text[] NOT NULL DEFAULT '{}',
        segments              text[] NOT NULL DEFAULT '{}',
        splitter              text NOT NULL DEFAULT '',
        segmented_base        boolean NOT NULL DEFAULT true,
        created_at            timestamptz NOT NULL DEFAULT now(),
        updated_at            timestamptz NOT NULL DEFAULT now(),
        shared_at             timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX charts_org_list_idx ON charts (org_id, updated_at DESC, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE charts`);
  }
}

/** The charts migrations, oldest first. */
export const CHARTS_MIGRATIONS = [Charts1763770000000];
