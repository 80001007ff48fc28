import { createHash } from 'node:crypto';
import { insertRows, type Queryable } from '@aas/infra';

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
 * caller's transaction; organisations' own audiences are left alone.
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
