import { audienceAccess, audienceOverall, organisationFlags } from './audience-access';

describe('audienceAccess', () => {
  it('gives an organisation full access to its own audiences', () => {
    expect(audienceAccess('acme', 'acme')).toBe('write');
    expect(audienceOverall('write')).toBe('edit');
  });

  it('lets every organisation read a curated audience and none write it', () => {
    expect(audienceAccess(null, 'acme')).toBe('read');
    expect(audienceAccess(null, 'other')).toBe('read');
    expect(audienceOverall('read')).toBe('view');
  });

  it("hides another organisation's audience entirely", () => {
    expect(audienceAccess('acme', 'other')).toBe('none');
  });

  it('compares organisation ids exactly', () => {
    expect(audienceAccess('Acme', 'acme')).toBe('none');
  });
});

describe('organisationFlags', () => {
  it('always marks an organisation audience as authored', () => {
    expect(organisationFlags(undefined)).toEqual(['authored']);
    expect(organisationFlags([])).toEqual(['authored']);
  });

  it('keeps isP2, removes duplicates and orders canonically', () => {
    expect(organisationFlags(['isP2', 'authored', 'isP2'])).toEqual(['authored', 'isP2']);
  });

  it('never lets an organisation audience carry curated', () => {
    expect(organisationFlags(['curated'])).toEqual(['authored']);
  });
});
