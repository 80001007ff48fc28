import { PlanAudience } from '../assistant.types';
import { nameDocked } from './docked';

const dock = (...names: string[]): PlanAudience[] => names.map((name) => ({ id: name, name, description: '', expression: {}, origin: 'docked' }));

describe('nameDocked', () => {
  it('writes a reference to the docked audiences as their names', () => {
    expect(nameDocked('How does my docked audience compare with Gen X on Spotify?', dock('Gen Z'))).toBe('How does Gen Z compare with Gen X on Spotify?');
    expect(nameDocked('how do my audiences compare on Netflix use?', dock('Parents', 'Men'))).toBe('how do Parents and Men compare on Netflix use?');
  });
  it('reads "these two segments", "both groups" as the docked audiences', () => {
    expect(nameDocked('How do these two segments differ on Reddit use?', dock('Gamers', 'Men'))).toBe('How do Gamers and Men differ on Reddit use?');
    expect(nameDocked('Do both groups use Discord?', dock('Gamers', 'Men'))).toBe('Do Gamers and Men use Discord?');
  });
  it('reads a reference as the docked audiences the prompt does not name already', () => {
    expect(nameDocked('Premium shoppers vs Gen Z vs my other audience on Zara', dock('Premium shoppers', 'Low income'))).toBe(
      'Premium shoppers vs Gen Z vs Low income on Zara',
    );
    expect(nameDocked('Compare my audiences on Zara', dock('Premium shoppers', 'Low income'))).toBe('Compare Premium shoppers and Low income on Zara');
  });
  it('drops the marks around a docked audience named in the prompt', () => {
    expect(nameDocked('Compare my docked Parents audience with Gen Z', dock('Parents'))).toBe('Compare Parents with Gen Z');
    expect(nameDocked('my Parents audience versus Non-parents under 35', dock('Parents'))).toBe('Parents versus Non-parents under 35');
  });
  it('reads the head of a docked name before its qualifier as that audience', () => {
    expect(nameDocked('Uber Eats usage in the US for the non-parents', dock('Parents', 'Non-parents under 35'))).toBe(
      'Uber Eats usage in the US for Non-parents under 35',
    );
    expect(nameDocked('Non-parents under 35 vs Parents', dock('Parents', 'Non-parents under 35'))).toBe('Non-parents under 35 vs Parents');
  });
  it('leaves a prompt with nothing docked as written', () => {
    expect(nameDocked('How does my docked audience compare with Gen X?', [])).toBe('How does my docked audience compare with Gen X?');
  });
});

describe('nameDocked, one of several by its place', () => {
  it('writes "the first one", "my second audience", "the latter" as that docked audience', () => {
    expect(nameDocked('Just the first one: TikTok use in the UK', dock('Gen Z', 'Millennials'))).toBe('Just Gen Z: TikTok use in the UK');
    expect(nameDocked('Netflix use for my second audience', dock('Gen Z', 'Millennials'))).toBe('Netflix use for Millennials');
    expect(nameDocked('What share of the latter use Spotify?', dock('Women', 'Men'))).toBe('What share of Men use Spotify?');
  });
  it('leaves periods and a single docked audience alone', () => {
    expect(nameDocked('TikTok use in the last quarter', dock('Women', 'Men'))).toBe('TikTok use in the last quarter');
    expect(nameDocked('What share of the first one use Spotify?', dock('Women'))).toBe('What share of the first one use Spotify?');
  });
});

describe('nameDocked, a bare ordinal set against another side', () => {
  it('reads "the first one vs the second on ..." as both docked audiences', () => {
    expect(nameDocked('the first one vs the second on meal kit subscriptions', dock('Parents', 'Gen Z'))).toBe('Parents vs Gen Z on meal kit subscriptions');
  });
  it('keeps "the second quarter" a period', () => {
    expect(nameDocked('Netflix use in the second quarter', dock('Parents', 'Gen Z'))).toBe('Netflix use in the second quarter');
  });
});

describe('nameDocked, "my other audience" in a follow-up', () => {
  it('is the docked audience the previous answer was not for', () => {
    expect(nameDocked('what about my other audience?', dock('Women', 'Men'), dock('Women'))).toBe('what about Men?');
    expect(nameDocked('what about the other docked audience?', dock('Women', 'Men'), dock('Women'))).toBe('what about Men?');
    expect(nameDocked('what about my docked audiences?', dock('Women', 'Men'), dock('Women'))).toBe('what about Women and Men?');
  });
});

describe('nameDocked, some of three docked audiences', () => {
  it('reads "the first two" and "the last two" by their places', () => {
    expect(nameDocked('Compare the first two on Netflix', dock('Gen Z', 'Millennials', 'Gen X'))).toBe('Compare Gen Z and Millennials on Netflix');
    expect(nameDocked('the last two ones on Netflix', dock('Gen Z', 'Millennials', 'Gen X'))).toBe('Millennials and Gen X on Netflix');
  });
  it('leaves out the one excluded from a reference to them all', () => {
    expect(nameDocked('Compare my audiences on Netflix, but leave out Gen X', dock('Gen Z', 'Millennials', 'Gen X'))).toBe(
      'Compare Gen Z and Millennials on Netflix',
    );
  });
  it('reads references in the languages of the markets', () => {
    expect(nameDocked('Vergleiche Gen Z mit meiner gespeicherten Zielgruppe bei Netflix', dock('Parents'))).toBe('Vergleiche Gen Z mit Parents bei Netflix');
    expect(nameDocked('Compara a Gen Z con mi audiencia en Netflix', dock('Parents'))).toBe('Compara a Gen Z con Parents en Netflix');
    expect(nameDocked('Compare mes deux segments sur Netflix', dock('Parents', 'Gen Z'))).toBe('Compare Parents and Gen Z sur Netflix');
  });
});

