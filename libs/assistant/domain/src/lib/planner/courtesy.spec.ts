import { withoutClosing, withoutCourtesy, withoutLeadIn, withoutOpening, withoutPoliteness } from './courtesy';

describe('withoutOpening', () => {
  it('drops a greeting, said to anyone, before the ask', () => {
    expect(withoutOpening('Hey all — what share of Gen Z use TikTok?')).toBe('what share of Gen Z use TikTok?');
    expect(withoutOpening('Howdy folks! Which bank leads in Brazil?')).toBe('Which bank leads in Brazil?');
    expect(withoutOpening('Good afternoon, how many Brits vape?')).toBe('how many Brits vape?');
    expect(withoutOpening('Hi Sam, what share use TikTok?')).toBe('what share use TikTok?');
  });

  it('reads a greeting with its letters drawn out, and one typed with no mark before the ask', () => {
    expect(withoutOpening('heyyy, and France?')).toBe('and France?');
    expect(withoutOpening('hiii what share use tiktok')).toBe('what share use tiktok');
  });

  it('keeps the follow-up after thanks or a greeting', () => {
    expect(withoutOpening('thanks — and for women?')).toBe('and for women?');
    expect(withoutOpening('Yo! And a year earlier?')).toBe('And a year earlier?');
    expect(withoutOpening('Ok great, thank you! Now for France?')).toBe('Now for France?');
  });

  it('keeps a name that starts with a greeting word, and a clause that only acknowledges', () => {
    expect(withoutOpening('Hello Fresh users in the UK')).toBe('Hello Fresh users in the UK');
    expect(withoutOpening('ok then Threads')).toBe('ok then Threads');
    expect(withoutOpening('Evening viewers, how many watch the news?')).toBe('Evening viewers, how many watch the news?');
  });
});

describe('withoutClosing', () => {
  it('drops thanks and sign-offs in any words of thanks', () => {
    expect(withoutClosing('How often are they on it? Thanks so much for your help!')).toBe('How often are they on it?');
    expect(withoutClosing('how often, then? Much appreciated.')).toBe('how often, then?');
    expect(withoutClosing('What share use TikTok? Ta very much, Sam')).toBe('What share use TikTok? Ta very much, Sam');
    expect(withoutClosing('What share use TikTok? Thanks a lot, Sam')).toBe('What share use TikTok?');
    expect(withoutClosing('What share use TikTok? Kind regards')).toBe('What share use TikTok?');
  });

  it('drops thanks typed with no mark before them', () => {
    expect(withoutClosing('same thing but 2026 thank u')).toBe('same thing but 2026');
    expect(withoutClosing('what are gen z in japan into thnx')).toBe('what are gen z in japan into');
    expect(withoutClosing('swap de for fr i really appreciate it')).toBe('swap de for fr');
    expect(withoutClosing('what share use tiktok, please and thank you')).toBe('what share use tiktok');
    expect(withoutClosing('same thing but 2026 many thanks')).toBe('same thing but 2026');
    expect(withoutClosing('linkdin users germany how many cheers')).toBe('linkdin users germany how many');
  });

  it('keeps a verb of thanks that is the question’s own', () => {
    expect(withoutClosing('Which brands do Gen Z appreciate?')).toBe('Which brands do Gen Z appreciate?');
    expect(withoutClosing('What share of people who use it')).toBe('What share of people who use it');
    expect(withoutClosing('Which groups are most likely to say thank you')).toBe('Which groups are most likely to say thank you');
  });
});

describe('withoutPoliteness', () => {
  it('drops a politeness marker that ends a clause, with its comma', () => {
    expect(withoutPoliteness('What share of Gen Z in France use TikTok, please?')).toBe('What share of Gen Z in France use TikTok?');
    expect(withoutPoliteness('Just Netflix plz')).toBe('Just Netflix');
    expect(withoutPoliteness('By age, kindly, in France')).toBe('By age, in France');
    expect(withoutPoliteness('The average basket value, in £, please?')).toBe('The average basket value, in £?');
  });

  it('drops a courteous condition', () => {
    expect(withoutPoliteness('What share use TikTok, if possible?')).toBe('What share use TikTok?');
    expect(withoutPoliteness('What share use TikTok when you get a chance.')).toBe('What share use TikTok.');
    expect(withoutPoliteness("How many vape, if you don't mind")).toBe('How many vape');
  });

  it('keeps a condition that says something, and a request that opens with please', () => {
    expect(withoutPoliteness('what share use TikTok if you count stories')).toBe('what share use TikTok if you count stories');
    expect(withoutPoliteness('Please pull the share of women in India')).toBe('Please pull the share of women in India');
    expect(withoutPoliteness('How many people say please')).toBe('How many people say please');
  });
});

describe('withoutLeadIn', () => {
  it('drops a lead-in of asking, telling or knowing before an embedded question', () => {
    expect(withoutLeadIn('Would you be able to show me which brand leads?')).toBe('which brand leads?');
    expect(withoutLeadIn('Do you know how many people vape')).toBe('how many people vape');
    expect(withoutLeadIn("I'm curious who uses Snapchat most")).toBe('who uses Snapchat most');
    expect(withoutLeadIn('Any idea what share of Gen Z use TikTok?')).toBe('what share of Gen Z use TikTok?');
    expect(withoutLeadIn('Do you happen to know which brand leads?')).toBe('which brand leads?');
  });

  it('keeps the opener that marks a follow-up', () => {
    expect(withoutLeadIn('and could you let me know how many of them are Gen Z?')).toBe('and how many of them are Gen Z?');
  });

  it('keeps words that are no lead-in', () => {
    expect(withoutLeadIn('Can you break down how Gen Z use TikTok?')).toBe('Can you break down how Gen Z use TikTok?');
    expect(withoutLeadIn('Which brand leads? Tell me')).toBe('Which brand leads? Tell me');
  });
});

describe('withoutCourtesy', () => {
  it('drops every part of the wrapping together', () => {
    expect(withoutCourtesy('Hi team! Could you tell me what share of Gen Z use TikTok, please? Many thanks, Anna')).toBe('what share of Gen Z use TikTok?');
  });

  it('keeps a prompt that is only courtesy', () => {
    expect(withoutCourtesy('Thanks!')).toBe('Thanks!');
  });
});
