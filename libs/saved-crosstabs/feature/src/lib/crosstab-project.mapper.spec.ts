import { ProjectRecord, toProjectResponse } from './crosstab-project.mapper';

const record: ProjectRecord = {
  uuid: '6f1c2d3e-4b5a-4c1e-9f7e-1a2b3c4d5e6f',
  orgId: 'demo',
  userId: 7,
  name: 'Platforms',
  // As jsonb answers it: member order lost.
  rows: [
    {
      expression: { options: ['female'], qustion: 'gender' },
      full_name: 'Women (all)',
      name: 'Women',
      id: 'r1',
      avg: { with_datapoints: { datapoints: ['a'] }, question: 'q' },
    },
  ],
  columns: [],
  bases: null,
  countryCodes: ['us'],
  waveCodes: ['q3_2026'],
  notes: '',
  metadata: { datasets: ['core'], cell_count: 1, column_count: 0, row_count: 1, generated_labels: { rows: 0, bases: 0, columns: 0 } },
  createdAt: new Date('2025-11-21T10:15:30.123Z'),
  updatedAt: new Date('2025-11-22T08:00:00.000Z'),
};

describe('toProjectResponse', () => {
  it('answers every member of a project in order, with canonical audiences and ISO UTC times', () => {
    const response = toProjectResponse(record);
    expect(Object.keys(response)).toEqual([
      'uuid',
      'name',
      'user_id',
      'org_id',
      'rows',
      'columns',
      'country_codes',
      'wave_codes',
      'bases',
      'created_at',
      'updated_at',
      'notes',
      'metadata',
    ]);
    expect(JSON.stringify(response.rows[0])).toBe(
      '{"id":"r1","name":"Women","full_name":"Women (all)","expression":{"qustion":"gender","options":["female"]},"avg":{"question":"q","with_datapoints":{"datapoints":["a"]}}}',
    );
    expect(response).toMatchObject({ bases: null, created_at: '2025-11-21T10:15:30.123Z', updated_at: '2025-11-22T08:00:00.000Z', user_id: 7 });
    expect(Object.keys(response.metadata)).toEqual(['row_count', 'column_count', 'cell_count', 'datasets', 'generated_labels']);
  });

  it('answers a stored expression that does not parse as it is', () => {
    const odd = toProjectResponse({ ...record, rows: [{ id: 'x', name: 'x', full_name: 'x', expression: { weird: 1 } }] });
    expect(odd.rows[0].expression).toEqual({ weird: 1 });
  });
});
