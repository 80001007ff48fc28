import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { focusBrief } from './brief';
import { refinesAsk } from './brief-refine';

const demo = demoPlannerCatalogue();

describe('refinesAsk', () => {
  it('takes a short sentence that narrows the question: a number of answers, or only a market or audience', () => {
    expect(refinesAsk('Just the top 3 is fine.', demo)).toBe(true);
    expect(refinesAsk('UK only, please.', demo)).toBe(true);
    expect(refinesAsk('Only Gen Z.', demo)).toBe(true);
    expect(refinesAsk('Nur Deutschland, bitte.', demo, 'de')).toBe(true);
  });
  it('leaves sign-offs, remarks and sentences that name something to measure', () => {
    expect(refinesAsk('Thanks so much!', demo)).toBe(false);
    expect(refinesAsk('The client only cares about Netflix.', demo)).toBe(false);
    expect(refinesAsk('We have a meeting with the client on Thursday and they want a clear answer.', demo)).toBe(false);
  });
});

describe('focusBrief, with a refinement after the question', () => {
  it('reads the refinement with the question, not as background', () => {
    const focus = focusBrief(
      "We're reviewing the sponsorship portfolio for a sportswear brand; the contract ends next year. Which sports do people in Germany follow most? Just the top 3 is fine.",
      demo,
    );
    expect(focus?.ask).toBe('Which sports do people in Germany follow most? Just the top 3 is fine.');
  });
});

describe('focusBrief, one sentence with a noun-phrase question after its colon', () => {
  it('reads the measure after the colon as the question, in any language', () => {
    expect(
      focusBrief('Dato clave que necesitamos para el cliente, una marca de decoración: porcentaje de mujeres en España que usan Pinterest.', demo)?.ask,
    ).toBe('Porcentaje de mujeres en España que usan Pinterest.');
    expect(focusBrief('The one figure the client asked me for before the board meets: share of Gen Z in Germany aware of Nike.', demo)?.ask).toBe(
      'Share of Gen Z in Germany aware of Nike.',
    );
  });
});

describe('refinesAsk, of statements about others', () => {
  it('reads a statement about the client or its panel as background, not a narrowing', () => {
    expect(refinesAsk('Their own panel only covers Canada.', demoPlannerCatalogue())).toBe(false);
    expect(refinesAsk('The client only sells in France.', demoPlannerCatalogue())).toBe(false);
    expect(refinesAsk('UK only, please.', demoPlannerCatalogue())).toBe(true);
  });
});
