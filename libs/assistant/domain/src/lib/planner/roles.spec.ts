import { RuleBasedPlanner } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { whPhraseEnd } from './index-target';
import { stanceBefore } from './audiences';
import { audienceHeadWords } from './asked-people';

const catalogue = demoPlannerCatalogue();
const plan = (prompt: string) => {
  const out = new RuleBasedPlanner().plan({ prompt, catalogue, previous: null, docked: [] });
  return out.outcome === 'answer' ? { topic: out.plan.topic?.question ?? null, audience: out.plan.audiences[0]?.name } : out.outcome;
};

describe('roles: a verb of describing takes the group as its object', () => {
  it('ends an opening "what" phrase at the verb of describing', () => {
    expect(whPhraseEnd(['what', 'characterises', 'tiktok', 'users'])).toBe(1);
    expect(whPhraseEnd(['what', 'sets', 'dog', 'owners', 'apart'])).toBe(1);
  });

  it('reads the people named after it as the group profiled, never as the topic', () => {
    expect(plan('what characterises tiktok users in japan')).toEqual({ topic: null, audience: 'TikTok users' });
    expect(plan('what characterises iphone owners in japan')).toEqual({ topic: null, audience: 'Apple users' });
  });

  it('reads an answer after a noun for its people, "of" and an article as the group ("holders of a postgraduate degree")', () => {
    expect(plan('Among holders of a postgraduate degree in France, what share use TikTok?')).toMatchObject({
      topic: 'social_platform_usage',
      audience: 'Postgraduate degree users',
    });
  });

  it('measures the clause after a word of share and "of" when nothing is measured after it', () => {
    expect(plan('Among holders of a postgraduate degree in France, what is the share of people who are vegetarian or vegan?')).toMatchObject({
      topic: 'diets_followed',
    });
    expect(plan('What share of people who use TikTok in France are Gen Z?')).toMatchObject({ topic: 'age_group' });
  });

  it('keeps a target after an index cue ("over-index on TikTok")', () => {
    expect(plan('do Parents over-index on TikTok?')).toEqual({ topic: 'social_platform_usage', audience: 'Parents' });
  });

  it('ends an opening "what" phrase at a word of difference: the people after "about" are profiled', () => {
    expect(whPhraseEnd(['what', 'different', 'about', 'vegetarians'])).toBe(1);
    expect(plan('whats different about vegetarians in india')).toEqual({ topic: null, audience: 'Vegetarian users' });
    expect(plan("What's distinctive about people with a mortgage?")).toEqual({ topic: null, audience: 'Mortgage users' });
  });
});

describe('people named by disagreeing with a statement', () => {
  const leaves = (prompt: string) => {
    const out = new RuleBasedPlanner().plan({ prompt, catalogue, previous: null, docked: [] });
    return out.outcome === 'answer' ? out.plan.audiences[0]?.expression : out.outcome;
  };

  it('are those who answered Disagree or Strongly disagree ("strongly disagree": that answer only)', () => {
    expect(stanceBefore('people who disagree that ads help me discover new products'.split(' '), 4)).toBe('disagree');
    expect(stanceBefore('people who strongly disagree that ads help'.split(' '), 5)).toBe('strongly disagree');
    expect(stanceBefore('people who worry about their privacy'.split(' '), 3)).toBeNull();
    expect(leaves('Among people who disagree that ads help them discover new products, what share use an ad blocker?')).toEqual({
      question: 'attitudes_advertising',
      datapoints: ['ads_help_me_discover_new_products'],
      suffixes: ['4', '5'],
    });
  });

  it('agreeing stays the default', () => {
    expect(leaves('Among people who worry about their online privacy, what share use a VPN?')).toEqual({
      question: 'attitudes_technology',
      datapoints: ['i_worry_about_my_online_privacy'],
      suffixes: ['1', '2'],
    });
  });
});

