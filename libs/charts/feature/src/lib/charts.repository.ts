import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { checkThenWrite, type WriteTransaction } from '@aas/shared-infra/database';

/** A row of `charts` (migration 1763770000000-Charts). */
export interface ChartRow {
  id: string;
  orgId: string;
  /** The creator (from the token); kept when others in the organisation replace the chart. */
  ownerId: number;
  ownerEmail: string;
  name: string;
  attributes: object[];
  audiences: object[];
  baseAudience: object | null;
  color: string;
  datasetCodes: string[];
  folderId: string;
  groupType: number;
  viewType: number;
  sortType: number;
  sortParameterType: number;
  sortParameterValue: string;
  locationCodes: string[];
  waveCodes: string[];
  metrics: string[];
  segments: string[];
  splitter: string;
  segmentedBase: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** When the chart became visible to the organisation: its creation (charts are always shared within it). */
  sharedAt: Date;
}

/** What POST and PUT write: every member but the key, the owner and the times. */
export type ChartContent = Omit<ChartRow, 'id' | 'orgId' | 'ownerId' | 'ownerEmail' | 'createdAt' | 'updatedAt' | 'sharedAt'>;

/** The columns of ChartContent, and how each is passed. */
const CONTENT_COLUMNS: Record<keyof ChartContent, { column: string; cast: string }> = {
  name: { column: 'name', cast: 'text' },
  attributes: { column: 'attributes', cast: 'jsonb' },
  audiences: { column: 'audiences', cast: 'jsonb' },
  baseAudience: { column: 'base_audience', cast: 'jsonb' },
  color: { column: 'color', cast: 'text' },
  datasetCodes: { column: 'dataset_codes', cast: 'text[]' },
  folderId: { column: 'folder_id', cast: 'text' },
  groupType: { column: 'group_type', cast: 'integer' },
  viewType: { column: 'view_type', cast: 'integer' },
  sortType: { column: 'sort_type', cast: 'integer' },
  sortParameterType: { column: 'sort_parameter_type', cast: 'integer' },
  sortParameterValue: { column: 'sort_parameter_value', cast: 'text' },
  locationCodes: { column: 'location_codes', cast: 'text[]' },
  waveCodes: { column: 'wave_codes', cast: 'text[]' },
  metrics: { column: 'metrics', cast: 'text[]' },
  segments: { column: 'segments', cast: 'text[]' },
  splitter: { column: 'splitter', cast: 'text' },
  segmentedBase: { column: 'segmented_base', cast: 'boolean' },
};
const CONTENT_KEYS = Object.keys(CONTENT_COLUMNS) as (keyof ChartContent)[];

const COLUMNS = [
  'id::text AS id',
  'org_id AS "orgId"',
  'owner_id AS "ownerId"',
  'owner_email AS "ownerEmail"',
  ...CONTENT_KEYS.map((key) => `${CONTENT_COLUMNS[key].column} AS "${key}"`),
  'created_at AS "createdAt"',
  'updated_at AS "updatedAt"',
  'shared_at AS "sharedAt"',
].join(', ');

function contentParameters(content: ChartContent): unknown[] {
  return CONTENT_KEYS.map((key) => {
    const value = content[key];
    return CONTENT_COLUMNS[key].cast === 'jsonb' && value !== null ? JSON.stringify(value) : value;
  });
}

/**
 * The one owner of `charts`' SQL. Writes run through `write` (checkThenWrite): the service's check
 * first, then one short transaction that locks, re-checks and writes with RETURNING.
 */
@Injectable()
export class ChartsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Runs `check`, then `write` in one short transaction (see checkThenWrite for the contract). */
  write<C, R>(check: () => Promise<C>, write: (tx: WriteTransaction, checked: C) => Promise<R>): Promise<R> {
    return checkThenWrite(this.dataSource, check, write);
  }

  /** A page of the organisation's charts, most recently changed first (then by id), and the total from the same snapshot. */
  async page(orgId: string, limit: number, offset: number): Promise<{ rows: ChartRow[]; total: number }> {
    return this.dataSource.transaction('REPEATABLE READ', async (m) => {
      const rows: ChartRow[] = await m.query(`SELECT ${COLUMNS} FROM charts WHERE org_id = $1 ORDER BY updated_at DESC, id LIMIT $2 OFFSET $3`, [
        orgId,
        limit,
        offset,
      ]);
      const [{ total }] = (await m.query(`SELECT count(*)::int AS total FROM charts WHERE org_id = $1`, [orgId])) as { total: number }[];
      return { rows, total };
    });
  }

  /** The organisation's chart with this id. */
  async find(orgId: string, id: string): Promise<ChartRow | undefined> {
    const [row] = (await this.dataSource.query(`SELECT ${COLUMNS} FROM charts WHERE org_id = $1 AND id = $2`, [orgId, id])) as ChartRow[];
    return row;
  }

  /** The same, locked until the transaction ends. */
  async lock(tx: WriteTransaction, orgId: string, id: string): Promise<ChartRow | undefined> {
    const [row] = await tx.rows<ChartRow>(`SELECT ${COLUMNS} FROM charts WHERE org_id = $1 AND id = $2 FOR UPDATE`, [orgId, id]);
    return row;
  }

  /** Inserts a chart; answers the row as stored. */
  async insert(tx: WriteTransaction, key: Pick<ChartRow, 'id' | 'orgId' | 'ownerId' | 'ownerEmail'>, content: ChartContent): Promise<ChartRow> {
    const [row] = await tx.rows<ChartRow>(
      `INSERT INTO charts (id, org_id, owner_id, owner_email, ${CONTENT_KEYS.map((k) => CONTENT_COLUMNS[k].column).join(', ')})
       VALUES ($1::uuid, $2, $3, $4, ${CONTENT_KEYS.map((k, i) => `$${i + 5}::${CONTENT_COLUMNS[k].cast}`).join(', ')})
       RETURNING ${COLUMNS}`,
      [key.id, key.orgId, key.ownerId, key.ownerEmail, ...contentParameters(content)],
    );
    return row;
  }

  /** Replaces every content member and sets updated_at; answers the row as stored, or undefined when the organisation has no such chart. */
  async replace(tx: WriteTransaction, orgId: string, id: string, content: ChartContent): Promise<ChartRow | undefined> {
    const sets = CONTENT_KEYS.map((k, i) => `${CONTENT_COLUMNS[k].column} = $${i + 3}::${CONTENT_COLUMNS[k].cast}`);
    const [row] = await tx.rows<ChartRow>(
      `UPDATE charts SET ${[...sets, 'updated_at = clock_timestamp()'].join(', ')} WHERE org_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [orgId, id, ...contentParameters(content)],
    );
    return row;
  }

  /** Deletes the organisation's chart; whether there was one. */
  async delete(tx: WriteTransaction, orgId: string, id: string): Promise<boolean> {
    return (await tx.rows(`DELETE FROM charts WHERE org_id = $1 AND id = $2 RETURNING id`, [orgId, id])).length > 0;
  }
}
