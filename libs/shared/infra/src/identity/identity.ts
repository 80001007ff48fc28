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

/** What an organisation id must look like (the organisations table checks the same). */
export const ORGANISATION_ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,62}$/;

/** An organisation as the identity tables hold it. */
export interface OrganisationRecord {
  id: string;
  name: string;
  created_at: string;
}

const ORGANISATION_COLUMNS = `id, name, to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;

/** Creates an organisation; answers it, or null when the id is taken (nothing changed then). */
export async function createOrganisation(tx: Queryable, id: string, name: string): Promise<OrganisationRecord | null> {
  const rows = (await tx.query(
    `WITH created AS (INSERT INTO organisations (id, name) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING RETURNING ${ORGANISATION_COLUMNS})
     SELECT * FROM created`,
    [id, name],
  )) as OrganisationRecord[];
  return rows[0] ?? null;
}

/** One organisation, or null. With `lock`, its row is share-locked until the caller's transaction ends (it cannot be deleted meanwhile). */
export async function findOrganisation(q: Queryable, id: string, options: { lock?: boolean } = {}): Promise<OrganisationRecord | null> {
  const rows = (await q.query(`SELECT ${ORGANISATION_COLUMNS} FROM organisations WHERE id = $1${options.lock ? ' FOR SHARE' : ''}`, [
    id,
  ])) as OrganisationRecord[];
  return rows[0] ?? null;
}

/** A page of organisations by id, and how many there are in all. */
export async function listOrganisations(q: Queryable, page: { limit: number; offset: number }): Promise<{ items: OrganisationRecord[]; total: number }> {
  const items = (await q.query(`SELECT ${ORGANISATION_COLUMNS} FROM organisations ORDER BY id LIMIT $1 OFFSET $2`, [
    page.limit,
    page.offset,
  ])) as OrganisationRecord[];
  const [count] = (await q.query(`SELECT count(*)::int AS total FROM organisations`)) as { total: number }[];
  return { items, total: Number(count?.total ?? 0) };
}
