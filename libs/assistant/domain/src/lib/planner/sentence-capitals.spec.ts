import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { focusBrief } from './brief';
import { sentencesByCapitals } from './sentence-capitals';

const demo = demoPlannerCatalogue();

describe('the sentences of a line typed without sentence marks', () => {
  it('starts a sentence at a word written with a capital only where one starts', () => {
    expect(sentencesByCapitals('The client has gone quiet Their agency keeps pushing Pinterest Which platforms do women use most')).toEqual([
      'The client has gone quiet',
      'Their agency keeps pushing Pinterest',
      'Which platforms do women use most?',
    ]);
    expect(sentencesByCapitals('We sell in the US How many of them have a dog')).toEqual(['We sell in the US', 'How many of them have a dog?']);
  });
  it('keeps names, "I", a title and a line with its full stops whole', () => {
    expect(sentencesByCapitals('What share of people who shop at Tesco use Disney+')).toHaveLength(1);
    expect(sentencesByCapitals('which brands I doubt people know')).toHaveLength(1);
    expect(sentencesByCapitals('Share Of Millennials In Brazil Who Go Running')).toHaveLength(1);
    expect(sentencesByCapitals('The client is new. What share of Gen Z use TikTok?')).toHaveLength(1);
    expect(sentencesByCapitals('readers of The Ordinary', (rest) => rest.startsWith('The Ordinary'))).toHaveLength(1);
  });
  it('splits in the other languages by their function words', () => {
    expect(sentencesByCapitals('Unser Kunde ist eine Bank Welcher Anteil der Millennials nutzt Netflix')).toEqual([
      'Unser Kunde ist eine Bank',
      'Welcher Anteil der Millennials nutzt Netflix?',
    ]);
  });
  it('starts a question said in lower case after words of context that name no people or place', () => {
    const namesWho = (text: string) => /\b(US|Gen Z)\b/.test(text);
    expect(sentencesByCapitals('quick one before the board meeting the cmo wants numbers on puma what share of women use nike', undefined, namesWho)).toEqual([
      'quick one before the board meeting the cmo wants numbers on puma',
      'what share of women use nike?',
    ]);
    expect(sentencesByCapitals('Of Netflix subscribers in the US how many also pay for Disney+', undefined, namesWho)).toHaveLength(1);
    expect(sentencesByCapitals('Do ChatGPT users and non-users differ in how much they use a VPN', undefined, namesWho)).toHaveLength(1);
    expect(sentencesByCapitals('spotify but not apple music - how common among millennials', undefined, namesWho)).toHaveLength(1);
  });
  it('reads the question of a brief typed without punctuation, the context set aside', () => {
    const focus = focusBrief(
      'Our client is a pet food start-up and the deck already has a slide on the US Bottom line how many people in the UK own a dog',
      demo,
    );
    expect(focus?.ask).toBe('How many people in the UK own a dog');
    expect(focusBrief('We sell to dog owners in the US How many of them have an Amazon Prime subscription', demo)?.resolved).toMatch(/^How many of/);
  });
});
