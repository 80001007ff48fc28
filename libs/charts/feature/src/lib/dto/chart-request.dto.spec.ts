import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { CHART_METRICS } from '../chart-codes';
import { CalculateChartRequest, SaveChartRequest } from './chart-request.dto';

const errorsOf = (body: object) =>
  validateSync(plainToInstance(SaveChartRequest, body), { whitelist: true, forbidNonWhitelisted: true }).map((e) => e.property);

describe('SaveChartRequest', () => {
  it('accepts the documented codes and a GET body sent back (server-owned members ignored)', () => {
    expect(
      errorsOf({
        name: 'c',
        group_type: 2,
        view_type: 4,
        sort_type: 1,
        sort_parameter_type: 6,
        metrics: ['audience_index'],
        splitter: 'wave',
        segmented_base: false,
        id: 'x',
        is_owner: true,
        owner_id: 3,
      }),
    ).toEqual([]);
  });

  it.each([
    ['group_type', { group_type: 3 }],
    ['view_type', { view_type: -1 }],
    ['sort_type', { sort_type: 9 }],
    ['sort_parameter_type', { sort_parameter_type: 1.5 }],
    ['metrics', { metrics: ['audience_idx'] }],
    ['splitter', { splitter: 'country' }],
    ['segmented_base', { segmented_base: 'yes' }],
  ])('refuses an unknown %s', (member, extra) => {
    expect(errorsOf({ name: 'c', ...extra })).toEqual([member]);
  });

  it('refuses unknown members and a missing name', () => {
    expect(errorsOf({ colour: 'red' }).sort()).toEqual(['colour', 'name']);
  });
});

describe('SaveChartRequest bounds', () => {
  const long = 'x'.repeat(256);
  it.each([
    ['metrics', { metrics: ['audience_index', 'audience_index'] }],
    ['metrics', { metrics: [...Array.from({ length: 10 }, () => 'audience_size')] }],
    ['wave_codes', { wave_codes: [long] }],
    ['wave_codes', { wave_codes: Array.from({ length: 501 }, (_, i) => `w${i}`) }],
    ['location_codes', { location_codes: [long] }],
    ['segments', { segments: [long] }],
    ['segments', { segments: Array.from({ length: 501 }, (_, i) => `s${i}`) }],
    ['dataset_codes', { dataset_codes: [long] }],
    ['attributes', { attributes: Array.from({ length: 501 }, () => ({ namespace_code: 'core', question_code: 'gender', datapoint_code: 'male' })) }],
    ['audiences', { audiences: Array.from({ length: 51 }, () => ({ expression: {} })) }],
    ['audiences', { audiences: [{ name: long, expression: {} }] }],
    ['name', { name: long }],
    ['sort_parameter_value', { sort_parameter_value: long }],
  ])('refuses an oversized or repeated %s', (member, extra) => {
    expect(errorsOf({ name: 'c', ...extra })).toEqual([member]);
  });

  it('accepts all nine metrics once each', () => {
    expect(errorsOf({ name: 'c', metrics: [...CHART_METRICS] })).toEqual([]);
  });

  it('bounds the calculate body the same way', () => {
    const errors = validateSync(plainToInstance(CalculateChartRequest, { waves: ['x'.repeat(256)], locations: Array.from({ length: 501 }, () => 'gb') }));
    expect(errors.map((e) => e.property).sort()).toEqual(['locations', 'waves']);
  });
});
