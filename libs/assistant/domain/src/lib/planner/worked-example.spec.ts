import { evalCatalogue } from '../../../eval/eval-catalogue';
import { describePlan } from '../narrative';
import { columnsOf } from '../engine-runs';
import { planPrompt } from '../planner';
import { focusBrief } from './brief';
import { promptContext } from './context';
import { readFrame } from './frame';
import { readMarkets } from './markets';
import { chooseTopic } from './topic';
import { settleTopic } from './topic-context';

// The worked example of libs/assistant/domain/README.md, stage by stage: if a stage reads it
// differently, this spec fails and the README must be brought up to date with it.
const PROMPT = "We're reviewing our social budget for Germany. What share of Gen Z there don't use Facebook at all?";

describe('the README worked example, traced through every stage', () => {
  const catalogue = evalCatalogue('demo');

  it('context: the brief is read for its question, "there" becomes the market the context names', () => {
    expect(focusBrief(PROMPT, catalogue)).toEqual({
      ask: "What share of Gen Z there don't use Facebook at all?",
      resolved: "What share of Gen Z in germany don't use Facebook at all?",
      context: ["We're reviewing our social budget for Germany."],
    });
  });

  const resolved = "What share of Gen Z in germany don't use Facebook at all?";
  const ctx = promptContext({ catalogue }, resolved);

  it('normalise: words, with the contraction spelt out as a negation', () => {
    expect(ctx.words).toEqual(['what', 'share', 'of', 'gen', 'z', 'in', 'germany', 'do', 'not', 'use', 'facebook', 'at', 'all']);
  });

  it('spans: an audience, a market and a datapoint; no period (the default applies later)', () => {
    expect(ctx.reading.spans.map((s) => [s.start, s.end, s.entry.kind])).toEqual([
      [3, 5, 'audience'],
      [6, 7, 'market'],
      [10, 11, 'datapoint'],
    ]);
    expect(ctx.reading.time.waves).toEqual([]);
  });

  it('markets, frame and roles: Germany; a share; Gen Z is the one side', () => {
    const markets = readMarkets(ctx);
    expect(markets).toMatchObject({ markets: [{ code: 'de' }], allMarkets: false });
    const frame = readFrame(ctx, 'markets' in markets ? markets.markets : []);
    expect(frame.cues).toMatchObject({ share: true, trend: false, ranking: false, comparison: false, indexing: false });
    expect(frame.roles.sides.map((side) => side.map((a) => a.name))).toEqual([['Gen Z']]);

    const choice = chooseTopic(ctx.reading, frame.roles, ctx.index, ctx.catalogue, frame.cues);
    expect(choice.topic).toMatchObject({ question: 'social_platform_usage', datapoints: [{ code: 'facebook' }] });
    const step = settleTopic(ctx, frame, choice, 'markets' in markets ? markets.markets : []);
    expect('outcome' in step).toBe(false);
  });

  it('subject, universe and plan: the complement of Facebook, among Gen Z in Germany, in the core survey over the last four waves', () => {
    const out = planPrompt({ prompt: PROMPT, catalogue });
    expect(out.outcome).toBe('answer');
    if (out.outcome !== 'answer') return;
    expect(out.plan).toMatchObject({
      kind: 'share',
      topic: { question: 'social_platform_usage', datapoints: [{ code: 'facebook' }], negate: true },
      audiences: [{ name: 'Gen Z', expression: { question: 'age_group', datapoints: ['16_24'] } }],
      locations: [{ code: 'de' }],
      waves: [{ code: 'q4_2025' }, { code: 'q1_2026' }, { code: 'q2_2026' }, { code: 'q3_2026' }],
      dataset: { code: 'core' },
    });
    expect(out.notes).toEqual([
      "I answered the question “What share of Gen Z there don't use Facebook at all?” and read the rest of your message as background.",
    ]);
    const columns = columnsOf(out.plan, catalogue);
    expect(columns.map((c) => c.expression)).toEqual([{ question: 'social_platform_usage', datapoints: ['facebook'], not: true }]);
    expect(describePlan(out.plan, columns)).toMatch(/^Share of Gen Z in Germany who did not answer “Facebook” to “Social media platforms used”/);
  });
});
