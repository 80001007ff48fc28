import { AnalysisPlan } from '../assistant.types';
import { segmentsOf, tooBroad } from '../engine-runs';
import { planPrompt } from '../planner';
import { demoPlannerCatalogue } from '../testing/demo-catalogue';
import { readDimensions } from './dimension-cues';
import { yearBefore } from './dimensions';

const catalogue = demoPlannerCatalogue();
const words = (text: string) => text.toLowerCase().split(' ');

function plan(prompt: string, c = catalogue): AnalysisPlan {
  const out = planPrompt({ prompt, catalogue: c });
  if (out.outcome !== 'answer') throw new Error(out.message);
  return out.plan;
}

const audienceLeaves = (p: AnalysisPlan) => p.audiences.map((a) => JSON.stringify(a.expression));

describe('readDimensions', () => {
  it('reads a market ranking from "which country" with a superlative, or from a word of ranking', () => {
    expect(readDimensions(words('in which country is tiktok most used'), catalogue)).toMatchObject({ markets: true, superlative: 'highest' });
    expect(readDimensions(words('rank our markets by netflix usage'), catalogue)).toMatchObject({ markets: true });
    expect(readDimensions(words('which market uses it the least'), catalogue)).toMatchObject({ markets: true, superlative: 'lowest' });
    // A market named for each answer is not a ranking of markets.
    expect(readDimensions(words('top 5 streaming services in each market'), catalogue)).toMatchObject({ markets: false });
  });

  it('reads one group said again for another market as no contrast of groups ("high earners in the US vs high earners in the UK")', () => {
    expect(readDimensions(words('high earners in the us vs high earners in the uk: crypto holdings'), catalogue).group).toBeFalsy();
    expect(readDimensions(words('do high vs low earners hold more crypto'), catalogue).group).toMatchObject({ question: 'income_group' });
  });

  it('makes no groups of a question the lexicon names people by the absence of its answers ("meat eaters")', () => {
    expect(readDimensions(words('which diets are most followed in india'), catalogue).group).toBeFalsy();
  });

  it('reads the demographic question whose groups are ranked, and takes its words', () => {
    const cue = readDimensions(words('which age group is most likely to use tiktok'), catalogue);
    expect(cue.group).toEqual({ question: 'age_group', generations: false });
    expect(cue.used).toEqual(expect.arrayContaining([1, 2]));
    expect(readDimensions(words('which household income band is most likely to own an electric car'), catalogue).group?.question).toBe('household_income_band');
    expect(readDimensions(words('rank employment groups by chatgpt usage'), catalogue).group?.question).toBe('employment_status');
    expect(readDimensions(words('by gender who is more likely to listen to podcasts daily'), catalogue).group?.question).toBe('gender');
    expect(readDimensions(words('which generation uses facebook the most'), catalogue).group).toEqual({ question: 'age_group', generations: true });
  });

  it('reads "the country with the lowest ..." as a market ranking, and "younger or older" as the age groups', () => {
    expect(readDimensions(words('country with the lowest share of smartphone owners'), catalogue)).toMatchObject({ markets: true, superlative: 'lowest' });
    expect(readDimensions(words('the market where most people use tiktok'), catalogue)).toMatchObject({ markets: true });
    expect(readDimensions(words('a country with tiktok'), catalogue)).toMatchObject({ markets: false });
    expect(readDimensions(words('do younger or older people read printed newspapers more'), catalogue).group).toEqual({
      question: 'age_group',
      generations: false,
    });
    expect(readDimensions(words('old or young: who uses facebook more'), catalogue).group).toEqual({ question: 'age_group', generations: false });
    expect(readDimensions(words('do older people read printed newspapers'), catalogue).group).toBeNull();
    expect(readDimensions(words('are younger people more likely than older people to use snapchat'), catalogue).group).toEqual({
      question: 'age_group',
      generations: false,
    });
    expect(readDimensions(words('people 65 years old and younger using facebook'), catalogue).group).toBeNull();
    expect(readDimensions(words('list markets by share of people who own a smart tv'), catalogue)).toMatchObject({ markets: true });
    expect(readDimensions(words('top 3 countries for netflix'), catalogue)).toMatchObject({ markets: true, superlative: 'highest' });
    expect(readDimensions(words('bottom two markets for facebook'), catalogue)).toMatchObject({ markets: true, superlative: 'lowest' });
  });

  it('leaves a question that is not a demographic group, or a group question asked on its own, alone', () => {
    expect(readDimensions(words('which pc gaming stores do americans use'), catalogue).group).toBeNull();
    expect(readDimensions(words('which age group is biggest'), catalogue).group).toBeNull();
    expect(readDimensions(words('what s the gender split of reddit users'), catalogue).group).toBeNull();
  });

  it('reads a superlative that with the group word is a phrase for one group as that group, not the groups ranked', () => {
    expect(readDimensions(words('among the top income bracket what share hold stocks'), catalogue).group).toBeNull();
    expect(readDimensions(words('spotify use highest age group'), catalogue).group?.question).toBe('age_group');
  });

  it('reads change compared and paired periods', () => {
    expect(readDimensions(words('did tiktok grow more in the us or the uk'), catalogue)).toMatchObject({ grewMore: true, paired: null });
    expect(readDimensions(words('is chatgpt up or down vs the same quarter last year'), catalogue)).toMatchObject({ paired: 'year', upOrDown: true });
    expect(readDimensions(words('how has it changed since a year ago'), catalogue)).toMatchObject({ paired: null });
    expect(readDimensions(words('did netflix decline more in france or spain'), catalogue)).toMatchObject({ grewMore: true });
    expect(readDimensions(words('top market for spotify'), catalogue)).toMatchObject({ markets: true, superlative: 'highest' });
    // One side gaining on another is change compared; a net change is the period's two ends.
    expect(readDimensions(words('did disney+ gain on netflix over the past year'), catalogue)).toMatchObject({ grewMore: true });
    expect(readDimensions(words('is lidl catching up with aldi'), catalogue)).toMatchObject({ grewMore: true });
    expect(readDimensions(words('did tiktok gain users last year'), catalogue)).toMatchObject({ grewMore: false });
    expect(readDimensions(words('what is the net change in tiktok use since q3 2025'), catalogue)).toMatchObject({ netChange: true });
    expect(readDimensions(words('how has tiktok use changed since q3 2025'), catalogue)).toMatchObject({ netChange: false });
  });
});

