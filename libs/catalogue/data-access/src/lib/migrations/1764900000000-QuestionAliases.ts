import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Other names of a question (short forms such as "NPS"), which the assistant reads as words of
 * its name. A survey's own words are catalogue data: an import's mapping fills them (the
 * datapoints' aliases need no column: they live in the `datapoints` jsonb, one list per answer).
 * Existing questions get none.
 */
export class QuestionAliases1764900000000 implements MigrationInterface {
  name = 'QuestionAliases1764900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE questions ADD COLUMN aliases text[] NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE questions DROP COLUMN aliases`);
  }
}
