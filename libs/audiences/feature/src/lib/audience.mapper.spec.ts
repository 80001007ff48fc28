import { toAudienceResponse, AudienceRecord } from './audience.mapper';

const record: AudienceRecord = {
  id: '6f1c2d3e-4b5a-4c1e-9f7e-1a2b3c4d5e6f',
  v1Id: null,
  name: 'Gen Z women',
  expression: {
    and: [
      { datapoints: ['16_24'], question: 'age_group' },
      { question: 'gender', datapoints: ['female'] },
    ],
  },
  folderId: '00000000-0000-0000-0000-000000000000',
  position: 2.5,
  flags: ['isP2', 'authored', 'legacy'],
  datasets: ['gaming', 'core'],
  createdAt: new Date('2025-11-21T10:15:30.123Z'),
  updatedAt: new Date('2025-11-22T08:00:00.000Z'),
};

describe('toAudienceResponse', () => {
  it('answers every member of a saved audience in the API spelling', () => {
    expect(toAudienceResponse(record, 'write')).toEqual({
      id: record.id,
      v1_id: null,
      name: 'Gen Z women',
      expression: {
        and: [
          { question: 'age_group', datapoints: ['16_24'] },
          { question: 'gender', datapoints: ['female'] },
        ],
      },
      created_at: '2025-11-21T10:15:30.123Z',
      updated_at: '2025-11-22T08:00:00.000Z',
      folder_id: '00000000-0000-0000-0000-000000000000',
      position: 2.5,
      permissions: { audience_overall: 'edit' },
      datasets: ['core', 'gaming'],
      flags: ['authored', 'isP2'],
    });
  });

  it('marks a curated audience view-only and keeps its v1 id', () => {
    const curated = toAudienceResponse({ ...record, v1Id: 7, flags: ['curated'] }, 'read');
    expect(curated.permissions).toEqual({ audience_overall: 'view' });
    expect(curated.v1_id).toBe(7);
    expect(curated.flags).toEqual(['curated']);
  });

  it('writes times as ISO 8601 UTC', () => {
    expect(toAudienceResponse(record, 'write').created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });
});
