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

describe("topic score: a value word inside the group's name", () => {
  it('is the group\'s, not an answer of the topic ("have never smoked ... exercise every day")', () => {
    const out = planPrompt({ prompt: 'Among people who have never smoked in Spain, what share exercise every day?', catalogue: demo });
    expect(out.outcome === 'answer' && out.plan.topic?.datapoints.map((d) => d.code)).toEqual(['every_day']);
  });
});
