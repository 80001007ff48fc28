import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { SaveChartRequest } from './chart-request.dto';

const errorsOf = (body: object) =>
  validateSync(plainToInstance(SaveChartRequest, body), { whitelist: true, forbidNonWhitelisted: true }).map((e) => e.property);

describe('SaveChartRequest', () => {
  it('accepts the documented codes and a GET body sent back (server-owned members ignored)', () => {
    expect(
      errorsOf({ name: 'c', group_type: 2, view_type: 4, sort_type: 1, sort_parameter_type: 6, metrics: ['audience_index'], splitter: 'wave', segmented_base: false, id: 'x', is_owner: true, owner_id: 3 }),
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
