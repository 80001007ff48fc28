import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { AnalysisPlan } from '@aas/assistant-domain';

export interface StoredInsight {
  id: string;
  text: string;
  details: Record<string, unknown>;
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

  async createChat(orgId: string, userId: number): Promise<string> {
    const id = randomUUID();
    await this.ds.query(`INSERT INTO assistant_chats (id, org_id, user_id) VALUES ($1, $2, $3)`, [id, orgId, userId]);
    return id;
  }

  /** Records a turn and its insights; a plan (when the prompt was understood) becomes the chat's context. */
  async saveTurn(chatId: string, orgId: string, prompt: string, message: string, plan: AnalysisPlan | null, insights: StoredInsight[]): Promise<void> {
    await this.ds.transaction(async (m) => {
      const turn: { id: string }[] = await m.query(`INSERT INTO assistant_turns (chat_id, prompt, message, plan) VALUES ($1, $2, $3, $4) RETURNING id::text AS id`, [
        chatId,
        prompt,
        message,
        plan === null ? null : JSON.stringify(plan),
      ]);
      if (plan !== null) await m.query(`UPDATE assistant_chats SET context = $2, updated_at = now() WHERE id = $1`, [chatId, JSON.stringify(plan)]);
      else await m.query(`UPDATE assistant_chats SET updated_at = now() WHERE id = $1`, [chatId]);
      for (const insight of insights) {
        await m.query(`INSERT INTO assistant_insights (id, org_id, chat_id, turn_id, text, details) VALUES ($1, $2, $3, $4, $5, $6)`, [
          insight.id,
          orgId,
          chatId,
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

  /** Saved audiences readable by the organisation, among `ids`. */
  async readableAudiences(ids: string[], orgId: string): Promise<{ id: string; name: string; description: string; expression: Record<string, unknown> }[]> {
    if (ids.length === 0) return [];
    return this.ds.query(
      `SELECT id::text AS id, name, description, expression FROM saved_audiences WHERE id = ANY($1::uuid[]) AND (org_id IS NULL OR org_id = $2)`,
      [ids, orgId],
    );
  }
}
