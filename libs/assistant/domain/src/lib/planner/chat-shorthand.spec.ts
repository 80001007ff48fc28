import { spelledOut } from './chat-shorthand';

describe('chat-shorthand: shorthand spelt out before the prompt is read', () => {
  it('spells out the lexicon one-word shorthand typed in lower case and standing alone', () => {
    expect(spelledOut('how many ppl is the second group?')).toBe('how many people is the second group?');
    expect(spelledOut('what abt the same quarter a year earlier?')).toBe('what about the same quarter a year earlier?');
    expect(spelledOut('gimme the top 3')).toBe('give me the top 3');
  });

  it('spells out the slashed forms', () => {
    expect(spelledOut('replace the US w/ Japan')).toBe('replace the US with Japan');
    expect(spelledOut('people w/o a car')).toBe('people without a car');
    expect(spelledOut('the gap b/w men and women')).toBe('the gap between men and women');
  });

  it('leaves words in capitals, inside other words or joined by signs as written', () => {
    expect(spelledOut('Is PPL a brand?')).toBe('Is PPL a brand?');
    expect(spelledOut('R&B and rock n roll')).toBe('R&B and rock and roll');
    expect(spelledOut("rock'n'roll fans")).toBe("rock'n'roll fans");
    expect(spelledOut('people in their 20s')).toBe('people in their 20s');
  });
});
