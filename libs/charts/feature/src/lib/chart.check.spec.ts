import { OrganisationCatalogue } from '@aas/shared-contracts';
import { checkChart } from './chart.check';
import { SaveChartRequest } from './dto/chart-request.dto';

const GENDER = {
  code: 'gender',
  namespaceCode: 'core',
  name: 'Gender',
  description: '',
  datasetCode: 'core',
  datasetCodes: ['core'],
  datapoints: [
    { code: 'male', name: 'Male' },
    { code: 'female', name: 'Female' },
  ],
  suffixes: [],
};

const catalogue: OrganisationCatalogue = {
  orgId: 'o',
  findQuestion: (code, ns) => (code === GENDER.code && (ns === undefined || ns === GENDER.namespaceCode) ? GENDER : undefined),
  isDatasetEntitled: () => true,
  isLocationEntitled: () => true,
  isWaveEntitled: () => true,
  locationExists: () => true,
  waveExists: () => true,
  datasetExists: () => true,
  entitledDatasets: ['core'],
  entitledLocations: [],
  entitledWaves: [],
};

const WOMEN = { id: 'women', expression: { question: 'gender', datapoints: ['female'] } };
const BASE = { id: 'b', expression: { question: 'gender', datapoints: ['male', 'female'] } };
const check = (body: Partial<SaveChartRequest>) => checkChart({ name: 'c', ...body } as SaveChartRequest, catalogue, () => 'generated');

describe('checkChart sort_parameter_value', () => {
  it('accepts empty and the id of an audience', () => {
    expect(check({ audiences: [WOMEN], base_audience: BASE }).ok).toBe(true);
    expect(check({ audiences: [WOMEN], base_audience: BASE, sort_parameter_value: 'women' })).toMatchObject({
      ok: true,
      value: { sort_parameter_value: 'women' },
    });
  });

  it("refuses the base audience's id when the chart has audiences (the base has no row to sort on)", () => {
    const result = check({ audiences: [WOMEN], base_audience: BASE, sort_parameter_value: 'b' });
    expect(result).toMatchObject({ ok: false, status: 400, errors: [{ path: '/sort_parameter_value', message: expect.stringContaining('base audience') }] });
    // The default base (all respondents) likewise.
    expect(check({ audiences: [WOMEN], sort_parameter_value: 'base' })).toMatchObject({ ok: false, status: 400, errors: [{ path: '/sort_parameter_value' }] });
  });

  it("accepts the base audience's id when there are no audiences (the base is then the one computed audience)", () => {
    expect(check({ base_audience: BASE, sort_parameter_value: 'b' })).toMatchObject({ ok: true, value: { sort_parameter_value: 'b' } });
    expect(check({ sort_parameter_value: 'base' })).toMatchObject({ ok: true, value: { sort_parameter_value: 'base' } });
  });

  it('refuses an id that names nothing', () => {
    expect(check({ audiences: [WOMEN], sort_parameter_value: 'nobody' })).toMatchObject({
      ok: false,
      status: 400,
      detail: 'The request is invalid: /sort_parameter_value',
      errors: [{ path: '/sort_parameter_value' }],
    });
    expect(check({ sort_parameter_value: 'nobody' })).toMatchObject({ ok: false, status: 400 });
  });
});
