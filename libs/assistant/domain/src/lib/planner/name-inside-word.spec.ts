import { AnalysisPlan } from '../assistant.types';
import { nameInsideWord } from './name-inside-word';

const planOf = (...names: string[]) => ({ topic: { datapoints: names.map((name, i) => ({ code: `d${i}`, name })) } }) as unknown as AnalysisPlan;

describe('nameInsideWord', () => {
  it('finds an unused word that ends in the name of a measured answer', () => {
    expect(nameInsideWord('What share of Brits are aware of Gymshark?', planOf('Shark'), ['gymshark'])).toBe('gymshark');
    expect(nameInsideWord('Who buys pineapple?', planOf('Apple'), ['pineapple'])).toBe('pineapple');
  });

  it('leaves names said on their own, short names and words that only start with a name', () => {
    expect(nameInsideWord('Shark or Gymshark?', planOf('Shark'), ['gymshark'])).toBeNull();
    expect(nameInsideWord('who uses xbox', planOf('X'), ['xbox'])).toBeNull();
    expect(nameInsideWord('netflixers in the UK', planOf('Netflix'), ['netflixers'])).toBeNull();
    expect(nameInsideWord('What share use Netflix?', planOf('Netflix'), [])).toBeNull();
  });
});
