import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { resolveReferences } from './brief-references';
import { focusBrief } from './brief';

const demo = demoPlannerCatalogue();

describe('resolveReferences, in kinds of brief the first rules did not read', () => {
  it('reads "there" as the market of the last clause that names one', () => {
    expect(resolveReferences('Which chains have people there bought from?', 'We sell in France and Spain, but the new store opens in Spain.', demo)).toBe(
      'Which chains have people in spain bought from?',
    );
    expect(resolveReferences('Which chains do people there use?', 'We sell in France and Spain.', demo)).toBe(
      'Which chains do people in france and spain use?',
    );
  });
  it('reads the people of a brief in another language in English, and the question with them', () => {
    expect(resolveReferences('Quantas delas usam o Nubank?', 'Nosso público-alvo são as mulheres de 25 a 34 anos no Brasil.', demo)).toBe(
      'how many women of 25 to 34 years use the nubank?',
    );
    expect(resolveReferences('¿Qué porcentaje de ese grupo usa TikTok?', 'Nuestro público objetivo son los Millennials.', demo)).toMatch(/millennials/i);
  });
});

describe('focusBrief, with action items and quoted claims', () => {
  it('reads an action item after its owner’s name as the ask', () => {
    expect(
      focusBrief("Budget stays flat.\n### Actions\n- Ana: pull the share of Gen X in France who are aware of De'Longhi\n- Ben: update the deck", demo)?.ask,
    ).toBe("pull the share of Gen X in France who are aware of De'Longhi");
  });
  it('asks for the claim a check refers to', () => {
    expect(focusBrief('A journalist wrote that more than half of Gen Z in India use Snapchat. Is that right?', demo)?.ask).toBe(
      'What share of Gen Z in India use Snapchat?',
    );
  });
});
