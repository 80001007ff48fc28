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
  it('a word of the dictionary one letter from a city is the word meant, not a place outside the data', () => {
    expect(outcome('What share of gamers use Reddit? Just to settle it.')).toMatchObject({ outcome: 'answer' });
    expect(outcome('What share of gamers in Seatle use Reddit?')).toMatchObject({ outcome: 'refuse', reason: 'no-data' });
  });
  it('refuses what the organisation does not license', () => {
    expect(outcome('What % of Japanese people use TikTok?', null, acme)).toMatchObject({ outcome: 'refuse', reason: 'not-entitled' });
    expect(outcome('Which game genres do people play most?', null, acme)).toMatchObject({ outcome: 'refuse', reason: 'not-entitled' });
    expect(outcome('What % of women used TikTok in Q1 2025?', null, acme)).toMatchObject({ outcome: 'refuse', reason: 'not-entitled' });
  });
});

describe('planPrompt: time as a small grammar', () => {
  it.each([
    ['Share of Germans using TikTok since the start of 2026', ['q1_2026', 'q2_2026', 'q3_2026']],
    ['What share of Brits used Snapchat in the first half of 2025?', ['q1_2025', 'q2_2025']],
    ['What share of Brits used Snapchat in H2 2025?', ['q3_2025', 'q4_2025']],
    ['Snapchat use among Brits over the past half year', ['q2_2026', 'q3_2026']],
    ['Snapchat use in Spain: this quarter against the same quarter last year', ['q3_2025', 'q3_2026']],
    ['Desde el primer trimestre de 2026, ¿cómo ha cambiado el uso de Snapchat en España?', ['q1_2026', 'q2_2026', 'q3_2026']],
  ])('%s', (prompt, expected) => {
    expect(waves(plan(prompt))).toEqual(expected);
  });
  it('"through 2025" reads the year wave by wave; a leading "now" that moves the chat on is no time', () => {
    expect(plan('Snapchat use in Spain through 2025')).toMatchObject({ kind: 'trend' });
    expect(waves(plan('now compare with Millennials', plan('Top 5 streaming services among Gen Z in the US')))).toHaveLength(4);
  });
});

describe('planPrompt: amounts, lists and the parts of a question', () => {
  it('an amount picks the bands inside it', () => {
    expect(topic(plan('How many Americans watch more than 6 hours of streaming video a day?'))).toEqual([
      'hours_streaming_per_day',
      ['range_6', 'range_7'],
      null,
    ]);
    expect(topic(plan('What share of Germans sleep under 5 hours?'))).toEqual(['sleep_hours', ['sleep_1'], null]);
  });
  it('lists, coordinations and complements are sides, never an intersection', () => {
    expect(audiences(plan('Gen X, Millennials and Gen Z side by side on Snapchat'))).toEqual(['Gen X', 'Millennials', 'Gen Z']);
    expect(audiences(plan('Low or high earners: who uses Revolut more?'))).toEqual(['Low income', 'High income']);
    const p = plan('Renters vs non-renters on smart speakers');
    expect(p.audiences.map((a) => a.expression)).toEqual([
      { question: 'home_ownership', datapoints: ['rent'] },
      { question: 'home_ownership', datapoints: ['own_outright', 'own_with_a_mortgage', 'live_with_parents_or_family'] },
    ]);
    expect(markets(plan('Contrast every one of our markets on Snapchat use', null, acme))).toEqual(['us', 'gb', 'de', 'fr']);
  });
  it('a group named by a datapoint is profiled; an agreement statement means those who agree', () => {
    const p = plan('What are vegetarians unusually likely to do?');
    expect(p).toMatchObject({ kind: 'indexing', topic: null });
    expect(p.audiences[0].expression).toEqual({ question: 'diets_followed', datapoints: ['vegetarian'] });
    expect(plan('Among people who worry about their financial future, what share hold gold?').audiences[0].expression).toEqual({
      question: 'attitudes_finance',
      datapoints: ['i_worry_about_my_financial_future'],
      suffixes: ['1', '2'],
    });
  });
  it('"what proportion are men" asks about the demographic; shopping at a brand is its funnel\'s usage row', () => {
    const p = plan('Of Netflix subscribers in Spain, what proportion are women?');
    expect(topic(p)).toEqual(['gender', ['female'], null]);
    expect(p.audiences[0].expression).toEqual({ question: 'streaming_services_used', datapoints: ['netflix'] });
    expect(topic(plan('How many Brits shop at Tesco?'))).toEqual(['brand_funnel_retail', ['tesco'], '3']);
  });
  it('a count of a plural noun or a singular "which" sets how many are listed', () => {
    expect(plan('Name the four airlines Brits would most consider').limit).toBe(4);
    expect(plan('Which car brand do Germans trust most?').limit).toBe(1);
  });
});

