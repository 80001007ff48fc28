import { FieldProblems } from './check';
import { resolveSelection, SelectionCatalogue } from './selection';

const wave = (code: string, end: string) => ({ code, name: code, startDate: end, endDate: end });
const catalogue = (licensedWaves: string[], licensedLocations: string[]): SelectionCatalogue => {
  const all = ['q1', 'q2', 'q3', 'q4', 'q5', 'q6'];
  return {
    waveExists: (c) => all.includes(c),
    isWaveEntitled: (c) => licensedWaves.includes(c),
    locationExists: (c) => ['us', 'gb', 'de'].includes(c),
    isLocationEntitled: (c) => licensedLocations.includes(c),
    entitledWaves: licensedWaves.map((c, i) => wave(c, `2026-0${i + 1}-01`)),
    entitledLocations: licensedLocations.map((code) => ({ code, name: code })),
  };
};

describe('resolveSelection', () => {
  const org = catalogue(['q1', 'q2', 'q3', 'q4', 'q5'], ['us', 'gb']);

  it('defaults to the last 4 licensed waves, or every licensed wave, and every licensed location', () => {
    const problems = new FieldProblems();
    expect(resolveSelection({}, org, { waveDefault: 'latest' }, problems)).toEqual({ waves: ['q2', 'q3', 'q4', 'q5'], locations: ['us', 'gb'] });
    expect(resolveSelection({ waves: [], locations: [] }, org, { waveDefault: 'all' }, problems).waves).toEqual(['q1', 'q2', 'q3', 'q4', 'q5']);
    expect(problems.failure('x')).toBeNull();
  });

  it('keeps named codes once each, in the order asked', () => {
    const problems = new FieldProblems();
    expect(resolveSelection({ waves: ['q3', 'q1', 'q3'], locations: ['gb'] }, org, { waveDefault: 'latest' }, problems)).toEqual({
      waves: ['q3', 'q1'],
      locations: ['gb'],
    });
  });

  it('names unknown codes (400) and unlicensed ones (403); 403 wins', () => {
    const unknownOnly = new FieldProblems();
    resolveSelection({ waves: ['q9'], locations: ['xx'] }, org, { waveDefault: 'latest' }, unknownOnly);
    expect(unknownOnly.failure('The request')).toEqual({
      status: 400,
      detail: 'The request is invalid: /waves/0, /locations/0',
      errors: [
        { path: '/waves/0', message: "unknown wave 'q9'" },
        { path: '/locations/0', message: "unknown location 'xx'" },
      ],
    });
    const both = new FieldProblems();
    resolveSelection({ waves: ['q9', 'q6'], locations: ['de'] }, org, { waveDefault: 'latest', wavesPath: '/wave_codes' }, both);
    expect(both.failure('The request')).toEqual({
      status: 403,
      detail: 'Not licensed: /wave_codes/1, /locations/0',
      errors: [
        { path: '/wave_codes/1', message: "wave 'q6' is not licensed to your organisation" },
        { path: '/locations/0', message: "location 'de' is not licensed to your organisation" },
      ],
    });
  });

  it('refuses an organisation with nothing licensed (403)', () => {
    const problems = new FieldProblems();
    resolveSelection({}, catalogue([], []), { waveDefault: 'latest' }, problems);
    expect(problems.failure('x')?.status).toBe(403);
    expect(problems.forbidden.map((e) => e.path)).toEqual(['/waves', '/locations']);
  });
});
