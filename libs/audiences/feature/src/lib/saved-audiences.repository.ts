import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import type { DirectoryAudience } from '@aas/shared-contracts';
import { insertRows, type Queryable } from '@aas/shared-infra';
import { checkThenWrite, type WriteTransaction } from '@aas/shared-infra/database';

/** A row of `saved_audiences` (migration 1763769800000-SavedAudiences). */
export interface SavedAudienceRow {
  id: string;
  /** The owning organisation; null marks a curated audience. */
  orgId: string | null;
  v1Id: number | null;
  name: string;
  description: string;
  expression: object;
  folderId: string;
  position: number;
  flags: string[];
  datasets: string[];
  createdBy: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The members a PUT or PATCH may change. */
export type SavedAudienceChanges = Partial<Pick<SavedAudienceRow, 'name' | 'expression' | 'datasets' | 'folderId' | 'position' | 'flags'>>;

/** A new organisation audience (the database sets the times). */
export type NewSavedAudience = Pick<SavedAudienceRow, 'id' | 'name' | 'expression' | 'folderId' | 'position' | 'flags' | 'datasets' | 'createdBy'> & {
  orgId: string;
};

export interface AudiencePageQuery {
  orgId: string;
  folderId?: string;
  includeCurated: boolean;
  limit: number;
  offset: number;
}

const SELECT = `SELECT id::text AS id, org_id AS "orgId", v1_id AS "v1Id", name, description, expression, folder_id::text AS "folderId",
                       position, flags, datasets, created_by AS "createdBy", created_at AS "createdAt", updated_at AS "updatedAt"`;
const RETURNING = `RETURNING id::text AS id, org_id AS "orgId", v1_id AS "v1Id", name, description, expression, folder_id::text AS "folderId",
                             position, flags, datasets, created_by AS "createdBy", created_at AS "createdAt", updated_at AS "updatedAt"`;
/** The columns of SavedAudienceChanges, and how each is passed. */
const CHANGE_COLUMNS: Record<keyof SavedAudienceChanges, { column: string; cast: string }> = {
  name: { column: 'name', cast: 'text' },
  expression: { column: 'expression', cast: 'jsonb' },
  datasets: { column: 'datasets', cast: 'text[]' },
  folderId: { column: 'folder_id', cast: 'uuid' },
  position: { column: 'position', cast: 'double precision' },
  flags: { column: 'flags', cast: 'text[]' },
};
/** "Its own or a curated one": the rows an organisation may see. */
const VISIBLE = `id = $2 AND (org_id = $1 OR org_id IS NULL)`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one owner of `saved_audiences`' SQL: the HTTP API's reads and writes, the directory other
 * domains read through, and the curated audiences a seed or an import writes. Writes run through
 * `write` (checkThenWrite): the service's check first, then one short transaction.
 */
@Injectable()
export class SavedAudiencesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Runs `check`, then `write` in one short transaction (see checkThenWrite for the contract). */
  write<C, R>(check: () => Promise<C>, write: (tx: WriteTransaction, checked: C) => Promise<R>): Promise<R> {
    return checkThenWrite(this.dataSource, check, write);
  }

  /** A page of the organisation's audiences (and the curated ones), ordered by position, created_at, id; the total from the same snapshot. */
  async page(query: AudiencePageQuery): Promise<{ rows: SavedAudienceRow[]; total: number }> {
    const where = `(org_id = $1 OR ($2 AND org_id IS NULL)) AND ($3::uuid IS NULL OR folder_id = $3::uuid)`;
    const params = [query.orgId, query.includeCurated, query.folderId?.toLowerCase() ?? null];
    return this.dataSource.transaction('REPEATABLE READ', async (m) => {
      const rows: SavedAudienceRow[] = await m.query(`${SELECT} FROM saved_audiences WHERE ${where} ORDER BY position, created_at, id LIMIT $4 OFFSET $5`, [
        ...params,
        query.limit,
        query.offset,
      ]);
      const [{ total }] = (await m.query(`SELECT count(*)::int AS total FROM saved_audiences WHERE ${where}`, params)) as { total: number }[];
      return { rows, total };
    });
  }

  /** The audience if the organisation may see it (its own or a curated one). */
  async findVisible(orgId: string, id: string): Promise<SavedAudienceRow | undefined> {
    const [row] = (await this.dataSource.query(`${SELECT} FROM saved_audiences WHERE ${VISIBLE}`, [orgId, id])) as SavedAudienceRow[];
    return row;
  }

