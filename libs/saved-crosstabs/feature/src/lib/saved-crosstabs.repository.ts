import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { checkThenWrite, type WriteTransaction } from '@aas/shared-infra/database';
import { ProjectRecord } from './crosstab-project.mapper';

/**
 * A row of `saved_crosstabs` (migration 1763769900000-SavedCrosstabs). The key is (org_id, uuid):
 * a uuid is unique only within its organisation, so every statement names both.
 */
export interface SavedCrosstabRow extends ProjectRecord {
  rows: object[];
  columns: object[];
  bases: object | null;
  countryCodes: string[];
  waveCodes: string[];
  metadata: object;
}

/** The content members a write sets (name and notes included). */
export type SavedCrosstabContent = Pick<SavedCrosstabRow, 'name' | 'notes' | 'rows' | 'columns' | 'bases' | 'countryCodes' | 'waveCodes' | 'metadata'>;

const COLUMNS = `org_id AS "orgId", uuid::text AS uuid, user_id AS "userId", name, rows, columns, bases, country_codes AS "countryCodes",
                 wave_codes AS "waveCodes", notes, metadata, created_at AS "createdAt", updated_at AS "updatedAt"`;
/** The columns of SavedCrosstabContent, and how each is passed. */
const CONTENT_COLUMNS: Record<keyof SavedCrosstabContent, { column: string; cast: string }> = {
  name: { column: 'name', cast: 'text' },
  notes: { column: 'notes', cast: 'text' },
  rows: { column: 'rows', cast: 'jsonb' },
  columns: { column: 'columns', cast: 'jsonb' },
  bases: { column: 'bases', cast: 'jsonb' },
  countryCodes: { column: 'country_codes', cast: 'text[]' },
  waveCodes: { column: 'wave_codes', cast: 'text[]' },
  metadata: { column: 'metadata', cast: 'jsonb' },
};

function parameter(cast: string, value: unknown): unknown {
  // JSON null stays SQL NULL (bases: null means no base); every other jsonb value is sent as text.
  return cast === 'jsonb' && value !== null ? JSON.stringify(value) : value;
}

/**
 * The one owner of `saved_crosstabs`' SQL. Writes run through `write` (checkThenWrite): the
 * service's check first, then one short transaction that locks, re-checks and writes with
 * RETURNING, so the answer is what was written.
 */
@Injectable()
export class SavedCrosstabsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Runs `check`, then `write` in one short transaction (see checkThenWrite for the contract). */
  write<C, R>(check: () => Promise<C>, write: (tx: WriteTransaction, checked: C) => Promise<R>): Promise<R> {
    return checkThenWrite(this.dataSource, check, write);
  }

  /** A page of the organisation's projects, most recently changed first (then by uuid), and the total from the same snapshot. */
  async page(orgId: string, limit: number, offset: number): Promise<{ rows: SavedCrosstabRow[]; total: number }> {
    return this.dataSource.transaction('REPEATABLE READ', async (m) => {
      const rows: SavedCrosstabRow[] = await m.query(
        `SELECT ${COLUMNS} FROM saved_crosstabs WHERE org_id = $1 ORDER BY updated_at DESC, uuid LIMIT $2 OFFSET $3`,
        [orgId, limit, offset],
      );
      const [{ total }] = (await m.query(`SELECT count(*)::int AS total FROM saved_crosstabs WHERE org_id = $1`, [orgId])) as { total: number }[];
      return { rows, total };
    });
  }

  /** The organisation's project with this uuid. */
  async find(orgId: string, uuid: string): Promise<SavedCrosstabRow | undefined> {
    const [row] = (await this.dataSource.query(`SELECT ${COLUMNS} FROM saved_crosstabs WHERE org_id = $1 AND uuid = $2`, [orgId, uuid])) as SavedCrosstabRow[];
    return row;
  }

  /** The same, locked until the transaction ends. */
  async lock(tx: WriteTransaction, orgId: string, uuid: string): Promise<SavedCrosstabRow | undefined> {
    const [row] = await tx.rows<SavedCrosstabRow>(`SELECT ${COLUMNS} FROM saved_crosstabs WHERE org_id = $1 AND uuid = $2 FOR UPDATE`, [orgId, uuid]);
    return row;
  }

  /**
   * Inserts a project unless the organisation already uses its uuid (ON CONFLICT on the key, so
   * two concurrent POSTs of one uuid cannot both succeed); answers the row as stored, or
   * undefined when the uuid is taken.
   */
  async insertIfFree(
    tx: WriteTransaction,
    key: { orgId: string; uuid: string; userId: number | null },
    content: SavedCrosstabContent,
  ): Promise<SavedCrosstabRow | undefined> {
    const keys = Object.keys(CONTENT_COLUMNS) as (keyof SavedCrosstabContent)[];
    const params: unknown[] = [key.orgId, key.uuid, key.userId, ...keys.map((k) => parameter(CONTENT_COLUMNS[k].cast, content[k]))];
    const [row] = await tx.rows<SavedCrosstabRow>(
      `INSERT INTO saved_crosstabs (org_id, uuid, user_id, ${keys.map((k) => CONTENT_COLUMNS[k].column).join(', ')})
       VALUES ($1, $2::uuid, $3, ${keys.map((k, i) => `$${i + 4}::${CONTENT_COLUMNS[k].cast}`).join(', ')})
       ON CONFLICT (org_id, uuid) DO NOTHING
       RETURNING ${COLUMNS}`,
      params,
    );
    return row;
  }

  /**
   * Sets the members given and `updated_at` (clock_timestamp(), so two writes in one transaction
   * still differ); answers the row as stored, or undefined when the organisation has no such project.
   */
  async update(tx: WriteTransaction, orgId: string, uuid: string, changes: Partial<SavedCrosstabContent>): Promise<SavedCrosstabRow | undefined> {
    const params: unknown[] = [orgId, uuid];
    const sets = (Object.keys(changes) as (keyof SavedCrosstabContent)[])
      .filter((key) => changes[key] !== undefined)
      .map((key) => {
        const { column, cast } = CONTENT_COLUMNS[key];
        params.push(parameter(cast, changes[key]));
        return `${column} = $${params.length}::${cast}`;
      });
    const [row] = await tx.rows<SavedCrosstabRow>(
      `UPDATE saved_crosstabs SET ${[...sets, 'updated_at = clock_timestamp()'].join(', ')} WHERE org_id = $1 AND uuid = $2 RETURNING ${COLUMNS}`,
      params,
    );
    return row;
  }

  /** Deletes the organisation's project; whether there was one. */
  async delete(tx: WriteTransaction, orgId: string, uuid: string): Promise<boolean> {
    return (await tx.rows(`DELETE FROM saved_crosstabs WHERE org_id = $1 AND uuid = $2 RETURNING uuid`, [orgId, uuid])).length > 0;
  }
}
