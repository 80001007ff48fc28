import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { agesAsked, findUnmeasured, surveyAges } from './unanswerable';
import { wordsOf } from './mentions';

const demo = demoPlannerCatalogue();
const ages = (prompt: string) => agesAsked(wordsOf(prompt)).map(({ lo, hi }) => [lo, hi]);

describe('surveyAges', () => {
  it('reads the survey range from the bands of its age question', () => {
    expect(surveyAges(demo)).toEqual({ min: 16, max: 64 });
  });
});

describe('agesAsked', () => {
  it('reads the ways a prompt names ages', () => {
    expect(ages('What share of under-16s use Snapchat?')).toEqual([[0, 15]]);
    expect(ages('over-65s in the US')).toEqual([[65, Infinity]]);
    expect(ages('people over 65')).toEqual([[66, Infinity]]);
    expect(ages('Do 13 to 15 year olds watch Netflix?')).toEqual([[13, 15]]);
    expect(ages('people aged 70 and over')).toEqual([[70, Infinity]]);
    expect(ages('people in their 80s in Japan')).toEqual([[80, 89]]);
    expect(ages('people in their seventies')).toEqual([[70, 79]]);
  });
  it('reads no age in amounts, hours, or the ages of children asked of their parents', () => {
    expect(ages('people who sleep under 5 hours')).toEqual([]);
    expect(ages('households with income under $15,000')).toEqual([]);
    expect(ages('parents of children under 5')).toEqual([]);
  });
});

describe('findUnmeasured', () => {
  it('finds ages outside the survey, but not ages that reach into it', () => {
    expect(findUnmeasured('What share of over-65s use Facebook?', demo)).toMatchObject({ kind: 'age', rest: 'what share of people use facebook' });
    expect(findUnmeasured('What share of teens aged 13-15 use TikTok?', demo)?.kind).toBe('age');
    expect(findUnmeasured('Of people under 35, how many use BeReal?', demo)).toBeNull();
    expect(findUnmeasured('What share of over 55s use Facebook?', demo)).toBeNull();
  });
  it('finds metrics the catalogue lacks and amounts of money', () => {
    expect(findUnmeasured('What is the average satisfaction score for Netflix?', demo)).toMatchObject({ kind: 'metric', what: 'a satisfaction score' });
    expect(findUnmeasured("What's Nike's Net Promoter Score?", demo)).toMatchObject({ kind: 'metric', what: 'a Net Promoter Score' });
    expect(findUnmeasured('How many minutes a day do Gen Z spend on TikTok?', demo)?.kind).toBe('metric');
    expect(findUnmeasured('How much do gamers spend each month in euros?', demo)).toMatchObject({ kind: 'money', currency: '€' });
  });
  it('reads a period before a noun for people as how often they do something, not as spending', () => {
    expect(findUnmeasured('Among weekly podcast listeners, what share pay for Netflix?', demo)).toBeNull();
    expect(findUnmeasured('How much do monthly gamers pay each month in euros?', demo)).toMatchObject({ kind: 'money' });
  });
  it('finds a cause or a figure controlled for other factors, the recall of one campaign and an account balance', () => {
    expect(findUnmeasured('Does owning a smartwatch cause people to exercise more, once age is controlled for?', demo)?.kind).toBe('metric');
    expect(findUnmeasured('What was ad recall for our christmas campaign in the UK?', demo)?.what).toBe('the recall or effect of one advertising campaign');
    expect(findUnmeasured("What's the average balance they keep in their account?", demo)?.kind).toBe('money');
    expect(findUnmeasured('What share of Gen Z in the UK noticed ads on TikTok?', demo)).toBeNull();
  });
  it('finds nothing in an ordinary question', () => {
    expect(findUnmeasured('What share of Germans use TikTok daily?', demo)).toBeNull();
    expect(findUnmeasured('Top 5 streaming services among high income people', demo)).toBeNull();
  });
});

