import type { INestApplicationContext } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CATALOGUE_MIGRATIONS, replaceCatalogue } from '@aas/catalogue-data-access';
import { testCatalogue } from '@aas/catalogue-data-access/testing';
import { ProblemException, QueueModule } from '@aas/shared-infra';
import { IDENTITY_MIGRATIONS } from '@aas/shared-infra/database';
import { createIntegrationContext, createTestDatabase, TestDatabase } from '@aas/shared-infra/testing';
import { AdminModule } from '../admin.module';
import { checkRequest } from '../check-request';
import { CreateOrganisationRequest, EntitlementChangeRequest } from './dto/organisation.dto';
import { OrganisationAdminService } from './organisation-admin.service';

/** The problem a call ends with (status, detail, field errors), or a failure when it succeeds. */
async function problemOf(call: Promise<unknown>): Promise<{ status: number; detail: string; errors: unknown }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ProblemException) return { status: error.getStatus(), detail: error.message, errors: error.fieldErrors };
    throw error;
  }
  throw new Error('expected a problem, the call succeeded');
}

describe('OrganisationAdminService (real Postgres)', () => {
  let db: TestDatabase;
  let app: INestApplicationContext;
  let service: OrganisationAdminService;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase('adminorgs', [...IDENTITY_MIGRATIONS, ...CATALOGUE_MIGRATIONS]);
    app = await createIntegrationContext({ databaseUrl: db.url, imports: [QueueModule, AdminModule] }); // the module's import service queues jobs (inline here);
    service = app.get(OrganisationAdminService);
    ds = app.get(DataSource);
    await ds.transaction((tx) => replaceCatalogue(tx, testCatalogue('v1')));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const entitlementRows = async (org: string) =>
    ds.query(
      `SELECT 'dataset' AS kind, dataset_code AS code FROM entitled_datasets WHERE org_id = $1
       UNION ALL SELECT 'location', location_code FROM entitled_locations WHERE org_id = $1
       UNION ALL SELECT 'wave', wave_code FROM entitled_waves WHERE org_id = $1 ORDER BY 1, 2`,
      [org],
    );

  it('creates an organisation with no entitlements; the same id again is a 409 that changes nothing', async () => {
    const created = await service.create({ id: 'northwind', name: 'Northwind Traders' });
    expect(created).toEqual({
      id: 'northwind',
      name: 'Northwind Traders',
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      entitlements: { datasets: [], locations: [], waves: [] },
    });
    expect(await problemOf(service.create({ id: 'northwind', name: 'Someone else' }))).toMatchObject({ status: 409 });
    expect(await ds.query(`SELECT name FROM organisations WHERE id = 'northwind'`)).toEqual([{ name: 'Northwind Traders' }]);
  });

  it('grants, idempotently, and answers the organisation as it stands', async () => {
    const first = await service.grant('northwind', { datasets: ['core'], locations: ['gb', 'us'], waves: ['q1_2025', 'q3_2025'] });
    expect(first).toEqual({
      data: expect.objectContaining({ id: 'northwind', entitlements: { datasets: ['core'], locations: ['gb', 'us'], waves: ['q1_2025', 'q3_2025'] } }),
      changed: 5,
    });
    const again = await service.grant('northwind', { datasets: ['core'], waves: ['q3_2025'] });
    expect(again.changed).toBe(0);
    expect(again.data.entitlements).toEqual(first.data.entitlements);
    expect(await service.get('northwind')).toEqual(first.data);
  });

  it('refuses unknown codes with 400 naming each by its pointer, and changes nothing', async () => {
    const before = await entitlementRows('northwind');
    const problem = await problemOf(service.grant('northwind', { datasets: ['gaming'], locations: ['gb', 'atlantis'], waves: ['q9_2099'] }));
    expect(problem).toEqual({
      status: 400,
      detail: "Unknown location 'atlantis', wave 'q9_2099'; nothing was changed",
      errors: [
        { path: '/locations/1', message: "unknown location 'atlantis'" },
        { path: '/waves/0', message: "unknown wave 'q9_2099'" },
      ],
    });
    expect(await problemOf(service.revoke('northwind', { datasets: ['nope'] }))).toMatchObject({ status: 400, errors: [{ path: '/datasets/0' }] });
    expect(await entitlementRows('northwind')).toEqual(before);
  });

  it('refuses a change that names no code, and an unknown organisation (404)', async () => {
    expect(await problemOf(service.grant('northwind', {}))).toMatchObject({ status: 400, errors: [{ path: '' }] });
    expect(await problemOf(service.grant('northwind', { datasets: [], waves: [] }))).toMatchObject({ status: 400 });
    expect(await problemOf(service.grant('ghost', { datasets: ['core'] }))).toMatchObject({ status: 404, detail: "No organisation 'ghost'" });
    expect(await problemOf(service.revoke('ghost', { datasets: ['core'] }))).toMatchObject({ status: 404 });
    expect(await problemOf(service.get('ghost'))).toMatchObject({ status: 404 });
    expect(await ds.query(`SELECT count(*)::int AS n FROM organisations WHERE id = 'ghost'`)).toEqual([{ n: 0 }]);
  });

  it('revokes, idempotently', async () => {
    const revoked = await service.revoke('northwind', { locations: ['us', 'fr'], waves: ['q1_2025'] });
    expect(revoked).toMatchObject({ changed: 2, data: { entitlements: { datasets: ['core'], locations: ['gb'], waves: ['q3_2025'] } } });
    expect((await service.revoke('northwind', { locations: ['us'] })).changed).toBe(0);
  });

  it('lists organisations by id, a page at a time, with their entitlements', async () => {
    await service.create({ id: 'acme', name: 'Acme' });
    await service.create({ id: 'zeta', name: 'Zeta' });
    const page = await service.list({ limit: 2, offset: 0 });
    expect(page.paging).toEqual({ limit: 2, offset: 0, total: 3 });
    expect(page.data.map((o) => o.id)).toEqual(['acme', 'northwind']);
    expect(page.data[1].entitlements).toEqual({ datasets: ['core'], locations: ['gb'], waves: ['q3_2025'] });
    expect((await service.list({ offset: 2 })).data.map((o) => o.id)).toEqual(['zeta']);
    expect((await service.list({})).paging).toEqual({ limit: 50, offset: 0, total: 3 });
  });

  it('checks requests built outside HTTP (the CLI) with the endpoint rules', () => {
    expect(checkRequest(EntitlementChangeRequest, { datasets: ['core'] })).toBeInstanceOf(EntitlementChangeRequest);
    const wrong = (() => {
      try {
        checkRequest(CreateOrganisationRequest, { id: 'Bad Id', name: '', colour: 'red' });
      } catch (error) {
        return error as ProblemException;
      }
      return undefined;
    })();
    expect(wrong?.getStatus()).toBe(400);
    expect(wrong?.fieldErrors?.map((e) => e.path).sort()).toEqual(['/colour', '/id', '/name']);
  });
});
