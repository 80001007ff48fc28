import { AnalysisPlan, PlanOutcome } from './assistant.types';
import { planPrompt } from './planner';
import { demoPlannerCatalogue } from './testing/demo-catalogue';

const demo = demoPlannerCatalogue();
const acme = demoPlannerCatalogue({ datasets: ['core'], locations: ['us', 'gb', 'de', 'fr'], waves: 5 });

function plan(prompt: string, previous?: AnalysisPlan, catalogue = demo): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue, previous });
  if (!out.ok) throw new Error(`${prompt}: ${out.message}`);
  return out.plan;
}

function refusal(prompt: string, catalogue = demo): Extract<PlanOutcome, { ok: false }> {
  const out = planPrompt({ prompt, catalogue });
  if (out.ok) throw new Error(`${prompt} was planned: ${JSON.stringify(out.plan)}`);
  return out;
}

const topic = (p: AnalysisPlan) => p.topics.map((t) => [t.question, t.datapoints.map((d) => d.code), t.suffix?.code ?? null]);
const audiences = (p: AnalysisPlan) => p.audiences.map((a) => a.name);

describe('planPrompt: topics', () => {
  it.each([
    ['Which social platforms do Gen Z in the UK use daily?', 'social_platform_frequency', [], '1'],
    ['What % of women use TikTok?', 'social_platform_usage', ['tiktok'], null],
    ['What share of Gen Z use Instagram daily?', 'social_platform_frequency', ['instagram'], '1'],
    ['Top 3 streaming services among parents', 'streaming_services_used', [], null],
    ['How many parents use Netflix?', 'streaming_services_used', ['netflix'], null],
    ['Which sportswear brands are Gen Z aware of?', 'brand_funnel_sportswear', [], '1'],
    ['How many millennials listen to podcasts daily?', 'podcast_listening_frequency', ['daily'], null],
    ['What percentage of high income people own an electric car?', 'car_ownership', ['electric_car'], null],
    ['Top 10 interests of high income people', 'interests', [], null],
    ['What are the most popular music genres among women?', 'music_genres', [], null],
    ['Compare men and women on Instagram use', 'social_platform_usage', ['instagram'], null],
  ])('%s', (prompt, question, datapoints, suffix) => {
    expect(topic(plan(prompt))).toEqual([[question, datapoints, suffix]]);
  });
});