describe('planPrompt: doubt is asked about', () => {
  it('a typo as close to two things, a misspelt cue word read as meant', () => {
    expect(outcome('How many Germans are aware of Tesca?').outcome).toBe('clarify');
    expect(plan('wat makes parents diffrent in japan')).toMatchObject({ kind: 'indexing', topic: null });
  });
  it('"they" with no chat and nothing docked refers to no one', () => {
    expect(outcome('Do they use Threads more than average?').outcome).toBe('clarify');
  });
  it('the same thing in two questions takes the first measure and says so', () => {
    const out = outcome('Valorant in Brazil');
    expect(out.outcome).toBe('answer');
    if (out.outcome === 'answer') {
      expect(out.plan.topic?.question).toBe('game_titles_played');
      expect(out.notes.join(' ')).toContain('Esports watched');
    }
  });
  it('a katakana name is found by its sound', () => {
    expect(topic(plan('アメリカでスポティファイを使っている人の割合は？'))).toEqual(['music_streaming_services', ['spotify'], null]);
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

describe('planPrompt: third tuning round', () => {
  const docked = (...names: string[]) =>
    names.map((name) => {
      const a = demo.audiences.find((x) => x.name === name);
      if (!a) throw new Error(`no curated audience ${name}`);
      return { id: a.id, name: a.name, description: a.description, expression: a.expression, origin: 'docked' as const };
    });
  const planDocked = (prompt: string, names: string[]): AnalysisPlan => {
    const out = planPrompt({ prompt, catalogue: demo, docked: docked(...names) });
    if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome} ${out.message}`);
    return out.plan;
  };

  it('"what is special about" a group is an open index', () => {
    expect(planDocked('anything special about these people?', ['Parents'])).toMatchObject({ kind: 'indexing', topic: null });
    expect(plan('What is so special about Gen X in France?')).toMatchObject({ kind: 'indexing', topic: null });
  });
  it('a lower-case "us" after a topic or another market is the United States, after a verb the pronoun', () => {
    expect(markets(plan('snapchat usage us'))).toEqual(['us']);
    expect(markets(plan('pinterest germany vs us'))).toEqual(['de', 'us']);
    expect(markets(plan('tell us the share of Germans on Pinterest'))).toEqual(['de']);
  });
  it('a superlative opening the prompt asks for one answer; "news source" is singular', () => {
    expect(plan('most watched streaming service in brazil').limit).toBe(1);
    expect(plan('The most trusted news source among Gen X').limit).toBe(1);
    expect(plan('most popular sports followed in the uk').limit).toBe(5);
  });
  it('"holdings" and "hold" point to the question of things held (crypto as an investment)', () => {
    expect(topic(plan('Bitcoin holdings in Germany and France'))).toEqual(['investments_held', ['cryptocurrency'], null]);
  });
  it('a three-word name said in another order is found ("bank on a mobile app" for "Mobile banking app")', () => {
    expect(topic(plan('What share of Brits bank on a mobile app?'))).toEqual(['banking_channel', ['mobile_banking_app'], null]);
  });
  it('a frequency said in full picks the datapoint of a frequency question ("a few times a week")', () => {
    expect(topic(plan('How many Germans eat fast food a few times a week?'))).toEqual(['fast_food_frequency', ['several_times_a_week'], null]);
    expect(topic(plan('Share of French adults who shop online once a month'))).toEqual(['online_shopping_frequency', ['once_a_month'], null]);
  });
  it('"gaining", "losing ground", "slipping" ask for a trend', () => {
    expect(plan('Is Threads gaining users in Spain?').kind).toBe('trend');
    expect(plan('Has Facebook been losing ground among Gen Z?').kind).toBe('trend');
  });
  it('Italian prompts are read (question words, demonyms, numbers, "più ... degli")', () => {
    const share = plan('Quanti tedeschi usano Telegram?');
    expect([share.kind, markets(share), share.count]).toEqual(['share', ['de'], true]);
    const compared = plan('Le donne guardano Netflix più degli uomini?');
    expect([compared.kind, audiences(compared)]).toEqual(['comparison', ['Women', 'Men']]);
    const ranked = plan('Quali sono le tre compagnie aeree preferite in Spagna?');
    expect([topic(ranked), ranked.limit, markets(ranked)]).toEqual([['favourite_brand_airlines', [], null], 3, ['es']]);
    expect(outcome('Quanti italiani usano TikTok?').outcome).toBe('refuse');
  });
  it('category nouns of brands are translated ("refrigerantes", "coches", "banques")', () => {
    expect(topic(plan('¿Cuáles son las marcas de coches favoritas en España?'))).toEqual(['favourite_brand_cars', [], null]);
    expect(topic(plan('Quais são as marcas de refrigerantes mais populares no Brasil?'))).toEqual(['favourite_brand_soft_drinks', [], null]);
  });
  it('an age range in another language ("de 25 à 34 ans", "zwischen 25 und 34 Jahren", "de 35 a 44 años")', () => {
    const band = (prompt: string) => plan(prompt).audiences[0].expression;
    expect(JSON.stringify(band('Les hommes de 35 à 44 ans utilisent-ils Reddit ?'))).toContain('35_44');
    expect(JSON.stringify(band('Wie viele Männer zwischen 35 und 44 Jahren nutzen Reddit?'))).toContain('35_44');
    expect(JSON.stringify(band('¿Cuántos hombres de 35 a 44 años usan Reddit?'))).toContain('35_44');
  });
  it('a gaming topic with the Gamers audience in a market the gaming survey skips is refused, not asked back', () => {
    expect(outcome('What share of Spanish gamers play Minecraft?')).toMatchObject({ outcome: 'refuse', reason: 'no-data' });
    expect(outcome('What share of gamers in the UK play Minecraft?').outcome).toBe('clarify');
  });
  it('customers named by a noun ("Lidl shoppers", "Hilton guests") are the funnel\'s usage row', () => {
    expect(topic(plan('Do Parents over-index among Lidl shoppers?'))).toEqual(['brand_funnel_retail', ['lidl'], '3']);
    expect(topic(plan('Share of Hilton guests in the US'))).toEqual(['brand_funnel_hotels', ['hilton'], '3']);
  });
  it('one group set against the base in words is an index, with or without a topic', () => {
    expect(plan('what are millennials into compared to everyone else')).toMatchObject({ kind: 'indexing', topic: null });
    expect(plan('Do Parents use Pinterest more than the average person?').kind).toBe('indexing');
  });
  it('difference words of the other languages ("besonders", "particularités", "especial")', () => {
    expect(plan('Was macht Eltern in Deutschland besonders?')).toMatchObject({ kind: 'indexing', topic: null });
    expect(plan('Quelles sont les particularités des hommes en France ?')).toMatchObject({ kind: 'indexing', topic: null });
    expect(plan('¿Qué tienen de especial los padres en España?')).toMatchObject({ kind: 'indexing', topic: null });
  });
  it('owners or users of one thing with a share word and nothing else asked: that thing is the topic', () => {
    const p = plan('cat owners in japan share');
    expect([p.kind, topic(p), audiences(p), markets(p)]).toEqual(['share', ['pets_owned', ['cat'], null], ['All respondents'], ['jp']]);
  });
  it('"fav" is favourite, which asks for one answer before a singular noun without an article', () => {
    expect(plan('millennials fav fast food brand in the us')).toMatchObject({ kind: 'ranking', limit: 1 });
    expect(plan('yt usage trend us last yr').locations.map((l) => l.code)).toEqual(['us']);
  });
  it('a difference with no topic between named sides profiles each side (audiences or markets)', () => {
    expect(plan('How do Parents differ from Gen Z?')).toMatchObject({ kind: 'indexing', topic: null });
    expect(audiences(plan('How do Parents differ from Gen Z?'))).toEqual(['Parents', 'Gen Z']);
    expect(markets(plan('What makes Millennials in France and Spain different?'))).toEqual(['fr', 'es']);
    expect(plan('the 3 main differences between Gen X and everyone else')).toMatchObject({ kind: 'indexing', topic: null, limit: 3 });
  });
  it('negative contractions are words ("aren\'t" is not a typo of a brand)', () => {
    expect(plan("Don't Gen Z use Snapchat more than average?").topic?.datapoints.map((d) => d.code)).toEqual(['snapchat']);
  });
  it('a docked audience referred to and compared with a named one is one of the two sides', () => {
    expect(audiences(planDocked('Compare them with Baby boomers on Facebook', ['Gen Z']))).toEqual(['Gen Z', 'Baby boomers']);
    expect(audiences(planDocked('What share of Men use Facebook?', ['Gen Z']))).toEqual(['Men']);
  });
  it('"gen AI" is generative AI and "how often" its frequency question', () => {
    expect(topic(plan('How often do Millennials use gen AI?'))).toEqual(['ai_usage_frequency', [], null]);
  });
  it('an unknown word naming the kind of a generic noun is not in the data ("gambling apps")', () => {
    expect(outcome('poker apps usage in Germany')).toMatchObject({ outcome: 'refuse', unknown: ['poker'] });
    expect(plan('social apps usage in Germany').kind).toBe('ranking');
  });
  it('a change yet to come is a forecast ("will X keep growing?", "is Y going to decline?")', () => {
    expect(outcome('Will Snapchat keep growing in France?')).toMatchObject({ outcome: 'refuse' });
    expect(outcome('Is Facebook going to decline among Gen Z?')).toMatchObject({ outcome: 'refuse' });
    expect(plan('Can you show how Snapchat use has grown in France?').kind).toBe('trend');
  });
  it('"amex" is American Express', () => {
    expect(plan('How many Americans use Amex?').topic?.datapoints.map((d) => d.code)).toEqual(['american_express']);
  });
  it('the object of a verb of using is the topic even when a group follows after "vs"', () => {
    const p = plan('how do millennials watch netflix vs gen z');
    expect([p.kind, topic(p), audiences(p)]).toEqual(['comparison', ['streaming_services_used', ['netflix'], null], ['Millennials', 'Gen Z']]);
  });
  it('"que" after a comparative is "than" in Spanish, French and Portuguese', () => {
    expect(audiences(plan('¿Los hombres usan más Reddit que las mujeres?'))).toEqual(['Men', 'Women']);
    expect(audiences(plan('Os homens usam mais o Reddit do que as mulheres?'))).toEqual(['Men', 'Women']);
  });
  it('brand, phone and favourite words of the other languages ("marca de celular preferida")', () => {
    expect(topic(plan('¿Cuál es la marca de móvil favorita en España?'))).toEqual(['smartphone_brand', [], null]);
  });
  it('a ranking of "social media" is of platforms unless time is asked about', () => {
    expect(topic(plan('top social media for Gen X'))).toEqual(['social_platform_usage', [], null]);
    expect(topic(plan('How many hours a day do Gen X spend on social media?'))?.[0]).toBe('hours_social_media_per_day');
  });
  it('a number before a short noun phrase and a superlative is the limit ("les trois réseaux sociaux les plus utilisés")', () => {
    expect(plan('Quels sont les quatre réseaux sociaux les plus utilisés en Espagne ?').limit).toBe(4);
  });
  it('a verb of being a customer picks the retailer of a name shared with its products ("shop on Amazon")', () => {
    expect(topic(plan('How many Spaniards shop on Amazon?'))).toEqual(['brand_funnel_retail', ['amazon'], '3']);
  });
  it('the same audience on both sides of a market comparison is one audience', () => {
    const p = plan('Millennials in Spain vs Millennials in France on Instagram');
    expect([audiences(p), markets(p)]).toEqual([['Millennials'], ['es', 'fr']]);
  });
  it('lower-case market codes in a list of markets ("uk vs de", "fr and es") are markets', () => {
    expect(markets(plan('snapchat uk vs de'))).toEqual(['gb', 'de']);
    expect(markets(plan('reddit usage fr and es'))).toEqual(['fr', 'es']);
  });
  it('"top5" is "top 5"', () => {
    expect(plan('top3 music genres in spain').limit).toBe(3);
  });
  it('a name in capitals the catalogue does not have is not in the data, even when it is a common word', () => {
    expect(outcome('What share of Japanese adults use LINE?')).toMatchObject({ outcome: 'refuse', unknown: ['line'] });
    expect(plan('What share of Germans use a VPN?').topic?.datapoints.map((d) => d.code)).toEqual(['used_a_vpn']);
  });
  it('per quarter, losing users and "then and now" ask for a trend', () => {
    expect(plan('Hulu usage by quarter in the US').kind).toBe('trend');
    expect(plan('Is Facebook losing users in Spain?').kind).toBe('trend');
    const p = plan('What share used Claude in Q1 2025, and what is it now?');
    expect([p.kind, waves(p)]).toEqual(['trend', ['q1_2025', 'q3_2026']]);
  });
  it('"have" a financial product is a product held', () => {
    expect(topic(plan('What share of Spaniards have a credit card?'))).toEqual(['financial_products', ['credit_card'], null]);
  });
  it('a docked group set against everyone ("compared to all adults") is an index', () => {
    expect(planDocked('How do they compare with everybody on Pinterest?', ['Parents']).kind).toBe('indexing');
  });
  it('the size of the one docked audience: its defining answer counted among everyone', () => {
    const p = planDocked('How many are there in Spain?', ['Parents']);
    expect([topic(p), audiences(p), markets(p), p.count]).toEqual([['parent_status', ['parent'], null], ['All respondents'], ['es'], true]);
  });
  it('a reordered name does not take a word that ends another name ("self employed ... full time")', () => {
    expect(audiences(plan('Compare self-employed people with full-time employees on Reddit'))).toEqual(['Self-employed', 'Full-time employed']);
  });
  it('"people who own a dog ..., what share use X": the relative clause is the group, X the topic', () => {
    const p = plan('people who own a cat in France: what share use Pinterest?');
    expect([topic(p), audiences(p)]).toEqual([['social_platform_usage', ['pinterest'], null], ['Cat owners']]);
    expect(topic(plan('Tell me the percentage of adults who own a smart lock.'))).toEqual(['smart_home_devices', ['smart_lock'], null]);
  });
  it('chat shorthand: "n", "b/w", "snap"; a code in capitals does not make the prompt Spanish', () => {
    expect(audiences(plan('spotify b/w gen z n millennials'))).toEqual(['Gen Z', 'Millennials']);
    expect(topic(plan('how many aussies use snap'))).toEqual(['social_platform_usage', ['snapchat'], null]);
    expect(markets(plan('Instagram usage – Millennials – DE'))).toEqual(['de']);
  });
  it('Latin America is its market in the data (not "America"); more places outside the data are named', () => {
    expect(markets(plan('Facebook use in Latin America'))).toEqual(['br']);
    expect(outcome('What share of Danes use Snapchat?')).toMatchObject({ outcome: 'refuse', reason: 'no-data' });
  });
  it('"this group", "ce groupe", "esse público", "diese Zielgruppe" refer to the docked audience', () => {
    for (const prompt of [
      "Qu'est-ce qui distingue ce groupe ?",
      'O que diferencia esse público?',
      'Was unterscheidet diese Zielgruppe?',
      '¿Qué distingue a este grupo?',
    ])
      expect(planDocked(prompt, ['Gen X'])).toMatchObject({ kind: 'indexing', topic: null });
  });
  it('"with kids and without kids" are parents and non-parents; "have a Tesla" is a customer of the brand', () => {
    expect(audiences(plan('Compare people with kids and without kids on Hulu'))).toEqual(['Parents', 'Non-parents']);
    expect(topic(plan('How many Germans have a BMW?'))).toEqual(['brand_funnel_cars', ['bmw'], '3']);
    expect(topic(plan('Share of Brits who drink oat milk'))).toEqual(['drinks_consumed', ['plant_based_milk'], null]);
  });
  it('months and "for a year" in the other languages ("nos últimos 6 meses", "depuis un an")', () => {
    expect(waves(plan('Evolução do uso do Snapchat nos últimos 6 meses'))).toEqual(['q2_2026', 'q3_2026']);
    expect(waves(plan("Évolution de l'utilisation de Snapchat depuis un an"))).toHaveLength(4);
    expect(waves(plan('Entwicklung der Snapchat-Nutzung in den letzten sechs Monaten'))).toEqual(['q2_2026', 'q3_2026']);
  });
  it('"since the start of last year" and "over 2025 and 2026"', () => {
    const since = plan('Threads usage since the start of last year');
    expect([since.kind, waves(since)[0], waves(since).length]).toEqual(['trend', 'q1_2025', 7]);
    expect(waves(plan('Threads usage over 2025 and 2026'))).toHaveLength(7);
  });
  it('"compare our four markets" sets every licensed market side by side', () => {
    expect(markets(plan('Compare our four markets on Netflix', null, acme))).toEqual(['us', 'gb', 'de', 'fr']);
  });
  it('parents of babies, toddlers or teenagers are read from the ages of the children', () => {
    expect(plan('Do parents of teenagers use Snapchat more than average?').audiences[0].expression).toEqual({
      question: 'children_ages',
      datapoints: ['13_17'],
    });
  });
  it('a superlative before a plural noun phrase lists, before a singular one answers once', () => {
    expect(plan('Most innovative car brands according to women').limit).toBe(5);
    expect(plan('The most popular holiday destinations for Germans').limit).toBe(5);
    expect(plan('Most trusted tech brand in Spain').limit).toBe(1);
  });
  it('words of cue phrases are not typos of names ("league table" is not a tablet); "best known" is awareness', () => {
    expect(topic(plan('League table of hotels people trust in Spain'))?.[0]).toBe('brand_perception_hotels');
    expect(topic(plan('Best known banks in Spain'))).toEqual(['brand_funnel_banking', [], '1']);
  });
  it('demonyms of places outside the data in the other languages are refused; a future year anywhere is a forecast', () => {
    expect(outcome('Wie viele Kanadier nutzen Snapchat?')).toMatchObject({ outcome: 'refuse', reason: 'no-data' });
    expect(outcome('Combien de Belges utilisent TikTok ?')).toMatchObject({ outcome: 'refuse', reason: 'no-data' });
    expect(outcome('Wie entwickelt sich die Netflix-Nutzung 2028?')).toMatchObject({ outcome: 'refuse', reason: 'no-data' });
  });
  it('"vs total population" is the base of an index', () => {
    expect(planDocked('Hulu penetration in this group vs total population', ['Parents']).kind).toBe('indexing');
  });
  it('three-letter market codes in capitals ("GBR vs DEU") are markets; "aus" in German is not Australia', () => {
    expect(markets(plan('snapchat usage FRA vs ESP'))).toEqual(['fr', 'es']);
    expect(markets(plan('Wie viele Menschen aus Deutschland nutzen Snapchat?'))).toEqual(['de']);
  });
  it('a request to describe a group with no topic is its open profile ("tell me about", "what are X like")', () => {
    expect(plan('Tell me about Baby boomers in Spain')).toMatchObject({ kind: 'indexing', topic: null });
    expect(plan('What are Tech early adopters like?')).toMatchObject({ kind: 'indexing', topic: null });
    expect(planDocked('Give me a portrait of this audience', ['Women'])).toMatchObject({ kind: 'indexing', topic: null });
    expect(plan('Tell me about Snapchat use in Spain').kind).toBe('share');
  });
  it('"tell me about" and everyday topic words in the other languages', () => {
    expect(plan('Parle-moi des femmes en Espagne')).toMatchObject({ kind: 'indexing', topic: null });
    expect(topic(plan('Quelle proportion de Brésiliens boit du café ?'))).toEqual(['drinks_consumed', ['coffee'], null]);
    expect(topic(plan('Wie viel Prozent der Japaner haben eine Kreditkarte?'))?.[1]).toEqual(['credit_card']);
  });
  it('"the number of X users" is a headcount; common misspellings of question words', () => {
    expect(plan('number of netflix subscribers in spain').count).toBe(true);
    expect(plan('wich streaming services do boomers use most').kind).toBe('ranking');
  });
  it('affinity, propensity, "especially popular with", "vs average" and "than others" ask for an index', () => {
    expect(plan('Affinity of Parents for Disney+').kind).toBe('indexing');
    expect(plan('Is Snapchat especially popular with Gen Z?').kind).toBe('indexing');
    expect(plan('Are Gen X heavier Facebook users than others?').kind).toBe('indexing');
    expect(plan('Likelihood of men to own a smartwatch vs average').kind).toBe('indexing');
  });
  it('a prompt opening with "compare with" or "vs" sets the docked audience against the one named', () => {
    expect(audiences(planDocked('vs Baby boomers: Facebook', ['Gen X']))).toEqual(['Gen X', 'Baby boomers']);
    expect(audiences(planDocked('compare with Millennials on Hulu', ['Gen Z']))).toEqual(['Gen Z', 'Millennials']);
  });
  it('a follow-up setting the last audience against everyone indexes the same topic', () => {
    const first = plan('What share of Millennials use Reddit?');
    const next = plan('and compared to everyone else?', first);
    expect([next.kind, topic(next), audiences(next)]).toEqual(['indexing', ['social_platform_usage', ['reddit'], null], ['Millennials']]);
  });
  it('Japanese "more than average" (平均より多く) is an index', () => {
    expect(plan('ミレニアル世代はSpotifyを平均より多く使っていますか？').kind).toBe('indexing');
  });
  it('"where is X heading?", "likely to keep growing", "what will happen to" are forecasts', () => {
    for (const prompt of ['Where is Snapchat heading in France?', 'Is Reddit likely to keep growing in the US?', 'What will happen to Threads usage?'])
      expect(outcome(prompt).outcome).toBe('refuse');
    expect(plan('Financial outlook of Gen X in Spain').kind).toBe('ranking');
  });
  it('a slash between names is an alternative, side by side ("men/women", "uk/germany")', () => {
    expect(audiences(plan('reddit men/women'))).toEqual(['Men', 'Women']);
    expect(markets(plan('france/spain hulu'))).toEqual(['fr', 'es']);
  });
  it('the group noun of a named thing is not a topic word ("Tesla drivers" are not "Purchase drivers")', () => {
    const p = plan('What share of BMW drivers are women?');
    expect([topic(p), audiences(p)]).toEqual([['gender', ['female'], null], ['BMW users']]);
    expect(topic(plan('How many bitcoin holders are there in Spain?'))?.[0]).toBe('investments_held');
  });
});
