import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { answerPlan } from '../testing/plan-answer';

const catalogue = demoPlannerCatalogue();
const topicOf = (prompt: string) => {
  const { topic } = answerPlan(prompt, catalogue);
  return `${topic?.question}:${topic?.datapoints.map((d) => d.code).join(',')}`;
};

describe('what people do on a thing the topic names', () => {
  it.each([
    ['For daily Instagram users only: what share have shopped on Instagram? Brazil.', 'instagram_activities:shop'],
    ['What share of Germans use Instagram to shop?', 'instagram_activities:shop'],
    ['How many Americans go job hunting on LinkedIn?', 'linkedin_activities:look_for_jobs'],
  ])('"%s" is the activity answer of the question named after the thing', (prompt, expected) => {
    expect(topicOf(prompt)).toBe(expected);
  });

  it.each([
    // A light verb names no activity; a word of several answers ("Post photos", "Post stories") none.
    ['What share of Brazilians use Facebook?', 'social_platform_usage:facebook'],
    ['What share of Germans post on Instagram?', 'social_platform_usage:instagram'],
  ])('"%s" stays the thing itself', (prompt, expected) => {
    expect(topicOf(prompt)).toBe(expected);
  });

  it('reads a thing named by its own name only, not a word of a longer answer ("games" of "Play games")', () => {
    expect(topicOf("What proportion of Americans don't spend any money on games in a typical month?")).toBe('monthly_gaming_spend:spend_1');
  });
});
