import { escapeLiteral, type Pool, type PoolClient } from 'pg';
import { attributeDictionaryFromList, partitionId, type Attribute, type AttributeDictionary, type PartitionKey } from '@aas/respondent-store-domain';
import { copyByteaInto } from './bytea-copy';

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

export interface ReadOptions {
  /** Bytes of a blob per message of its COPY (default BLOB_CHUNK_BYTES). */
  readonly chunkBytes?: number;
  /** Yield every blob in one buffer, overwritten by the next partition (see `PartitionReader.read`). */
  readonly reuseBuffer?: boolean;
}

/**
 * Bytes of a blob in one message of its COPY (see `PartitionReader.read`): what the client buffers
 * of a blob besides the blob itself, up to twice this while a message arrives (the protocol's
 * buffer doubles as it fills). A whole blob in one row, as a SELECT sent it, cost the client its
 * hex text twice over (the protocol's buffer and the decoded string) before the bytes: for a
 * partition of 4M respondents, 30+ MiB, some 200 MiB in flight.
 */
export const BLOB_CHUNK_BYTES = 256 * 1024;

/** The version a store without data answers. */
export const NO_DATA_VERSION = 'none';

/** Rows of `respondent_partitions` visible at data version $1 (see VersionedRespondentStore1764000000000). */
const VISIBLE = `version <= $1::bigint AND (replaced_at IS NULL OR replaced_at > $1::bigint)`;

/**
 * Reads the respondent store as of a data version: the partitions visible at it, their blobs in
 * bounded slices, and the dictionaries they were encoded with. Through a pool: every
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
   * when omitted), in key order, from one consistent snapshot, one partition per round trip, each
   * blob copied in binary in slices of `chunkBytes` (see BLOB_CHUNK_BYTES).
   *
   * With `reuseBuffer`, every yielded blob is a view of one buffer that the next partition
   * overwrites: a caller that decodes each blob before asking for the next then holds one blob's
   * memory at a time, not one per partition until the collector frees them.
   */
  async *read(filter: PartitionFilter = {}, version?: string, options: ReadOptions = {}): AsyncGenerator<StoredPartition> {
    const chunkBytes = options.chunkBytes ?? BLOB_CHUNK_BYTES;
    if (!Number.isInteger(chunkBytes) || chunkBytes < 1 || chunkBytes > 2 ** 30) {
      throw new Error(`chunkBytes must be an integer from 1 to 2^30, not ${chunkBytes}`);
    }
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
      const lengths = await this.blobLengthsWith(client, keys);
      let shared: Buffer | undefined;
      if (options.reuseBuffer) shared = Buffer.allocUnsafe(Math.max(0, ...lengths));
      for (let i = 0; i < keys.length; i++) {
        const blob = shared ? shared.subarray(0, lengths[i]) : Buffer.allocUnsafe(lengths[i]);
        await this.readBlobWith(client, keys[i], blob, chunkBytes);
        yield { ...keys[i], blob };
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

  /** The byte length of each partition's blob, in the order of `keys` (one round trip; Postgres answers it without reading the blobs). */
  private async blobLengthsWith(client: PoolClient, keys: readonly PartitionInfo[]): Promise<number[]> {
    if (keys.length === 0) return [];
    const res = await client.query<{ d: string; w: string; l: string; v: string; n: number }>({
      text: `SELECT p.dataset_code AS d, p.wave_code AS w, p.location_code AS l, p.version::text AS v, octet_length(p.blob) AS n
               FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]) AS k(d, w, l, v)
               JOIN respondent_partitions p ON p.dataset_code = k.d AND p.wave_code = k.w AND p.location_code = k.l AND p.version = k.v`,
      values: [keys.map((k) => k.dataset), keys.map((k) => k.wave), keys.map((k) => k.location), keys.map((k) => k.version)],
    });
    const lengths = new Map(res.rows.map((r) => [`${r.d}/${r.w}/${r.l}/${r.v}`, r.n]));
    return keys.map((k) => {
      const length = lengths.get(`${k.dataset}/${k.wave}/${k.location}/${k.version}`);
      if (length === undefined) throw new Error(`partition ${k.dataset}/${k.wave}/${k.location} (version ${k.version}) vanished within one snapshot`);
      return length;
    });
  }

  /**
   * Fills `into` (exactly the blob's length) with a partition's blob, in one round trip: a binary
   * COPY of the blob's `substring` slices of `chunkBytes`, each written into its place as it
   * arrives. The blob never exists as text, and the client holds no more than one slice of it
   * besides `into`. The blob is stored uncompressed (STORAGE EXTERNAL), so Postgres reads each
   * slice from the rows of its TOAST table that hold it, not the whole blob each time.
   */
  private async readBlobWith(client: PoolClient, key: PartitionInfo, into: Buffer, chunkBytes: number): Promise<void> {
    if (!/^\d+$/.test(key.version)) throw new Error(`not a data version: ${key.version}`);
    // COPY takes no bind parameters: the codes go in as quoted literals, the version is digits.
    const select = `SELECT substring(p.blob FROM s FOR ${chunkBytes}) FROM respondent_partitions p
        CROSS JOIN LATERAL generate_series(1, octet_length(p.blob), ${chunkBytes}) AS s
        WHERE p.dataset_code = ${escapeLiteral(key.dataset)} AND p.wave_code = ${escapeLiteral(key.wave)}
          AND p.location_code = ${escapeLiteral(key.location)} AND p.version = ${key.version}
        ORDER BY s`;
    try {
      await copyByteaInto(client, select, into);
    } catch (error) {
      throw new Error(`partition ${key.dataset}/${key.wave}/${key.location} (version ${key.version}): ${(error as Error).message}`, { cause: error });
    }
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
