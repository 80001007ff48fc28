import type { Queryable } from '@aas/shared-infra';

/** The three kinds of code an organisation is entitled to, as request bodies name them. */
export const ENTITLEMENT_KINDS = ['datasets', 'locations', 'waves'] as const;
export type EntitlementKind = (typeof ENTITLEMENT_KINDS)[number];

/** Codes to grant or revoke, by kind; a kind left out is left as it is. */
export type EntitlementCodes = { readonly [K in EntitlementKind]?: readonly string[] };

/** An organisation's entitlements, each list sorted. */
export interface OrganisationEntitlements {
  readonly datasets: string[];
  readonly locations: string[];
  readonly waves: string[];
}

const TABLES: Record<EntitlementKind, { table: string; column: string; catalogue: string }> = {
  datasets: { table: 'entitled_datasets', column: 'dataset_code', catalogue: 'datasets' },
  locations: { table: 'entitled_locations', column: 'location_code', catalogue: 'locations' },
  waves: { table: 'entitled_waves', column: 'wave_code', catalogue: 'waves' },
};

/** Codes of a grant or revocation that the catalogue does not have; nothing was written. */
export class UnknownCatalogueCodes extends Error {
  constructor(readonly unknown: readonly { kind: EntitlementKind; index: number; code: string }[]) {
    super(`unknown ${unknown.map((u) => `${u.kind.slice(0, -1)} '${u.code}'`).join(', ')}`);
    this.name = 'UnknownCatalogueCodes';
  }
}

/** Rows of a statement, whatever the driver answers for it (statements here are SELECTs, or CTEs ending in one). */
async function rowsOf<T>(q: Queryable, sql: string, parameters: unknown[]): Promise<T[]> {
  return (await q.query(sql, parameters)) as T[];
}

/** Throws UnknownCatalogueCodes naming every code (with its position) the catalogue lacks. */
async function checkCodes(q: Queryable, codes: EntitlementCodes): Promise<void> {
  const unknown: { kind: EntitlementKind; index: number; code: string }[] = [];
  for (const kind of ENTITLEMENT_KINDS) {
    const wanted = codes[kind] ?? [];
    if (wanted.length === 0) continue;
    const found = await rowsOf<{ code: string }>(q, `SELECT code FROM ${TABLES[kind].catalogue} WHERE code = ANY($1::text[])`, [[...wanted]]);
    const known = new Set(found.map((r) => r.code));
    wanted.forEach((code, index) => known.has(code) || unknown.push({ kind, index, code }));
  }
  if (unknown.length > 0) throw new UnknownCatalogueCodes(unknown);
}

/**
 * Entitles an organisation (which must exist) to the given codes, inside the caller's transaction.
 * Idempotent: codes it already has are left alone. Every code must exist in the catalogue, else
 * UnknownCatalogueCodes and nothing is written. Answers how many entitlements were added.
 */
export function grantEntitlements(tx: Queryable, orgId: string, codes: EntitlementCodes): Promise<number> {
  return changeEntitlements(
    tx,
    orgId,
    codes,
    (table, column) =>
      `WITH changed AS (INSERT INTO ${table} (org_id, ${column}) SELECT $1, code FROM unnest($2::text[]) AS code ON CONFLICT DO NOTHING RETURNING 1)
       SELECT count(*)::int AS n FROM changed`,
  );
}

/**
 * Takes codes away from an organisation, inside the caller's transaction. Idempotent: codes it
 * does not have are ignored; every code must still exist in the catalogue (a typo is an error,
 * not a silent no-op). Answers how many entitlements were removed.
 */
export function revokeEntitlements(tx: Queryable, orgId: string, codes: EntitlementCodes): Promise<number> {
  return changeEntitlements(
    tx,
    orgId,
    codes,
    (table, column) =>
      `WITH changed AS (DELETE FROM ${table} WHERE org_id = $1 AND ${column} = ANY($2::text[]) RETURNING 1) SELECT count(*)::int AS n FROM changed`,
  );
}

/**
 * Checks every code, then runs `statement` (parameters: the organisation, the kind's distinct
 * codes; it answers the rows it changed as `n`) once per kind that has codes. Answers the total.
 */
async function changeEntitlements(
  tx: Queryable,
  orgId: string,
  codes: EntitlementCodes,
  statement: (table: string, column: string) => string,
): Promise<number> {
  await checkCodes(tx, codes);
  let changed = 0;
  for (const kind of ENTITLEMENT_KINDS) {
    const wanted = [...new Set(codes[kind] ?? [])];
    if (wanted.length === 0) continue;
    const { table, column } = TABLES[kind];
    const [row] = await rowsOf<{ n: number }>(tx, statement(table, column), [orgId, wanted]);
    changed += Number(row?.n ?? 0);
  }
  return changed;
}

/** The entitlements of each organisation named (those without any get empty lists), read in one statement. */
export async function readEntitlements(q: Queryable, orgIds: readonly string[]): Promise<Map<string, OrganisationEntitlements>> {
  const rows = await rowsOf<{ org_id: string; datasets: string[]; locations: string[]; waves: string[] }>(
    q,
    `SELECT o.org_id,
            ARRAY(SELECT dataset_code FROM entitled_datasets d WHERE d.org_id = o.org_id ORDER BY 1) AS datasets,
            ARRAY(SELECT location_code FROM entitled_locations l WHERE l.org_id = o.org_id ORDER BY 1) AS locations,
            ARRAY(SELECT wave_code FROM entitled_waves w WHERE w.org_id = o.org_id ORDER BY 1) AS waves
       FROM unnest($1::text[]) AS o(org_id)`,
    [[...orgIds]],
  );
  return new Map(rows.map((r) => [r.org_id, { datasets: r.datasets, locations: r.locations, waves: r.waves }]));
}

/** An organisation's entitlement version ('0' before its first change): see EntitlementVersions1764300000000. */
export async function entitlementVersion(q: Queryable, orgId: string): Promise<string> {
  const [row] = await rowsOf<{ version: string }>(q, `SELECT version::text AS version FROM entitlement_versions WHERE org_id = $1`, [orgId]);
  return row?.version ?? '0';
}

/** An organisation's entitlements and the version they are at, from one snapshot (one statement). */
export async function versionedEntitlements(q: Queryable, orgId: string): Promise<{ version: string; entitlements: OrganisationEntitlements }> {
  const [row] = await rowsOf<{ version: string; datasets: string[]; locations: string[]; waves: string[] }>(
    q,
    `SELECT coalesce((SELECT version::text FROM entitlement_versions WHERE org_id = $1), '0') AS version,
            ARRAY(SELECT dataset_code FROM entitled_datasets WHERE org_id = $1 ORDER BY 1) AS datasets,
            ARRAY(SELECT location_code FROM entitled_locations WHERE org_id = $1 ORDER BY 1) AS locations,
            ARRAY(SELECT wave_code FROM entitled_waves WHERE org_id = $1 ORDER BY 1) AS waves`,
    [orgId],
  );
  return { version: row.version, entitlements: { datasets: row.datasets, locations: row.locations, waves: row.waves } };
}
