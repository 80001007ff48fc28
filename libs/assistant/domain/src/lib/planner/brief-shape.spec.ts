import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { askShapeOf, focusBrief, reportedAsk, sentencesOf } from './brief';

const demo = demoPlannerCatalogue();

describe('a brief question found by its shape in other languages', () => {
  it('reads verbs that frame a question as English verbs of asking', () => {
    expect(askShapeOf('Necesito saber qué porcentaje usa TikTok', 'es')).toMatch(/^need know /);
    expect(askShapeOf('Zeig mir den Anteil der Deutschen', 'de')).toMatch(/^show /);
  });
  it('plans the reported question after the verb of knowing, not the context', () => {
    const focus = focusBrief('Il cliente vende scarpe da corsa in tutta Europa. Vorrei sapere quale percentuale delle persone in Spagna usa Strava.', demo);
    expect(focus?.ask).toBe('Quale percentuale delle persone in Spagna usa Strava.');
    expect(reportedAsk("J'aimerais savoir quelle part utilise Instagram.", 'fr')).toBe('Quelle part utilise Instagram.');
  });
  it('takes a command in another language as the question', () => {
    const focus = focusBrief('Wir planen eine große Kampagne für einen Sportartikelhersteller. Zeig mir den Anteil der Deutschen, die TikTok nutzen.', demo);
    expect(focus?.ask).toBe('Zeig mir den Anteil der Deutschen, die TikTok nutzen.');
  });
});

describe('sentence ends that are not a full stop and a capital', () => {
  it('splits Japanese at its full stop and question mark', () => {
    expect(sentencesOf('来年、日本で新しい時計を発売する予定です。日本で時計を持っている人の割合は？')).toHaveLength(2);
    const focus = focusBrief('来年、日本で新しいスマートウォッチを発売する予定です。日本でスマートウォッチを持っている人の割合は？', demo);
    expect(focus?.ask).toBe('日本でスマートウォッチを持っている人の割合は？');
  });
  it('keeps a Japanese question whole when its second alternative follows the question mark', () => {
    expect(sentencesOf('去年と比べて、日本でのTikTokの利用は増えた？減った？')).toHaveLength(1);
    // A second question that names something is a sentence of its own.
    expect(sentencesOf('日本でTikTokを使っている人の割合は？インスタは？')).toHaveLength(2);
  });
  it('splits a prompt written all in lower case at its full stops', () => {
    expect(sentencesOf('pls ignore my earlier email re tiktok. need: share of uk women using pinterest')).toHaveLength(2);
    expect(sentencesOf('Growth is flat. but we think so.')).toHaveLength(1);
  });
});

describe('background inside and around the question', () => {
  it('reads a bracketed remark about the writer or the product as background', () => {
    const focus = focusBrief('What share of people in Germany drink plant-based milk (our oat drink launches there in 2027)?', demo);
    expect(focus?.ask).toBe('What share of people in Germany drink plant-based milk?');
    expect(focus?.context).toEqual(['our oat drink launches there in 2027']);
    expect(focusBrief('Which platforms (excluding YouTube) do Gen Z use most?', demo)).toBeNull();
  });
  it('finds a question opened by courtesy or discourse words, and drops them', () => {
    const focus = focusBrief(
      'We are pitching Nike next week; they asked for numbers. Please pull the share of Gen Z in the US who would consider Adidas.',
      demo,
    );
    expect(focus?.ask).toBe('Pull the share of Gen Z in the US who would consider Adidas.');
    expect(focusBrief('The client cares about the over-65s in the long run. For now, what share of Baby boomers use Netflix?', demo)?.ask).toBe(
      'What share of Baby boomers use Netflix?',
    );
  });
  it('reads a short remark that names nothing of the catalogue as background, not a fragment', () => {
    expect(focusBrief('Churn has been high. Which streaming services do Gen X in the US use most?', demo)?.ask).toBe(
      'Which streaming services do Gen X in the US use most?',
    );
    expect(focusBrief('Gen Z in France. Top platforms?', demo)).toBeNull();
  });
  it('asks the question of an age range the context states as its target', () => {
    expect(focusBrief('Our target audience is people aged 25 to 34. What share use TikTok in Brazil?', demo)?.resolved).toBe(
      'What share use TikTok in Brazil among people aged 25 to 34?',
    );
  });
});

describe('sentences that report what they ask for', () => {
  it('finds questions reported after "curious", "interested in", "any data on"', () => {
    expect(
      focusBrief('The client is a bank that has struggled with young customers. Interested in how many Gen Z in Spain use a mobile banking app.', demo)?.ask,
    ).toBe('How many Gen Z in Spain use a mobile banking app.');
  });
  it('finds what is asked for after "looking for", "is it true that"', () => {
    const focus = focusBrief('Our client is launching a sparkling tea in Japan next spring. Looking for the share of Gen Z in Japan who drink kombucha.', demo);
    expect(focus?.ask).toBe('Share of Gen Z in Japan who drink kombucha.');
  });
  it('reads a purpose opening the sentence as background', () => {
    const focus = focusBrief('For our Q4 2026 planning, which streaming services have grown most in Brazil over the last year?', demo);
    expect(focus?.ask).toBe('Which streaming services have grown most in Brazil over the last year?');
    expect(focus?.context).toEqual(['For our Q4 2026 planning']);
  });
  it('keeps words before a colon that name who is asked about', () => {
    expect(focusBrief('Our agency is pitching a beer brand in Brazil this month. Beer drinkers in Brazil: what share are Men?', demo)?.ask).toBe(
      'Beer drinkers in Brazil: what share are Men?',
    );
  });
});

describe('references and targets in other languages', () => {
  it('resolves "d\'entre eux", "deles", "ellos" to the audience the context names', () => {
    expect(focusBrief('Notre client vise les Millennials en France. Quelle part d’entre eux utilise Spotify ?', demo)?.resolved).toMatch(/millennials/i);
    expect(focusBrief('Nosso cliente é um banco no Brasil. Nosso público-alvo são os Millennials. Que porcentagem deles usa Nubank?', demo)?.resolved).toMatch(
      /millennials/i,
    );
  });
});

describe('commands and asks in other languages', () => {
  it('starts a command question at its question word', () => {
    expect(reportedAsk('Zeig mir bitte, welche Marken die Gen Z in Deutschland kennt.', 'de')).toBe('Welche Marken die Gen Z in Deutschland kennt.');
    expect(reportedAsk('Zeig mir den Anteil der Deutschen, die TikTok nutzen.', 'de')).toBe('Zeig mir den Anteil der Deutschen, die TikTok nutzen.');
  });
  it('finds a Japanese ask by its endings', () => {
    expect(focusBrief('当社は来年ブラジルで音楽アプリを発売します。ブラジルのZ世代でSpotifyを使っている人の割合を教えてください。', demo)?.ask).toBe(
      'ブラジルのZ世代でSpotifyを使っている人の割合を教えてください。',
    );
  });
});
