import { MigrationInterface, QueryRunner } from 'typeorm';

/** Organisations and their users. Every organisation-owned row elsewhere references organisations.id. */
export class Identity1763769600000 implements MigrationInterface {
  name = 'Identity1763769600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE organisations (
        id          text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9_-]{0,62}$'),
        name        text NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE users (
        id          integer PRIMARY KEY CHECK (id > 0),
        org_id      text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
        email       text NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX users_org_idx ON users (org_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE users`);
    await q.query(`DROP TABLE organisations`);
  }
}

/** The identity migrations, oldest first. */
export const IDENTITY_MIGRATIONS = [Identity1763769600000];