  /** The same, locked until the transaction ends. */
  async lockVisible(tx: WriteTransaction, orgId: string, id: string): Promise<SavedAudienceRow | undefined> {
    const [row] = await tx.rows<SavedAudienceRow>(`${SELECT} FROM saved_audiences WHERE ${VISIBLE} FOR UPDATE`, [orgId, id]);
    return row;
  }

  /** Inserts an organisation's audience; answers the row as stored. */
  async insert(tx: WriteTransaction, row: NewSavedAudience): Promise<SavedAudienceRow> {
    const [written] = await tx.rows<SavedAudienceRow>(
      `INSERT INTO saved_audiences (id, org_id, v1_id, name, expression, folder_id, position, flags, datasets, created_by)
       VALUES ($1, $2, NULL, $3, $4::jsonb, $5::uuid, $6, $7::text[], $8::text[], $9) ${RETURNING}`,
      [row.id, row.orgId, row.name, JSON.stringify(row.expression), row.folderId, row.position, row.flags, row.datasets, row.createdBy],
    );
    return written;
  }

  /** Changes an organisation's audience (never a curated one); answers the row as stored. */
  async update(tx: WriteTransaction, orgId: string, id: string, changes: SavedAudienceChanges): Promise<SavedAudienceRow | undefined> {
    const params: unknown[] = [orgId, id];
    const sets = (Object.keys(changes) as (keyof SavedAudienceChanges)[])
      .filter((key) => changes[key] !== undefined)
      .map((key) => {
        const { column, cast } = CHANGE_COLUMNS[key];
        params.push(cast === 'jsonb' ? JSON.stringify(changes[key]) : changes[key]);
        return `${column} = $${params.length}::${cast}`;
      });
    const [written] = await tx.rows<SavedAudienceRow>(
      `UPDATE saved_audiences SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE org_id = $1 AND id = $2 ${RETURNING}`,
      params,
    );
    return written;
  }

  /** Deletes an organisation's audience; whether there was one. */
  async delete(tx: WriteTransaction, orgId: string, id: string): Promise<boolean> {
    return (await tx.rows(`DELETE FROM saved_audiences WHERE org_id = $1 AND id = $2 RETURNING id`, [orgId, id])).length > 0;
  }

  /**
   * The audiences an organisation may read, for other domains (the AudienceDirectory contract):
   * curated first, then its own in list order; with `ids`, only those among them.
   */
  async readable(orgId: string, ids?: readonly string[]): Promise<DirectoryAudience[]> {
    const wanted = ids === undefined ? null : ids.filter((id) => UUID.test(id)).map((id) => id.toLowerCase());
    if (wanted !== null && wanted.length === 0) return [];
    return this.dataSource.query(
      `SELECT id::text AS id, name, description, expression, (org_id IS NULL) AS curated
         FROM saved_audiences
        WHERE (org_id IS NULL OR org_id = $1) AND ($2::uuid[] IS NULL OR id = ANY($2::uuid[]))
        ORDER BY org_id NULLS FIRST, position, created_at, id`,
      [orgId, wanted],
    );
  }
}

/** A curated audience as a seed or an import provides it: a name, a description and a standard-form expression. */
export interface CuratedAudienceInput {
  readonly name: string;
  readonly description: string;
  readonly expression: object;
}

/** Curated audiences keep the same id across re-seeds: a UUID derived from their name. */
export function curatedAudienceId(name: string): string {
  const h = createHash('sha1').update(`aas:curated-audience:${name}`).digest('hex');
  // RFC 4122 layout, version 5 (name-based, SHA-1), variant 10xx.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16)}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/**
 * Replaces the curated audiences (readable by every organisation, owned by none) inside the
 * caller's transaction (a seed or an import writes several owners' tables together);
 * organisations' own audiences are left alone.
 */
export async function replaceCuratedAudiences(tx: Queryable, audiences: readonly CuratedAudienceInput[], datasets: readonly string[]): Promise<void> {
  await tx.query(`DELETE FROM saved_audiences WHERE org_id IS NULL`);
  await insertRows(
    tx,
    'saved_audiences',
    ['id', 'org_id', 'name', 'description', 'expression', 'position', 'flags', 'datasets'],
    audiences.map((a, i) => [curatedAudienceId(a.name), null, a.name, a.description, JSON.stringify(a.expression), i, ['curated'], [...datasets]]),
  );
}
