import { DataSource } from 'typeorm';
import { dataSourceOptions, upsertOrganisation } from '@aas/shared-infra';
import { IDENTITY_MIGRATIONS } from '@aas/shared-infra/database';
import { createTestDatabase, TestDatabase } from '@aas/shared-infra/testing';
import { testCatalogue } from '../testing/catalogue-fixture';
import { replaceCatalogue, replaceEntitlements } from './catalogue.writer';
import { entitlementVersion, grantEntitlements, readEntitlements, revokeEntitlements, UnknownCatalogueCodes, versionedEntitlements } from './entitlements';
import { CATALOGUE_MIGRATIONS } from './migrations/1763769700000-Catalogue';

const NONE = { datasets: [], locations: [], waves: [] };

describe('entitlements (real Postgres): grant, revoke, read, and the version that moves with every change', () => {
  let db: TestDatabase;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('entitlements', [...IDENTITY_MIGRATIONS, ...CATALOGUE_MIGRATIONS]);
    ds = new DataSource(dataSourceOptions(db.url, { logging: false }));
    await ds.initialize();
    for (const org of ['ana', 'bea']) await upsertOrganisation(ds, org, org);
    await ds.transaction((tx) => replaceCatalogue(tx, testCatalogue('v1')));
  });
  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  const of = async (org: string) => (await readEntitlements(ds, [org])).get(org);

  it('grants codes of every kind, sorted on reading, and is idempotent', async () => {
    expect(await of('ana')).toEqual(NONE);
    expect(await entitlementVersion(ds, 'ana')).toBe('0');
    const added = await ds.transaction((tx) => grantEntitlements(tx, 'ana', { datasets: ['core'], locations: ['us', 'gb'], waves: ['q1_2025', 'q1_2025'] }));
    expect(added).toBe(4);
    expect(await of('ana')).toEqual({ datasets: ['core'], locations: ['gb', 'us'], waves: ['q1_2025'] });
    const version = await entitlementVersion(ds, 'ana');
    expect(Number(version)).toBeGreaterThan(0);
    // The same grant again adds nothing and leaves the version where it was.
    expect(await ds.transaction((tx) => grantEntitlements(tx, 'ana', { datasets: ['core'], locations: ['gb'] }))).toBe(0);
    expect(await entitlementVersion(ds, 'ana')).toBe(version);
    expect(await of('bea')).toEqual(NONE);
  });

  it('refuses unknown codes, naming each with its kind and position, and writes none of the grant', async () => {
    const before = await entitlementVersion(ds, 'ana');
    const attempt = ds.transaction((tx) => grantEntitlements(tx, 'ana', { datasets: ['gaming', 'nope'], locations: ['fr'], waves: ['q9_2099'] }));
    await expect(attempt).rejects.toThrow(UnknownCatalogueCodes);
    await expect(attempt).rejects.toMatchObject({
      unknown: [
        { kind: 'datasets', index: 1, code: 'nope' },
        { kind: 'waves', index: 0, code: 'q9_2099' },
      ],
    });
    expect(await of('ana')).toEqual({ datasets: ['core'], locations: ['gb', 'us'], waves: ['q1_2025'] });
    expect(await entitlementVersion(ds, 'ana')).toBe(before);
    await expect(ds.transaction((tx) => revokeEntitlements(tx, 'ana', { locations: ['atlantis'] }))).rejects.toThrow("unknown location 'atlantis'");
  });

  it('revokes, idempotently: codes the organisation lacks are ignored', async () => {
    const before = await entitlementVersion(ds, 'ana');
    expect(await ds.transaction((tx) => revokeEntitlements(tx, 'ana', { locations: ['us', 'fr'] }))).toBe(1);
    expect(await of('ana')).toEqual({ datasets: ['core'], locations: ['gb'], waves: ['q1_2025'] });
    const after = await entitlementVersion(ds, 'ana');
    expect(BigInt(after)).toBeGreaterThan(BigInt(before));
    expect(await ds.transaction((tx) => revokeEntitlements(tx, 'ana', { locations: ['us'] }))).toBe(0);
    expect(await entitlementVersion(ds, 'ana')).toBe(after);
  });

  it('moves the version with any write of the tables: the seed, a catalogue that drops a code, SQL by hand, but not a rolled-back one', async () => {
    const version = () => entitlementVersion(ds, 'ana');
    let last = await version();
    const moved = async () => {
      const now = await version();
      const result = BigInt(now) > BigInt(last);
      last = now;
      return result;
    };
    await ds.transaction((tx) => replaceEntitlements(tx, [{ slug: 'ana', datasets: ['core', 'gaming'], locations: ['gb', 'fr'], waves: ['q1_2025'] }]));
    expect(await moved()).toBe(true);
    await ds.transaction((tx) => replaceCatalogue(tx, testCatalogue('v2', { locations: ['fr'] })));
    expect(await moved()).toBe(true);
    expect((await of('ana'))?.locations).toEqual(['gb']);
    await ds.query(`INSERT INTO entitled_locations (org_id, location_code) VALUES ('ana', 'us')`);
    expect(await moved()).toBe(true);
    await expect(
      ds.transaction(async (tx) => {
        await grantEntitlements(tx, 'ana', { waves: ['q3_2025'] });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await moved()).toBe(false);
    expect((await of('ana'))?.waves).toEqual(['q1_2025']);
  });

  it('reads entitlements and their version in one statement', async () => {
    const { version, entitlements } = await versionedEntitlements(ds, 'ana');
    expect(version).toBe(await entitlementVersion(ds, 'ana'));
    expect(entitlements).toEqual(await of('ana'));
    expect(await versionedEntitlements(ds, 'nobody')).toEqual({ version: '0', entitlements: NONE });
  });
});
