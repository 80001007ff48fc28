import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { withBriefScope } from './brief-scope';

const demo = demoPlannerCatalogue();

describe('withBriefScope', () => {
  it('asks a question that names no market of the one market the context is about', () => {
    expect(withBriefScope('Among Gen Z, what share use Strava?', ['We are taking our fitness app to Brazil next year.'], demo)).toBe(
      'Among Gen Z, what share use Strava in Brazil?',
    );
    expect(withBriefScope('Which news sources do they use most?', ['focus market: the US'], demo)).toBe(
      'Which news sources do they use most in United States?',
    );
  });
  it('asks it of the audience the context states as its target, not of one it only mentions', () => {
    expect(withBriefScope('How many have a meal kit subscription?', ['Brief: our core audience is Parents in Australia.'], demo)).toBe(
      'How many have a meal kit subscription among parents in Australia?',
    );
    expect(withBriefScope('What share use Klarna?', ['Our customers are mostly Millennials.'], demo)).toBe('What share use Klarna among millennials?');
    expect(withBriefScope('What share hold cryptocurrency?', ['The product is a savings app for Millennials.'], demo)).toBe('What share hold cryptocurrency?');
  });
  it('asks it of a place the data does not cover, so that it is refused for it rather than answered for every market', () => {
    expect(withBriefScope('What share of Gen Z use TikTok?', ['We launch our app in Italy next year.'], demo)).toBe('What share of Gen Z use TikTok in Italy?');
  });
  it('adds no target to a question that defines its own people by what they do', () => {
    expect(
      withBriefScope(
        "Among Americans who don't use Instagram, which types of holiday are most popular?",
        ["We already have the Gen Z persona from last year's work."],
        demo,
      ),
    ).toBe("Among Americans who don't use Instagram, which types of holiday are most popular?");
  });
  it('keeps the question as written when it names its own scope, or the context names several markets', () => {
    expect(withBriefScope('What share of women in the UK use Instagram?', ['Target: Millennials in Spain.'], demo)).toBe(
      'What share of women in the UK use Instagram?',
    );
    expect(withBriefScope('What share use TikTok?', ['We sell in Germany.', 'Our rival is big in France.'], demo)).toBe('What share use TikTok?');
  });
  it('adds no market or audience from the context to a question that ranks the markets or the groups of people', () => {
    expect(withBriefScope('In which of our markets is online grocery delivery most used?', ['The CFO prefers Germany because of the hub there.'], demo)).toBe(
      'In which of our markets is online grocery delivery most used?',
    );
    expect(withBriefScope('Which country has the most Spotify users?', ['We are a label based in France.'], demo)).toBe(
      'Which country has the most Spotify users?',
    );
    expect(withBriefScope('Which age group is most likely to use Telegram?', ['Our customers are mostly Millennials.'], demo)).toBe(
      'Which age group is most likely to use Telegram?',
    );
  });
  it('reads a brief in another language for its stated audience, and then asks the question in English words', () => {
    expect(withBriefScope('¿Qué porcentaje bebe cerveza?', ['mercado: España', 'público: hombres'], demo)).toBe(
      'what porcentaje drinks beer among men in Spain?',
    );
    expect(withBriefScope('¿Qué porcentaje de mujeres bebe cerveza?', ['público: hombres'], demo)).toBe('¿Qué porcentaje de mujeres bebe cerveza?');
  });
  it('takes no target from a figure quoted about people', () => {
    expect(withBriefScope('What share use Pinterest?', ['Our CRM says 62% of our customers are women aged 25-34.'], demo)).toBe('What share use Pinterest?');
  });
  it('keeps the ages that qualify the stated audience', () => {
    expect(withBriefScope('What share use Pinterest?', ['Our target is women aged 25-34.'], demo)).toBe('What share use Pinterest among women aged 25-34?');
  });
  it('asks of every market the context states as the scope, side by side', () => {
    expect(
      withBriefScope('Which news sources do Baby boomers use most?', ['The client only operates in France and Spain, so keep it to those two markets.'], demo),
    ).toBe('Which news sources do Baby boomers use most in France and Spain?');
  });
});

describe('withBriefScope, of a Japanese brief', () => {
  it('asks the question of the one market the Japanese context names', () => {
    expect(
      withBriefScope(
        '現地のミレニアル世代でUber Eatsを使っている人の割合は？',
        ['来年の春にオーストラリアで新しい配達アプリを出します。'],
        demoPlannerCatalogue(),
      ),
    ).toBe('現地のミレニアル世代でUber Eatsを使っている人の割合は in Australia？');
  });
});
