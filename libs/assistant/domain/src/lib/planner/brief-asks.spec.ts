import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { claimAsk, fallbackAsk, requestedAsk, splitRunOnClause, withAskWordsRepaired } from './brief-asks';
import { focusBrief } from './brief';

const demo = demoPlannerCatalogue();
const asking = (text: string) => /^(what|which|how|share)\b/i.test(text);

describe('requestedAsk', () => {
  it('reads what a request asks for after its frame: a noun of data, an ask, or a topic of the catalogue', () => {
    expect(requestedAsk('I need a number for how many vegans there are in the UK.', demo, asking)).toBe('How many vegans there are in the UK.');
    expect(requestedAsk('Could use a read on how many Gen Z in Spain have bought from Shein.', demo, asking)).toBe(
      'How many Gen Z in Spain have bought from Shein.',
    );
    expect(requestedAsk('Looking to understand the share of Parents in Germany who shop at Lidl.', demo, asking)).toBe(
      'Share of Parents in Germany who shop at Lidl.',
    );
    expect(requestedAsk("I'd like a view on smartwatch ownership among Men in the US.", demo, asking)).toBe('Smartwatch ownership among Men in the US.');
    expect(requestedAsk('I need the average household size in Japan.', demo, asking)).toBe('Average household size in Japan.');
  });
  it('reads an obligation of who is to deliver as a request (an RFP: "the agency should quantify ...")', () => {
    expect(requestedAsk('Specifically, the agency should quantify the proportion of Australian parents who hold a life insurance policy.', demo, asking)).toBe(
      'Proportion of Australian parents who hold a life insurance policy.',
    );
    expect(requestedAsk('The vendor shall provide evidence of audience reach.', demo, asking)).toBeNull();
    expect(requestedAsk('We would like you to estimate the number of people in France who hold a credit card.', demo, asking)).toBe(
      'Number of people in France who hold a credit card.',
    );
  });
  it('keeps a request noun that asks for a count ("the number of") in the ask', () => {
    expect(requestedAsk('Need the number of Gen X in the US who own a smart TV.', demo, asking)).toBe('Number of Gen X in the US who own a smart TV.');
    expect(requestedAsk('I need a number for how many vegans there are in the UK.', demo, asking)).toBe('How many vegans there are in the UK.');
  });
  it('leaves statements of a want that name nothing to measure, and frame words opening other statements', () => {
    expect(requestedAsk('We need to grow in Spain next year.', demo, asking)).toBeNull();
    expect(requestedAsk('We want a campaign for Gen Z.', demo, asking)).toBeNull();
    expect(requestedAsk("After that I'll send the recommendations to the team that worries about plastic.", demo, asking)).toBeNull();
  });
});

describe('fallbackAsk', () => {
  it('reads the second-best ask without its opener and closer', () => {
    expect(fallbackAsk('If not, the share of people in Japan who use Netflix would do.', demo)).toBe('The share of people in Japan who use Netflix');
    expect(fallbackAsk('Otherwise, what share of Brits use Deliveroo?', demo)).toBe('What share of Brits use Deliveroo?');
  });
  it('leaves sentences that offer nothing of the catalogue or are no fallback', () => {
    expect(fallbackAsk('If not, no worries.', demo)).toBeNull();
    expect(fallbackAsk('What share of Brits use Deliveroo?', demo)).toBeNull();
  });
});

describe('claimAsk', () => {
  it('asks for the share a check refers to, quoted after or before it', () => {
    expect(claimAsk('Could you sanity-check a claim for me?', [], ["The client's deck says 70% of Gen Z in France use Snapchat every day."], demo)).toBe(
      'What share of Gen Z in France use Snapchat every day?',
    );
    expect(claimAsk('Is that right?', ['Our partner says 40 percent of Brazilians own a smartwatch (source: 2024).'], [], demo)).toBe(
      'What share of Brazilians own a smartwatch?',
    );
  });
  it('asks for the share an ask’s own claim says in words, or a claim reported without a figure', () => {
    expect(claimAsk('Is it true that most of them use LINE?', ['Our target is Millennials in Japan.'], [], demo)).toBe('What share of them use LINE?');
    expect(claimAsk('Does the data back that up?', ['Our CEO keeps saying most Brazilians pay with Pix.'], [], demo)).toBe(
      'What share of Brazilians pay with Pix?',
    );
  });
  it('leaves an ask that is no check, or that names its own topic', () => {
    expect(claimAsk('What share of Gen Z in France use BeReal?', ['A deck claims 55% of Gen Z in France use Snapchat.'], [], demo)).toBeNull();
    expect(claimAsk('Can we check what share of Gen Z in France use BeReal?', ['A deck claims 55% of Gen Z in France use Snapchat.'], [], demo)).toBeNull();
  });
});

