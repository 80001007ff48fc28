import { AnalysisPlan, PlanOutcome } from './assistant.types';
import { planPrompt, RuleBasedPlanner, searchQuestions } from './planner';
import { demoPlannerCatalogue } from './testing/demo-catalogue';

const demo = demoPlannerCatalogue();
const acme = demoPlannerCatalogue({ datasets: ['core'], locations: ['us', 'gb', 'de', 'fr'], waves: 5 });

function plan(prompt: string, previous?: AnalysisPlan | null, catalogue = demo): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue, previous });
  if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome} ${out.message}`);
  return out.plan;
}

function outcome(prompt: string, previous?: AnalysisPlan | null, catalogue = demo): PlanOutcome {
  return planPrompt({ prompt, catalogue, previous });
}

const topic = (p: AnalysisPlan) => (p.topic ? [p.topic.question, p.topic.datapoints.map((d) => d.code), p.topic.suffix?.code ?? null] : null);
const audiences = (p: AnalysisPlan) => p.audiences.map((a) => a.name);
const waves = (p: AnalysisPlan) => p.waves.map((w) => w.code);
const markets = (p: AnalysisPlan) => p.locations.map((l) => l.code);

describe('planPrompt: time relative to the latest licensed wave', () => {
  it('"over the last year" is the last 4 quarterly waves, not the calendar year before', () => {
    expect(waves(plan('How has Facebook usage changed over the last year?'))).toEqual(['q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']);
    expect(waves(plan('What % of men used Snapchat last year?'))).toEqual(['q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']);
  });
  it('"last N quarters" is N waves; "since Q1 2025" that wave to the latest; "in 2025" the calendar year', () => {
    expect(waves(plan('Track daily TikTok use among Millennials over the last three quarters'))).toEqual(['q1_2026', 'q2_2026', 'q3_2026']);
    expect(waves(plan('How has ChatGPT use grown in the US since Q1 2025?'))).toHaveLength(7);
    expect(waves(plan('Share of Germans who used a VPN in 2025'))).toEqual(['q1_2025', 'q2_2025', 'q3_2025', 'q4_2025']);
  });
  it('"now vs a year ago" is the latest wave and the one 4 quarters before', () => {
    expect(waves(plan('Instagram use among Gen Z: now vs a year ago'))).toEqual(['q3_2025', 'q3_2026']);
  });
  it('a trend without a period covers every licensed wave; other questions the last 4', () => {
    expect(waves(plan('TikTok usage trend in Brazil'))).toHaveLength(8);
    expect(waves(plan('How has TikTok use changed over time?', null, acme))).toHaveLength(5);
    expect(waves(plan('What share of Germans use TikTok?'))).toHaveLength(4);
  });
  it('names inside datapoints are not time ("buy now pay later")', () => {
    expect(waves(plan('Who uses buy now pay later more, men or women?'))).toHaveLength(4);
  });
});

describe('planPrompt: comparisons are side by side, never an intersection', () => {
  it.each([
    ['Do men or women use Instagram more?', ['Men', 'Women']],
    ['Do Gen Z use TikTok more than Millennials?', ['Gen Z', 'Millennials']],
    ['How does ChatGPT use differ between men and women in Japan?', ['Men', 'Women']],
    ['Compare parents and non-parents on Disney+', ['Parents', 'Non-parents']],
  ])('%s', (prompt, expected) => {
    const p = plan(prompt);
    expect(p.kind).toBe('comparison');
    expect(audiences(p)).toEqual(expected);
  });
  it('adjacent groups narrow one audience ("Gen Z women", "high income people aged 25-34")', () => {
    expect(audiences(plan('What % of Gen Z women use TikTok?'))).toEqual(['Gen Z women']);
    expect(plan('How many high income people aged 25-34 own an electric car?').audiences[0].expression).toEqual({
      and: [
        { question: 'income_group', datapoints: ['high'] },
        { question: 'age_group', datapoints: ['25_34'] },
      ],
    });
  });
  it('two markets are side by side', () => {
    const p = plan('Are Germans or the French more likely to own an electric car?');
    expect(p).toMatchObject({ kind: 'comparison', splitByLocation: true });
    expect(markets(p)).toEqual(['de', 'fr']);
  });
});

describe('planPrompt: the group is the audience, what they do is the topic', () => {
  it('"share of TikTok users who shop on TikTok Shop"', () => {
    const p = plan('What share of TikTok users shop on TikTok Shop?');
    expect(topic(p)).toEqual(['tiktok_activities', ['shop_on_tiktok_shop'], null]);
    expect(p.audiences[0].expression).toEqual({ question: 'social_platform_usage', datapoints: ['tiktok'] });
  });
  it('a demographic asked about is the topic', () => {
    const p = plan("What's the gender split of Reddit users in the UK?");
    expect(topic(p)).toEqual(['gender', [], null]);
    expect(p.audiences[0].expression).toEqual({ question: 'social_platform_usage', datapoints: ['reddit'] });
  });
  it('"Facebook usage" is platform usage, not activities on Facebook', () => {
    expect(topic(plan('How has Facebook usage changed over the last year?'))).toEqual(['social_platform_usage', ['facebook'], null]);
    expect(topic(plan('What share of Boomers use Facebook Marketplace?'))).toEqual(['facebook_activities', ['use_marketplace'], null]);
  });
});

describe('planPrompt: robust matching', () => {
  it.each([
    ['wat % of brits use instagarm', 'social_platform_usage', ['instagram'], 'gb'],
    ['netflx in spian', 'streaming_services_used', ['netflix'], 'es'],
    ['millenials in germnay who own a smartwach', 'devices_owned', ['smartwatch'], 'de'],
    ['¿Qué porcentaje de la Generación Z usa TikTok en España?', 'social_platform_usage', ['tiktok'], 'es'],
    ['Wie viel Prozent der Deutschen nutzen TikTok?', 'social_platform_usage', ['tiktok'], 'de'],
    ['日本でTikTokを使っている人の割合は？', 'social_platform_usage', ['tiktok'], 'jp'],
  ])('%s', (prompt, question, datapoints, market) => {
    const p = plan(prompt);
    expect(topic(p)).toEqual([question, datapoints, null]);
    expect(markets(p)).toEqual([market]);
  });
  it('Spanish "usa" is a verb; "the usa" in English a market', () => {
    expect(markets(plan('¿Usa más gente Instagram en España o en Francia?'))).toEqual(['es', 'fr']);
    expect(markets(plan('paretns in the usa pinterest'))).toEqual(['us']);
    expect(markets(plan('Tell us what % of people use TikTok'))).toEqual([]);
  });
  it('a typo as close to two names asks which; nonsense asks again; a thing not in the data is refused', () => {
    expect(outcome('what share use Asas?').outcome).toBe('clarify');
    expect(outcome('qzxwv usage in germany').outcome).toBe('clarify');
    expect(outcome('What share of Brits use Bluesky?').outcome).toBe('refuse');
    expect(outcome('What share of people in the US use Apple?').outcome).toBe('clarify');
  });
});

describe('planPrompt: follow-ups keep what the prompt does not change', () => {
  const first = plan('What share of Germans use TikTok?');
  it('"how has that changed?" keeps topic, audience and market and becomes a trend over every licensed wave', () => {
    const p = plan('how has that changed?', first);
    expect(p.kind).toBe('trend');
    expect(topic(p)).toEqual(topic(first));
    expect(markets(p)).toEqual(['de']);
    expect(waves(p)).toHaveLength(8);
  });
  it('"what about Boomers?" replaces the audience; "and Boomers?" after a comparison adds one', () => {
    expect(audiences(plan('what about Boomers?', plan('Share of Gen Z in the UK who use Snapchat')))).toEqual(['Baby boomers']);
    expect(audiences(plan('and Boomers?', plan('Do men or women use Instagram more?')))).toEqual(['Men', 'Women', 'Baby boomers']);
  });
  it('a follow-up with nothing to follow asks what was meant', () => {
    expect(outcome('what about it?').outcome).toBe('clarify');
    expect(outcome('and Boomers?', null).outcome).toBe('clarify');
  });
});

describe('planPrompt: open indexing, counts, limits', () => {
  it('"what makes Gen Z different?" has no topic: every datapoint is ranked by index', () => {
    const p = plan('What makes Gen Z different?');
    expect(p).toMatchObject({ kind: 'indexing', topic: null });
    expect(outcome('What does this audience over-index on?').outcome).toBe('clarify');
  });
  it('"how many" asks for the number of people; "three most" lists three', () => {
    expect(plan('How many Americans own a smartwatch?').count).toBe(true);
    expect(plan('What are the three most common pets in Australia?')).toMatchObject({ kind: 'ranking', limit: 3 });
    expect(plan("What's the most used social platform in Japan?").limit).toBe(1);
  });
});

describe('planPrompt: one respondent universe', () => {
  it('a demographic in both datasets is read in the dataset of the topic', () => {
    expect(plan('Which game genres do women over-index on?').dataset.code).toBe('gaming');
    expect(plan('What share of women use TikTok?').dataset.code).toBe('core');
  });
  it('questions that share no dataset are not combined: it asks, naming them', () => {
    const out = outcome('What share of Gamers in Japan play on a Nintendo Switch?');
    expect(out.outcome).toBe('clarify');
    if (out.outcome === 'clarify') expect(out.message).toContain('Gaming platforms played on');
  });
  it('a dataset not fielded in a market has no number there', () => {
    expect(outcome('What share of people in France play Fortnite?').outcome).toBe('refuse');
  });
});

describe('planPrompt: refusals', () => {
  it.each([
    ['What is the weather in Paris tomorrow?', 'no-data', /Paris/],
    ['What % of Canadians use TikTok?', 'no-data', /Canada/],
    ['What % of Gen Z used TikTok in Q1 2020?', 'no-data', /Q1 2020/],
    ['How many people will use TikTok next year?', 'no-data', /forecast/],
    ['', 'not-understood', /empty/],
  ])('%s', (prompt, reason, message) => {
    const r = outcome(prompt);
    expect(r).toMatchObject({ outcome: 'refuse', reason });
    if (r.outcome === 'refuse') expect(r.message).toMatch(message);
  });
  it('refuses what the organisation does not license', () => {
    expect(outcome('What % of Japanese people use TikTok?', null, acme)).toMatchObject({ outcome: 'refuse', reason: 'not-entitled' });
    expect(outcome('Which game genres do people play most?', null, acme)).toMatchObject({ outcome: 'refuse', reason: 'not-entitled' });
    expect(outcome('What % of women used TikTok in Q1 2025?', null, acme)).toMatchObject({ outcome: 'refuse', reason: 'not-entitled' });
  });
});

describe('the planner interface and the question search', () => {
  it('RuleBasedPlanner plans as planPrompt does', () => {
    expect(new RuleBasedPlanner().plan({ prompt: 'What share of Germans use TikTok?', catalogue: demo })).toEqual(outcome('What share of Germans use TikTok?'));
  });
  it('searchQuestions finds a question by a datapoint name, typos allowed', () => {
    expect(searchQuestions('netflx', demo)[0].code).toBe('streaming_services_used');
    expect(searchQuestions('smart home devices', demo)[0].code).toBe('smart_home_devices');
  });
});
