import { AnalysisPlan, PlanAudience } from './assistant.types';
import { toModelAnswer } from './model-brief';
import { planPrompt } from './planner';
import { ModelAnswer, ModelPlan } from './plan-schema';
import { toWire, validatePlan } from './plan-validation';
import { demoPlannerCatalogue } from './testing/demo-catalogue';

const demo = demoPlannerCatalogue();
const coreOnly = demoPlannerCatalogue({ datasets: ['core'], locations: ['us', 'gb', 'de', 'fr'], waves: 5 });

/** A share of TikTok users among Gen Z in the US, latest wave: the smallest valid answer. */
function answer(overrides: Partial<ModelAnswer> = {}): ModelPlan {
  return {
    outcome: 'answer',
    answer: {
      kind: 'share',
      topic: { question: 'social_platform_usage', datapoints: ['tiktok'], suffix: null, combine: 'each', minCount: null, negate: false, except: [], also: [] },
      audiences: [{ savedAudienceId: 'curated-1', expression: null }],
      markets: ['us'],
      waves: ['q3_2026'],
      rankBy: null,
      groupQuestion: null,
      verdict: null,
      pairedPeriods: false,
      limit: null,
      ascending: false,
      count: false,
      ...overrides,
    },
    refusal: null,
    clarification: null,
  };
}
const topic = (t: Partial<NonNullable<ModelAnswer['topic']>>): ModelAnswer['topic'] => ({
  question: 'social_platform_usage',
  datapoints: ['tiktok'],
  suffix: null,
  combine: 'each',
  minCount: null,
  negate: false,
  except: [],
  also: [],
  ...t,
});

function valid(candidate: unknown, catalogue = demo, docked: PlanAudience[] = []): AnalysisPlan {
  const out = validatePlan(candidate, catalogue, docked);
  if (!out.ok) throw new Error(out.errors.join('; '));
  if (out.outcome.outcome !== 'answer') throw new Error(`not an answer: ${out.outcome.outcome}`);
  return out.outcome.plan;
}
function errors(candidate: unknown, catalogue = demo, docked: PlanAudience[] = []): string[] {
  const out = validatePlan(candidate, catalogue, docked);
  return out.ok ? [] : out.errors;
}

