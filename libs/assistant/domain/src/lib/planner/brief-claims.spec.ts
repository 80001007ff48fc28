import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerFollowUp } from '../testing/plan-answer';
import { askOfClaim, askOfVagueShare, claimedClause, claimThenCheck } from './brief-claims';

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

describe('claimThenCheck', () => {
  it('reads a reported claim and the ask to check it, joined by a dash, as two sentences', () => {
    expect(claimThenCheck("the client said it's more like 70% - does that square with the data?")).toEqual([
      "the client said it's more like 70%.",
      'Does that square with the data?',
    ]);
    expect(claimThenCheck('A poll said 40% of Brits use TikTok – does the survey agree?')).toEqual([
      'A poll said 40% of Brits use TikTok.',
      'Does the survey agree?',
    ]);
  });
  it('leaves a dash with no claim before it or no check after it', () => {
    expect(claimThenCheck('Gen Z vs Millennials - which uses TikTok more?')).toEqual(['Gen Z vs Millennials - which uses TikTok more?']);
    expect(claimThenCheck('The client said it is urgent - which platforms do Gen Z use?')).toEqual([
      'The client said it is urgent - which platforms do Gen Z use?',
    ]);
  });
  it('keeps the topic of the chat when the claim checked is a figure of the last answer', () => {
    const plan = answerFollowUp(
      'What share of Millennials in Spain use Netflix?',
      "the client said it's more like 70% - does that square with the data?",
      demoPlannerCatalogue(),
    );
    expect(plan.topic?.question).toBe('streaming_services_used');
    expect(plan.topic?.datapoints.map((d) => d.code)).toEqual(['netflix']);
  });
});
