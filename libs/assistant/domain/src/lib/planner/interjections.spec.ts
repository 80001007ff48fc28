import { dropTrailingInterjections } from './interjections';

describe('dropTrailingInterjections', () => {
  it('drops interjections that end a clause', () => {
    expect(dropTrailingInterjections(['people', 'who', 'vape', 'in', 'the', 'uk', 'how', 'many', 'lol'])).toEqual([
      'people',
      'who',
      'vape',
      'in',
      'the',
      'uk',
      'how',
      'many',
    ]);
    expect(dropTrailingInterjections(['share', 'of', 'gen', 'z', 'on', 'tiktok', 'tbh', 'haha'])).toEqual(['share', 'of', 'gen', 'z', 'on', 'tiktok']);
  });

  it('keeps one that is the object of a verb of use or a preposition', () => {
    expect(dropTrailingInterjections(['how', 'many', 'people', 'play', 'lol'])).toEqual(['how', 'many', 'people', 'play', 'lol']);
    expect(dropTrailingInterjections(['gen', 'z', 'watching', 'lol'])).toEqual(['gen', 'z', 'watching', 'lol']);
    expect(dropTrailingInterjections(['esports', 'fans', 'of', 'lol'])).toEqual(['esports', 'fans', 'of', 'lol']);
  });

  it('keeps a clause that is only the word', () => {
    expect(dropTrailingInterjections(['lol'])).toEqual(['lol']);
  });
});