describe('validatePlan: a valid plan becomes a full AnalysisPlan, names from the catalogue', () => {
  it('fills question, datapoint, audience, market, wave and dataset names and the defaults', () => {
    expect(valid(answer())).toEqual({
      kind: 'share',
      topic: { question: 'social_platform_usage', questionName: 'Social media platforms used', datapoints: [{ code: 'tiktok', name: 'TikTok' }], suffix: null },
      audiences: [
        { id: 'curated-1', name: 'Gen Z', description: expect.any(String), expression: { question: 'age_group', datapoints: ['16_24'] }, origin: 'saved' },
      ],
      locations: [{ code: 'us', name: 'United States' }],
      splitByLocation: false,
      waves: [{ code: 'q3_2026', name: expect.any(String) }],
      splitByWave: false,
      limit: 5,
      ascending: false,
      count: false,
      dataset: { code: 'core', name: 'Core survey' },
    });
  });

  it('an expression audience is labelled from the catalogue (never named by the model) and no waves means the latest four', () => {
    const plan = valid(
      answer({
        audiences: [
          {
            savedAudienceId: null,
            expression: {
              and: [
                { question: 'gender', datapoints: ['female'], suffixes: [], min_count: null, not: false },
                { question: 'parent_status', datapoints: ['parent'], suffixes: [], min_count: null, not: false },
              ],
              not: false,
            },
          },
        ],
        waves: [],
      }),
    );
    expect(plan.audiences[0]).toMatchObject({ origin: 'phrase', name: 'Gender: Female AND Parental status: Parent of a child under 18' });
    expect(plan.audiences[0].expression).toEqual({
      and: [
        { question: 'gender', datapoints: ['female'] },
        { question: 'parent_status', datapoints: ['parent'] },
      ],
    });
    expect(plan.waves.map((w) => w.code)).toEqual(['q4_2025', 'q1_2026', 'q2_2026', 'q3_2026']);
  });

  it('keeps combine, minCount, negate, rankBy, verdict and paired periods; waves come oldest first', () => {
    const plan = valid(
      answer({
        topic: topic({ datapoints: ['tiktok', 'instagram', 'facebook'], combine: 'at-least', minCount: 2, negate: true }),
        waves: ['q3_2026', 'q3_2025'],
        verdict: 'up-or-down',
        pairedPeriods: true,
      }),
    );
    expect(plan.topic).toMatchObject({ combine: 'at-least', minCount: 2, negate: true });
    expect(plan.waves.map((w) => w.code)).toEqual(['q3_2025', 'q3_2026']);
    expect(plan).toMatchObject({ verdict: 'up-or-down', pairedPeriods: true });
  });

  it('reads answers of other questions in the subject as parts of it, their questions checked', () => {
    const plan = valid(
      answer({
        topic: topic({ datapoints: ['tiktok'], combine: 'any', also: [{ question: 'streaming_services_used', datapoints: ['netflix'], suffix: null }] }),
      }),
    );
    expect(plan.topic?.also).toEqual([
      { question: 'streaming_services_used', questionName: 'Video streaming services used', datapoints: [{ code: 'netflix', name: 'Netflix' }], suffix: null },
    ]);
  });

  it('reads answers not given ("TikTok but not Instagram") as a not part of the topic\'s own question', () => {
    const plan = valid(answer({ topic: topic({ datapoints: ['tiktok'], combine: 'all', except: ['instagram'] }) }));
    expect(plan.topic?.combine).toBe('all');
    expect(plan.topic?.also).toEqual([
      {
        question: 'social_platform_usage',
        questionName: 'Social media platforms used',
        datapoints: [{ code: 'instagram', name: 'Instagram' }],
        suffix: null,
        not: true,
      },
    ]);
  });

  it('ranking groups without listed audiences: the answers of the group question are the audiences', () => {
    const plan = valid(answer({ audiences: [], rankBy: 'groups', groupQuestion: 'income_group', verdict: 'highest' }));
    expect(plan.groupQuestion).toEqual({ code: 'income_group', name: 'Household income (thirds)' });
    expect(plan.audiences.map((a) => a.expression)).toEqual([
      { question: 'income_group', datapoints: ['low'] },
      { question: 'income_group', datapoints: ['medium'] },
      { question: 'income_group', datapoints: ['high'] },
    ]);
    expect(plan.kind).toBe('comparison');
  });

  it('ranking markets without naming them: every licensed market the dataset was fielded in', () => {
    const plan = valid(answer({ markets: [], audiences: [], rankBy: 'markets', topic: topic({ question: 'game_titles_played', datapoints: ['fortnite'] }) }));
    expect(plan.dataset.code).toBe('gaming');
    expect(plan.locations.map((l) => l.code)).toEqual(['us', 'gb', 'de', 'br', 'jp']);
    expect(plan.splitByLocation).toBe(true);
  });

  it('a docked audience is referred to by id and keeps its origin; no audience at all is all respondents', () => {
    const docked: PlanAudience[] = [
      { id: 'aaaa-1', name: 'My shoppers', description: '', expression: { question: 'gender', datapoints: ['male'] }, origin: 'docked' },
    ];
    expect(valid(answer({ audiences: [{ savedAudienceId: 'AAAA-1', expression: null }] }), demo, docked).audiences[0]).toMatchObject({
      id: 'aaaa-1',
      origin: 'docked',
    });
    expect(valid(answer({ audiences: [] })).audiences.map((a) => a.origin)).toEqual(['everyone']);
  });

  it('applies the rule planner’s normalisations: no datapoint is a ranking, two audiences a comparison', () => {
    expect(valid(answer({ topic: topic({ datapoints: [] }), audiences: [] })).kind).toBe('ranking');
    expect(
      valid(
        answer({
          audiences: [
            { savedAudienceId: 'curated-5', expression: null },
            { savedAudienceId: 'curated-6', expression: null },
          ],
        }),
      ).kind,
    ).toBe('comparison');
  });

  it('a topic asked only in the gaming panel is counted there, its demographics read in it (chooseUniverse)', () => {
    expect(valid(answer({ topic: topic({ question: 'gamer_identity', datapoints: ['casual_gamer'] }) })).dataset.code).toBe('gaming');
    expect(valid(answer()).dataset.code).toBe('core');
  });

  it('a refusal with an offer and a clarification are outcomes too', () => {
    expect(
      validatePlan(
        {
          outcome: 'refuse',
          answer: null,
          refusal: { reason: 'cannot-answer', message: 'No spend in currency.', offer: 'household_income_band' },
          clarification: null,
        },
        demo,
      ),
    ).toEqual({
      ok: true,
      outcome: {
        outcome: 'refuse',
        reason: 'cannot-answer',
        message: 'No spend in currency.',
        unknown: [],
        offer: { code: 'household_income_band', name: 'Household income band (USD per year)' },
      },
    });
    expect(validatePlan({ outcome: 'clarify', answer: null, refusal: null, clarification: { message: 'Which one?', options: ['A', 'B'] } }, demo)).toEqual({
      ok: true,
      outcome: { outcome: 'clarify', message: 'Which one?', options: ['A', 'B'] },
    });
  });
});

