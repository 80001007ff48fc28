import { DataSource } from 'typeorm';
import type { Queryable } from '../database/queryable';

/** Creates the organisation and the user when missing (token CLI, demo seed, tests). Idempotent. */
export async function ensureOrgAndUser(ds: DataSource, org: { id: string; name?: string }, user?: { id: number; email?: string }): Promise<void> {
  await ds.query(`INSERT INTO organisations (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING`, [org.id, org.name ?? org.id]);
  if (user) {
    await ds.query(
      `INSERT INTO users (id, org_id, email) VALUES ($1, $2, $3)
       ON CONFLICT (id) DO UPDATE SET email = EXCLUDED.email WHERE users.org_id = EXCLUDED.org_id`,
      [user.id, org.id, user.email ?? `user${user.id}@${org.id}.example`],
    );
  }
}

/** Creates an organisation, or renames it when it exists (the demo seed's organisations). */
export async function upsertOrganisation(tx: Queryable, id: string, name: string): Promise<void> {
  await tx.query(`INSERT INTO organisations (id, name) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name`, [id, name]);
}