describe('focusBrief, with the kinds of request a brief makes', () => {
  it('finds an ask stated as a need or an imperative, before or after its context', () => {
    expect(
      focusBrief('We pitch a snack brand on Thursday and the buyer only talks about Tesco. I need a number for how many vegans there are in the UK.', demo)
        ?.ask,
    ).toBe('How many vegans there are in the UK.');
    expect(
      focusBrief('Dig up the share of people in the UK who bought from Etsy. The client is a craft marketplace and its numbers only cover London.', demo)?.ask,
    ).toBe('Dig up the share of people in the UK who bought from Etsy.');
  });
  it('reads a labelled ask after its label', () => {
    const focus = focusBrief(
      'Project: summer campaign for a soft drink brand.\nDeliverable: top 5 soft drink brands Gen Z in the US have bought.\nDue: Friday',
      demo,
    );
    expect(focus?.ask).toBe('top 5 soft drink brands Gen Z in the US have bought.');
  });
  it('keeps the fallback ask apart from the context and the other questions', () => {
    const focus = focusBrief(
      "Do you have Netflix's revenue in Japan? If not, the share of people in Japan who use Netflix would do. It's for a streaming client benchmarking itself.",
      demo,
    );
    expect(focus?.ask).toBe("Do you have Netflix's revenue in Japan?");
    expect(focus?.fallback?.ask).toBe('The share of people in Japan who use Netflix');
    expect(focus?.others).toBeUndefined();
  });
  it('reads a command after a colon and a need in other languages', () => {
    expect(
      focusBrief(
        'Para el cliente (una marca de zumos que ya vende en Portugal): dame el porcentaje de personas en España que beben zumo de fruta. Lo necesito para el viernes.',
        demo,
      )?.ask,
    ).toBe('dame el porcentaje de personas en España que beben zumo de fruta.');
    expect(
      focusBrief(
        "Le client est un assureur. Notre cible : les Baby boomers en France. J'ai besoin du pourcentage d'entre eux qui ont une assurance santé.",
        demo,
      )?.ask,
    ).toBe("Pourcentage d'entre eux qui ont une assurance santé.");
  });
  it('refers "that platform" and "this group" to what the context names', () => {
    expect(
      focusBrief(
        "The client spent most of last year's budget on Pinterest and is now questioning it. What share of women in France still use that platform?",
        demo,
      )?.resolved,
    ).toBe('What share of women in France still use pinterest?');
    expect(
      focusBrief('Our key segment is Young parents in the US. This group is time-poor. Which payment methods does this group use most online?', demo)?.resolved,
    ).toBe('Which payment methods does young parents use most online in United States?');
  });
});

describe('withAskWordsRepaired', () => {
  it('reads a word of asking typed with a letter left out or two swapped', () => {
    expect(withAskWordsRepaired('cleint wants to knwo wich platforms')).toBe('cleint wants to know which platforms');
    expect(withAskWordsRepaired('the sahre of Gen Z')).toBe('the share of Gen Z');
  });
  it('leaves inflections, replaced letters and words with a letter more', () => {
    expect(withAskWordsRepaired('a well known brand knew it, the telly shows shares')).toBe('a well known brand knew it, the telly shows shares');
  });
});

describe('splitRunOnClause', () => {
  it('sets apart the statement a run-on question goes on into', () => {
    expect(splitRunOnClause('which platforms gen z use most, they sell sneakers')).toEqual({
      ask: 'which platforms gen z use most',
      rest: 'they sell sneakers',
    });
    expect(splitRunOnClause('which platforms, apps or sites gen z use most')).toEqual({ ask: 'which platforms, apps or sites gen z use most', rest: '' });
  });
});

describe('focusBrief, a lower-case run-on with typos and context after its question', () => {
  it('plans the question and reads the statement after it as context', () => {
    const focus = focusBrief(
      'cleint wants to knwo which soical platforms gen z in brazil use most, they sell sneakers and last yr they only did instagram ads',
      demo,
    );
    expect(focus?.ask).toBe('Which soical platforms gen z in brazil use most');
    expect(focus?.context).toContain('they sell sneakers and last yr they only did instagram ads');
  });
});
