import { CatalogueAccess, OrganisationCatalogue } from '@aas/contracts';
import { Principal, ProblemException } from '@aas/infra';
import { DataSource } from 'typeorm';
import { ChartEntity } from './chart.entity';
import { ChartTaxonomySource } from './chart-taxonomy.source';
import { ChartsService } from './charts.service';
import { SaveChartRequest } from './dto/chart-request.dto';

const PRINCIPAL = { orgId: 'org', userId: 1, email: 'a@b.example' } as unknown as Principal;
const ID = '11111111-1111-4111-8111-111111111111';

const catalogue = {
  orgId: 'org',
  findQuestion: () => undefined,
  isDatasetEntitled: () => true,
  isLocationEntitled: () => true,
  isWaveEntitled: () => true,
  locationExists: () => true,
  waveExists: () => true,
  datasetExists: () => true,
  entitledDatasets: [],
  entitledLocations: [],
  entitledWaves: [],
} as OrganisationCatalogue;

/** A DataSource that records what runs inside and outside its transaction. */
function setup(options: { existsOutside?: boolean; existsInside?: boolean } = {}) {
  const events: string[] = [];
  let inTransaction = false;
  const where = () => (inTransaction ? 'tx' : 'pool');
  const findOne = jest.fn(async (_entity: unknown, opts: { lock?: unknown }) => {
    events.push(`${where()}:findOne${opts.lock ? '+lock' : ''}`);
    const exists = inTransaction ? (options.existsInside ?? true) : (options.existsOutside ?? true);
    return exists ? ({ id: ID, orgId: 'org' } as ChartEntity) : null;
  });
  const update = jest.fn(async () => {
    events.push(`${where()}:update`);
    return { affected: 1 };
  });
  const dataSource = {
    manager: { findOne, update },
    transaction: jest.fn(async (fn: (m: unknown) => Promise<unknown>) => {
      inTransaction = true;
      events.push('begin');
      try {
        return await fn({ findOne, update });
      } finally {
        events.push('end');
        inTransaction = false;
      }
    }),
  } as unknown as DataSource;
  const access = {
    forOrganisation: jest.fn(async () => {
      events.push(`${where()}:catalogue`);
      return catalogue;
    }),
  } as unknown as CatalogueAccess;
  const service = new ChartsService(dataSource, access, {} as ChartTaxonomySource);
  return { service, events, update };
}

describe('ChartsService.replace', () => {
  it('checks the body (reading the catalogue) before the transaction; only lock and update run inside it', async () => {
    const { service, events } = setup();
    await expect(service.replace(PRINCIPAL, ID, { name: 'n' } as SaveChartRequest)).resolves.toBe(ID);
    expect(events).toEqual(['pool:findOne', 'pool:catalogue', 'begin', 'tx:findOne+lock', 'tx:update', 'end']);
  });

  it('answers 404 for a missing chart before looking at the body', async () => {
    const { service, events } = setup({ existsOutside: false });
    await expect(service.replace(PRINCIPAL, ID, { name: 'n' } as SaveChartRequest)).rejects.toMatchObject({ status: 404 });
    expect(events).toEqual(['pool:findOne']);
  });

  it('answers 404 and updates nothing when the chart is deleted between the check and the lock', async () => {
    const { service, update } = setup({ existsInside: false });
    const err = await service.replace(PRINCIPAL, ID, { name: 'n' } as SaveChartRequest).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProblemException);
    expect((err as ProblemException).getStatus()).toBe(404);
    expect(update).not.toHaveBeenCalled();
  });

  it('does not open a transaction for an invalid body', async () => {
    const { service, events } = setup();
    await expect(service.replace(PRINCIPAL, ID, { name: 'n', sort_parameter_value: 'nobody' } as SaveChartRequest)).rejects.toMatchObject({ status: 400 });
    expect(events).not.toContain('begin');
  });
});
