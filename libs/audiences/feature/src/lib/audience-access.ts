/*
 * Who may do what with a saved audience. Pure, so the rules are unit-tested without a database.
 *
 * - An organisation's audiences are shared within it: every user of the organisation reads and
 *   writes them (`audience_overall: "edit"`).
 * - Curated audiences (org_id NULL, from the demo data) are readable by every organisation and
 *   writable by none (`audience_overall: "view"`; a write answers 403).
 * - Another organisation's audience does not exist for the caller: every method answers 404,
 *   with the same body as a missing id, so ids cannot be probed across organisations.
 */

/** The values of `permissions.audience_overall`. */
export const AUDIENCE_OVERALL = ['edit', 'view'] as const;
export type AudienceOverall = (typeof AUDIENCE_OVERALL)[number];

/** `none`: not visible (404); `read`: visible, read-only (403 on writes); `write`: full access. */
export type AudienceAccess = 'none' | 'read' | 'write';

export function audienceAccess(ownerOrgId: string | null, callerOrgId: string): AudienceAccess {
  if (ownerOrgId === null) return 'read';
  return ownerOrgId === callerOrgId ? 'write' : 'none';
}

/** `permissions.audience_overall` for an audience the caller can see. */
export function audienceOverall(access: Exclude<AudienceAccess, 'none'>): AudienceOverall {
  return access === 'write' ? 'edit' : 'view';
}

/** Flags a client may set; `curated` is reserved for the curated (demo) audiences. */
export const CLIENT_FLAGS = ['authored', 'isP2'] as const;
/** Every flag a response may carry, in the order responses list them. */
export const AUDIENCE_FLAGS = ['authored', 'curated', 'isP2'] as const;
export type AudienceFlag = (typeof AUDIENCE_FLAGS)[number];

/**
 * The flags stored for an organisation's audience: what the client sent plus `authored` (it
 * was written by a user of the organisation, not curated), each once, in canonical order.
 */
export function organisationFlags(requested: readonly string[] | undefined): AudienceFlag[] {
  const wanted = new Set<string>([...(requested ?? []), 'authored']);
  wanted.delete('curated');
  return AUDIENCE_FLAGS.filter((f) => wanted.has(f));
}
