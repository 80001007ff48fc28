import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { focusBrief, resolveReferences, sentencesOf } from './brief';

const demo = demoPlannerCatalogue();

describe('sentencesOf', () => {
  it('splits at full stops, question and exclamation marks followed by a capital', () => {
    expect(sentencesOf('We sell shoes. Sales are flat! Which brands do Gen Z buy?')).toEqual([
      'We sell shoes.',
      'Sales are flat!',
      'Which brands do Gen Z buy?',
    ]);
  });
  it('keeps abbreviations whole, and a sentence that ends with a market code ends there', () => {
    expect(sentencesOf('¿Qué porcentaje en EE. UU. usa Snapchat?')).toHaveLength(1);
    expect(sentencesOf('Growth is e.g. flat. What share use TikTok?')).toEqual(['Growth is e.g. flat.', 'What share use TikTok?']);
    expect(sentencesOf('Leadership only cares about the US. What share of Americans use Venmo?')).toHaveLength(2);
  });
});

describe('sentencesOf, for emails and notes', () => {
  it('ends a sentence at a line break and drops bullets', () => {
    expect(sentencesOf('Hi team,\n\n- audience: Gen Z\n• market: Japan\nneed: top platforms')).toEqual([
      'Hi team,',
      'audience: Gen Z',
      'market: Japan',
      'need: top platforms',
    ]);
  });
});

describe('focusBrief, beyond sentences', () => {
  it('reads a list of notes for its question line and its scope lines', () => {
    const focus = focusBrief('- client: mobile games studio\n- audience: Gen Z\n- market: Japan\n- need: which gaming platforms they play on most', demo);
    expect(focus?.ask).toBe('which gaming platforms they play on most');
    expect(focus?.resolved).toBe('which gaming platforms gen z play on most in Japan');
  });
  it('splits a run-on brief at the question it reports', () => {
    const focus = focusBrief(
      'so we launched our skincare line in the uk last year and honestly things are slow so i need to know what share of women there use CeraVe',
      demo,
    );
    expect(focus?.ask).toBe('What share of women there use CeraVe');
    expect(focus?.context).toEqual(['so we launched our skincare line in the uk last year and honestly things are slow so i need to']);
  });
  it('reads what a lead-in announces ("... is the following:") and a question reported after "all i need is"', () => {
    const focus = focusBrief(
      'We are not interested in broadband access or in device ownership. The single figure required for the annex is the following: the proportion of 55-64 year-olds in the United Kingdom who made a video call in the past month.',
      demo,
    );
    expect(focus?.ask).toBe('the proportion of 55-64 year-olds in the United Kingdom who made a video call in the past month.');
    expect(
      focusBrief(
        'the agency keeps telling me red bull owns gen z and that we should go heavy on twitch which feels lazy so all i need is what share of gen z in the us bought monster energy',
        demo,
      )?.ask,
    ).toBe('What share of gen z in the us bought monster energy');
  });
  it('splits a run-on brief where it turns to its question ("so what share ...")', () => {
    const focus = focusBrief('our app is losing users in India and leadership wants to understand the market so what share of Gen Z use Instagram daily', demo);
    expect(focus?.ask).toBe('What share of Gen Z use Instagram daily');
    expect(focus?.resolved).toBe('What share of Gen Z use Instagram daily in India');
    expect(focusBrief('What share of Gen Z in the UK use TikTok daily and how has that changed over the last year', demo)).toBeNull();
    expect(focusBrief('Break Spotify use down by income group and tell me which is highest', demo)).toBeNull();
  });
  it('drops a lead-in before a colon when what follows asks on its own', () => {
    expect(
      focusBrief('Thanks for the deck, it looks great. Before we lock the plan could you check one number: what share of Indians use YouTube?', demo)?.ask,
    ).toBe('what share of Indians use YouTube?');
  });
  it('reads a list introduced by a colon whole', () => {
    expect(focusBrief('Compare these for me:\n- Netflix\n- Disney+\n- Hulu in the US', demo)).toBeNull();
  });
});

describe('focusBrief', () => {
  it('plans the question of a brief, never its context', () => {
    const focus = focusBrief(
      'We are planning a Q3 campaign for our streaming brand; growth has plateaued in Europe. Our board wants to know: what share of Gen Z in Germany use Spotify?',
      demo,
    );
    expect(focus?.ask).toBe('what share of Gen Z in Germany use Spotify?');
    expect(focus?.context).toEqual(['We are planning a Q3 campaign for our streaming brand; growth has plateaued in Europe.']);
  });
  it('takes a command as the ask when no sentence ends with a question mark', () => {
    expect(focusBrief('Our client makes snacks and sales in France are flat. Show me the top grocery channels in France.', demo)?.ask).toBe(
      'Show me the top grocery channels in France.',
    );
  });
  it('takes a question reported inside a statement ("the team wants to know whether ...")', () => {
    expect(
      focusBrief(
        'The launch has been delayed twice and the budget is frozen. Meanwhile, the team wants to know whether Gen Z still use Snapchat daily in the US.',
        demo,
      )?.ask,
    ).toBe('Gen Z still use Snapchat daily in the US.');
  });
  it('reads a prompt of one sentence, a short lead-in, or a question in parts whole', () => {
    expect(focusBrief('What share of Germans use TikTok?', demo)).toBeNull();
    expect(focusBrief('Gen Z in Germany. What share use TikTok?', demo)).toBeNull();
    expect(focusBrief('How do French shoppers research products? Give me the leading three sources', demo)).toBeNull();
  });
});