describe('yearBefore', () => {
  it('is the wave ending in the same month a year earlier', () => {
    const q3 = catalogue.waves.find((w) => w.code === 'q3_2026');
    expect(q3 && yearBefore(q3, catalogue.waves)?.code).toBe('q3_2025');
    const q4 = catalogue.waves.find((w) => w.code === 'q4_2024');
    expect(q4 && yearBefore(q4, catalogue.waves)).toBeUndefined();
  });
});

describe('plans along a dimension', () => {
  it('ranks every licensed market the topic is fielded in, one by one', () => {
    const p = plan('In which country is TikTok most used?');
    expect(p).toMatchObject({ kind: 'comparison', rankBy: 'markets', verdict: 'highest', splitByLocation: true });
    expect(p.locations).toHaveLength(9);
    // A gaming-panel topic: only the markets that panel was fielded in.
    expect(plan('Which of our markets plays the most Roblox?').locations.map((l) => l.code)).toEqual(['us', 'gb', 'de', 'br', 'jp']);
    // An organisation licensing four markets ranks those four.
    const acme = demoPlannerCatalogue({ datasets: ['core'], locations: ['us', 'gb', 'de', 'fr'] });
    expect(plan('Rank our markets by Netflix usage', acme).locations.map((l) => l.code)).toEqual(['us', 'gb', 'de', 'fr']);
  });

  it('keeps the markets named when the ranking names them', () => {
    const p = plan('Among the US, the UK, Germany and Japan, where is WhatsApp used most?');
    expect(p.locations.map((l) => l.code)).toEqual(['us', 'gb', 'de', 'jp']);
    expect(p.rankBy).toBe('markets');
  });

  it('ranks the groups of a demographic question on the topic, never the demographic itself', () => {
    const p = plan('Which age band is least likely to own a smartwatch?');
    expect(p.topic).toMatchObject({ question: 'devices_owned', datapoints: [{ code: 'smartwatch' }] });
    expect(p).toMatchObject({ kind: 'comparison', rankBy: 'groups', groupQuestion: { code: 'age_group' }, verdict: 'lowest', ascending: true });
    expect(audienceLeaves(p)).toEqual(['16_24', '25_34', '35_44', '45_54', '55_64'].map((d) => JSON.stringify({ question: 'age_group', datapoints: [d] })));
  });

  it('cuts the groups within the audience the prompt names', () => {
    const p = plan('Among Gen Z, which gender is more likely to play Fortnite?');
    expect(p.audiences.map((a) => a.name)).toEqual(['Gen Z & Gender: Male', 'Gen Z & Gender: Female']);
    expect(p.audiences[0].expression).toEqual({
      and: [
        { question: 'age_group', datapoints: ['16_24'] },
        { question: 'gender', datapoints: ['male'] },
      ],
    });
  });

  it('asks back rather than answer about everyone when the groups are not asked where the topic is', () => {
    const out = planPrompt({ prompt: 'Which education level is most likely to play Fortnite?', catalogue });
    expect(out).toMatchObject({ outcome: 'clarify' });
    expect(out.outcome === 'clarify' && out.message).toContain('“Highest level of education” is not asked in the');
  });

  it('ranks groups named side by side when a superlative asks for the highest', () => {
    const p = plan('Urban, suburban or rural: where are people most likely to drive an electric car?');
    expect(p).toMatchObject({ rankBy: 'groups', groupQuestion: { code: 'urbanicity' }, verdict: 'highest' });
    expect(p.locations).toEqual([]);
  });

  it('compares change as a trend of both sides, over every licensed wave when no period is named', () => {
    const p = plan('Did TikTok grow more in the US or the UK?');
    expect(p).toMatchObject({ kind: 'trend', splitByWave: true, splitByLocation: true, verdict: 'grew-more' });
    expect(p.waves).toHaveLength(8);
    const q = plan('Did Spotify or Apple Music gain more users over the past year?');
    expect(q).toMatchObject({ kind: 'trend', verdict: 'grew-more' });
    expect(q.waves.map((w) => w.code)).toEqual(['q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']);
  });

  it('ranks many markets by their change measuring the first and last wave only, within the runs one question may start', () => {
    const acme = demoPlannerCatalogue({ datasets: ['core'], locations: ['us', 'gb', 'de', 'fr', 'es'] });
    const p = plan('Which of our markets grew the most on Threads since Q1 2025?', acme);
    expect(p).toMatchObject({ kind: 'trend', rankBy: 'markets', verdict: 'grew-more' });
    // The plan keeps the period asked; the engine runs read its two ends.
    expect(p.waves).toHaveLength(7);
    expect(tooBroad(p)).toBeNull();
    expect([...new Set(segmentsOf(p).map((s) => s.waves[0].code))]).toEqual(['q1_2025', 'q3_2026']);
    expect(segmentsOf(p)).toHaveLength(10);
  });

  it('reads a net change or a change in percentage points since a wave as that wave and the latest', () => {
    for (const prompt of [
      'What is the net change in TikTok use in the UK since Q3 2025?',
      'By how many percentage points has TikTok use in the UK changed since Q3 2025?',
    ]) {
      const p = plan(prompt);
      expect(p).toMatchObject({ kind: 'trend', pairedPeriods: true, verdict: 'up-or-down' });
      expect(p.waves.map((w) => w.code)).toEqual(['q3_2025', 'q3_2026']);
    }
  });

  it('reads "vs the same quarter last year" as exactly two periods, not a trend through every wave', () => {
    for (const prompt of [
      'Is ChatGPT usage up or down vs the same quarter last year?',
      'Is electric car ownership in the UK higher or lower than in the same quarter last year?',
    ]) {
      const p = plan(prompt);
      expect(p).toMatchObject({ kind: 'trend', pairedPeriods: true, verdict: 'up-or-down' });
      expect(p.waves.map((w) => w.code)).toEqual(['q3_2025', 'q3_2026']);
    }
  });

  it('a follow-up that changes the topic or the market keeps the ranking it follows', () => {
    const first = plan('In which country is TikTok most used?');
    const next = planPrompt({ prompt: 'and Instagram?', catalogue, previous: first });
    expect(next.outcome === 'answer' && next.plan).toMatchObject({ rankBy: 'markets', verdict: 'highest', topic: { question: 'social_platform_usage' } });
    const groups = plan('Which age group is most likely to use TikTok?');
    const inGermany = planPrompt({ prompt: 'what about in Germany?', catalogue, previous: groups });
    expect(inGermany.outcome === 'answer' && inGermany.plan).toMatchObject({
      rankBy: 'groups',
      groupQuestion: { code: 'age_group' },
      locations: [{ code: 'de' }],
    });
  });

  it('reads growth compared side by side, or with a word for the strongest, as change compared', () => {
    expect(readDimensions(words('compare the growth of tiktok in brazil and japan'), catalogue).grewMore).toBe(true);
    expect(readDimensions(words('where is growth in temu purchases strongest'), catalogue).grewMore).toBe(true);
    expect(readDimensions(words('compare tiktok usage in the uk and germany'), catalogue).grewMore).toBe(false);
    expect(readDimensions(words('is tiktok growing compared with a year ago'), catalogue).grewMore).toBe(false);
  });

  it('reads "up or down compared with a year ago" in the other languages as two periods', () => {
    for (const prompt of [
      'Ist die Instagram-Nutzung in Deutschland im Vergleich zum Vorjahr gestiegen oder gesunken?',
      'L’usage de Netflix en France est-il en hausse ou en baisse par rapport à l’année dernière ?',
      '¿El uso de TikTok en España subió o bajó respecto al año pasado?',
    ]) {
      const p = plan(prompt);
      expect([p.kind, p.verdict, p.pairedPeriods, p.waves.map((w) => w.code)]).toEqual(['trend', 'up-or-down', true, ['q3_2025', 'q3_2026']]);
    }
  });

  it('reads the cues in the other languages of the data', () => {
    expect(plan('In welchem Land wird TikTok am meisten genutzt?')).toMatchObject({ rankBy: 'markets', verdict: 'highest' });
    expect(plan('¿En qué país se usa más Instagram?')).toMatchObject({ rankBy: 'markets' });
    expect(plan("Quel groupe d'âge utilise le plus TikTok ?")).toMatchObject({
      rankBy: 'groups',
      groupQuestion: { code: 'age_group' },
      topic: { question: 'social_platform_usage' },
    });
  });

  it('pairs a quarter with the one before it, and two points in time with each other', () => {
    const quarter = plan('Is Instagram use in France up or down vs last quarter?');
    expect(quarter).toMatchObject({ kind: 'trend', pairedPeriods: true, verdict: 'up-or-down' });
    expect(quarter.waves.map((w) => w.code)).toEqual(['q2_2026', 'q3_2026']);
    const points = plan('Netflix use in Spain: Q1 2025 vs Q1 2026');
    expect(points).toMatchObject({ kind: 'trend', pairedPeriods: true });
    expect(points.waves.map((w) => w.code)).toEqual(['q1_2025', 'q1_2026']);
    const ofYear = plan('Is Disney+ use in Brazil up or down on the same quarter of 2025?');
    expect(ofYear.waves.map((w) => w.code)).toEqual(['q3_2025', 'q3_2026']);
    expect(plan('Compared with the same quarter of last year, is Spotify up?').waves.map((w) => w.code)).toEqual(['q3_2025', 'q3_2026']);
    // "Quarter on quarter" is a cadence: every wave.
    expect(plan('Quarter on quarter, how has TikTok use moved in Japan?').pairedPeriods ?? false).toBe(false);
    // With a verdict of change compared it is the latest quarter against the one before.
    const qoq = plan('QoQ, did Spotify grow more in Germany or in France?');
    expect([qoq.pairedPeriods, qoq.verdict, qoq.waves.map((w) => w.code)]).toEqual([true, 'grew-more', ['q2_2026', 'q3_2026']]);
    // "By how much" asks for the change between the period's two ends.
    const much = plan('By how much has Claude use grown since Q1 2025?');
    expect([much.pairedPeriods, much.waves.map((w) => w.code)]).toEqual([true, ['q1_2025', 'q3_2026']]);
    // "Year on year" through a period longer than a year is the cadence of its trend.
    expect(plan('How has Netflix moved year on year across the last two years?').waves).toHaveLength(8);
  });

  it('markets named side by side with a superlative are ranked', () => {
    expect(plan('TikTok in the UK vs Germany: where is it higher?')).toMatchObject({ rankBy: 'markets', verdict: 'highest' });
  });

  it('leaves other questions as they were', () => {
    const p = plan('What share of Germans use TikTok?');
    expect(p.rankBy ?? null).toBeNull();
    expect(p.verdict ?? null).toBeNull();
    expect(plan('Top 5 streaming services in each market').rankBy ?? null).toBeNull();
    expect(plan('Where do people buy groceries most?')).toMatchObject({ kind: 'ranking', locations: [] });
  });
});