describe('validatePlan: what the rule planner would never produce is refused, naming each error', () => {
  it.each<[string, unknown, RegExp]>([
    ['not an object', 'share of TikTok', /not a JSON object/],
    ['an unknown outcome', { outcome: 'guess' }, /outcome: "guess"/],
    ['an answer outcome without an answer', { outcome: 'answer', answer: null }, /without an answer/],
    ['an unknown kind', answer({ kind: 'forecast' as never }), /answer.kind: "forecast"/],
    ['an unknown question', answer({ topic: topic({ question: 'tiktok_spend' }) }), /unknown question "tiktok_spend"/],
    ['a datapoint of another question', answer({ topic: topic({ datapoints: ['netflix'] }) }), /"netflix" is not an answer of "social_platform_usage"/],
    ['an unknown suffix', answer({ topic: topic({ suffix: '9' }) }), /"9" is not a suffix/],
    ['"both" with one datapoint', answer({ topic: topic({ combine: 'all' }) }), /needs two or more datapoints/],
    [
      'answers of another question without combine all or any',
      answer({ topic: topic({ also: [{ question: 'streaming_services_used', datapoints: ['netflix'], suffix: null }] }) }),
      /need combine "all" or "any"/,
    ],
    [
      'the topic question again as another part',
      answer({ topic: topic({ combine: 'any', also: [{ question: 'social_platform_usage', datapoints: ['reddit'], suffix: null }] }) }),
      /already in the subject/,
    ],
    ['answers not given without combine all', answer({ topic: topic({ except: ['instagram'] }) }), /need combine "all"/],
    [
      'an answer both given and not given',
      answer({ topic: topic({ datapoints: ['tiktok', 'reddit'], combine: 'all', except: ['tiktok'] }) }),
      /both given and not given/,
    ],
    ['at-least without minCount', answer({ topic: topic({ datapoints: ['tiktok', 'instagram'], combine: 'at-least' }) }), /minCount: null/],
    ['at-least more than listed', answer({ topic: topic({ datapoints: ['tiktok', 'instagram'], combine: 'at-least', minCount: 3 }) }), /minCount: 3/],
    ['negating nothing', answer({ topic: topic({ datapoints: [], negate: true }) }), /negated subject needs/],
    ['no topic outside indexing', answer({ topic: null }), /only an indexing plan/],
    ['an open indexing plan without audience', answer({ kind: 'indexing', topic: null, audiences: [] }), /needs an audience to profile/],
    ['an unknown saved audience', answer({ audiences: [{ savedAudienceId: 'curated-999', expression: null }] }), /no saved or docked audience "curated-999"/],
    [
      'an audience with neither id nor expression',
      answer({ audiences: [{ savedAudienceId: null, expression: null }] }),
      /either savedAudienceId or expression/,
    ],
    [
      'an expression with an unknown datapoint',
      answer({
        audiences: [{ savedAudienceId: null, expression: { question: 'age_group', datapoints: ['13_15'], suffixes: [], min_count: null, not: false } }],
      }),
      /13_15/,
    ],
    ['an unknown market', answer({ markets: ['xx'] }), /answer.markets: unknown code "xx"/],
    ['an unknown wave', answer({ waves: ['q1_2030'] }), /answer.waves: unknown code "q1_2030"/],
    ['a limit out of range', answer({ limit: 50 }), /answer.limit: 50/],
    ['an unknown rankBy', answer({ rankBy: 'brands' as never }), /answer.rankBy: "brands"/],
    ['rankBy groups without a question', answer({ rankBy: 'groups' }), /rankBy "groups" needs/],
    ['an unknown verdict', answer({ verdict: 'best' as never }), /answer.verdict: "best"/],
    ['paired periods with three waves', answer({ pairedPeriods: true, waves: ['q1_2026', 'q2_2026', 'q3_2026'] }), /exactly two waves/],
    ['a trend of one wave', answer({ kind: 'trend', waves: ['q3_2026'] }), /at least two waves/],
    [
      'questions of two datasets that share none',
      answer({
        topic: topic({ question: 'game_titles_played', datapoints: ['fortnite'] }),
        audiences: [
          { savedAudienceId: null, expression: { question: 'streaming_services_used', datapoints: ['netflix'], suffixes: [], min_count: null, not: false } },
        ],
      }),
      /no licensed dataset asks every question/,
    ],
    [
      'a market where the dataset was not fielded',
      answer({ topic: topic({ question: 'game_titles_played', datapoints: ['fortnite'] }), markets: ['fr'] }),
      /not fielded in "fr"/,
    ],
    ['a refusal with an unknown reason', { outcome: 'refuse', refusal: { reason: 'bored', message: 'no' } }, /refusal.reason: "bored"/],
    [
      'a refusal offering an unknown question',
      { outcome: 'refuse', refusal: { reason: 'cannot-answer', message: 'no', offer: 'spend_usd' } },
      /refusal.offer: unknown question "spend_usd"/,
    ],
    ['a clarification without a message', { outcome: 'clarify', clarification: { message: ' ', options: [] } }, /clarification.message/],
  ])('%s', (_, candidate, error) => {
    expect(errors(candidate).join('\n')).toMatch(error);
  });

  it('a refusal or clarification may state no number but the prompt’s and the catalogue’s: figures come from the engine', () => {
    const refusal = (message: string) => ({
      outcome: 'refuse',
      answer: null,
      refusal: { reason: 'cannot-answer', message, offer: 'age_group' },
      clarification: null,
    });
    expect(validatePlan(refusal('About 38% of Gen Z use TikTok, but I cannot give spend.'), demo, [], { prompt: 'TikTok spend of Gen Z?' })).toEqual({
      ok: false,
      errors: ['refusal.message: states 38, a number neither the prompt nor the catalogue holds'],
    });
    expect(
      validatePlan(refusal('The survey asks no one under 16: its youngest band is 16-24.'), demo, [], { prompt: 'Share of 12 year olds on TikTok' }).ok,
    ).toBe(true);
    expect(validatePlan(refusal('I cannot answer for 12 year olds.'), demo, [], { prompt: 'Share of 12 year olds on TikTok' }).ok).toBe(true);
    const clarify = { outcome: 'clarify', answer: null, refusal: null, clarification: { message: 'Which one?', options: ['TikTok (41%)', 'Instagram'] } };
    expect(errors(clarify).join()).toMatch(/clarification: states 41/);
  });

  it('what the organisation does not license: a question, a market, a wave, a saved audience over an unlicensed question', () => {
    expect(errors(answer({ topic: topic({ question: 'game_titles_played', datapoints: ['fortnite'] }) }), coreOnly)).toEqual([
      'answer.topic.question: question "game_titles_played" is not licensed to the organisation',
    ]);
    expect(errors(answer({ markets: ['jp'] }), coreOnly)).toEqual(['answer.markets: "jp" is not licensed to the organisation']);
    expect(errors(answer({ waves: ['q4_2024'] }), coreOnly)).toEqual(['answer.waves: "q4_2024" is not licensed to the organisation']);
    const gamers = { savedAudienceId: null, expression: { question: 'gamer_identity', datapoints: ['core_gamer'], suffixes: [], min_count: null, not: false } };
    expect(errors(answer({ audiences: [gamers] }), coreOnly).join()).toMatch(/not entitled/);
  });
});

