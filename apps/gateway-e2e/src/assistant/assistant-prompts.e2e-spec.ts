import { Stack } from '../support/stack';
import { AssistantClient, ChatAnswer } from './assistant-helpers';

/**
 * The prompt test set: every kind of question the assistant understands, each answer's numbers
 * recomputed on the engine (POST /v2/query/crosstab) from what the insight says it was computed
 * from, plus prompts that must be refused or answered "no data".
 */
describe('assistant: prompts answered from the engine', () => {
  let stack: Stack;
  let demo: AssistantClient;
  let acme: AssistantClient;
  let asked = 0;

  beforeAll(async () => {
    stack = await Stack.start({ label: 'assistant_prompts', jobMode: 'inline', seed: true });
    demo = new AssistantClient(stack, await stack.token('demo', 1));
    acme = new AssistantClient(stack, await stack.token('acme-retail', 2));
  });
  afterAll(() => {
    console.log(`assistant prompt set: ${asked} prompts`);
    return stack?.stop();
  });

  const ask = async (client: AssistantClient, prompt: string, chatId = ''): Promise<ChatAnswer> => {
    asked++;
    return client.ask(prompt, chatId);
  };
  const refused = (answer: ChatAnswer, pattern: RegExp) => {
    expect(answer.insights).toEqual([]);
    expect(answer.message).toMatch(pattern);
    expect(answer.message).not.toMatch(/\d+\.\d%/);
  };

  describe('shares', () => {
    it.each([
      ['What % of women use TikTok?', 'gender', 'social_platform_usage', 'tiktok'],
      ['What share of Gen Z use Instagram daily?', 'age_group', 'social_platform_frequency', 'instagram'],
      ['How many parents use Netflix?', 'parent_status', 'streaming_services_used', 'netflix'],
      ['What percentage of high income people own an electric car?', 'income_group', 'car_ownership', 'electric_car'],
      ['How many millennials listen to podcasts daily?', 'age_group', 'podcast_listening_frequency', 'daily'],
      ['What proportion of men use Reddit?', 'gender', 'social_platform_usage', 'reddit'],
      ['What % of people aged 25-34 use WhatsApp?', 'age_group', 'social_platform_usage', 'whatsapp'],
    ])('%s', async (prompt, audienceQuestion, question, datapoint) => {
      const answer = await ask(demo, prompt);
      expect(answer.insights.length).toBeGreaterThanOrEqual(1);
      const checked = await demo.verifyAll(answer);
      const { details } = checked[0];
      expect(details.computed_from.attributes[0]).toMatchObject({ question, datapoint });
      expect(JSON.stringify(details.computed_from.audiences[0].expression)).toContain(audienceQuestion);
      expect(answer.sources.topics.length).toBe(1);
      expect(answer.sources.waves.map((w) => w.code)).toEqual(['q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']);
      expect(answer.message).toContain(`${checked[0].cell.audiences.row.intersect_percentage.toFixed(1)}%`);
    });

    it('What % of all respondents in the UK use Facebook? (a market, no audience: no index claimed)', async () => {
      const answer = await ask(demo, 'What % of respondents in the UK use Facebook?');
      const [{ details }] = await demo.verifyAll(answer);
      expect(details.computed_from.locations.map((l) => l.code)).toEqual(['gb']);
      expect(answer.sources.locations).toEqual([{ code: 'gb', name: 'United Kingdom' }]);
      expect(answer.sources.audiences).toEqual([]);
    });

    it('Q2 2025 for Germans (wave and adjective)', async () => {
      const answer = await ask(demo, 'What share of Germans used YouTube in Q2 2025?');
      const checked = await demo.verifyAll(answer);
      expect(checked[0].details.computed_from.waves.map((w) => w.code)).toEqual(['q2_2025']);
      expect(checked[0].details.computed_from.locations.map((l) => l.code)).toEqual(['de']);
    });

    it('the latest wave', async () => {
      const answer = await ask(demo, 'What % of women use Pinterest in the latest wave?');
      const checked = await demo.verifyAll(answer);
      expect(checked[0].details.computed_from.waves.map((w) => w.code)).toEqual(['q3_2026']);
    });

    it('last year = the last 4 waves up to the latest, not the calendar year before', async () => {
      const answer = await ask(demo, 'What % of men used Snapchat last year?');
      await demo.verifyAll(answer);
      expect(answer.sources.waves.map((w) => w.code)).toEqual(['q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']);
    });

    it("how many: the projected number of people beside the share, both the engine's", async () => {
      const answer = await ask(demo, 'How many Americans own a smartwatch?');
      const [{ details }] = await demo.verifyAll(answer);
      expect(details.text).toMatch(/about [\d,]+ people/);
      expect(answer.message.split('\n')[0]).toBe(
        'Share of all respondents in United States who answered “Smartwatch” to “Devices owned” (with the projected number of people), Q4 2025 to Q3 2026:',
      );
    });

    it('a comparison of "men or women" is two audiences side by side, never their intersection', async () => {
      const answer = await ask(demo, 'Do men or women use Instagram more?');
      const checked = await demo.verifyAll(answer);
      expect(checked.map((c) => c.details.computed_from.audiences[0].name)).toEqual(['Men', 'Women']);
    });
  });

  describe('rankings', () => {
    const rankingChecked = async (prompt: string, question: string, limit: number, suffix?: string) => {
      const answer = await ask(demo, prompt);
      expect(answer.insights).toHaveLength(limit);
      const checked = await demo.verifyAll(answer);
      const first = checked[0].details.computed_from;
      expect(first.attributes[0].question).toBe(question);
      if (suffix) expect(first.attributes[0].suffix).toBe(suffix);
      // The ranking itself is the engine's: the same audience over every datapoint, sorted.
      const datapoints = await demo.datapoints(`${question.startsWith('game') ? 'gaming' : 'core'}.${question}`);
      const cells = await demo.crosstab(
        first.audiences[0].expression,
        datapoints.map((d) => (suffix ? { question, datapoints: [d], suffixes: [suffix] } : { question, datapoints: [d] })),
        first.locations.map((l) => l.code),
        first.waves.map((w) => w.code),
      );
      const expected = cells
        .map((c, i) => ({ d: datapoints[i], v: c.audiences.row.intersect_percentage }))
        .sort((a, b) => b.v - a.v)
        .slice(0, limit)
        .map((x) => x.d);
      expect(checked.map((c) => c.details.computed_from.attributes[0].datapoint)).toEqual(expected);
      return { answer, checked };
    };

    it('Which social platforms do Gen Z use daily?', async () => {
      await rankingChecked('Which social platforms do Gen Z use daily?', 'social_platform_frequency', 5, '1');
    });
    it('Top 3 streaming services among parents', async () => {
      await rankingChecked('Top 3 streaming services among parents', 'streaming_services_used', 3);
    });
    it('What are the most popular music genres among women?', async () => {
      await rankingChecked('What are the most popular music genres among women?', 'music_genres', 5);
    });
    it('Which sportswear brands are Gen Z aware of?', async () => {
      await rankingChecked('Which sportswear brands are Gen Z aware of?', 'brand_funnel_sportswear', 5, '1');
    });
    it('Top 10 interests of high income people', async () => {
      await rankingChecked('Top 10 interests of high income people', 'interests', 10);
    });
    it('Which devices do millennials own?', async () => {
      await rankingChecked('Which devices do millennials own?', 'devices_owned', 5);
    });
    it('Which game genres do Gen Z play most? (the gaming panel only: age is read there, not in both panels)', async () => {
      const { answer } = await rankingChecked('Which game genres do Gen Z play most?', 'game_genres_played', 5);
      expect(answer.sources.datasets.map((d) => d.code)).toEqual(['gaming']);
    });
    it('Which social platforms do British people use? (all markets -> the UK, small base)', async () => {
      const answer = await ask(demo, 'Which social platforms do British people use?');
      const checked = await demo.verifyAll(answer);
      expect(checked.length).toBeGreaterThan(0);
      expect(answer.sources.locations).toEqual([{ code: 'gb', name: 'United Kingdom' }]);
    });
  });

  describe('comparisons', () => {
    it('Compare men and women on TikTok use', async () => {
      const answer = await ask(demo, 'Compare men and women on TikTok use');
      const checked = await demo.verifyAll(answer);
      expect(checked.map((c) => c.details.computed_from.audiences[0].name).sort()).toEqual(['Men', 'Women']);
      expect(answer.message).toMatch(/vs/);
    });
    it('Gen Z vs Baby boomers: which social platforms?', async () => {
      const answer = await ask(demo, 'Which social platforms do Gen Z use versus Baby boomers?');
      const checked = await demo.verifyAll(answer);
      expect(new Set(checked.map((c) => c.details.computed_from.audiences[0].name))).toEqual(new Set(['Gen Z', 'Baby boomers']));
      expect(answer.sources.audiences.map((a) => a.name)).toEqual(['Gen Z', 'Baby boomers']);
    });
    it('markets: Instagram in the US and Germany', async () => {
      const answer = await ask(demo, 'Compare Instagram use in the US and Germany');
      const checked = await demo.verifyAll(answer);
      expect(new Set(checked.map((c) => c.details.computed_from.locations.map((l) => l.code).join()))).toEqual(new Set(['us', 'de']));
    });
    it('three markets by adjective', async () => {
      const answer = await ask(demo, 'How does Facebook use differ between American, French and Indian people?');
      const checked = await demo.verifyAll(answer);
      expect(checked).toHaveLength(3);
    });
    it('parents vs non-parents on Disney+', async () => {
      const answer = await ask(demo, 'Compare parents and non-parents on Disney+');
      expect(answer.insights).toHaveLength(2);
      await demo.verifyAll(answer);
    });
  });

  describe('over- and under-indexing', () => {
    const indexed = async (prompt: string, audience: string) => {
      const answer = await ask(demo, prompt);
      expect(answer.insights.length).toBeGreaterThan(0);
      const checked = await demo.verifyAll(answer);
      for (const { details, cell } of checked) {
        expect(details.computed_from.audiences[0].name).toBe(audience);
        expect(cell.intersect.index >= 120 || cell.intersect.index <= 80).toBe(true);
      }
      expect(answer.message).toMatch(/over-indexing|under-indexing|between 80 and 120/);
      return checked;
    };
    it('What makes Gen Z different? (every licensed datapoint ranked by index, in one engine pass)', async () => {
      const checked = await indexed('What makes Gen Z different?', 'Gen Z');
      expect(checked.some((c) => c.cell.intersect.index >= 120)).toBe(true);
      // Not one guessed question: the answers come from several.
      expect(new Set(checked.map((c) => c.details.computed_from.attributes[0].question)).size).toBeGreaterThan(1);
    });
    it('Which social platforms do Baby boomers over-index on?', async () => {
      await indexed('Which social platforms do Baby boomers over-index on?', 'Baby boomers');
    });
    it('Which streaming services are parents more likely to use?', async () => {
      await indexed('Which streaming services are parents more likely to use?', 'Parents');
    });
    it('What sets high income people apart in investments?', async () => {
      await indexed('What makes high income people different in investments held?', 'High income');
    });
  });

  describe('trends', () => {
    it('How has TikTok use changed over time?', async () => {
      const answer = await ask(demo, 'How has TikTok use changed over time?');
      const checked = await demo.verifyAll(answer);
      expect(checked.map((c) => c.details.computed_from.waves[0].code)).toEqual([
        'q4_2024',
        'q1_2025',
        'q2_2025',
        'q3_2025',
        'q4_2025',
        'q1_2026',
        'q2_2026',
        'q3_2026',
      ]);
      expect(answer.message).toMatch(/(up|down) \d+\.\d points|unchanged/);
    });
    it('Trend of Facebook use among Gen Z since Q1 2025', async () => {
      const answer = await ask(demo, 'Trend of Facebook use among Gen Z since Q1 2025');
      const checked = await demo.verifyAll(answer);
      expect(checked.map((c) => c.details.computed_from.waves[0].code)).toEqual(['q1_2025', 'q2_2025', 'q3_2025', 'q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']);
    });
    it('Is Threads growing among women?', async () => {
      const answer = await ask(demo, 'Is Threads growing among women?');
      expect(answer.insights).toHaveLength(8);
      await demo.verifyAll(answer);
    });
  });

  describe('follow-ups reuse the chat', () => {
    it('share -> another market -> another audience -> top 10 -> trend', async () => {
      const first = await ask(demo, 'What % of Gen Z use TikTok?');
      await demo.verifyAll(first);

      const germany = await ask(demo, 'and in Germany?', first.chat_id);
      expect(germany.chat_id).toBe(first.chat_id);
      const [g] = await demo.verifyAll(germany);
      expect(g.details.computed_from.locations.map((l) => l.code)).toEqual(['de']);
      expect(g.details.computed_from.audiences[0].name).toBe('Gen Z');
      expect(g.details.computed_from.attributes[0].datapoint).toBe('tiktok');

      const women = await ask(demo, 'what about women?', first.chat_id);
      const [w] = await demo.verifyAll(women);
      expect(w.details.computed_from.audiences[0].name).toBe('Women');
      expect(w.details.computed_from.locations.map((l) => l.code)).toEqual(['de']);

      const top = await ask(demo, 'show the top 10', first.chat_id);
      expect(top.insights).toHaveLength(10);
      const checked = await demo.verifyAll(top);
      expect(checked.every((c) => c.details.computed_from.attributes[0].question === 'social_platform_usage')).toBe(true);

      // The trend keeps topic, audience and market; the e2e seed is small, so a wave with under
      // 30 German women is withheld rather than reported.
      const trend = await ask(demo, 'how has that changed over time?', first.chat_id);
      expect(trend.message.split('\n')[0]).toBe(
        'Leading answers to “Social media platforms used” among Women in Germany, wave by wave from Q4 2024 to Q3 2026:',
      );
      await demo.verifyAll(trend);

      const us = await ask(demo, 'and in the US?', first.chat_id);
      expect(us.message.split('\n')[0]).toContain('among Women in United States, wave by wave');
      expect(us.insights.length).toBeGreaterThan(0);
      const series = await demo.verifyAll(us);
      expect(new Set(series.map((c) => c.details.computed_from.waves[0].code)).size).toBeGreaterThan(1);
      expect(us.message).toMatch(/(up|down) \d+\.\d points|unchanged/);
    });
    it("a follow-up that refers further back than the last answer: the chat's earlier plans come from the store", async () => {
      const first = await ask(demo, 'What share of people in the UK use TikTok?');
      await ask(demo, 'And Instagram?', first.chat_id);
      const both = await ask(demo, 'compare both of them', first.chat_id);
      const cells = await demo.verifyAll(both);
      expect(cells.map((c) => c.details.computed_from.attributes[0].datapoint).sort()).toEqual(['instagram', 'tiktok']);
      expect(cells.every((c) => c.details.computed_from.locations.map((l) => l.code).join() === 'gb')).toBe(true);
    });
    it('a turn that corrects a refused one asks it again with the correction: the refused prompt comes from the store', async () => {
      const first = await ask(demo, 'What % of Canadians use TikTok?');
      refused(first, /no data for Canada/);
      const fixed = await ask(demo, 'sorry, I meant Germans', first.chat_id);
      const cells = await demo.verifyAll(fixed);
      expect(cells.length).toBeGreaterThan(0);
      expect(cells.every((c) => c.details.computed_from.attributes[0].datapoint === 'tiktok')).toBe(true);
      expect(cells.every((c) => c.details.computed_from.locations.map((l) => l.code).join() === 'de')).toBe(true);
    });
  });

  describe('refusals and "no data"', () => {
    it.each([
      ['What is the weather in Paris tomorrow?', /no data for Paris/],
      ['Tell me a joke', /could not find “joke”/],
      ['What % of Canadians use TikTok?', /no data for Canada/],
      ['What % of Gen Z used TikTok in Q1 2020?', /no data for Q1 2020/],
      ['How many people will use TikTok next year?', /do not forecast/],
      ['Which of them use flurbles?', /could not find “flurbles”/],
      ['What share of people in France play Fortnite?', /not fielded in France/],
      ['What share of people in the US use Apple?', /could mean several things/],
      ['What % of women used Instagram in 2019?', /no data for 2019/],
    ])('%s', async (prompt, pattern) => {
      refused(await ask(demo, prompt), pattern);
    });

    it('a market the organisation does not license (acme-retail, Japan)', async () => {
      refused(await ask(acme, 'What % of Japanese people use LINE or TikTok?'), /does not license data for Japan/);
    });
    it('a dataset the organisation does not license (acme-retail, gaming)', async () => {
      refused(await ask(acme, 'Which game genres do people play most?'), /Gaming dataset, which your organisation does not license/);
    });
    it('a wave the organisation does not license (acme-retail, Q1 2025)', async () => {
      refused(await ask(acme, 'What % of women used TikTok in Q1 2025?'), /does not license the Q1 2025 wave/);
    });
    it('an audience too small to report is withheld, not guessed', async () => {
      const answer = await ask(demo, 'What % of Gen Z women in Australia use BeReal in the latest wave?');
      refused(answer, /too few|No respondents/);
    });
    it('indexing with no audience says an audience is needed', async () => {
      const answer = await ask(demo, 'Which streaming services over-index?');
      refused(answer, /name an audience/);
    });
  });
});
