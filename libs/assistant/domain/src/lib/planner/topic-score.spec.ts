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
