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

  async *loadPartitions(keys: readonly PartitionKey[], version: string): AsyncIterable<Uint8Array> {
    const filter = {
      datasets: [...new Set(keys.map((k) => k.dataset))],
      waves: [...new Set(keys.map((k) => k.wave))],
      locations: [...new Set(keys.map((k) => k.location))],
    };
    const wanted = new Set(keys.map((k) => `${k.dataset}/${k.wave}/${k.location}`));
    for await (const stored of this.reader.read(filter, version)) {
      if (wanted.has(`${stored.dataset}/${stored.wave}/${stored.location}`)) yield stored.blob;
    }
  }

  dictionary(dataset: string, version: string): Promise<AttributeDictionary> {
    return this.reader.dictionary(dataset, version);
  }
}
