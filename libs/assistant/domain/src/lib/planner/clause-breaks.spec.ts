import { withClauseBreak } from './clause-breaks';

describe('an audience clause typed without the comma that ends it', () => {
  it('puts the comma before the question word that starts the question', () => {
    expect(withClauseBreak('Among people who worry about their privacy what share use a VPN')).toBe(
      'Among people who worry about their privacy, what share use a VPN',
    );
    expect(withClauseBreak("among Americans who don't eat meat which fast food chains are most popular")).toBe(
      "among Americans who don't eat meat, which fast food chains are most popular",
    );
  });
  it('leaves a clause that has its comma, or opens no audience, as written', () => {
    expect(withClauseBreak('Among people who worry, what share use a VPN')).toBe('Among people who worry, what share use a VPN');
    expect(withClauseBreak('What share of people who worry use a VPN')).toBe('What share of people who worry use a VPN');
  });
});
