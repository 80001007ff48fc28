import { indexOf } from '../catalogue-index';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { normaliseWords } from './normalise';
import { correctMisspelling, correctShortSlip, joinSplitNames, spacedName, splitRunTogether } from './word-bounds';

const index = indexOf(demoPlannerCatalogue());
const words = (raw: string) => normaliseWords(raw, index).words.join(' ');

describe('word-bounds: word boundaries and spellings repaired against the known words', () => {
  it('splits a word run together from two known words when the pair means something', () => {
    expect(splitRunTogether('howmany', index)).toEqual(['how', 'many']);
    expect(splitRunTogether('applepay', index)).toEqual(['apple', 'pay']);
    expect(splitRunTogether('whichsocial', index)).toEqual(['which', 'social']);
    expect(words('whatshare of aussies play golf')).toBe('what share of aussies play golf');
  });

  it('never splits two function words alone, a known word, or a typo of a catalogue word', () => {
    expect(splitRunTogether('however', index)).toBeUndefined();
    expect(splitRunTogether('somewhere', index)).toBeUndefined();
    expect(splitRunTogether('instagram', index)).toBeUndefined();
    expect(splitRunTogether('spotfiy', index)).toBeUndefined();
  });

  it('joins two words that run together are exactly a one-word name, an autocorrected apostrophe-s too', () => {
    expect(joinSplitNames('share of brits on insta gram', index)).toBe('share of brits on instagram');
    expect(joinSplitNames("people in spain use what's app", index)).toBe('people in spain use whatsapp');
    expect(joinSplitNames('who is on face book', index)).toBe('who is on facebook');
    expect(joinSplitNames('what app do they use', index)).toBe('what app do they use');
  });

  it('reads a misspelt known word as the one known word that close, never one of two', () => {
    expect(correctMisspelling('considration', index)).toBe('consideration');
    expect(correctMisspelling('instagram', index)).toBe('instagram');
    expect(correctMisspelling('qzxwvbn', index)).toBe('qzxwvbn');
  });

  it('never reads a word of the dictionary as a place one letter away, while a misspelt place is still that place', () => {
    expect(correctMisspelling('settle', index)).toBe('settle');
    expect(correctMisspelling('seatle', index)).toBe('seattle');
  });

  it('repairs only English prompts: the other languages are translated word by word', () => {
    expect(words('howmany brits bank with monzo')).toBe('how many brits bank with monzo');
    expect(normaliseWords('wie viele deutsche nutzen chatgpt', index).lang).toBe('de');
  });

  it('reads a short word one slip from exactly one asking word, unless a catalogue word is as near', () => {
    expect(correctShortSlip('hoiw', index)).toBe('how');
    expect(correctShortSlip('mnay', index)).toBe('many');
    expect(correctShortSlip('opeo', index)).toBe('opeo');
    expect(words('hoiw many brits own a smartwatch')).toBe('how many brits own a smartwatch');
  });

  it('reads a five-letter word near only the forms of one catalogue word as the form with the letter it dropped', () => {
    expect(correctShortSlip('spors', index)).toBe('sports');
    expect(words('top 3 spors ppl follow in india')).toBe('top 3 sports people follow in india');
    // A letter too many, or a word written as a name, is not guessed: an unknown brand stays unknown.
    expect(correctShortSlip('rolex', index)).toBe('rolex');
    expect(correctShortSlip('spors', index, true)).toBe('spors');
    // A vowel dropped is the word meant even beside a word one letter changed ("bonds").
    expect(correctShortSlip('brnds', index)).toBe('brands');
  });

  it('reads a hyphenated over-index of another language ("über-indexiert", "sur-indexés")', () => {
    expect(words('Gen Z über-indexiert auf Snapchat?')).toContain('over index');
    expect(words('Les Millennials sont-ils sur-indexés sur Instagram ?')).toContain('over index');
  });

  it('reads a name of several words written without its spaces as that name, when it is one name', () => {
    expect(spacedName('genzers', index)).toEqual(['gen', 'zers']);
    expect(spacedName('babyboomers', index)).toEqual(['baby', 'boomers']);
    expect(spacedName('instagram', index)).toBeUndefined();
    expect(words('how many youngparents use tiktok')).toBe('how many young parents use tiktok');
  });

  it('reads a misspelt market where a market stands, and chat forms of "-wise", "no 1", "every single"', () => {
    expect(words('netflix usage in japn')).toBe('netflix usage in japan');
    expect(words('netflix users in spian')).toBe('netflix users in spain');
    expect(words('how many bought from temu percentage wise')).toBe('how many bought from temu as a percentage');
    expect(words('whats the no 1 social app')).toBe('what the number one social app');
    expect(words('use tiktok every single day')).toBe('use tiktok every day');
  });
});