describe('nameDocked, Japanese references', () => {
  it('writes 私のオーディエンス and この2つのオーディエンス as the docked audiences', () => {
    expect(nameDocked('Z世代と私のオーディエンスでNetflixの利用を比較', dock('Parents'))).toBe('Z世代と Parents でNetflixの利用を比較');
    expect(nameDocked('この2つのオーディエンスでテスラの認知度を比較して', dock('Parents', 'Gen Z'))).toBe(' Parents and Gen Z でテスラの認知度を比較して');
  });
});

describe('nameDocked, references in other forms', () => {
  it('reads an ordinal in the languages of the markets as that docked audience', () => {
    expect(nameDocked('Vergleiche meine zweite Zielgruppe mit der Generation Z', dock('Women', 'Men'))).toBe('Vergleiche Men mit der Generation Z');
    expect(nameDocked('Et la première face aux Baby boomers sur Snapchat ?', dock('Gen Z', 'Millennials'))).toBe(
      'Et Gen Z face aux Baby boomers sur Snapchat ?',
    );
    expect(nameDocked('¿Y la primera vez?', dock('Gen Z', 'Millennials'))).toBe('¿Y la primera vez?');
  });
  it('reads "las dos", "les deux" as both of two docked audiences, and "these shoppers" as the one docked', () => {
    expect(nameDocked('¿Cómo se comparan las dos con los Millennials?', dock('Gen Z', 'Baby boomers'))).toBe(
      '¿Cómo se comparan Gen Z and Baby boomers con los Millennials?',
    );
    expect(nameDocked('How do these shoppers compare with Premium shoppers?', dock('Luxury fashion buyers'))).toBe(
      'How do Luxury fashion buyers compare with Premium shoppers?',
    );
    expect(nameDocked('How do these shoppers compare with Premium shoppers?', dock('Gen Z', 'Men'))).toBe(
      'How do these shoppers compare with Premium shoppers?',
    );
  });
});

describe('nameDocked, a demonstrative in the languages of the markets', () => {
  it('writes "ce groupe", "dieser Zielgruppe", "este público", "desse público" as the docked audience', () => {
    expect(nameDocked('et ce groupe en Allemagne ?', dock('Gen Z'))).toBe('et Gen Z en Allemagne ?');
    expect(nameDocked('Wie viele aus dieser Zielgruppe kaufen Second-Hand?', dock('Parents'))).toBe('Wie viele aus Parents kaufen Second-Hand?');
    expect(nameDocked('¿Qué servicios usa más este público?', dock('Parents'))).toBe('¿Qué servicios usa más Parents?');
    expect(nameDocked('Que parte desse público tem Revolut?', dock('High income'))).toBe('Que parte High income tem Revolut?');
  });
});

describe('nameDocked, one of several by a pronoun', () => {
  it('reads an ordinal standing alone in the languages of the markets, never before a period or a superlative', () => {
    expect(nameDocked('¿Qué porcentaje de la segunda usa Reddit en Australia?', dock('Women', 'Men'))).toBe('¿Qué porcentaje de Men usa Reddit en Australia?');
    expect(nameDocked('Et la première utilise Snapchat ?', dock('Women', 'Men'))).toBe('Et Women utilise Snapchat ?');
    expect(nameDocked('¿Y en la segunda ola?', dock('Women', 'Men'))).toBe('¿Y en la segunda ola?');
    expect(nameDocked('¿Cuál es la segunda más usada?', dock('Women', 'Men'))).toBe('¿Cuál es la segunda más usada?');
  });
  it('reads a Japanese ordinal audience', () => {
    expect(nameDocked('私の最初のオーディエンスで、スマートウォッチを持っている人の割合は？', dock('Tech early adopters', 'Gamers'))).toBe(
      ' Tech early adopters で、スマートウォッチを持っている人の割合は？',
    );
    expect(nameDocked('2つ目のセグメントは？', dock('Tech early adopters', 'Gamers'))).toBe(' Gamers は？');
  });
  it('reads "the other one" after an answer for some of the docked audiences as the ones it did not have', () => {
    const docked = dock('Eco-conscious consumers', 'Electric car drivers');
    expect(nameDocked('and the other one?', docked, dock('Eco-conscious consumers'))).toBe('and Electric car drivers?');
    expect(nameDocked('¿Y la otra?', docked, dock('Electric car drivers'))).toBe('¿Y Eco-conscious consumers?');
    // With no answer for one of them, "the other one" refers to nothing docked.
    expect(nameDocked('and the other one?', docked, dock('Gen Z'))).toBe('and the other one?');
  });
});