describe('roles: people named by a way of living', () => {
  it('reads a diet said as its people ("vegetarians") as the group when something else is measured', () => {
    expect(plan('Do vegetarians over-index on Uber Eats?')).toEqual({ topic: 'brand_funnel_delivery', audience: 'Vegetarian users' });
    expect(plan('Do flexitarians or vegans use Instagram more?')).toEqual({ topic: 'social_platform_usage', audience: 'Flexitarian users' });
  });

  it('reads "eaters", "dieters", "goers", "dwellers" as group nouns and "people on a keto diet" as people', () => {
    expect(plan('Among gluten-free eaters, how popular is Netflix?')).toEqual({ topic: 'streaming_services_used', audience: 'Gluten-free users' });
    expect(plan('Share of people on a vegan diet who go running')).toEqual({ topic: 'sports_played', audience: 'Vegan users' });
  });

  it('reads people named by what they hold, the answer after its article ("holders of a postgraduate degree"), as the group', () => {
    expect(plan('Among holders of a postgraduate degree in France, what share use LinkedIn?')).toEqual({
      topic: 'social_platform_usage',
      audience: expect.stringContaining('Postgraduate degree'),
    });
  });

  it('reads people in a state ("those in full-time employment") as a side when what is measured is said before them', () => {
    expect(plan('How does back pain as a health concern compare between those in full-time employment and those who are self-employed?')).toEqual({
      topic: 'health_concerns',
      audience: expect.stringContaining('Full-time employed'),
    });
  });

  it('still asks about the diet when it is the topic', () => {
    expect(plan('What share of Brits are vegetarians?')).toEqual({ topic: 'diets_followed', audience: 'All respondents' });
  });
});

describe('roles: people of a relative clause and sides set against their siblings', () => {
  const expressions = (prompt: string) => {
    const out = new RuleBasedPlanner().plan({ prompt, catalogue, previous: null, docked: [] });
    return out.outcome === 'answer' ? { topic: out.plan.topic?.question ?? null, audiences: out.plan.audiences.map((a) => a.expression) } : out.outcome;
  };

  it('reads a relative clause after what is measured as the group ("how common is X for people who ...")', () => {
    expect(expressions('How common is meditation for people who feel stressed most of the time?')).toEqual({
      topic: 'wellness_activities',
      audiences: [{ question: 'attitudes_lifestyle', datapoints: ['i_feel_stressed_most_of_the_time'], suffixes: ['1', '2'] }],
    });
    expect(expressions('How popular is Instagram with people who own a cat?')).toEqual({
      topic: 'social_platform_usage',
      audiences: [{ question: 'pets_owned', datapoints: ['cat'] }],
    });
  });

  it('reads people after "between" joined by "and" as the sides ("between those in full-time employment and those who are self-employed")', () => {
    const out = expressions(
      'How does the prevalence of back pain as a health concern compare between those in full-time employment and those who are self-employed?',
    );
    expect(out).toEqual({
      topic: 'health_concerns',
      audiences: [
        { question: 'employment_status', datapoints: ['full_time_employed'] },
        { question: 'employment_status', datapoints: ['self_employed'] },
      ],
    });
  });

  it('reads a side naming answers of several questions as the answer of its sibling side’s question', () => {
    expect(expressions('How do renters and people with a mortgage differ in owning a video doorbell?')).toEqual({
      topic: 'smart_home_devices',
      audiences: [
        { question: 'home_ownership', datapoints: ['rent'] },
        { question: 'home_ownership', datapoints: ['own_with_a_mortgage'] },
      ],
    });
  });

  it('reads people "with" a thing as a group when the clause goes on with its own verb and the topic is found by words only', () => {
    expect(expressions('Do people with a mortgage bank through the app more than renters do?')).toEqual({
      topic: 'banking_channel',
      audiences: [
        { question: 'home_ownership', datapoints: ['own_with_a_mortgage'] },
        { question: 'home_ownership', datapoints: ['rent'] },
      ],
    });
  });

  it("reads the nouns for listeners, players and subscribers of the markets' languages as people", () => {
    expect(expressions('¿Qué porcentaje de los oyentes de Spotify usa TikTok?')).toEqual({
      topic: 'social_platform_usage',
      audiences: [{ question: 'music_streaming_services', datapoints: ['spotify'] }],
    });
    expect(expressions('Quanti abbonati di Netflix usano anche Disney+?')).toEqual({
      topic: 'streaming_services_used',
      audiences: [{ question: 'streaming_services_used', datapoints: ['netflix'] }],
    });
  });

  it('keeps a product held when no sibling side names its other question', () => {
    expect(expressions('What share of people with a mortgage use Revolut?')).not.toEqual(
      expect.objectContaining({ audiences: [{ question: 'home_ownership', datapoints: ['own_with_a_mortgage'] }] }),
    );
  });
});

describe('roles: an index target', () => {
  it('keeps what the target is said as ("as a source of news") out of the people profiled', () => {
    expect(plan('Relative to the total sample, do holders of a postgraduate degree over-index on printed newspapers as a source of news?')).toEqual({
      topic: 'news_sources',
      audience: expect.not.stringMatching(/news/i),
    });
  });
});

