import type { Pool } from 'pg';
import type { AttributeDictionary, PartitionKey } from '@aas/respondent-store';
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
   * locations, one per round trip: a batch of large blobs arrives as hex text several times its
   * size, and that transient peak stays in a worker's resident memory long after it is freed.
   */
  async *loadPartitions(keys: readonly PartitionKey[], version: string): AsyncIterable<Uint8Array> {
    for await (const stored of this.reader.read({ keys }, version, 1)) yield stored.blob;
  }

  dictionary(dataset: string, version: string): Promise<AttributeDictionary> {
    return this.reader.dictionary(dataset, version);
  }
}
