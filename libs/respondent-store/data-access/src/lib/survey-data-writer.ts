import type { Queryable } from '@aas/shared-infra';
import type { AttributeDictionary, PartitionKey } from '@aas/respondent-store-domain';

export interface PartitionRow {
  readonly key: PartitionKey;
  readonly respondentCount: number;
  readonly formatVersion: number;
  readonly dictionaryHash: number;
  readonly blob: Buffer;
}

/** Serialises writers of survey data (two imports at once would race for the next version). */
const WRITER_LOCK = "hashtext('aas:respondent-store:writer')";

/**
 * A new data version being written inside the caller's transaction (which may also write the
 * catalogue rows the partitions need, through the catalogue's own writer). Nothing is visible
 * until the transaction commits; then the version switches in one step, and queries pinned to the
 * previous version keep reading its rows (see VersionedRespondentStore1764000000000). A failed or
 * interrupted write rolls back and leaves the previous version as it was.
 */
export class SurveyDataVersion {
  private constructor(
    private readonly tx: Queryable,
    /** The version this write creates. */
    readonly version: string,
    /** The version it replaces ('0' when the store was empty). */
    readonly previous: string,
  ) {}

  /** Begins a version: waits for any other writer, then picks a number above the current one. */
  static async begin(tx: Queryable): Promise<SurveyDataVersion> {
    await tx.query(`SELECT pg_advisory_xact_lock(${WRITER_LOCK})`);
    const rows = (await tx.query(`SELECT version::text AS version FROM data_versions WHERE name = 'survey'`)) as { version: string }[];
    const previous = rows[0]?.version ?? '0';
    const next = BigInt(Math.max(Date.now(), 0));
    const version = (next > BigInt(previous) ? next : BigInt(previous) + 1n).toString();
    return new SurveyDataVersion(tx, version, previous);
  }

  /** The dictionary hash a dataset's current partitions were encoded with, or null when it has none. */
  async currentDictionaryHash(dataset: string): Promise<number | null> {
    const rows = (await this.tx.query(
      `SELECT DISTINCT dictionary_hash::text AS hash FROM respondent_partitions WHERE dataset_code = $1 AND replaced_at IS NULL`,
      [dataset],
    )) as { hash: string }[];
    return rows.length === 1 ? Number(rows[0].hash) : null;
  }

  /** Stores a dictionary partitions of this version are encoded with (kept per dataset and hash). */
  async putDictionary(dictionary: AttributeDictionary): Promise<void> {
    await this.tx.query(`INSERT INTO attribute_dictionaries (dataset_code, hash, attributes) VALUES ($1, $2, $3) ON CONFLICT (dataset_code, hash) DO NOTHING`, [
      dictionary.dataset,
      dictionary.hash,
      JSON.stringify(dictionary.attributes),
    ]);
  }

  /** Adds a partition at this version, replacing the partition of the same key that was current. */
  async putPartition(row: PartitionRow): Promise<void> {
    const { dataset, wave, location } = row.key;
    await this.tx.query(
      `UPDATE respondent_partitions SET replaced_at = $4
        WHERE dataset_code = $1 AND wave_code = $2 AND location_code = $3 AND replaced_at IS NULL`,
      [dataset, wave, location, this.version],
    );
    await this.tx.query(
      `INSERT INTO respondent_partitions (dataset_code, wave_code, location_code, version, respondent_count, format_version, dictionary_hash, blob)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [dataset, wave, location, this.version, row.respondentCount, row.formatVersion, row.dictionaryHash, row.blob],
    );
  }

  /**
   * Retires the current partitions this version did not write: of the given datasets, or of every
   * dataset when omitted (a complete replacement, such as the demo seed).
   */
  async retireOthers(datasets?: readonly string[]): Promise<void> {
    await this.tx.query(
      `UPDATE respondent_partitions SET replaced_at = $1
        WHERE replaced_at IS NULL AND version < $1::bigint AND ($2::text[] IS NULL OR dataset_code = ANY($2::text[]))`,
      [this.version, datasets === undefined ? null : [...datasets]],
    );
  }

  /**
   * Makes this version the current one (on commit) and drops what no query can need any more:
   * rows replaced before the previous version, and dictionaries no row uses.
   */
  async commit(details: Record<string, unknown>): Promise<void> {
    await this.tx.query(
      `INSERT INTO data_versions (name, version, details, updated_at) VALUES ('survey', $1, $2, now())
       ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, details = EXCLUDED.details, updated_at = now()`,
      [this.version, JSON.stringify(details)],
    );
    await this.tx.query(`DELETE FROM respondent_partitions WHERE replaced_at IS NOT NULL AND replaced_at <= $1::bigint`, [this.previous]);
    await this.tx.query(
      `DELETE FROM attribute_dictionaries d
        WHERE NOT EXISTS (SELECT 1 FROM respondent_partitions p WHERE p.dataset_code = d.dataset_code AND p.dictionary_hash = d.hash)`,
    );
  }
}

/** Whether any survey data was ever written (`npm start` seeds an empty database). */
export async function hasSurveyData(tx: Queryable): Promise<boolean> {
  const rows = (await tx.query(`SELECT 1 FROM data_versions WHERE name = 'survey'`)) as unknown[];
  return rows.length > 0;
}
