import { Expression, parseStandardExpression, referenceMetric, RespondentRecord } from '@aas/audience-expression-domain';
import { Attribute, attributeDictionaryFromList, decodePartition, toRespondentRecords } from '@aas/respondent-store-domain';
import { createStorePool, PartitionReader } from '@aas/respondent-store-data-access';
import { Client } from 'pg';

/**
 * Every respondent of a stack's database as plain records, for checking the service's
 * numbers with the reference evaluator of @aas/audience-expression-domain (simple enough to
 * trust by reading), independently of the engine.
 */
export async function loadRecords(databaseUrl: string): Promise<(RespondentRecord & { dataset: string })[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  const rows = (await client.query<{ dataset_code: string; attributes: Attribute[] }>(`SELECT dataset_code, attributes FROM attribute_dictionaries`)).rows;
  await client.end();
  const dictionaries = new Map(rows.map((r) => [r.dataset_code, attributeDictionaryFromList(r.dataset_code, r.attributes)]));
  const out: (RespondentRecord & { dataset: string })[] = [];
  const pool = createStorePool(databaseUrl);
  try {
    for await (const stored of new PartitionReader(pool).read()) {
      const decoded = decodePartition(stored.blob);
      const dictionary = dictionaries.get(decoded.key.dataset)!;
      for (const r of toRespondentRecords(decoded, dictionary)) out.push({ ...r, answers: r.answers.map((a) => ({ ...a })) });
    }
  } finally {
    await pool.end();
  }
  return out;
}

export function expr(wire: unknown): Expression {
  const parsed = parseStandardExpression(wire);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.value;
}

/** size/sample of (audience AND base) over the given waves/locations/datasets (docs/metrics.md#pooling-across-waves). */
export function reference(
  records: (RespondentRecord & { dataset: string })[],
  audience: unknown,
  base: unknown,
  scope: { waves: string[]; locations: string[]; datasets: string[] },
): { size: number; sample: number } {
  const inScope = records.filter((r) => scope.datasets.includes(r.dataset));
  return referenceMetric(inScope, expr(audience), expr(base), { waves: scope.waves, locations: scope.locations });
}

export function and(...parts: unknown[]): unknown {
  return { and: parts };
}

export const close = (actual: number, expected: number) => Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected));
