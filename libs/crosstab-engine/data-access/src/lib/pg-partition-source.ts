import { Attribute, AttributeDictionary, attributeDictionaryFromList, PartitionKey } from '@aas/catalogue-domain';
import { PartitionSource } from '@aas/crosstab-engine';
import { connect, PartitionReader } from './partition-reader';

/** The engine's view of the respondent store in Postgres (tables of the catalogue migration). */
export class PgPartitionSource implements PartitionSource {
  private readonly reader: PartitionReader;

  constructor(private readonly databaseUrl: string) {
    this.reader = new PartitionReader(databaseUrl);
  }

  private async query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
    const client = connect(this.databaseUrl);
    await client.connect();
    try {
      return (await client.query(sql, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  async dataVersion(): Promise<string> {
    const rows = await this.query<{ version: string }>(`SELECT version::text AS version FROM data_versions WHERE name = 'survey'`);
    return rows[0]?.version ?? 'none';
  }

  async listPartitions(): Promise<PartitionKey[]> {
    return (await this.reader.listKeys()).map(({ dataset, wave, location }) => ({ dataset, wave, location }));
  }

  async *loadPartitions(keys: readonly PartitionKey[]): AsyncIterable<Uint8Array> {
    const wanted = new Set(keys.map((k) => `${k.dataset}/${k.wave}/${k.location}`));
    const datasets = [...new Set(keys.map((k) => k.dataset))];
    const waves = [...new Set(keys.map((k) => k.wave))];
    const locations = [...new Set(keys.map((k) => k.location))];
    for await (const stored of this.reader.read({ datasets, waves, locations })) {
      if (wanted.has(`${stored.key.dataset}/${stored.key.wave}/${stored.key.location}`)) yield stored.blob;
    }
  }

  async dictionary(dataset: string): Promise<AttributeDictionary> {
    const rows = await this.query<{ attributes: Attribute[] }>(`SELECT attributes FROM attribute_dictionaries WHERE dataset_code = $1`, [dataset]);
    if (rows.length === 0) throw new Error(`no attribute dictionary for dataset '${dataset}'`);
    return attributeDictionaryFromList(dataset, rows[0].attributes);
  }
}
