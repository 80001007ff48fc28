import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { partialNames } from './partial-names';

const demo = demoPlannerCatalogue();

describe('partialNames', () => {
  it('reads the distinctive word of a longer answer name as that answer', () => {
    expect(partialNames('how high is the customers satisfaction with the telekom in deutschland', demo)).toEqual(['Deutsche Telekom']);
    expect(partialNames('Docomo users in Japan', demo)).toEqual(['NTT Docomo']);
  });

  it('leaves whole names, English words, places and words of several answers', () => {
    expect(partialNames('satisfaction with Deutsche Telekom', demo)).toEqual([]);
    expect(partialNames('wie viele Deutsche trinken Kaffee', demo)).toEqual([]);
    expect(partialNames('costa coffee fans', demo)).toEqual([]);
    expect(partialNames('the customers of the airlines', demo)).toEqual([]);
  });
});
