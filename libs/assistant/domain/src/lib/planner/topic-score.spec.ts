import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';

const demo = demoPlannerCatalogue();
const topicOf = (prompt: string) => {
  const out = planPrompt({ prompt, catalogue: demo });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome} ${out.message}`);
  return { question: out.plan.topic?.question, suffix: out.plan.topic?.suffix?.code };
};

describe('topic score: brands of a kind ranked with no word of their measure', () => {
  it('ranks them by customers (the funnel usage row), not as favourites', () => {
    expect(topicOf('Top 5 car brands among parents in France')).toEqual({ question: 'brand_funnel_cars', suffix: '3' });
  });
  it('keeps the favourite brand when preference is said', () => {
    expect(topicOf('Favourite car brands among parents in France').question).toBe('favourite_brand_cars');
  });
});

describe('an answer named by another of its names inside a question name', () => {
  it.each([
    ['do luxury fashion buyers over-index on following influencers on insta?', 'instagram_activities', 'follow_influencers'],
    ['share of gen z following influencers on insta', 'instagram_activities', 'follow_influencers'],
    ['how many brits watch shorts on yt', 'youtube_activities', 'watch_shorts'],
    ['% of millennials who follow influencers on ig', 'instagram_activities', 'follow_influencers'],
  ])('is the question named after it: %s', (prompt, question, datapoint) => {
    const out = planPrompt({ prompt, catalogue: demo });
    if (out.outcome !== 'answer') throw new Error(out.message);
    expect({ question: out.plan.topic?.question, datapoints: out.plan.topic?.datapoints.map((d) => d.code) }).toEqual({ question, datapoints: [datapoint] });
  });
  it('keeps the platform itself when nothing of the question is asked', () => {
    const out = planPrompt({ prompt: 'share of gen z on insta', catalogue: demo });
    expect(out.outcome === 'answer' && out.plan.topic?.question).toBe('social_platform_usage');
  });
});

describe("the verb of a clause defining a group is the group's, not the topic's scale", () => {
  it('"people who drive a diesel car use Spotify": the service used, not a brand bought', () => {
    expect(topicOf('In Germany, do people who drive a diesel car use Spotify more than average?').question).toBe('music_streaming_services');
    expect(topicOf('Do people who own a dog use Spotify more than average?').question).toBe('music_streaming_services');
  });
});
