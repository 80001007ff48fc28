import { PlannerLocation } from '../assistant.types';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { promptContext } from './context';
import { readFrame } from './frame';
import { readMarkets } from './markets';
import { chooseTopic } from './topic';
import { saidApart } from './topic-score';

const catalogue = demoPlannerCatalogue();

function topicOf(prompt: string) {
  const ctx = promptContext({ catalogue }, prompt);
  const frame = readFrame(ctx, (readMarkets(ctx) as { markets: PlannerLocation[] }).markets);
  return chooseTopic(ctx.reading, frame.roles, ctx.index, catalogue, frame.cues);
}

describe('chooseTopic: the question a prompt measures', () => {
  it('a named datapoint picks its usage question, with that datapoint', () => {
    const t = topicOf('What share of Germans use TikTok?');
    expect(t.topic?.question).toBe('social_platform_usage');
    expect(t.topic?.datapoints.map((d) => d.code)).toEqual(['tiktok']);
    expect(t.confident).toBe(true);
  });

  it('words of the question name pick it with no datapoint ("streaming services")', () => {
    const t = topicOf('Top streaming services in Japan');
    expect(t.topic?.question).toBe('streaming_services_used');
    expect(t.topic?.datapoints).toEqual([]);
  });

  it('a scale word picks the suffix of a brand grid', () => {
    expect(topicOf('Which car brands would Germans consider?').topic?.suffix?.name).toMatch(/consider/i);
  });

  it('"strongly disagree" is that answer of an agreement scale, not also "disagree"', () => {
    expect(topicOf('What share of Brits strongly disagree that they are optimistic about the future?').topic?.suffix?.name).toBe('Strongly disagree');
    expect(topicOf('What share of Brits strongly agree that they are optimistic about the future?').topic?.suffix?.name).toBe('Strongly agree');
  });

  it('a share of something the catalogue lacks is refused, naming the words', () => {
    const t = topicOf('What share bet on horse racing?');
    expect(t.topic).toBeNull();
    expect(t.outcome?.outcome).toBe('refuse');
    expect(t.unknown).toEqual(expect.arrayContaining(['horse']));
  });

  it('a name that starts several others asks which', () => {
    expect(topicOf('Apple in the UK').outcome?.outcome).toBe('clarify');
  });

  it('an answer of a scale said around the question\'s words is that answer ("trust influencers a lot")', () => {
    const t = topicOf('What share of Millennials trust influencers a lot?');
    expect([t.topic?.question, t.topic?.datapoints.map((d) => d.code)]).toEqual(['influencer_trust', ['trust_a_lot']]);
    // Only the question's own words between, and never the answer said whole (that is a name).
    const gap = (w: string) => w === 'influencers';
    expect(saidApart(['trust', 'influencers', 'a', 'lot'], ['trust', 'a', 'lot'], gap)).toBe(true);
    expect(saidApart(['trust', 'brands', 'a', 'lot'], ['trust', 'a', 'lot'], gap)).toBe(false);
    expect(saidApart(['trust', 'a', 'lot'], ['trust', 'a', 'lot'], gap)).toBe(false);
  });

  it('reads a misspelt catalogue word as the one word it is a typo of, and another form of a synonym as the synonym', () => {
    expect(topicOf('which podcst genres do millenials like most').topic?.question).toBe('podcast_genres');
    expect(topicOf("gen z's fav sneaker brand us").topic?.question).toBe('favourite_brand_sportswear');
  });

  it('"have" a service is the service used, not a purchase from its brand', () => {
    expect(topicOf('how many brits have netflix').topic?.question).toBe('streaming_services_used');
  });

  it('a question found by its words takes the one answer a word of its description names anywhere in its name ("bank through the app")', () => {
    const t = topicOf('What share of Germans bank through the app?');
    expect([t.topic?.question, t.topic?.datapoints.map((d) => d.code)]).toEqual(['banking_channel', ['mobile_banking_app']]);
    expect(topicOf('What share of Germans bank at a branch?').topic?.datapoints.map((d) => d.code)).toEqual(['in_a_branch']);
  });
});
