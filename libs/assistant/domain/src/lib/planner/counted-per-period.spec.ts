import { countedPerPeriod } from './counted-per-period';
import { wordsOf } from './mentions';

const counted = (prompt: string) => countedPerPeriod(wordsOf(prompt));

describe('countedPerPeriod', () => {
  it('finds a number of things per period, keeping what they are of in the rest', () => {
    expect(counted('How many podcast episodes per week do Australians listen to?')).toMatchObject({
      words: 'episodes per week',
      rest: 'how many podcast do australians listen to',
      offerNamed: ['frequency'],
    });
    expect(counted('how many coffees a day do Germans drink')).toMatchObject({ words: 'coffees a day' });
  });
  it('leaves times, hours, money and people to the other asks, and counts with no period', () => {
    expect(counted('How many times a week do Gen Z use TikTok?')).toBeNull();
    expect(counted('How many hours a day do people stream?')).toBeNull();
    expect(counted('How many people in France use TikTok?')).toBeNull();
    expect(counted('How many streaming services do Gen Z use?')).toBeNull();
  });
});

describe('countedPerPeriod and people counted', () => {
  it('reads "how many" of people, or with a verb straight after it, as a size rather than things per period', () => {
    expect(counted('How many of them use it every day?')).toBeNull();
    expect(counted('How many Brits use Snapchat every day?')).toBeNull();
    expect(counted('how many use it every day')).toBeNull();
  });
});