describe('validatePlan: the rule planner’s plans, written in the model’s form, validate to themselves', () => {
  it.each([
    'What share of Gen Z in the US use TikTok?',
    'Top 3 streaming services among parents in Germany',
    'Compare Instagram use between men and women',
    'How has Facebook usage changed over the last year?',
    'How many Millennials in the UK use Netflix?',
  ])('%s', (prompt) => {
    const out = planPrompt({ prompt, catalogue: demo });
    if (out.outcome !== 'answer') throw new Error(`${prompt}: ${out.outcome}`);
    const roundTrip = valid({ outcome: 'answer', answer: toModelAnswer(out.plan), refusal: null, clarification: null });
    // The language a prompt was read in is the rule planner's note for the next turn; a model's answer has none.
    const comparable = ({ language: _language, ...p }: AnalysisPlan) => ({
      ...p,
      audiences: p.audiences.map((a) => ({ id: a.origin === 'phrase' ? 'phrase' : a.id, expression: a.expression, origin: a.origin })),
    });
    expect(comparable(roundTrip)).toEqual(comparable(out.plan));
  });
});

describe('toWire', () => {
  it('drops the members the model must write but the standard form leaves out', () => {
    expect(
      toWire({
        or: [
          { question: 'q', datapoints: ['a'], suffixes: [], min_count: null, not: false },
          { question: 'r', datapoints: [], suffixes: ['1'], min_count: 2, not: true },
        ],
        not: false,
      }),
    ).toEqual({
      or: [
        { question: 'q', datapoints: ['a'] },
        { question: 'r', datapoints: [], suffixes: ['1'], min_count: 2, not: true },
      ],
    });
  });
});

describe('validatePlan: a mean', () => {
  it('keeps the mean of a question with values, every answer of it, as a share', () => {
    const plan = valid(answer({ topic: topic({ question: 'sleep_hours', datapoints: [] }), average: true }));
    expect(plan.average).toBe(true);
    expect(plan.kind).toBe('share');
  });
  it('drops it for a question without values, whose answers are then ranked', () => {
    const plan = valid(answer({ topic: topic({ datapoints: [] }), average: true }));
    expect(plan.average).toBeUndefined();
    expect(plan.kind).toBe('ranking');
  });
  it('round-trips the rule planner’s average', () => {
    const out = planPrompt({ prompt: 'What is the average household size in Japan?', catalogue: demo, previous: null, docked: [] });
    if (out.outcome !== 'answer') throw new Error(out.outcome);
    expect(out.plan.average).toBe(true);
    expect(valid({ outcome: 'answer', answer: toModelAnswer(out.plan), refusal: null, clarification: null })).toMatchObject({
      kind: out.plan.kind,
      average: true,
    });
  });
});
