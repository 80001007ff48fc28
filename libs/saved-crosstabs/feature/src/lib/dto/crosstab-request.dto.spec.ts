import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { flattenValidationErrors } from '@aas/shared-infra';
import { PatchSavedCrosstabRequest, SaveSavedCrosstabRequest } from './crosstab-request.dto';
import { ListSavedCrosstabsQuery } from './list-crosstabs.query';

/** What the global ValidationPipe does, so these specs see the paths a client sees. */
function paths<T extends object>(cls: new () => T, body: unknown): string[] {
  const instance = plainToInstance(cls, body);
  return flattenValidationErrors(validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true })).map((p) => p.path);
}

const row = { expression: { qustion: 'gender' } };

describe('SaveSavedCrosstabRequest', () => {
  it('accepts a minimal body and a full one', () => {
    expect(paths(SaveSavedCrosstabRequest, { name: 'P' })).toEqual([]);
    const full = {
      uuid: '6f1c2d3e-4b5a-4c1e-9f7e-1a2b3c4d5e6f',
      name: 'P',
      rows: [
        {
          id: 'a',
          name: 'b',
          full_name: 'c',
          expression: {},
          avg: { question: 'q', with_suffixes: { datapoint: 'd', suffixes: [1] }, with_datapoints: { datapoints: ['x'] } },
        },
      ],
      columns: [row],
      bases: row,
      country_codes: ['us'],
      wave_codes: ['q3_2026'],
      last_updated_at: '2025-11-21T10:15:30.123Z',
      notes: '',
    };
    expect(paths(SaveSavedCrosstabRequest, full)).toEqual([]);
    expect(paths(SaveSavedCrosstabRequest, { ...full, bases: null })).toEqual([]);
  });

  it('names nested problems by pointer', () => {
    expect(paths(SaveSavedCrosstabRequest, { name: 'P', rows: [row, 'x', { ...row, colour: 1 }, {}] })).toEqual([
      '/rows/1',
      '/rows/2/colour',
      '/rows/3/expression',
    ]);
    expect(
      paths(SaveSavedCrosstabRequest, { name: 'P', columns: [{ ...row, avg: { question: 'q', with_suffixes: { datapoint: 'd', suffixes: ['1'] } } }] }),
    ).toEqual(['/columns/0/avg/with_suffixes/suffixes']);
  });

  it('bounds sizes: 1,000 audiences a side, name 255, notes 10,000', () => {
    expect(paths(SaveSavedCrosstabRequest, { name: 'P', rows: Array(1000).fill(row) })).toEqual([]);
    expect(paths(SaveSavedCrosstabRequest, { name: 'P', rows: Array(1001).fill(row) })).toEqual(['/rows']);
    expect(paths(SaveSavedCrosstabRequest, { name: 'n'.repeat(256) })).toEqual(['/name']);
    expect(paths(SaveSavedCrosstabRequest, { name: ' ' })).toEqual(['/name']);
    expect(paths(SaveSavedCrosstabRequest, { name: 'P', notes: 'x'.repeat(10_000) })).toEqual([]);
    expect(paths(SaveSavedCrosstabRequest, { name: 'P', notes: 'x'.repeat(10_001) })).toEqual(['/notes']);
  });

  it('refuses bad uuids, codes, dates and read-only members', () => {
    expect(paths(SaveSavedCrosstabRequest, { name: 'P', uuid: 'abc' })).toEqual(['/uuid']);
    expect(paths(SaveSavedCrosstabRequest, { name: 'P', country_codes: ['us', 'us'] })).toEqual(['/country_codes']);
    expect(paths(SaveSavedCrosstabRequest, { name: 'P', wave_codes: [3] })).toEqual(['/wave_codes']);
    expect(paths(SaveSavedCrosstabRequest, { name: 'P', last_updated_at: '2025-11-21 10:15' })).toEqual(['/last_updated_at']);
    expect(paths(SaveSavedCrosstabRequest, { name: 'P', user_id: 1, org_id: 'x', created_at: 'x', updated_at: 'x', metadata: {} }).sort()).toEqual([
      '/created_at',
      '/metadata',
      '/org_id',
      '/updated_at',
      '/user_id',
    ]);
    expect(paths(SaveSavedCrosstabRequest, {})).toEqual(['/name']);
  });
});

describe('PatchSavedCrosstabRequest', () => {
  it('accepts an empty body, and null only for bases', () => {
    expect(paths(PatchSavedCrosstabRequest, {})).toEqual([]);
    expect(paths(PatchSavedCrosstabRequest, { bases: null })).toEqual([]);
    expect(paths(PatchSavedCrosstabRequest, { name: null, notes: null, country_codes: null }).sort()).toEqual(['/country_codes', '/name', '/notes']);
  });
});

describe('ListSavedCrosstabsQuery', () => {
  it('reads numbers from the query string and bounds them', () => {
    expect(plainToInstance(ListSavedCrosstabsQuery, { limit: '10', offset: '20' })).toMatchObject({ limit: 10, offset: 20 });
    expect(paths(ListSavedCrosstabsQuery, { limit: '200', offset: '0' })).toEqual([]);
    for (const q of [{ limit: '201' }, { limit: '0' }, { limit: 'x' }, { offset: '-1' }]) expect(paths(ListSavedCrosstabsQuery, q)).toHaveLength(1);
  });
});
