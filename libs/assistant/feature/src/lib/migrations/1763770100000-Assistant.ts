import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The assistant's chats. A chat belongs to one organisation (another organisation's chat id
 * answers 404); `context` is the last turn's analysis plan, which follow-ups build on. Insights
 * keep what each sentence was computed from (audience, datapoint, markets, waves, datasets and
 * the engine's metrics), so GET /v1/assistant-api/generic/insights/{id} answers without recomputing.
 */
export class Assistant1763770100000 implements MigrationInterface {
  name = 'Assistant1763770100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE assistant_chats (
        id          uuid PRIMARY KEY,
        org_id      text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
        user_id     integer,
        context     jsonb,
        created_at  timestamptz NOT NULL DEFAULT now(),
        updated_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX assistant_chats_org_idx ON assistant_chats (org_id, updated_at DESC)`);
    await q.query(`
      CREATE TABLE assistant_turns (
        id          bigserial PRIMARY KEY,
        chat_id     uuid NOT NULL REFERENCES assistant_chats(id) ON DELETE CASCADE,
        prompt      text NOT NULL,
        message     text NOT NULL,
        plan        jsonb,
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX assistant_turns_chat_idx ON assistant_turns (chat_id, id)`);
    await q.query(`
      CREATE TABLE assistant_insights (
        id          uuid PRIMARY KEY,
        org_id      text NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
        chat_id     uuid NOT NULL REFERENCES assistant_chats(id) ON DELETE CASCADE,
        turn_id     bigint NOT NULL REFERENCES assistant_turns(id) ON DELETE CASCADE,
        text        text NOT NULL,
        details     jsonb NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX assistant_insights_chat_idx ON assistant_insights (chat_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE assistant_insights`);
    await q.query(`DROP TABLE assistant_turns`);
    await q.query(`DROP TABLE assistant_chats`);
  }
}

/** The assistant's migrations, oldest first. */
export const ASSISTANT_MIGRATIONS = [Assistant1763770100000];
