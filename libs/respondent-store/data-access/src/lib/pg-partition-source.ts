import type { Pool } from 'pg';
import { decodePartition, type AttributeDictionary, type DecodedPartition, type PartitionKey } from '@aas/respondent-store-domain';
import { PartitionReader } from './partition-reader';
import type { StoreVersion } from './store-version';

/**
 * The respondent store as the crosstab engine reads it (structurally its `PartitionSource`):
 * the current data version, and partitions and dictionaries as of a version the engine pins, so
 * one query never mixes two versions even when a new one is written meanwhile.
 */
export class PgPartitionSource {
  private readonly reader: PartitionReader;

  /** With `version`, the process's data-version signal answers `dataVersion()` (see StoreVersion). */
  constructor(
    pool: Pool,
    private readonly version?: StoreVersion,
  ) {
    this.reader = new PartitionReader(pool);
  }

  dataVersion(): Promise<string> {
    return this.version ? this.version.current() : this.reader.currentVersion();
  }

  async listPartitions(version: string): Promise<PartitionKey[]> {
    return (await this.reader.list(version)).map(({ dataset, wave, location }) => ({ dataset, wave, location }));
  }

  /**
   * Reads exactly the partitions asked for (a shard's), not every partition of their waves and
   * locations, and decodes each as it arrives. Each blob is read in bounded chunks into one buffer
   * that the next partition reuses, so loading holds the decoded partitions, one blob and one chunk:
   * a worker's peak memory while it loads stays close to what it holds afterwards.
   */
  async *loadPartitions(keys: readonly PartitionKey[], version: string): AsyncIterable<DecodedPartition> {
    for await (const stored of this.reader.read({ keys }, version, { reuseBuffer: true })) yield decodePartition(stored.blob);
  }

  dictionary(dataset: string, version: string): Promise<AttributeDictionary> {
    return this.reader.dictionary(dataset, version);
  }
}