describe('findUnmeasured, company figures and plans', () => {
  it('reads sales, revenue and market share as a company figure the survey does not have', () => {
    expect(findUnmeasured("What is Samsung's market share of smartphone sales in India?", demo)?.what).toBe("a company's sales, revenue or market share");
    expect(findUnmeasured("What was Adidas's revenue in Germany last year?", demo)?.kind).toBe('metric');
  });
  it('reads a plan or intention, and reads the rest as it stands now', () => {
    const ask = findUnmeasured('What share of Gen Z plan to open a savings account next year?', demo);
    expect(ask?.what).toBe('what people plan or intend to do');
    expect(ask?.rest).toBe('what share of gen z open a savings account');
  });
});

describe('findUnmeasured, children', () => {
  it('reads children asked about as the people measured as ages under the survey’s', () => {
    expect(findUnmeasured('Do kids in the US watch YouTube?', demo)).toMatchObject({ kind: 'age', what: 'kids' });
    expect(findUnmeasured('What share of children in France play Roblox?', demo)?.kind).toBe('age');
  });
  it('not children of parents, nor a word of a longer name', () => {
    expect(findUnmeasured('Which sports do Baby boomers in Spain follow most?', demo)).toBeNull();
    expect(findUnmeasured('What share of parents of young children use Instagram?', demo)).toBeNull();
    expect(findUnmeasured('Which children’s products do parents buy most?', demo)).toBeNull();
    expect(findUnmeasured('What share watch kids and family shows?', demo)).toBeNull();
  });
});

describe('findUnmeasured, amounts in other words', () => {
  it('reads earnings as an amount of income, not of spend', () => {
    const ask = findUnmeasured('What share of Parents in France earn more than €100,000 a year?', demo);
    expect(ask).toMatchObject({ kind: 'money', currency: '€', offerNamed: ['income'] });
  });
  it('reads a price someone would pay as an amount of money', () => {
    expect(findUnmeasured('How much would Gen Z in Germany pay for a VR headset?', demo)?.kind).toBe('money');
  });
  it('reads market share and currencies in other languages and scripts', () => {
    expect(findUnmeasured('¿Cuál es la cuota de mercado de Toyota en España?', demo)?.kind).toBe('metric');
    expect(findUnmeasured('Qual è la quota di mercato di Samsung?', demo)?.kind).toBe('metric');
    expect(findUnmeasured('日本の人はゲームに毎月何円使っていますか？', demo)).toMatchObject({ kind: 'money', currency: '¥' });
  });
});

describe('findUnmeasured, ages the bands cannot tell and units no question uses', () => {
  it('refuses an age range whose ends fall inside a band, offering the bands it overlaps', () => {
    expect(findUnmeasured('What share of people aged 18-21 in the UK use Snapchat?', demo)).toMatchObject({ kind: 'age', bands: ['16-24'] });
    expect(findUnmeasured('What share of 30 to 40 year olds shop online?', demo)).toMatchObject({ kind: 'age', bands: ['25-34', '35-44'] });
  });
  it('answers ranges on the band edges, within a year, and the youngest band from 18', () => {
    expect(findUnmeasured('Which platforms do women aged 25 to 35 use most?', demo)).toBeNull();
    expect(findUnmeasured('Do over-35s use Facebook more than under 35s?', demo)).toBeNull();
    expect(findUnmeasured('How many people over 18 in the US use ChatGPT?', demo)).toBeNull();
  });
  it('refuses amounts in units of quantity the catalogue does not use', () => {
    expect(findUnmeasured('How many litres of beer do Germans drink a year?', demo)).toMatchObject({ kind: 'metric', words: 'litres' });
    expect(findUnmeasured('How many cups of coffee a day do Brazilians drink?', demo)?.rest).toBe('how many coffee a day do brazilians drink');
  });
  it('reads "how much money" as money without a verb of spending', () => {
    expect(findUnmeasured('Wie viel Geld geben Deutsche pro Monat für Streaming aus?', demo)?.kind).toBe('money');
  });
});

