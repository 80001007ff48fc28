import { Stack } from '../support/stack';

export const BASE = '/v2/saved/crosstabs';
/** The catalogue is all these tests need; respondents hardly matter. */
export const SURVEY = { respondents: 1000, seed: 1 };
export const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface CrosstabAudienceBody {
  id: string;
  name: string;
  full_name: string;
  expression: Record<string, unknown>;
  avg?: Record<string, unknown>;
}

export interface ProjectBody {
  uuid: string;
  name: string;
  user_id: number;
  org_id: string;
  rows: CrosstabAudienceBody[];
  columns: CrosstabAudienceBody[];
  country_codes: string[];
  wave_codes: string[];
  bases: CrosstabAudienceBody | null;
  created_at: string;
  updated_at: string;
  notes: string;
  metadata: { row_count: number; column_count: number; cell_count: number; datasets: string[]; generated_labels: Record<string, number> };
}

export interface ProblemBody {
  type: string;
  status: number;
  detail: string;
  errors?: { path: string; message: string }[];
}

export { client } from '../support/client';
export type { Client, Method } from '../support/client';

/**
 * The row as stored, for "a failed request changes nothing" checks. The key is (org_id, uuid):
 * name the organisation when two may hold the uuid; without it the uuid must be held by at most one.
 */
export async function storedRow(stack: Stack, uuid: string, orgId?: string): Promise<Record<string, unknown> | undefined> {
  const rows = await stack.query<Record<string, unknown>>(
    `SELECT uuid, org_id, user_id, name, rows::text AS rows, columns::text AS columns, bases::text AS bases, country_codes,
            wave_codes, notes, metadata::text AS metadata, created_at::text AS created_at, updated_at::text AS updated_at
       FROM saved_crosstabs WHERE uuid = $1 AND ($2::text IS NULL OR org_id = $2)`,
    [uuid, orgId ?? null],
  );
  if (rows.length > 1) throw new Error(`${rows.length} organisations hold ${uuid}: name the organisation`);
  return rows[0];
}

export async function projectCount(stack: Stack): Promise<number> {
  return (await stack.query<{ n: number }>(`SELECT count(*)::int AS n FROM saved_crosstabs`))[0].n;
}

/** A problem body without the members that differ per request. */
export function problemWithoutRequest(body: Record<string, unknown>): Record<string, unknown> {
  const { request_id: _r, instance: _i, ...rest } = body;
  return rest;
}

export const women = { id: 'women', name: 'Women', full_name: 'Gender: Female', expression: { qustion: 'gender', options: ['female'] } };
export const men = { id: 'men', name: 'Men', full_name: 'Gender: Male', expression: { qustion: 'gender', options: ['male'] } };
export const genZ = { expression: { qustion: 'age_group', options: ['16_24'] } };

export const project = {
  name: 'Gender by age',
  rows: [women, men],
  columns: [genZ],
  country_codes: ['us', 'gb'],
  wave_codes: ['q3_2026'],
  notes: 'first cut',
};
