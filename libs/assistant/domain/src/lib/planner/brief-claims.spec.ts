import { askOfClaim, askOfVagueShare, claimedClause } from './brief-claims';

describe('askOfClaim', () => {
  it('asks for a share quoted in figures, in the claim’s language', () => {
    expect(askOfClaim('Our partner says 40 percent of Brazilians own a smartwatch (source: 2024).')).toBe('What share of Brazilians own a smartwatch?');
    expect(askOfClaim('Según un informe, el 40% de los españoles usa ChatGPT.')).toBe('Qué porcentaje de los españoles usa ChatGPT?');
  });
  it('asks for a share said in words after a reporting verb', () => {
    expect(askOfClaim('A journalist wrote that more than half of Gen Z in India use Snapchat.')).toBe('What share of Gen Z in India use Snapchat?');
    expect(askOfClaim('Our CEO keeps saying most Brazilians pay with Pix.')).toBe('What share of Brazilians pay with Pix?');
    expect(askOfClaim('My boss read that most Germans have a Netflix subscription.')).toBe('What share of Germans have a Netflix subscription?');
  });
  it('asks any other claim as it is stated', () => {
    expect(askOfClaim('The agency claims women in the US are more likely than men to use Pinterest.')).toBe(
      'Women in the US are more likely than men to use Pinterest?',
    );
  });
  it('leaves sentences that report no claim', () => {
    expect(askOfClaim('The client is a Spanish bank.')).toBeNull();
    expect(claimedClause('We launch in spring.')).toBeNull();
    expect(askOfVagueShare('Gen Z in India use Snapchat')).toBeNull();
  });
});
