import { indexOf } from '../catalogue-index';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { wordsOf } from './mentions';
import { splitNameSpans } from './split-name-spans';

const demo = demoPlannerCatalogue();
const index = indexOf(demo);
const spans = (text: string) => splitNameSpans(wordsOf(text), new Set(), index).map((s) => [s.start, s.end, s.entry.words.join(' ')]);

describe('splitNameSpans', () => {
  it('reads an answer with its question subject said inside it ("trust influencers a lot")', () => {
    expect(spans('how many gen z trust influencers a lot')).toEqual([[4, 8, 'trust a lot']]);
    expect(spans('do parents trust influencers somewhat')).toEqual([[2, 5, 'trust somewhat']]);
  });
  it('reads the rest of the name in brackets after the subject ("trust influencers (a lot)")', () => {
    const words = ['how', 'many', 'trust', 'influencers', '|', 'a', 'lot'];
    expect(splitNameSpans(words, new Set(), index).map((s) => [s.start, s.end, s.entry.words.join(' ')])).toEqual([[2, 7, 'trust a lot']]);
  });
  it('reads the verb said of someone ("who trusts influencers a lot")', () => {
    expect(spans('who trusts influencers a lot')).toEqual([[1, 5, 'trust a lot']]);
  });
  it('does not read a word that is not the question subject as inside the name', () => {
    expect(spans('do parents trust brands a lot')).toEqual([]);
  });
});
