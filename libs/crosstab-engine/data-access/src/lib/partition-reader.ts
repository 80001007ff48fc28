import { Client } from 'pg';
import { PartitionKey } from '@aas/catalogue-domain';

export interface StoredPartition {
  key: PartitionKey;
  respondentCount: number;
  formatVersion: number;
  dictionaryHash: number;
  blob: Buffer;
}

/** A client with the bounds the service's pool has: no query or connection attempt waits forever. */
export function connect(databaseUrl: string): Client {
  return new Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000, statement_timeout: 60_000, query_timeout: 70_000 });
}

/**
 * Streams respondent partitions out of Postgres, a bounded batch at a time, so memory
 * holds one batch beside what the caller keeps. (bytea arrives as hex text that pg
 * turns into a Buffer natively; measured in tools/bench/partition-load.bench.ts.)
 */
export class PartitionReader {
  constructor(private readonly databaseUrl: string) {}

  async listKeys(): Promise<(PartitionKey & { respondentCount: number })[]> {
    const client = connect(this.databaseUrl);
    await client.connect();
    try {
      const res = await client.query<{ dataset: string; wave: string; location: string; respondent_count: number }>(
        `SELECT dataset_code AS dataset, wave_code AS wave, location_code AS location, respondent_count
         FROM respondent_partitions ORDER BY dataset_code, wave_code, location_code`,
      );
      return res.rows.map((r) => ({ dataset: r.dataset, wave: r.wave, location: r.location, respondentCount: r.respondent_count }));
    } finally {
      await client.end();
    }
  }

  /**
   * Every partition matching the filter (all when omitted), in key order, from one consistent
   * snapshot: a reseed committing meanwhile is not seen half-way.
   */
  async *read(filter: { datasets?: string[]; waves?: string[]; locations?: string[] } = {}, batchSize = 8): AsyncGenerator<StoredPartition> {
    const client = connect(this.databaseUrl);
    await client.connect();
    let open = false;
    try {
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      open = true;
      const keys = (await this.listKeysWith(client)).filter(
        (k) =>
          (!filter.datasets || filter.datasets.includes(k.dataset)) &&
          (!filter.waves || filter.waves.includes(k.wave)) &&
          (!filter.locations || filter.locations.includes(k.location)),
      );
      for (let i = 0; i < keys.length; i += batchSize) {
        const batch = keys.slice(i, i + batchSize);
        const res = await client.query<{ d: string; w: string; l: string; blob: Buffer }>({
          text: `SELECT p.dataset_code AS d, p.wave_code AS w, p.location_code AS l, p.blob
                 FROM unnest($1::text[], $2::text[], $3::text[]) AS k(d, w, l)
                 JOIN respondent_partitions p ON p.dataset_code = k.d AND p.wave_code = k.w AND p.location_code = k.l`,
          values: [batch.map((k) => k.dataset), batch.map((k) => k.wave), batch.map((k) => k.location)],
        });
        const blobs = new Map(res.rows.map((r) => [`${r.d}/${r.w}/${r.l}`, r.blob]));
        for (const k of batch) {
          const blob = blobs.get(`${k.dataset}/${k.wave}/${k.location}`);
          if (!blob) throw new Error(`partition ${k.dataset}/${k.wave}/${k.location} vanished within one snapshot`);
          yield {
            key: { dataset: k.dataset, wave: k.wave, location: k.location },
            respondentCount: k.respondentCount,
            formatVersion: k.formatVersion,
            dictionaryHash: k.dictionaryHash,
            blob,
          };
        }
      }
      await client.query('COMMIT');
      open = false;
    } finally {
      if (open) await client.query('ROLLBACK').catch(() => undefined);
      await client.end();
    }
  }

  private async listKeysWith(client: Client) {
    const res = await client.query<{
      dataset: string;
      wave: string;
      location: string;
      respondent_count: number;
      format_version: number;
      dictionary_hash: string;
    }>(
      `SELECT dataset_code AS dataset, wave_code AS wave, location_code AS location, respondent_count, format_version, dictionary_hash::text
       FROM respondent_partitions ORDER BY dataset_code, wave_code, location_code`,
    );
    return res.rows.map((r) => ({
      dataset: r.dataset,
      wave: r.wave,
      location: r.location,
      respondentCount: r.respondent_count,
      formatVersion: r.format_version,
      dictionaryHash: Number(r.dictionary_hash),
    }));
  }
}
