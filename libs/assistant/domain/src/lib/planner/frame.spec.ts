import { PlannerLocation } from '../assistant.types';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { promptContext } from './context';
import { readFrame, refersForward } from './frame';
import { readMarkets } from './markets';

const catalogue = demoPlannerCatalogue();

/** The roles and kind cues of a prompt read on its own. */
function frameOf(prompt: string) {
  const ctx = promptContext({ catalogue }, prompt);
  const markets = readMarkets(ctx) as { markets: PlannerLocation[] };
  const frame = readFrame(ctx, markets.markets);
  return {
    sides: frame.roles.sides.map((side) => side.map((a) => a.name)),
    topicWords: frame.roles.topicSpans.map((s) => ctx.words.slice(s.start, s.end).join(' ')),
    cues: frame.cues,
    count: frame.count,
  };
}

describe('roles: which names are the groups and which the topic', () => {
  it('an answer said in the plural after "among" is a group of people ("among senior managers")', () => {
    const f = frameOf('LinkedIn use among senior managers');
    expect([f.sides.length, f.topicWords]).toEqual([1, ['linkedin']]);
    // Not a singular thing said after "among" ("a password manager" is what is used).
    expect(frameOf('iOS vs Android users: who uses a password manager more?').topicWords).toEqual(['password manager']);
  });

  it('groups joined by "or", "vs" are sides; adjacent groups narrow one side', () => {
    expect(frameOf('TikTok usage among men or women').sides).toEqual([['Men'], ['Women']]);
    expect(frameOf('TikTok usage among Millennial parents').sides).toEqual([['Millennials', 'Parents']]);
    expect(frameOf('TikTok use of Gen Z relative to Millennials').sides).toEqual([['Gen Z'], ['Millennials']]);
  });

  it('a datapoint naming people is a group when something else is measured', () => {
    const f = frameOf('What share of Netflix subscribers use TikTok?');
    expect(f.sides).toEqual([['Netflix users']]);
    expect(f.topicWords).toEqual(['tiktok']);
  });

  it('the object of a verb of using is measured, not a group', () => {
    expect(frameOf('How do boomers use Facebook vs Gen X?').topicWords).toEqual(['facebook']);
  });
});

describe('kind cues', () => {
  it('reads a trend, a ranking, a share', () => {
    expect(frameOf('How has TikTok usage changed since 2025?').cues.trend).toBe(true);
    expect(frameOf('Top 5 streaming services in Japan').cues.ranking).toBe(true);
    expect(frameOf('What percentage of Germans use Instagram?').cues.share).toBe(true);
  });

  it('one group "more likely" than the rest is an index; two named groups a comparison', () => {
    expect(frameOf('Are parents more likely to use Pinterest?').cues.indexing).toBe(true);
    expect(frameOf('Are men more likely than women to use Reddit?').cues.indexing).toBe(false);
  });

  it('words inside a name are not cues ("Sleep tracking" is no trend)', () => {
    expect(frameOf('What share use sleep tracking?').cues.trend).toBe(false);
  });

  it('"how many" is a headcount, "how many hours" is not', () => {
    expect(frameOf('How many people in France use Snapchat?').count).toBe(true);
    expect(frameOf('How many hours a day do Gen Z spend on social media?').count).toBe(false);
  });
});

describe('a possessive pointing forward', () => {
  const audience = (start: number) => ({ start, entry: { kind: 'audience' } });
  it('"their" with an audience named after it in the sentence refers to that audience', () => {
    const words = 'by the age of their children , which parents buy nappies the most'.split(' ');
    expect(refersForward(words, [audience(8)], 4)).toBe(true);
  });

  it('"they", or "their" with no audience after it, does not', () => {
    expect(refersForward('do they use tiktok more than parents'.split(' '), [audience(6)], 1)).toBe(false);
    expect(refersForward('what share of their friends use tiktok'.split(' '), [], 3)).toBe(false);
  });
});

describe('a "they" of a relative clause', () => {
  it('is the people of the clause, not a reference to someone named before', () => {
    const ctx = (p: string) => promptContext({ catalogue }, p);
    const they = (p: string) => {
      const c = ctx(p);
      return readFrame(c, (readMarkets(c) as { markets: PlannerLocation[] }).markets).noOne;
    };
    expect(they('share who strongly agree they always look for the cheapest price in France')).toBe(false);
    expect(they('Who are they and do they use TikTok?')).toBe(true);
    expect(they('Do they over-index on Netflix?')).toBe(true);
  });
});

describe('the noun of an answer that names its own question', () => {
  it('is part of the answer, not another topic that would make the answer a group ("readers of home and garden magazines")', () => {
    const f = frameOf('Are Baby boomers overrepresented among readers of home and garden magazines?');
    expect([f.sides, f.topicWords]).toEqual([[['Baby boomers']], ['home and garden']]);
  });
});
