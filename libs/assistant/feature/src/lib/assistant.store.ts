import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AnalysisPlan } from '@aas/assistant-domain';
import { ProblemException } from '@aas/shared-infra';

export interface StoredInsight {
  id: string;
  text: string;
  details: Record<string, unknown>;
}

/** The chat a turn belongs to: `isNew` when this turn starts it (its row does not exist yet). */
export interface TurnChat {
  id: string;
  orgId: string;
  userId: number;
  isNew: boolean;
}

/** Chats, their turns and the insights they produced; every read is scoped to the organisation. */
@Injectable()
export class AssistantStore {
  constructor(private readonly ds: DataSource) {}

  /** The chat's last plan, or undefined when the chat does not exist for this organisation. */
  async context(chatId: string, orgId: string): Promise<{ plan: AnalysisPlan | null } | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(chatId)) return undefined;
    const rows: { context: AnalysisPlan | null }[] = await this.ds.query(`SELECT context FROM assistant_chats WHERE id = $1 AND org_id = $2`, [chatId, orgId]);
    return rows[0] ? { plan: rows[0].context } : undefined;
  }

  /**
   * The plans of the chat's last answered turns, oldest first (at most `limit`), the last one its
   * context: a follow-up may refer further back than the last answer ("compare both of them").
   */
  async history(chatId: string, orgId: string, limit = 6): Promise<AnalysisPlan[]> {
    if (!/^[0-9a-f-]{36}$/i.test(chatId)) return [];
    const rows: { plan: AnalysisPlan }[] = await this.ds.query(
      `SELECT t.plan FROM assistant_turns t JOIN assistant_chats c ON c.id = t.chat_id
       WHERE t.chat_id = $1 AND c.org_id = $2 AND t.plan IS NOT NULL ORDER BY t.id DESC LIMIT $3`,
      [chatId, orgId, limit],
    );
    return rows.map((r) => r.plan).reverse();
  }

  /**
   * The prompt of the chat's last turn when that turn got no plan (a refusal or a question back),
   * else null: a turn that answers it ("sorry, I meant Spain") asks it again with the correction.
   */
  async lastUnanswered(chatId: string, orgId: string): Promise<string | null> {
    if (!/^[0-9a-f-]{36}$/i.test(chatId)) return null;
    const rows: { prompt: string; answered: boolean }[] = await this.ds.query(
      `SELECT t.prompt, (t.plan IS NOT NULL) AS answered FROM assistant_turns t JOIN assistant_chats c ON c.id = t.chat_id
       WHERE t.chat_id = $1 AND c.org_id = $2 ORDER BY t.id DESC LIMIT 1`,
      [chatId, orgId],
    );
    return rows[0] && !rows[0].answered ? rows[0].prompt : null;
  }

  /**
   * Records a turn and its insights in one transaction; a plan (when the prompt was understood)
   * becomes the chat's context. A new chat (`chat.isNew`) is created in the same transaction, so a
   * request that fails before this point leaves nothing behind. The chat must belong to the
   * organisation: when no row of it is updated the whole turn is rolled back and this throws.
   */
  async saveTurn(chat: TurnChat, prompt: string, message: string, plan: AnalysisPlan | null, insights: StoredInsight[]): Promise<void> {
    await this.ds.transaction(async (m) => {
      if (chat.isNew) {
        await m.query(`INSERT INTO assistant_chats (id, org_id, user_id) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING`, [chat.id, chat.orgId, chat.userId]);
      }
      // A CTE so the driver answers rows whatever the command (an UPDATE's raw result differs between drivers).
      const updated: { id: string }[] = await m.query(
        `WITH updated AS (UPDATE assistant_chats SET context = COALESCE($3::jsonb, context), updated_at = now() WHERE id = $1 AND org_id = $2 RETURNING id::text AS id)
         SELECT id FROM updated`,
        [chat.id, chat.orgId, plan === null ? null : JSON.stringify(plan)],
      );
      if (updated.length === 0) throw ProblemException.notFound(`Chat '${chat.id}' not found`);
      const turn: { id: string }[] = await m.query(
        `INSERT INTO assistant_turns (chat_id, prompt, message, plan) VALUES ($1, $2, $3, $4) RETURNING id::text AS id`,
        [chat.id, prompt, message, plan === null ? null : JSON.stringify(plan)],
      );
      for (const insight of insights) {
        await m.query(`INSERT INTO assistant_insights (id, org_id, chat_id, turn_id, text, details) VALUES ($1, $2, $3, $4, $5, $6)`, [
          insight.id,
          chat.orgId,
          chat.id,
          turn[0].id,
          insight.text,
          JSON.stringify(insight.details),
        ]);
      }
    });
  }

  async insight(id: string, orgId: string): Promise<(StoredInsight & { chat_id: string; created_at: string }) | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
    const rows: (StoredInsight & { chat_id: string; created_at: Date })[] = await this.ds.query(
      `SELECT id::text AS id, chat_id::text AS chat_id, text, details, created_at FROM assistant_insights WHERE id = $1 AND org_id = $2`,
      [id, orgId],
    );
    return rows[0] ? { ...rows[0], created_at: new Date(rows[0].created_at).toISOString() } : undefined;
  }
}