describe('findUnmeasured, numbers of things per person', () => {
  it('refuses a count of things each person has, offering the question named like the things', () => {
    expect(findUnmeasured('How many apps do Millennials have on their phone?', demo)).toMatchObject({ kind: 'metric', subject: ['apps'] });
    expect(findUnmeasured("What's the average number of streaming services people in the US subscribe to?", demo)).toMatchObject({
      offerNamed: ['streaming services'],
    });
    expect(findUnmeasured('How many pets do Brits own?', demo)?.kind).toBe('metric');
  });
  it('leaves counts of people and things a question counts in numbers', () => {
    expect(findUnmeasured('How many Netflix subscribers are there in the UK?', demo)).toBeNull();
    expect(findUnmeasured('How many Germans are aware of Vodafone?', demo)).toBeNull();
    expect(findUnmeasured('How many holidays do Germans take a year?', demo)).toBeNull();
  });
  it('reads "how many times" in French, Spanish, Portuguese and Italian', () => {
    expect(findUnmeasured('Combien de fois par semaine les Français commandent-ils sur Uber Eats ?', demo)?.kind).toBe('metric');
  });
});

describe('findUnmeasured, more measures in other words', () => {
  it('reads ages in Japanese', () => {
    expect(findUnmeasured('日本の65歳以上の人でLINEを使っている人の割合は？', demo)?.kind).toBe('age');
  });
  it('reads earnings, followers and thousands written the continental way', () => {
    expect(findUnmeasured('¿Qué porcentaje de españoles gana más de 30.000 euros al año?', demo)).toMatchObject({ kind: 'money', currency: '€' });
    expect(findUnmeasured('Quantos seguidores o Instagram da Nike tem no Brasil?', demo)?.kind).toBe('metric');
  });
  it('reads advertising performance as a metric the survey lacks', () => {
    expect(findUnmeasured("What's Coca-Cola's share of voice in the UK?", demo)?.kind).toBe('metric');
    expect(findUnmeasured("What's the click-through rate of YouTube ads among Gen Z?", demo)?.kind).toBe('metric');
  });
});

describe('findUnmeasured, children in other languages', () => {
  it('refuses children asked about as the people measured', () => {
    expect(findUnmeasured('¿Qué porcentaje de niños en España usa YouTube?', demo)?.kind).toBe('age');
    expect(findUnmeasured('Wie viele Kinder in Deutschland spielen Fortnite?', demo)?.kind).toBe('age');
    expect(findUnmeasured('Quale percentuale dei bambini in Spagna usa YouTube?', demo)?.kind).toBe('age');
  });
  it('leaves the children of parents, whose ages describe the parents', () => {
    expect(findUnmeasured('Welcher Anteil der Eltern mit Kindern unter 5 in Deutschland kauft Windeln?', demo)).toBeNull();
    expect(findUnmeasured('¿Qué porcentaje de padres con niños pequeños en España usa Instagram?', demo)).toBeNull();
  });
});

describe('findUnmeasured, shares of income and statements of the catalogue', () => {
  it('reads a share of income or budget as an amount of money', () => {
    expect(findUnmeasured('What percentage of their income do Gen Z in the UK spend on streaming?', demo)?.kind).toBe('money');
  });
  it('leaves an ask that is an agreement statement of the catalogue ("would pay more for eco-friendly products")', () => {
    expect(findUnmeasured('What share of Gen Z would pay more for eco-friendly products?', demo)).toBeNull();
  });
  it('reads the hours of one platform as time on it', () => {
    expect(findUnmeasured("What's the average number of hours Gen Z spend on TikTok per week?", demo)?.kind).toBe('metric');
  });
});

describe('findUnmeasured, counts a question does hold', () => {
  it('leaves "how many holidays a year", which "Holidays taken per year" counts', () => {
    expect(findUnmeasured('How many holidays a year do Germans take?', demo)).toBeNull();
  });
});

