import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { flattenValidationErrors } from '@aas/shared-infra';
import { PatchAudienceRequest, SaveAudienceRequest } from './audience-request.dto';
import { ListAudiencesQuery } from './list-audiences.query';

/** What the global ValidationPipe does, so these specs see the paths a client sees. */
function problems<T extends object>(cls: new () => T, body: unknown): { path: string; message: string }[] {
  const instance = plainToInstance(cls, body);
  return flattenValidationErrors(validateSync(instance, { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true }));
}

const valid = { name: 'Women', expression: { question: 'gender' }, folder_id: '00000000-0000-0000-0000-000000000000', position: 1 };

describe('SaveAudienceRequest', () => {
  it('accepts a minimal body and the optional members', () => {
    expect(problems(SaveAudienceRequest, valid)).toEqual([]);
    expect(problems(SaveAudienceRequest, { ...valid, folder_id: null, position: 0.5, flags: ['isP2'], datasets: ['core'] })).toEqual([]);
  });

  it('requires name, expression, folder_id and position', () => {
    expect(
      problems(SaveAudienceRequest, {})
        .map((p) => p.path)
        .sort(),
    ).toEqual(['/expression', '/folder_id', '/name', '/position']);
  });

  it('counts the name in characters, as Postgres does', () => {
    expect(problems(SaveAudienceRequest, { ...valid, name: '😀'.repeat(255) })).toEqual([]);
    expect(problems(SaveAudienceRequest, { ...valid, name: 'x'.repeat(256) })).toEqual([{ path: '/name', message: 'name must be at most 255 characters' }]);
    expect(problems(SaveAudienceRequest, { ...valid, name: '   ' }).map((p) => p.path)).toEqual(['/name']);
    expect(problems(SaveAudienceRequest, { ...valid, name: 'a\u0000b' }).map((p) => p.path)).toEqual(['/name']);
  });

  it('refuses a folder that is not a UUID', () => {
    expect(problems(SaveAudienceRequest, { ...valid, folder_id: 'inbox' }).map((p) => p.path)).toEqual(['/folder_id']);
  });

  it("refuses the reserved 'curated' flag and unknown flags", () => {
    expect(problems(SaveAudienceRequest, { ...valid, flags: ['curated'] })[0]).toMatchObject({ path: '/flags', message: expect.stringContaining('reserved') });
    expect(problems(SaveAudienceRequest, { ...valid, flags: ['starred'] }).map((p) => p.path)).toEqual(['/flags']);
  });

  it('names unknown and read-only members', () => {
    expect(problems(SaveAudienceRequest, { ...valid, colour: 'red' })).toEqual([{ path: '/colour', message: "unknown member 'colour' is not allowed" }]);
    expect(problems(SaveAudienceRequest, { ...valid, id: 'x' })).toEqual([{ path: '/id', message: "'id' is read-only and cannot be set" }]);
  });
});

describe('PatchAudienceRequest', () => {
  it('accepts an empty body and any subset', () => {
    expect(problems(PatchAudienceRequest, {})).toEqual([]);
    expect(problems(PatchAudienceRequest, { name: 'x', position: 3, folder_id: null })).toEqual([]);
  });

  it('wants an integer position', () => {
    expect(problems(PatchAudienceRequest, { position: 1.5 })).toEqual([{ path: '/position', message: 'position must be an integer' }]);
  });

  it('refuses null for members that cannot be null', () => {
    expect(
      problems(PatchAudienceRequest, { name: null, expression: null, position: null })
        .map((p) => p.path)
        .sort(),
    ).toEqual(['/expression', '/name', '/position']);
  });

  it('refuses every read-only member by name', () => {
    const body = { id: 'a', v1_id: 1, created_at: 'x', updated_at: 'y', permissions: {} };
    expect(
      problems(PatchAudienceRequest, body)
        .map((p) => p.path)
        .sort(),
    ).toEqual(['/created_at', '/id', '/permissions', '/updated_at', '/v1_id']);
  });
});

describe('ListAudiencesQuery', () => {
  it('reads numbers and booleans from query strings', () => {
    const query = plainToInstance(ListAudiencesQuery, { limit: '10', offset: '20', include_curated: 'false' });
    expect(query).toMatchObject({ limit: 10, offset: 20, include_curated: false });
    expect(problems(ListAudiencesQuery, { limit: '10', offset: '20', include_curated: 'false' })).toEqual([]);
  });

  it('bounds the page size and refuses garbage', () => {
    expect(problems(ListAudiencesQuery, { limit: '201' }).map((p) => p.path)).toEqual(['/limit']);
    expect(problems(ListAudiencesQuery, { limit: '0' }).map((p) => p.path)).toEqual(['/limit']);
    expect(problems(ListAudiencesQuery, { offset: '-1' }).map((p) => p.path)).toEqual(['/offset']);
    expect(problems(ListAudiencesQuery, { limit: 'ten' }).map((p) => p.path)).toEqual(['/limit']);
    expect(problems(ListAudiencesQuery, { include_curated: 'yes' }).map((p) => p.path)).toEqual(['/include_curated']);
    expect(problems(ListAudiencesQuery, { folder_id: 'x' }).map((p) => p.path)).toEqual(['/folder_id']);
  });
});