describe('roles: clauses and phrases after people of a market or an audience', () => {
  it('reads "Millennials who own a dog also have a cat": the clause the audience, the main verb\'s answer the topic', () => {
    expect(plan('What share of Millennials who own a dog also have a cat?')).toEqual({ topic: 'pets_owned', audience: 'Millennials & Dog owners' });
  });

  it('reads "Americans with an electric car" as a group, "Gen Z on true crime podcasts" not', () => {
    expect(plan('Among Americans with an electric car, what share have a smart thermostat?')).toEqual({
      topic: 'smart_home_devices',
      audience: 'Electric car owners',
    });
    expect(plan('Index of Gen Z on true crime podcasts, last quarter')).toEqual({ topic: 'podcast_genres', audience: 'Gen Z' });
  });
});

describe('roles: a word for a group after its people', () => {
  const chat = (first: string, prompt: string) => {
    const planner = new RuleBasedPlanner();
    const before = planner.plan({ prompt: first, catalogue, previous: null, docked: [] });
    const previous = before.outcome === 'answer' ? before.plan : null;
    const out = planner.plan({ prompt, catalogue, previous, history: previous ? [previous] : [], docked: [] });
    return out.outcome === 'answer' ? { topic: out.plan.topic?.question ?? null, audience: out.plan.audiences[0]?.name } : out.outcome;
  };

  it('marks "group", "segment" after an audience as the audience\'s word', () => {
    const reading = { words: ['the', 'low', 'income', 'group', 'instead'], used: new Set<number>(), spans: [] as never[] };
    reading.spans = [{ start: 1, end: 3, typo: false, entry: { kind: 'audience', words: ['low', 'income'] } }] as never[];
    audienceHeadWords(reading as never);
    expect([...reading.used]).toEqual([3]);
  });

  it('keeps the topic when a follow-up names the new people with a word for a group', () => {
    expect(chat('Do high earners in the UK over-index on buy now pay later?', 'now the low income group instead')).toEqual({
      topic: 'payment_methods',
      audience: 'Low income',
    });
    expect(chat('What share of Gen Z in the UK use Instagram?', 'what about the students segment?')).toMatchObject({ topic: 'social_platform_usage' });
  });
});

describe("roles: people in researchers' own words are the audience, what they do the topic", () => {
  it.each([
    ['What share of blokes in the UK use Reddit?', 'social_platform_usage', 'Men'],
    ['What share of gals in the US use Pinterest?', 'social_platform_usage', 'Women'],
    ['What share of people out of work in Spain use LinkedIn?', 'social_platform_usage', 'Unemployed'],
    ['What share of households with kids in the UK have Disney+?', 'streaming_services_used', 'Parents'],
    ['What share of single women in the US use dating apps?', 'online_activities', 'Single women'],
    ['What share of couples in France watch Netflix?', 'streaming_services_used', 'Couples'],
    ['What share of divorced men in the US use dating apps?', 'online_activities', 'Divorced or separated & Men'],
    ['What share of people with a degree in India use LinkedIn?', 'social_platform_usage', 'Graduates'],
    ['What share of people working in tech in the UK use ChatGPT?', 'ai_assistants_used', 'Tech workers'],
    ['What share of stay at home mums in the US use Pinterest?', 'social_platform_usage', 'Stay-at-home mothers'],
    ['What share of those on the lowest incomes in the UK use BNPL?', 'payment_methods', 'Low income'],
  ])('%s', (prompt, topic, audience) => {
    expect(plan(prompt)).toEqual({ topic, audience });
  });
});

describe('roles: people said as a verb of people named before them are what is asked', () => {
  it('reads a phrase opening with a verb after the people counted as the topic ("what share of students rent their home?")', () => {
    expect(plan('What share of students rent their home?')).toEqual({ topic: 'home_ownership', audience: 'Students' });
    expect(plan('What share of renters have kids?')).toEqual({ topic: 'parent_status', audience: 'Renters' });
  });

  it('reads people after "be" of people named before them as the topic ("more likely to be renters than average")', () => {
    expect(plan('Are students more likely to be renters than average?')).toEqual({ topic: 'home_ownership', audience: 'Students' });
  });

  it('keeps a verb phrase of the people counted as their audience ("people who live alone use Netflix")', () => {
    expect(plan('What share of people who live alone use Netflix?')).toEqual({ topic: 'streaming_services_used', audience: 'People living alone' });
  });
});
