import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Published insights. Databases migrated before each lib owned its migrations got this table from
 * the catalogue's combined migration (1763769700000), hence IF NOT EXISTS.
 */
export class Insights1763769700001 implements MigrationInterface {
  name = 'Insights1763769700001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE IF NOT EXISTS insights (
        id            integer PRIMARY KEY,
        name          text NOT NULL,
        description   text NOT NULL DEFAULT '',
        type          text NOT NULL CHECK (type IN ('report', 'infographic', 'powerpoint', 'chart')),
        category_ids  integer[] NOT NULL DEFAULT '{}',
        is_trending   boolean NOT NULL DEFAULT false,
        popularity    double precision NOT NULL DEFAULT 0,
        published_at  timestamptz NOT NULL,
        created_at    timestamptz NOT NULL,
        updated_at    timestamptz NOT NULL,
        images        jsonb NOT NULL DEFAULT '[]'
      )`);
    await q.query(`CREATE INDEX IF NOT EXISTS insights_categories_idx ON insights USING gin (category_ids)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS insights`);
  }
}

/** The insights' migrations, oldest first. */
export const INSIGHTS_MIGRATIONS = [Insights1763769700001];
