import { parseCrosstabExpression, printCrosstabExpression } from '@aas/audience-expression-domain';
import { GeneratedLabels, ProjectMetadata, StoredAudience } from './crosstab-project.check';
import { SavedCrosstabAudience, SavedCrosstabResponse } from './dto/crosstab-response.dto';

/** The stored fields the response is made of (the entity's shape, without TypeORM). */
export interface ProjectRecord {
  uuid: string;
  orgId: string;
  userId: number | null;
  name: string;
  rows: unknown;
  columns: unknown;
  bases: unknown;
  countryCodes: readonly string[];
  waveCodes: readonly string[];
  notes: string;
  metadata: unknown;
  createdAt: Date;
  updatedAt: Date;
}

type Json = Record<string, unknown>;

/**
 * A stored audience with canonical member order (jsonb does not keep member order). A stored
 * expression that no longer parses is answered as stored rather than hidden.
 */
export function toAudienceResponse(stored: StoredAudience): SavedCrosstabAudience {
  const parsed = parseCrosstabExpression(stored.expression);
  const avg = stored.avg as Json | undefined;
  return {
    id: stored.id,
    name: stored.name,
    full_name: stored.full_name,
    expression: parsed.ok ? printCrosstabExpression(parsed.value) : stored.expression,
    ...(avg
      ? {
          avg: {
            question: avg['question'],
            ...(avg['with_suffixes'] !== undefined ? { with_suffixes: avg['with_suffixes'] } : {}),
            ...(avg['with_datapoints'] !== undefined ? { with_datapoints: avg['with_datapoints'] } : {}),
          },
        }
      : {}),
  };
}

function audiences(value: unknown): SavedCrosstabAudience[] {
  return Array.isArray(value) ? (value as StoredAudience[]).map(toAudienceResponse) : [];
}

function metadataOf(value: unknown): ProjectMetadata {
  const m = (value ?? {}) as Partial<ProjectMetadata>;
  const labels = (m.generated_labels ?? {}) as Partial<GeneratedLabels>;
  return {
    row_count: m.row_count ?? 0,
    column_count: m.column_count ?? 0,
    cell_count: m.cell_count ?? 0,
    datasets: [...(m.datasets ?? [])],
    generated_labels: { rows: labels.rows ?? 0, columns: labels.columns ?? 0, bases: labels.bases ?? 0 },
  };
}

/** A stored project as the API answers it, members in the documented order (docs/api-guide.md#saved-crosstabs). */
export function toProjectResponse(record: ProjectRecord): SavedCrosstabResponse {
  return {
    uuid: record.uuid,
    name: record.name,
    user_id: record.userId ?? null,
    org_id: record.orgId,
    rows: audiences(record.rows),
    columns: audiences(record.columns),
    country_codes: [...record.countryCodes],
    wave_codes: [...record.waveCodes],
    bases: record.bases === null || record.bases === undefined ? null : toAudienceResponse(record.bases as StoredAudience),
    created_at: record.createdAt.toISOString(),
    updated_at: record.updatedAt.toISOString(),
    notes: record.notes,
    metadata: metadataOf(record.metadata),
  };
}
