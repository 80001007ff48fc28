import { AUDIENCE_FLAGS, AudienceAccess, AudienceFlag, audienceOverall } from './audience-access';
import { canonicalExpression } from './audience-expression.check';
import { AudienceResponse } from './dto/audience-response.dto';

/** The stored fields the response is made of (the entity's shape, without TypeORM). */
export interface AudienceRecord {
  id: string;
  v1Id: number | null;
  name: string;
  expression: unknown;
  folderId: string;
  position: number;
  flags: readonly string[];
  datasets: readonly string[];
  createdAt: Date;
  updatedAt: Date;
}

/** A stored audience as the API answers it (docs/api-guide.md#saved-audiences), for a caller who may see it. */
export function toAudienceResponse(record: AudienceRecord, access: Exclude<AudienceAccess, 'none'>): AudienceResponse {
  const flags = new Set(record.flags);
  return {
    id: record.id,
    v1_id: record.v1Id ?? null,
    name: record.name,
    expression: canonicalExpression(record.expression),
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
    folder_id: record.folderId.toLowerCase(),
    position: record.position,
    permissions: { audience_overall: audienceOverall(access) },
    datasets: [...record.datasets].sort(),
    // Only documented values leave the service, in a fixed order.
    flags: AUDIENCE_FLAGS.filter((f): f is AudienceFlag => flags.has(f)),
  };
}
