import { MigrationInterface, QueryRunner } from 'typeorm';
import { EntitlementVersions1764300000000 } from './1764300000000-EntitlementVersions';
import { QuestionAliases1764900000000 } from './1764900000000-QuestionAliases';

/**
 * The survey catalogue and the organisations' entitlements to its datasets, locations and waves.
 * (Before each lib owned its migrations, this one also created the insights and the respondent
 * store's tables; their owners' migrations now create them where they do not exist yet.)
 */
export class Catalogue1763769700000 implements MigrationInterface {
  name = 'Catalogue1763769700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE datasets (
        code                 text PRIMARY KEY,
        name                 text NOT NULL,
        description          text NOT NULL DEFAULT '',
        base_namespace_code  text NOT NULL,
        depth                integer NOT NULL DEFAULT 0,
        "order"              integer NOT NULL DEFAULT 0,
        is_syndicated        boolean NOT NULL DEFAULT false
      )`);
    await q.query(`
      CREATE TABLE categories (
        id            integer PRIMARY KEY,
        dataset_code  text NOT NULL REFERENCES datasets(code) ON DELETE CASCADE,
        parent_id     integer REFERENCES categories(id) ON DELETE CASCADE,
        name          text NOT NULL,
        description   text NOT NULL DEFAULT '',
        "order"       integer NOT NULL DEFAULT 0
      )`);
    await q.query(`CREATE INDEX categories_parent_idx ON categories (parent_id)`);
    await q.query(`
      CREATE TABLE questions (
        namespace_code  text NOT NULL,
        code            text NOT NULL,
        name            text NOT NULL,
        description     text NOT NULL DEFAULT '',
        kind            text NOT NULL,
        unit            text NOT NULL DEFAULT '',
        flags           text[] NOT NULL DEFAULT '{}',
        "order"         integer NOT NULL DEFAULT 0,
        knowledge_base  text NOT NULL DEFAULT '',
        message         text NOT NULL DEFAULT '',
        notice          text NOT NULL DEFAULT '',
        warning         text NOT NULL DEFAULT '',
        dataset_codes   text[] NOT NULL,
        datapoints      jsonb NOT NULL,
        suffixes        jsonb NOT NULL,
        PRIMARY KEY (namespace_code, code),
        UNIQUE (code)
      )`);
    await q.query(`
      CREATE TABLE question_categories (
        namespace_code  text NOT NULL,
        question_code   text NOT NULL,
        category_id     integer NOT NULL REFERENCES categories(id) ON DELETE CASCADE,
        PRIMARY KEY (namespace_code, question_code, category_id),
        FOREIGN KEY (namespace_code, question_code) REFERENCES questions(namespace_code, code) ON DELETE CASCADE
      )`);
    await q.query(`CREATE INDEX question_categories_category_idx ON question_categories (category_id)`);
    await q.query(`
      CREATE TABLE locations (
        code    text PRIMARY KEY,
        name    text NOT NULL,
        region  text NOT NULL
      )`);
    await q.query(`
      CREATE TABLE waves (
        code        text PRIMARY KEY,
        name        text NOT NULL,
        kind        text NOT NULL CHECK (kind IN ('quarter')),
        start_date  date NOT NULL,
        end_date    date NOT NULL,
        CHECK (start_date <= end_date)
      )`);
    await q.query(`
      CREATE TABLE populations (
        location_code  text NOT NULL REFERENCES locations(code) ON DELETE CASCADE,
        wave_code      text NOT NULL REFERENCES waves(code) ON DELETE CASCADE,
        population     double precision NOT NULL CHECK (population > 0),
        PRIMARY KEY (location_code, wave_code)
      )`);
    for (const [table, column, ref] of [
      ['entitled_datasets', 'dataset_code', 'datasets(code)'],
      ['entitled_locations', 'location_code', 'locations(code)'],
      ['entitled_waves', 'wave_code', 'waves(code)'],
    ]) {
      await q.query(`
        CREATE TABLE ${table} (
          org_id   text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
          ${column} text NOT NULL REFERENCES ${ref} ON DELETE CASCADE,
          PRIMARY KEY (org_id, ${column})
        )`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'entitled_waves',
      'entitled_locations',
      'entitled_datasets',
      'populations',
      'waves',
      'locations',
      'question_categories',
      'questions',
      'categories',
      'datasets',
    ]) {
      await q.query(`DROP TABLE ${table}`);
    }
  }
}

/** The catalogue's migrations, oldest first. */
export const CATALOGUE_MIGRATIONS = [Catalogue1763769700000, EntitlementVersions1764300000000, QuestionAliases1764900000000];
