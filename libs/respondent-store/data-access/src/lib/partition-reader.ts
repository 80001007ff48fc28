import type { Pool, PoolClient } from 'pg';
import { attributeDictionaryFromList, partitionId, type Attribute, type AttributeDictionary, type PartitionKey } from '@aas/respondent-store';

/** A stored partition's row, without its blob. */
export interface PartitionInfo extends PartitionKey {
  respondentCount: number;
  formatVersion: number;
  dictionaryHash: number;
  /** The data version that wrote it. */
  version: string;
}

export interface StoredPartition extends PartitionInfo {
  blob: Buffer;
}

export interface PartitionFilter {
  datasets?: readonly string[];
  waves?: readonly string[];
  locations?: readonly string[];
  /** Exactly these partitions (of those the lists above select): a shard's, not the whole cross product of its waves and locations. */
  keys?: readonly PartitionKey[];
}

/** The version a store without data answers. */
export const NO_DATA_VERSION = 'none';

/** Rows of `respondent_partitions` visible at data version $1 (see VersionedRespondentStore1764000000000). */
const VISIBLE = `version <= $1::bigint AND (replaced_at IS NULL OR replaced_at > $1::bigint)`;

/**
 * Reads the respondent store as of a data version: the partitions visible at it, their blobs a
 * bounded batch at a time, and the dictionaries they were encoded with. Through a pool: every
 * read takes a client and gives it back.
 */
export class PartitionReader {
  constructor(private readonly pool: Pool) {}

  /** The current data version, or `none` before any data was written. */
  async currentVersion(): Promise<string> {
    const res = await this.pool.query<{ version: string }>(`SELECT version::text AS version FROM data_versions WHERE name = 'survey'`);
    return res.rows[0]?.version ?? NO_DATA_VERSION;
  }

  /** Every partition visible at `version` (the current one when omitted), in key order. */
  async list(version?: string): Promise<PartitionInfo[]> {
    const client = await this.pool.connect();
    try {
      return await this.listWith(client, version ?? (await this.currentWith(client)));
    } finally {
      client.release();
    }
  }

  /**
   * Every partition matching the filter (all when omitted) visible at `version` (the current one
   * when omitted), in key order, from one consistent snapshot, `batchSize` blobs per round trip.
   */
  async *read(filter: PartitionFilter = {}, version?: string, batchSize = 8): AsyncGenerator<StoredPartition> {
    const client = await this.pool.connect();
    let open = false;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      open = true;
      const asOf = version ?? (await this.currentWith(client));
      const wanted = (values: readonly string[] | undefined, value: string) => values === undefined || values.includes(value);
      const exact = filter.keys === undefined ? undefined : new Set(filter.keys.map(partitionId));
      const keys = (await this.listWith(client, asOf)).filter(
        (k) =>
          wanted(filter.datasets, k.dataset) &&
          wanted(filter.waves, k.wave) &&
          wanted(filter.locations, k.location) &&
          (exact === undefined || exact.has(partitionId(k))),
      );
      for (let i = 0; i < keys.length; i += batchSize) {
        const batch = keys.slice(i, i + batchSize);
        const res = await client.query<{ d: string; w: string; l: string; v: string; blob: Buffer }>({
          text: `SELECT p.dataset_code AS d, p.wave_code AS w, p.location_code AS l, p.version::text AS v, p.blob
                 FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) AS k(d, w, l, v)
                 JOIN respondent_partitions p ON p.dataset_code = k.d AND p.wave_code = k.w AND p.location_code = k.l AND p.version = k.v`,
          values: [batch.map((k) => k.dataset), batch.map((k) => k.wave), batch.map((k) => k.location), batch.map((k) => k.version)],
        });
        const blobs = new Map(res.rows.map((r) => [`${r.d}/${r.w}/${r.l}/${r.v}`, r.blob]));
        for (const k of batch) {
          const blob = blobs.get(`${k.dataset}/${k.wave}/${k.location}/${k.version}`);
          if (!blob) throw new Error(`partition ${k.dataset}/${k.wave}/${k.location} (version ${k.version}) vanished within one snapshot`);
          yield { ...k, blob };
        }
      }
      await client.query('COMMIT');
      open = false;
    } finally {
      if (open) await client.query('ROLLBACK').catch(() => undefined);
      client.release();
    }
  }

  /**
   * The dictionary a dataset's partitions visible at `version` were encoded with. Every visible
   * partition of a dataset shares one (writers re-encode a dataset when its dictionary changes).
   */
  async dictionary(dataset: string, version: string): Promise<AttributeDictionary> {
    const res = await this.pool.query<{ attributes: Attribute[] }>(
      `SELECT d.attributes FROM attribute_dictionaries d
        WHERE d.dataset_code = $2 AND d.hash IN (SELECT DISTINCT dictionary_hash FROM respondent_partitions WHERE dataset_code = $2 AND ${VISIBLE})
        LIMIT 2`,
      [version === NO_DATA_VERSION ? 0 : version, dataset],
    );
    if (res.rows.length === 0) throw new Error(`no attribute dictionary for dataset '${dataset}' at data version ${version}`);
    if (res.rows.length > 1) throw new Error(`dataset '${dataset}' has partitions of two dictionaries at data version ${version}`);
    return attributeDictionaryFromList(dataset, res.rows[0].attributes);
  }

  /**
   * Where and when each dataset has respondents at `version`: the locations and waves of its
   * non-empty partitions (e.g. a panel fielded in fewer markets than the organisation licenses).
   */
  async coverage(version: string): Promise<{ dataset: string; locations: string[]; waves: string[] }[]> {
    if (version === NO_DATA_VERSION) return [];
    const res = await this.pool.query<{ dataset: string; locations: string[]; waves: string[] }>(
      `SELECT dataset_code AS dataset, array_agg(DISTINCT location_code ORDER BY location_code) AS locations,
              array_agg(DISTINCT wave_code ORDER BY wave_code) AS waves
         FROM respondent_partitions WHERE ${VISIBLE} AND respondent_count > 0 GROUP BY dataset_code ORDER BY dataset_code`,
      [version],
    );
    return res.rows;
  }

  private async currentWith(client: PoolClient): Promise<string> {
    const res = await client.query<{ version: string }>(`SELECT version::text AS version FROM data_versions WHERE name = 'survey'`);
    return res.rows[0]?.version ?? NO_DATA_VERSION;
  }

  private async listWith(client: PoolClient, version: string): Promise<PartitionInfo[]> {
    if (version === NO_DATA_VERSION) return [];
    const res = await client.query<{ d: string; w: string; l: string; n: number; f: number; h: string; v: string }>(
      `SELECT dataset_code AS d, wave_code AS w, location_code AS l, respondent_count AS n, format_version AS f, dictionary_hash::text AS h, version::text AS v
         FROM respondent_partitions WHERE ${VISIBLE}
        ORDER BY dataset_code, wave_code, location_code`,
      [version],
    );
    return res.rows.map((r) => ({
      dataset: r.d,
      wave: r.w,
      location: r.l,
      respondentCount: r.n,
      formatVersion: r.f,
      dictionaryHash: Number(r.h),
      version: r.v,
    }));
  }
}