describe('findUnmeasured, Japanese read as the planner reads it', () => {
  it('reads the rest of a Japanese ask in English words and names the currency by name', () => {
    const ask = findUnmeasured('日本の人はゲームに毎月何円使っていますか？', demo);
    expect(ask?.what).toBe('an amount of money in yen');
    expect(ask?.rest).toMatch(/game/);
  });
});

describe('agesAsked, of people "of" ages in years', () => {
  it('reads "women of 25 to 34 years" (another language read in English) as those ages, never a lone duration', () => {
    expect(ages('the women of 25 to 34 years in brazil')).toEqual([[25, 34]]);
    expect(ages('in 25 to 34 years')).toEqual([]);
  });
});

describe('findUnmeasured, of reasons, respondents and shares of sales', () => {
  it('reads "why" as the reasons, to be asked in those words, whatever questions name "why"', () => {
    expect(findUnmeasured('Why are fewer Gen Z using Facebook?', demo)).toMatchObject({
      words: 'why',
      askedAs: 'what are the reasons are fewer gen z using facebook',
    });
    expect(findUnmeasured('Warum nutzen immer weniger Deutsche Facebook?', demo)?.words).toBe('why');
  });
  it('refuses a list of respondents, in English and other languages', () => {
    expect(findUnmeasured('List the respondents in Germany who own a Tesla.', demo)?.what).toMatch(/individual respondents/);
    expect(findUnmeasured('¿Me puedes pasar la lista de encuestados en España?', demo)?.what).toMatch(/individual respondents/);
  });
  it('reads a cue with words between its parts, keeping those words in the rest', () => {
    expect(findUnmeasured("What's Samsung's share of smartphone sales in India?", demo)).toMatchObject({
      kind: 'metric',
      rest: 'what samsung smartphone in india',
    });
    expect(findUnmeasured('Quel est le taux de désabonnement de Netflix en France ?', demo)?.what).toBe('churn or retention');
  });
});

describe('findUnmeasured: metrics named in the lexicon', () => {
  it('finds a sentiment score, raw responses and a basket value asked in German', () => {
    expect(findUnmeasured("What's the brand sentiment score for Adidas among Gen Z in France?", demo)?.what).toBe('a sentiment score');
    expect(findUnmeasured('Can you send me the raw responses of the women in Spain who bought from Shein?', demo)?.kind).toBe('metric');
    expect(findUnmeasured('Wie hoch ist der durchschnittliche Warenkorbwert bei Zalando in Deutschland?', demo)).not.toBeNull();
    expect(findUnmeasured("What's the average time Gen Z in the UK spend on Instagram per day?", demo)?.what).toMatch(/time spent/);
  });
});

describe('findUnmeasured, traits no question asks (missing-breakdowns.json)', () => {
  it('finds a breakdown or a group of people by ethnicity, religion, orientation or vote', () => {
    expect(findUnmeasured("What's the ethnic breakdown of TikTok users in the US?", demo)?.what).toMatch(/ethnicity/);
    expect(findUnmeasured('Split Netflix viewers in the UK by religion, please.', demo)?.what).toMatch(/religion/);
    expect(findUnmeasured('What share of LGBTQ+ adults in the US use Instagram?', demo)?.what).toMatch(/sexual orientation/);
    expect(findUnmeasured('Which party do Gen Z in France vote for?', demo)?.kind).toBe('metric');
  });
  it('finds personal details of respondents and reasons asked as "for which reasons"', () => {
    expect(findUnmeasured('Export the names and postcodes of UK respondents who would consider a Tesla', demo)?.what).toMatch(/individual respondents/);
    expect(findUnmeasured('For which reasons do the French cancel Netflix?', demo)?.askedAs).toMatch(/^what are the reasons/);
  });
  it('leaves the catalogue’s own answers and traits it asks', () => {
    expect(findUnmeasured('What share of Americans follow a halal diet?', demo)).toBeNull();
    expect(findUnmeasured('What share of Gen Z in France are interested in politics?', demo)).toBeNull();
  });
});
