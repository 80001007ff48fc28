import { DataSource } from 'typeorm';
import { decodePartition } from '@aas/respondent-store-domain';
import { dataSourceOptions } from '@aas/shared-infra';
import { createTestDatabase, TestDatabase } from '@aas/shared-infra/testing';
import { curatedAudienceId } from '@aas/audiences-feature';
import { createStorePool, hasSurveyData, PartitionReader } from '@aas/respondent-store-data-access';
import { ALL_MIGRATIONS } from '@aas/shared-schema';
import { seedSurvey } from './seed-survey';

async function digest(ds: DataSource): Promise<string> {
  const rows: { digest: string }[] = await ds.query(`
    SELECT md5(
      (SELECT string_agg(dataset_code || wave_code || location_code || md5(blob), ',' ORDER BY dataset_code, wave_code, location_code) FROM respondent_partitions WHERE replaced_at IS NULL) ||
      (SELECT string_agg(code || name || datapoints::text || suffixes::text, ',' ORDER BY code) FROM questions) ||
      (SELECT string_agg(id || name || popularity::text, ',' ORDER BY id) FROM insights)
    ) AS digest`);
  return rows[0].digest;
}

// Each test seeds thousands of respondents into fresh databases: minutes on a busy 2-core machine.
jest.setTimeout(180_000);

describe('seedSurvey (real Postgres)', () => {
  const dbs: TestDatabase[] = [];
  const sources: DataSource[] = [];

  async function fresh(label: string): Promise<DataSource> {
    const db = await createTestDatabase(label, ALL_MIGRATIONS);
    dbs.push(db);
    const ds = new DataSource(dataSourceOptions(db.url, { logging: ['error'] }));
    await ds.initialize();
    sources.push(ds);
    return ds;
  }

  afterAll(async () => {
    await Promise.all(sources.map((s) => s.destroy()));
    await Promise.all(dbs.map((d) => d.drop()));
  });

  it('writes identical data for the same arguments and different data for another seed', async () => {
    const [a, b, c] = await Promise.all([fresh('seeda'), fresh('seedb'), fresh('seedc')]);
    expect(await hasSurveyData(a)).toBe(false);
    await seedSurvey(a, { respondents: 5000, seed: 7 });
    await seedSurvey(b, { respondents: 5000, seed: 7 });
    await seedSurvey(c, { respondents: 5000, seed: 8 });
    expect(await hasSurveyData(a)).toBe(true);
    expect(await digest(a)).toBe(await digest(b));
    expect(await digest(a)).not.toBe(await digest(c));
  });

  it('stores every respondent once, with weights summing to the population, readable back through the reader', async () => {
    const ds = await fresh('seedread');
    const report = await seedSurvey(ds, { respondents: 6000, seed: 3 });
    const db = dbs[dbs.length - 1];
    const pool = createStorePool(db.url);
    const reader = new PartitionReader(pool);
    let respondents = 0;
    const sums = new Map<string, number>();
    for await (const stored of reader.read({ datasets: ['core'] })) {
      const p = decodePartition(stored.blob);
      respondents += p.respondentCount;
      const sum = p.weightClasses.reduce((s, c) => s + c.weight * c.count, 0);
      sums.set(`${p.key.location}/${p.key.wave}`, sum);
    }
    const all = await reader.list();
    await pool.end();
    expect(all.reduce((n, k) => n + k.respondentCount, 0)).toBe(6000);
    expect(respondents).toBe(all.filter((k) => k.dataset === 'core').reduce((n, k) => n + k.respondentCount, 0));
    const populations: { location_code: string; wave_code: string; population: number }[] = await ds.query(`SELECT * FROM populations`);
    expect(populations.length).toBeGreaterThan(0);
    for (const p of populations) {
      const sum = sums.get(`${p.location_code}/${p.wave_code}`);
      expect(sum).toBeDefined();
      expect(Math.abs(sum! - p.population) / p.population).toBeLessThan(1e-9);
    }
    expect(report.partitions).toBe(all.length);
  });

  it('re-seeding replaces survey data but keeps curated audience ids and organisations own rows', async () => {
    const ds = await fresh('reseed');
    await seedSurvey(ds, { respondents: 5000, seed: 1 });
    await ds.query(`INSERT INTO saved_audiences (id, org_id, name, expression) VALUES ('11111111-1111-4111-8111-111111111111', 'demo', 'Mine', '{}')`);
    await ds.query(`INSERT INTO organisations (id, name) VALUES ('other', 'Other')`);
    await ds.query(`INSERT INTO entitled_datasets VALUES ('other', 'core')`);
    await ds.query(`INSERT INTO entitled_waves VALUES ('other', 'q3_2026')`);
    const before: { id: string }[] = await ds.query(`SELECT id FROM saved_audiences WHERE org_id IS NULL ORDER BY id`);
    await seedSurvey(ds, { respondents: 5000, seed: 2 });
    const after: { id: string }[] = await ds.query(`SELECT id FROM saved_audiences WHERE org_id IS NULL ORDER BY id`);
    expect(after).toEqual(before);
    expect(before.map((r) => r.id)).toContain(curatedAudienceId('Gen Z'));
    const mine: unknown[] = await ds.query(`SELECT 1 FROM saved_audiences WHERE org_id = 'demo'`);
    expect(mine).toHaveLength(1);
    expect(await ds.query(`SELECT org_id, dataset_code FROM entitled_datasets WHERE org_id = 'other'`)).toEqual([{ org_id: 'other', dataset_code: 'core' }]);
    expect(await ds.query(`SELECT wave_code FROM entitled_waves WHERE org_id = 'other'`)).toEqual([{ wave_code: 'q3_2026' }]);
    const versions: unknown[] = await ds.query(`SELECT 1 FROM data_versions`);
    expect(versions).toHaveLength(1);
  });
});
