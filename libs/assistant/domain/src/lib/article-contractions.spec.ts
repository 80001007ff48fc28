import { contractedPhrases } from './article-contractions';
import { translateWords } from './languages';

describe('contractedPhrases: a phrase opening with an article is also read after a preposition holding it', () => {
  it('reads "des Françaises" as "les Françaises" after "of"', () => {
    expect(
      contractedPhrases(
        [
          ['des', 'of'],
          ['les francaises', 'women in france'],
        ],
        'fr',
      ),
    ).toEqual([['des francaises', 'of women in france']]);
    expect(translateWords(['quelle', 'part', 'des', 'francaises'], 'fr').join(' ')).toContain('of women in france');
  });
  it('reads Portuguese and Italian contractions of the feminine article', () => {
    expect(translateWords(['entre', 'as', 'brasileiras'], 'pt').join(' ')).toContain('women in brazil');
    expect(translateWords(['quantas', 'das', 'brasileiras'], 'pt').join(' ')).toContain('of women in brazil');
    expect(translateWords(['quante', 'delle', 'francesi'], 'it').join(' ')).toContain('of women in france');
  });
  it('reads the article the phrase translates as held by the contracted word', () => {
    expect(
      contractedPhrases(
        [
          ['des', 'of'],
          ['les francais', 'the francais'],
        ],
        'fr',
      ),
    ).toEqual([['des francais', 'of francais']]);
  });
  it('leaves a phrase the table writes itself as written, and a language without contractions alone', () => {
    expect(
      contractedPhrases(
        [
          ['des', 'of'],
          ['les francaises', 'women in france'],
          ['des francaises', 'french things'],
        ],
        'fr',
      ),
    ).toEqual([]);
    expect(contractedPhrases([['las espanolas', 'women in spain']], 'es')).toEqual([]);
  });
});