describe('dimensions read from the catalogue and the sentence', () => {
  it('ranks the groups of any question about people named in full, or after a word for a group', () => {
    expect(plan('Which occupation sector buys the most from IKEA?').groupQuestion?.code).toBe('occupation_sector');
    expect(plan('By job seniority, who reads industry news on LinkedIn most?').groupQuestion?.code).toBe('job_seniority');
    expect(plan('What level of education is most likely to read printed newspapers?').groupQuestion?.code).toBe('education_level');
    expect(plan('Which tech adoption segment uses Claude most?').groupQuestion?.code).toBe('tech_adoption');
    // A question about things, not people, named after "which" stays the topic ranked.
    const genres = plan('Which music genres do Gen Z listen to most?');
    expect(genres.topic?.question).toBe('music_genres');
    expect(genres.rankBy ?? null).toBeNull();
  });

  it('reads a measure "by country" or "per market" as the markets ranked, but not the answers of a question within each', () => {
    const p = plan('Show me Snapchat usage by country');
    expect(p.rankBy).toBe('markets');
    expect(p.locations.length).toBe(9);
    expect(plan('Top streaming services by country').rankBy ?? null).toBeNull();
    expect(plan('Which of the nine markets is Reddit weakest in?').verdict).toBe('lowest');
  });

  it('reads a word of rising set against one of falling as up or down ("growing or shrinking", "risen or fallen")', () => {
    expect(plan('Is BeReal growing or shrinking?').verdict).toBe('up-or-down');
    expect(plan('Has Pinterest use risen or fallen since Q1 2026?').verdict).toBe('up-or-down');
  });

  it('reads a difference by a group question as its groups compared on the topic, and a profile of one as its topic', () => {
    const differ = plan('Does Pinterest use differ by gender?');
    expect(differ.groupQuestion?.code).toBe('gender');
    expect(differ.topic?.datapoints.map((d) => d.code)).toEqual(['pinterest']);
    expect(plan('Is there an age gap in podcast listening on Spotify?').groupQuestion?.code).toBe('age_group');
    expect(plan('Rank the generations by Discord usage').groupQuestion?.code).toBe('age_group');
    const profile = plan("What's the gender profile of Twitch users?");
    expect(profile.topic?.question).toBe('gender');
    expect(profile.rankBy ?? null).toBeNull();
  });

  it('reads a verb of taking something up with its pace as change compared, never the verb alone', () => {
    const took = plan('Did Millennials or Gen X take up Perplexity faster over the last year?');
    expect([took.kind, took.verdict, took.audiences.length]).toEqual(['trend', 'grew-more', 2]);
    expect(plan('Have Gen Z or Gen X adopted Claude more quickly?').verdict).toBe('grew-more');
    expect(plan('Do Gen Z or Gen X take up yoga more?').verdict ?? null).not.toBe('grew-more');
  });

  it('reads "taken to" with its pace as adoption, and growth ranked across every answer of a question as change compared', () => {
    const groups = plan('Which income group has taken to ChatGPT fastest over the last year?');
    expect([groups.kind, groups.verdict, groups.groupQuestion?.code]).toEqual(['trend', 'grew-more', 'income_group']);
    const answers = plan('Which streaming service gained the most in the US since Q1 2026?');
    expect([answers.kind, answers.verdict, answers.topic?.datapoints.length]).toEqual(['trend', 'grew-more', 0]);
    expect(plan('Which AI assistant has the most momentum in India over the past year?').verdict).toBe('grew-more');
    expect(plan('How has AI assistant use changed in India over the past year?').verdict ?? null).toBeNull();
  });

  it('reads losing more as change compared, and up or down quarter on quarter as the latest two waves', () => {
    expect(plan('Did Facebook lose more users in Germany or Japan?').verdict).toBe('grew-more');
    const qoq = plan('Is Gemini up or down quarter on quarter?');
    expect(qoq.pairedPeriods).toBe(true);
    expect(qoq.waves.map((w) => w.code)).toEqual(['q2_2026', 'q3_2026']);
    // A trend "quarter on quarter" without up or down stays a trend through every wave.
    expect(plan('How has Gemini use changed quarter on quarter?').pairedPeriods ?? false).toBe(false);
  });

  it('reads "the most popular market" as a market ranking, and "Latin American" as the region, not the United States', () => {
    expect(plan('Least saturated market for Hulu?').rankBy).toBe('markets');
    expect(plan('Which Latin American market uses Nubank most?').locations.map((l) => l.code)).toEqual(['br']);
  });

  it('ranks the markets by the mean of a numeric question asked "by market"', () => {
    const p = plan('Average hours of sleep by country');
    expect(p.rankBy).toBe('markets');
    expect(p.average).toBe(true);
  });

  it('reads "which X is most common among Y users" as the profile of Y, not the groups of X ranked', () => {
    const p = plan('Which employment status is most common among Discord users?');
    expect(p.topic?.question).toBe('employment_status');
    expect(p.rankBy ?? null).toBeNull();
  });

  it('counts the markets of a size together when the words pool them ("combined", "in total"), and side by side otherwise', () => {
    const pooled = plan('How many Instagram users are there in Spain and Brazil combined?');
    expect([pooled.count, pooled.splitByLocation, pooled.kind]).toEqual([true, false, 'share']);
    expect(pooled.locations.map((l) => l.code)).toEqual(['es', 'br']);
    expect(plan('How many people use Instagram in Spain and Brazil?').splitByLocation).toBe(true);
    expect(plan('Total Reddit users across Asia-Pacific').count).toBe(true);
  });

  it('reads a superlative before a group named with a word for a group as the groups ranked, not "the top income third"', () => {
    expect(readDimensions(words('spotify use highest age group'), catalogue).group?.question).toBe('age_group');
    expect(readDimensions(words('what share of them are in the top income third'), catalogue).group).toBeNull();
  });

  it('reads dimension words misspelt or run together, and y/y, q/q, "vs LY"', () => {
    expect(plan('which contry uses whatsapp most').rankBy).toBe('markets');
    expect(plan('which agegroup uses discord most').groupQuestion?.code).toBe('age_group');
    expect(plan('income group with the lowest netflix usage').groupQuestion?.code).toBe('income_group');
    expect(plan('spotify y/y in france').pairedPeriods).toBe(true);
    expect(plan('reddit q/q up or down').waves.map((w) => w.code)).toEqual(['q2_2026', 'q3_2026']);
    expect(plan('snapchat vs LY in spain').pairedPeriods).toBe(true);
  });

  it('reads change along a dimension as each side\'s change compared ("growth by market", "change by age group", "which markets grew")', () => {
    const byMarket = plan('Snapchat growth by market over the last year');
    expect([byMarket.rankBy, byMarket.verdict, byMarket.kind]).toEqual(['markets', 'grew-more', 'trend']);
    expect(plan('Change in Disney+ usage by income group since Q2 2025').verdict).toBe('grew-more');
    expect(plan('Which markets grew and which declined for Threads?').verdict).toBe('grew-more');
    expect(plan('How does Reddit usage compare across our markets?').rankBy).toBe('markets');
  });
});

describe('"gen" as shorthand for a generation', () => {
  it('ranks the generations after a lead ("which gen", "what gen")', () => {
    expect(plan('which gen is most into hiking? us').rankBy).toBe('groups');
    expect(plan('which gen uses tiktok the most in the uk?').rankBy).toBe('groups');
    expect(plan('what gen is least into yoga').verdict).toBe('lowest');
  });
  it('leaves a generation named by its letter alone ("which gen z members ...")', () => {
    expect(plan('which gen z members use tiktok?').rankBy).not.toBe('groups');
  });
});
