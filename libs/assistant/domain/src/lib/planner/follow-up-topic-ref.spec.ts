import { AnalysisPlan, PlanOutcome } from '../assistant.types';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';

const demo = demoPlannerCatalogue();

function followUp(first: string, prompt: string): AnalysisPlan {
  const before = planPrompt({ prompt: first, catalogue: demo });
  if (before.outcome !== 'answer') throw new Error(first);
  const out: PlanOutcome = planPrompt({ prompt, catalogue: demo, previous: before.plan, history: [before.plan] });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.message}`);
  return out.plan;
}
const topicOf = (plan: AnalysisPlan) => [plan.topic?.question, plan.topic?.datapoints.map((d) => d.code).join(), plan.topic?.suffix?.code ?? null];

describe('measureOfReferredThing: a pronoun for the last topic with another measure of it', () => {
  it('asks how often the platform is used by its frequency question, keeping the audience and market', () => {
    const plan = followUp('What share of Gen Z in the UK use TikTok?', 'How often do they use it?');
    expect(topicOf(plan)).toEqual(['social_platform_frequency', 'tiktok', null]);
    expect(plan.audiences.map((a) => a.name)).toEqual(['Gen Z']);
    expect(plan.locations.map((l) => l.code)).toEqual(['gb']);
  });
  it('reads "the brand" as the brand asked about, measured by its perception', () => {
    expect(topicOf(followUp('What share of Americans have used Uber in the last 12 months?', 'Do they trust the brand?'))).toEqual([
      'brand_perception_delivery',
      'uber',
      '1',
    ]);
  });
  it('asks an open question about the platform of the one question named after it, whole', () => {
    const plan = followUp('What share of Brits use Pinterest?', 'What do they do on it?');
    expect(topicOf(plan)).toEqual(['pinterest_activities', '', null]);
    expect(plan.kind).toBe('ranking');
  });
  it('keeps the previous topic when the pronoun asks nothing new of it', () => {
    expect(topicOf(followUp('What share of Parents in Australia use Pinterest?', 'do they over-index on it?'))).toEqual([
      'social_platform_usage',
      'pinterest',
      null,
    ]);
    expect(topicOf(followUp('What share of Germans use TikTok?', 'how has it changed?'))).toEqual(['social_platform_usage', 'tiktok', null]);
  });
  it('reads a few words that name nothing ("and how often?") as their measure of the same thing', () => {
    expect(topicOf(followUp('How many Germans use Facebook?', 'and how often?'))).toEqual(['social_platform_frequency', 'facebook', null]);
  });
  it('keeps the audience, market and period when the rewritten words no longer read as a follow-up ("how often, then?")', () => {
    const plan = followUp('What share of Gen Z in France use Discord?', 'how often, then?');
    expect(topicOf(plan)).toEqual(['social_platform_frequency', 'discord', null]);
    expect(plan.audiences.map((a) => a.name)).toEqual(['Gen Z']);
    expect(plan.locations.map((l) => l.code)).toEqual(['fr']);
    const daily = followUp('What share of Australians use Reddit?', 'How many use it daily?');
    expect(topicOf(daily)).toEqual(['social_platform_frequency', 'reddit', '1']);
    expect(daily.locations.map((l) => l.code)).toEqual(['au']);
  });
  it('counts the people who use it so often ("how many of them use it every day?"), never things per period', () => {
    const plan = followUp('How many Brits use Snapchat?', 'How many of them use it every day?');
    expect(topicOf(plan)).toEqual(['social_platform_frequency', 'snapchat', '1']);
    expect(plan.count).toBe(true);
  });
  it('never takes the thing’s plain use for a new measure ("how has that changed?" after daily TikTok use)', () => {
    expect(topicOf(followUp('Daily TikTok use in the UK vs Germany', 'how has that changed?'))).toEqual(['social_platform_frequency', 'tiktok', '1']);
  });
});