describe('planPrompt: audiences, places, waves, kinds', () => {
  it('reads the issue example', () => {
    const p = plan('Which social platforms do Gen Z in the UK use daily?');
    expect(p).toMatchObject({ kind: 'ranking', locations: [{ code: 'gb', name: 'United Kingdom' }], limit: 5, splitByWave: false });
    expect(audiences(p)).toEqual(['Gen Z']);
    expect(p.waves.map((w) => w.code)).toEqual(['q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']);
  });

  it('prefers the longest audience name, and combines adjacent audiences', () => {
    expect(audiences(plan('What % of Gen Z women use TikTok?'))).toEqual(['Gen Z women']);
    const both = plan('How many high income people aged 25-34 own an electric car?');
    expect(audiences(both)).toEqual(['High income & Aged 25-34']);
    expect(both.audiences[0].expression).toEqual({
      and: [
        { question: 'income_group', datapoints: ['high'] },
        { question: 'age_group', datapoints: ['25_34'] },
      ],
    });
    expect(audiences(plan('Compare parents and non-parents on Disney+'))).toEqual(['Parents', 'Non-parents']);
  });

  it('turns age phrases into age bands', () => {
    expect(plan('What % of people under 35 use Snapchat?').audiences[0].expression).toEqual({ question: 'age_group', datapoints: ['16_24', '25_34'] });
    expect(plan('What % of people over 45 use Facebook?').audiences[0].expression).toEqual({ question: 'age_group', datapoints: ['45_54', '55_64'] });
  });

  it('reads markets by name, adjective and upper-case code, never the pronoun "us"', () => {
    expect(plan('What % of Germans use TikTok?').locations).toEqual([{ code: 'de', name: 'Germany' }]);
    expect(plan('What % of people in the US use TikTok?').locations).toEqual([{ code: 'us', name: 'United States' }]);
    expect(plan('Tell us what % of people use TikTok').locations).toEqual([]);
    const two = plan('Compare Instagram use in the US and Germany');
    expect(two).toMatchObject({ kind: 'comparison', splitByLocation: true });
    expect(two.locations.map((l) => l.code)).toEqual(['us', 'de']);
  });

  it('reads waves', () => {
    expect(plan('What % used TikTok in Q2 2025?').waves.map((w) => w.code)).toEqual(['q2_2025']);
    expect(plan('What % of women use Pinterest in the latest wave?').waves.map((w) => w.code)).toEqual(['q3_2026']);
    expect(plan('What % of men used Snapchat last year?').waves.map((w) => w.code)).toEqual(['q1_2025', 'q2_2025', 'q3_2025', 'q4_2025']);
    expect(plan('TikTok use among Gen Z since Q1 2026').waves.map((w) => w.code)).toEqual(['q1_2026', 'q2_2026', 'q3_2026']);
  });

  it.each([
    ['What % of women use TikTok?', 'share'],
    ['Which streaming services do parents use most?', 'ranking'],
    ['Compare men and women on TikTok use', 'comparison'],
    ['Which social platforms do Gen Z use versus Baby boomers?', 'comparison'],
    ['What makes Gen Z different?', 'indexing'],
    ['Which streaming services are parents more likely to use?', 'indexing'],
    ['How has TikTok use changed over time?', 'trend'],
    ['Is Threads growing among women?', 'trend'],
  ])('%s -> %s', (prompt, kind) => {
    expect(plan(prompt).kind).toBe(kind);
  });

  it('profiles several questions when asked what sets an audience apart without a topic', () => {
    expect(plan('What makes Gen Z different?').topics.length).toBeGreaterThan(1);
  });

  it('a trend covers every licensed wave, one by one', () => {
    const p = plan('How has TikTok use changed over time?');
    expect(p.splitByWave).toBe(true);
    expect(p.waves).toHaveLength(8);
    expect(plan('How has TikTok use changed over time?', undefined, acme).waves).toHaveLength(5);
  });

  it('reads "top N" and "least"', () => {
    expect(plan('Top 3 streaming services among parents').limit).toBe(3);
    expect(plan('show the top ten social platforms').limit).toBe(10);
    expect(plan('Which social platforms are least used by boomers?').ascending).toBe(true);
  });
});

describe('planPrompt: follow-ups', () => {
  const first = plan('What % of Gen Z use TikTok?');

  it('"and in Germany?" keeps topic and audience, changes the market', () => {
    const p = plan('and in Germany?', first);
    expect(topic(p)).toEqual(topic(first));
    expect(audiences(p)).toEqual(['Gen Z']);
    expect(p.locations.map((l) => l.code)).toEqual(['de']);
  });

  it('"what about women?" changes the audience only', () => {
    const germany = plan('and in Germany?', first);
    const p = plan('what about women?', germany);
    expect(audiences(p)).toEqual(['Women']);
    expect(p.locations.map((l) => l.code)).toEqual(['de']);
    expect(topic(p)).toEqual(topic(first));
  });

  it('"show the top 10" ranks the whole question', () => {
    const p = plan('show the top 10', first);
    expect(p).toMatchObject({ kind: 'ranking', limit: 10 });
    expect(topic(p)).toEqual([['social_platform_usage', [], null]]);
  });

  it('a new full question starts afresh', () => {
    const germany = plan('and in Germany?', first);
    const p = plan('Which streaming services do parents use most?', germany);
    expect(p.locations).toEqual([]);
    expect(audiences(p)).toEqual(['Parents']);
  });
});

describe('planPrompt: refusals', () => {
  it.each([
    ['What is the weather in Paris tomorrow?', 'no-data', /Paris/],
    ['Tell me a joke', 'not-understood', /“joke”/],
    ['What % of Canadians use TikTok?', 'no-data', /Canada/],
    ['What % of Gen Z used TikTok in Q1 2020?', 'no-data', /Q1 2020/],
    ['How many people will use TikTok next year?', 'no-data', /forecast/],
    ['', 'not-understood', /empty/],
  ])('%s', (prompt, reason, message) => {
    const r = refusal(prompt);
    expect(r.reason).toBe(reason);
    expect(r.message).toMatch(message);
  });

  it('refuses what the organisation does not license', () => {
    expect(refusal('What % of Japanese people use TikTok?', acme)).toMatchObject({ reason: 'not-entitled' });
    expect(refusal('Which game genres do people play most?', acme).message).toMatch(/Gaming dataset/);
    expect(refusal('What % of women used TikTok in Q1 2025?', acme).message).toMatch(/Q1 2025/);
  });
});
