import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { superlativePhrases } from './dimension-cues';
import { answerPlan } from '../testing/plan-answer';

const demo = demoPlannerCatalogue();
const ranked = (prompt: string) => {
  const p = answerPlan(prompt, demo);
  return { topic: p.topic?.question, groups: p.audiences.map((a) => (a.expression as { question?: string }).question), verdict: p.verdict };
};

describe('a group question opening the prompt with its superlative', () => {
  it.each([
    ['education level least likely to use linkedin', 'social_platform_usage', 'education_level', 'lowest'],
    ['age group most likely to use tiktok in the uk', 'social_platform_usage', 'age_group', 'highest'],
    ['the income group least likely to own a car', 'car_ownership', 'income_group', 'lowest'],
    ['Age group most likely to meditate?', 'wellness_activities', 'age_group', 'highest'],
    ['household size group least likely to have a pet', 'pets_owned', 'household_size', 'lowest'],
  ])('asks which of its groups: %s', (prompt, topic, group, verdict) => {
    const r = ranked(prompt);
    expect(r.topic).toBe(topic);
    expect(new Set(r.groups)).toEqual(new Set([group]));
    expect(r.verdict).toBe(verdict);
  });
});

describe('superlatives said in several words or as a verb (dimensions.json superlatives)', () => {
  it('reads the side each asks for and the positions of its words', () => {
    expect(superlativePhrases('which country is number one for spotify'.split(' '))).toEqual([{ side: 'highest', at: [3, 4] }]);
    expect(superlativePhrases('which country ranks last for whatsapp'.split(' '))).toEqual([{ side: 'lowest', at: [2, 3] }]);
    expect(superlativePhrases('which market uses tiktok'.split(' '))).toEqual([]);
  });

  const markets = (prompt: string) => {
    const p = answerPlan(prompt, demo);
    return { topic: p.topic?.question, rankBy: p.rankBy, markets: p.locations.length, verdict: p.verdict };
  };
  it.each([
    ['Which country is number one for Spotify among Millennials?', 'music_streaming_services', 'highest'],
    ['Which market wins on Instagram use?', 'social_platform_usage', 'highest'],
    ['Which country comes top for Netflix?', 'streaming_services_used', 'highest'],
    ['Which country ranks last for WhatsApp?', 'social_platform_usage', 'lowest'],
    ['Which market trails on Pinterest?', 'social_platform_usage', 'lowest'],
  ])('ranks the markets with that verdict: %s', (prompt, topic, verdict) => {
    expect(markets(prompt)).toEqual({ topic, rankBy: 'markets', markets: 9, verdict });
  });

  it('ranks the groups with that verdict', () => {
    expect(ranked('Which generation comes last for Snapchat use?')).toEqual(expect.objectContaining({ topic: 'social_platform_usage', verdict: 'lowest' }));
  });
});

describe('a market asked about with a word describing it ("which European market")', () => {
  it('ranks the markets of the region, the superlative not read as a name ("highest" level of education)', () => {
    const p = answerPlan('Which European market has the highest share of vegetarians?', demo);
    expect(p.topic?.question).toBe('diets_followed');
    expect(p.rankBy).toBe('markets');
    expect(p.locations.map((l) => l.code)).toEqual(['gb', 'de', 'fr', 'es']);
    expect(p.verdict).toBe('highest');
  });
});