describe('resolveReferences', () => {
  it('replaces "there" by the market and "they" by the audience the context names', () => {
    expect(resolveReferences('What share of people there drink coffee?', 'Our chain is opening in Japan next year.', demo)).toBe(
      'What share of people in japan drink coffee?',
    );
    expect(resolveReferences('Which platforms do they use most?', 'The media plan is for Millennials.', demo)).toBe('Which platforms do millennials use most?');
  });
  it('reads "these markets" as the markets of the context, and "there" as the last place it names', () => {
    expect(resolveReferences('In which of these markets do more people shop at Lidl?', 'Our client has stores in Germany and France.', demo)).toBe(
      'In which of germany and france do more people shop at Lidl?',
    );
    expect(resolveReferences('What do gamers there play most?', 'We advise a Japanese publisher. Its titles underperform in Brazil.', demo)).toBe(
      'What do gamers in brazil play most?',
    );
  });
  it('leaves an existential "there", and a question that names its own market, as they are', () => {
    expect(resolveReferences('How many are there in total?', 'We sell in Japan.', demo)).toBe('How many are there in total?');
    expect(resolveReferences('What share of people there in France drink tea?', 'We sell in Japan.', demo)).toBe(
      'What share of people there in France drink tea?',
    );
  });
});

describe('focusBrief, context before a colon', () => {
  it('reads the question after a colon when the words before it are context', () => {
    const focus = focusBrief(
      'Quick one before the board meeting, the CMO wants numbers on competitors like Adidas and Puma: what share of Gen Z in Germany are aware of Nike?',
      demo,
    );
    expect(focus?.ask).toBe('What share of Gen Z in Germany are aware of Nike?');
  });
  it('leaves a short lead-in or a list after a colon to be read whole', () => {
    expect(focusBrief('Gen Z vs Millennials: which platforms do they use?', demo)).toBeNull();
    expect(focusBrief('Compare these for Gen Z in the UK and Germany: Netflix, Disney+ and Hulu', demo)).toBeNull();
  });
});

describe('focusBrief, the lines around its question', () => {
  it('reads the statement before the colon of the asking sentence as the nearest context', () => {
    const focus = focusBrief(
      "Our client lost ground to Red Bull in Brazil last year. Now they're looking at the UK market: how has Monster Energy buying among Gen Z there changed since Q1 2025?",
      demo,
    );
    expect(focus?.ask).toBe('How has Monster Energy buying among Gen Z there changed since Q1 2025?');
    expect(focus?.resolved).toContain('among Gen Z in uk changed');
  });
  it('keeps the market a lead-in names, over one the context names', () => {
    const focus = focusBrief(
      "They've seen HBO Max churn data for the US and think bundles are the answer there. What I need for Australia: the share of people who use both Netflix and Disney+.",
      demo,
    );
    expect(focus?.resolved).toBe('the share of people who use both Netflix and Disney+ in Australia.');
  });
  it('never takes an instruction that sets something aside as the question', () => {
    const focus = focusBrief(
      "Team, the retail board meets on 12 March. They've asked for something simple: how many people bought from Temu in each of our markets. Don't bother with AliExpress; Jonas covered it in January.",
      demo,
    );
    expect(focus?.ask).toBe('how many people bought from Temu in each of our markets.');
  });
  it('reads a labelled ask in a list of notes, and a labelled background line however short', () => {
    expect(focusBrief('- client: Garnier\n- market: Brazil\n- data ask: awareness of Nivea among women', demo)?.resolved).toBe(
      'awareness of Nivea among women in Brazil',
    );
    expect(
      focusBrief(
        "Notes:\n1. the brand wants to move beyond 'real beauty'\n2. the global team prefers a Gen Z focus\n3. data ask: trust in Dove among women vs men in Brazil",
        demo,
      )?.ask,
    ).toBe('trust in Dove among women vs men in Brazil');
  });
  it('splits the context before a colon from an ask along the markets', () => {
    expect(
      focusBrief(
        'For the European expansion memo (Carrefour and Tesco already own the space in France and the UK): rank our markets by the share of people who have bought from Etsy.',
        demo,
      )?.ask,
    ).toBe('Rank our markets by the share of people who have bought from Etsy.');
  });
  it('splits a run-on at "get me" before the question it reports', () => {
    expect(
      focusBrief(
        'hey so client is asos theyre obsessed w shein rn and their ceo saw some stat about gen z in the us anyway can u get me how many millennials in the uk shop on amazon',
        demo,
      )?.ask,
    ).toBe('How many millennials in the uk shop on amazon');
  });
});

describe('focusBrief, reasons and errands around its question', () => {
  it('reads a reported question about nothing measured as the reason for the question, not a second one', () => {
    expect(
      focusBrief(
        'Which of our markets has the fewest Disney+ users? The client sells in the UK only today, so the board wants to know where to go next; their plan was built on Spotify data.',
        demo,
      )?.ask,
    ).toBe('Which of our markets has the fewest Disney+ users?');
  });
  it('never takes an errand as the question', () => {
    expect(
      focusBrief(
        'Context: our toy brand sells in Spain, Germany and the UK.\n- pull the number of Parents in Spain who bought toys online\n- send to Ana by Thursday',
        demo,
      )?.ask,
    ).toBe('pull the number of Parents in Spain who bought toys online');
  });
});
