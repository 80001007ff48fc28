import { indexOf } from '../catalogue-index';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { planPrompt } from '../planner';
import { normaliseWords, writtenAsNames } from './normalise';
import { correctMisspelling } from './word-bounds';

const index = indexOf(demoPlannerCatalogue());
const words = (raw: string) => normaliseWords(raw, index).words.join(' ');

describe('normaliseWords: the prompt as English words', () => {
  it('reads chat shorthand and misspelt function words as the words meant', () => {
    expect(words('wat % of ppl use insta thru 2025')).toBe('what percent of people use insta through 2025');
  });

  it('reads a word written without its vowels as the one function word of those consonants', () => {
    expect(words('share of gen z tht listen to kpop')).toBe('share of gen z that listen to kpop');
    expect(words('wht share of germans hve a dog')).toBe('what share of germans have a dog');
    expect(words('hw many americans r vegan')).toBe('how many americans are vegan');
    // Names the catalogue knows stay ("bnpl"), as do consonants of several words ("thn": then, than).
    expect(words('use bnpl')).toBe('use bnpl');
    expect(words('more thn average')).toBe('more thn average');
  });

  it('reads a katakana name of two consonants as the one catalogue name of four letters or more ("ナイキ": nike)', () => {
    expect(words('アメリカのZ世代でナイキを使っている人の割合')).toContain('nike');
  });

  it('reads a katakana word the catalogue gives an answer as alias as that answer, inside a Japanese sentence', () => {
    // ディズニープラス does not sound like "disney plus" by its consonants; the catalogue names it.
    expect(words('日本でディズニープラスを使っている人の割合は？')).toContain('disney plus');
    expect(words('ネットフリックスを使っている人の割合は？')).toContain('netflix');
  });

  it('reads a katakana name written in parts with a middle dot whole, and a Latin word before it that the name opens with once', () => {
    expect(words('日本でNetflixとAmazonプライム・ビデオ、どっちがよく使われてる？')).toBe('japan netflix and amazon prime video');
  });

  it('reads counts written as words as the digits answer names are written in', () => {
    expect(words('share of one-person households')).toBe('share of 1 person households');
    expect(words('take three or four holidays a year')).toBe('take 3-4 holidays a year');
  });

  it('keeps clauses apart with "|" and joins abbreviations written with dots', () => {
    expect(words('Gen Z vs Millennials: TikTok usage in the U.S.')).toBe('gen z vs millennials | tiktok usage in the us');
  });

  it('reads slashed alternatives as "or", never as both at once', () => {
    expect(words('men/women b/w 2024 and 2025')).toBe('men or women between 2024 and 2025');
  });

  it('reads "%age" as percentage, never as the word age', () => {
    expect(words('%age of ppl in brazil w/ a pension')).toBe('percentage of people in brazil with a pension');
  });

  it('translates another language and says which it was', () => {
    const out = normaliseWords('Welcher Anteil der Deutschen nutzt TikTok täglich?', index);
    expect(out.lang).toBe('de');
    expect(out.words.slice(0, 3)).toEqual(['what', 'share', 'of']);
  });

  it('reads a misspelt word of asking as meant, but not a name of the catalogue', () => {
    expect(words('what makes gen z diffrent')).toBe('what makes gen z different');
    expect(words('tesla owners')).toBe('tesla owners');
  });

  it('keeps short capitals of a prompt that is not shouted as names, none of a shouted one', () => {
    expect([...normaliseWords('TikTok in the UK vs DE', index).capitals].sort()).toEqual(['de', 'uk']);
    expect(normaliseWords('TIKTOK IN THE UK VS DE', index).capitals.size).toBe(0);
  });
});

describe('a word written as a name is not repaired to a common word', () => {
  const catalogue = demoPlannerCatalogue();
  it('reads words capitalised inside a sentence as names', () => {
    expect([...writtenAsNames('What share of Brazilians are aware of Natura?')]).toEqual(['brazilians', 'natura']);
    expect(writtenAsNames('Natura is big. Which brands?').has('natura')).toBe(false);
  });
  it('an unknown brand stays as written; a common word misspelt is still repaired', () => {
    expect(normaliseWords('how many Americans use Natura?', index).words).toContain('natura');
    expect(normaliseWords('which tv genres do people like, e.g. natura documentaries', index).words).toContain('nature');
    expect(correctMisspelling('natura', index, true)).toBe('natura');
    expect(correctMisspelling('natura', index)).toBe('nature');
  });
  it('an unknown brand where a brand is expected is refused as not in the data, not answered with a TV genre', () => {
    for (const prompt of ['what share of Brazilians are aware of Natura?', 'How many Americans use Natura?', 'Do Gen Z buy from Natura?']) {
      const outcome = planPrompt({ prompt, catalogue });
      expect(outcome.outcome).not.toBe('answer');
    }
  });
});
