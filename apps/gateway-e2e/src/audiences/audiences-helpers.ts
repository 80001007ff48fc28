import { Stack } from '../support/stack';

export const NIL_UUID = '00000000-0000-0000-0000-000000000000';
export const BASE = '/v2/saved/audiences';
/** The catalogue and curated audiences are all these tests need; respondents hardly matter. */
export const SURVEY = { respondents: 1000, seed: 1 };

export interface AudienceBody {
  id: string;
  v1_id: number | null;
  name: string;
  expression: Record<string, unknown>;
  created_at: string;
  updated_at: string;
  folder_id: string;
  position: number;
  permissions: { audience_overall: string };
  datasets: string[];
  flags?: string[];
}

export { client } from '../support/client';
export type { Client, Method } from '../support/client';

/** The row as stored, for "a failed request changes nothing" checks. */
export async function storedRow(stack: Stack, id: string): Promise<Record<string, unknown> | undefined> {
  const rows = await stack.query(
    `SELECT id, org_id, v1_id, name, description, expression::text AS expression, folder_id, position, flags, datasets,
            created_by, created_at::text AS created_at, updated_at::text AS updated_at
       FROM saved_audiences WHERE id = $1`,
    [id],
  );
  return rows[0];
}

/** A problem body without the members that differ per request. */
export function problemWithoutRequest(body: Record<string, unknown>): Record<string, unknown> {
  const { request_id: _r, instance: _i, ...rest } = body;
  return rest;
}

export const women = {
  name: 'Women',
  expression: { question: 'gender', datapoints: ['female'] },
  folder_id: NIL_UUID,
  position: 1,
};
